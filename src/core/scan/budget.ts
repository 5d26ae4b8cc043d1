/**
 * The time budgets of one scan, so a playbook can never stall review. Validation already refuses
 * patterns whose worst case is too slow (pattern-cost.ts); what passes can still be slow on a
 * particular document, so the scan measures the time its patterns take:
 *
 * - per rule: the time its clause type's patterns took classifying the document's passages,
 *   plus the time its own checks take. Past the budget, the clause type is no longer classified
 *   and its rules are reported "not evaluated: too slow"; the scan goes on with the others.
 * - per document: the time all patterns took together. Past it, what is left is reported the
 *   same way and the scan ends with what it has.
 *
 * Only pattern work counts (classification and non-model checks): waiting for a language model
 * or an embedder does not. Budgets grow with the document (a base plus so much per passage), so
 * a long contract gets the time a long contract needs; the defaults are tens of times what the
 * built-in playbooks take (about 0.03 ms per rule and passage).
 */

export interface ScanBudgets {
  /** Milliseconds of pattern work one rule may take on a document, plus `rulePerChunkMs` per passage. */
  readonly ruleMs: number;
  readonly rulePerChunkMs: number;
  /** Milliseconds of pattern work a whole document may take, plus `documentPerChunkMs` per passage. */
  readonly documentMs: number;
  readonly documentPerChunkMs: number;
}

export const DEFAULT_SCAN_BUDGETS: ScanBudgets = { ruleMs: 1_000, rulePerChunkMs: 2, documentMs: 5_000, documentPerChunkMs: 10 };

/**
 * A clock for pattern time, told what is being timed ("type:<id>", "rule:<id>"): the real one
 * ignores it; a test's clock can use it to charge one clause type whatever the machine's speed.
 */
export type PatternClock = (key: string) => number;

/** The real clock: monotonic where there is one. */
function monotonic(): number {
  return globalThis.performance?.now() ?? Date.now();
}

const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** The pattern time of one scan, charged by clause type and by rule. */
export class ScanClock {
  readonly #now: PatternClock;
  readonly #ruleLimit: number;
  readonly #documentLimit: number;
  readonly #spent = new Map<string, number>();
  #total = 0;
  /** Clause types no longer classified, with why. */
  readonly skipped = new Map<string, string>();

  constructor(budgets: ScanBudgets = DEFAULT_SCAN_BUDGETS, chunks = 0, now: PatternClock = monotonic) {
    this.#now = now;
    this.#ruleLimit = budgets.ruleMs + budgets.rulePerChunkMs * chunks;
    this.#documentLimit = budgets.documentMs + budgets.documentPerChunkMs * chunks;
  }

  /** Runs `work`, charging its time to `key` ("type:<id>" or "rule:<id>") and to the document. */
  time<T>(key: string, work: () => T): T {
    const started = this.#now(key);
    try {
      return work();
    } finally {
      const ms = this.#now(key) - started;
      this.#spent.set(key, (this.#spent.get(key) ?? 0) + ms);
      this.#total += ms;
    }
  }

  /** Why clause type `id` is no longer classified (it, or the document, ran out of time), or null. */
  typeStopped(id: string): string | null {
    const known = this.skipped.get(id);
    if (known) return known;
    const reason = this.#documentReason() ?? ((this.#spent.get(`type:${id}`) ?? 0) > this.#ruleLimit ? `its clause type’s patterns took more than ${seconds(this.#ruleLimit)} on this document` : null);
    if (reason) this.skipped.set(id, reason);
    return reason;
  }

  /** Why rule `ruleId` on clause type `typeId` cannot be (or go on being) evaluated, or null. */
  ruleStopped(ruleId: string, typeId: string): string | null {
    const skipped = this.skipped.get(typeId);
    if (skipped) return skipped;
    const spent = (this.#spent.get(`type:${typeId}`) ?? 0) + (this.#spent.get(`rule:${ruleId}`) ?? 0);
    return this.#documentReason() ?? (spent > this.#ruleLimit ? `its patterns took more than ${seconds(this.#ruleLimit)} on this document` : null);
  }

  #documentReason(): string | null {
    return this.#total > this.#documentLimit ? `the document’s time budget for patterns (${seconds(this.#documentLimit)}) ran out` : null;
  }
}

/** What a rule that was not evaluated says (in its outcome and its flag). */
export function tooSlow(reason: string): string {
  return `not evaluated: too slow (${reason}; the scan went on without it)`;
}
