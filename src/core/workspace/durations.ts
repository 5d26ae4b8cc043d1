/**
 * How long a work item takes on this device, per kind of item: time per unit of work, learnt
 * from the items observed (the AIBS "seconds per document, refined from observed durations"). A
 * unit is what makes one item longer than another: for a question asked of each document, the
 * square root of the document's size in passages (`workUnits`; measured on the corpus, the GDPR's
 * 261 pages took 0.5–0.9 s where a one-page NDA took 0.05–0.15 s: neither one time per document
 * nor a time per passage fits, the square root does); an item of unknown size is one unit. The
 * rate is a decayed ratio (the time of the items over their units, each earlier item weighing
 * `1 − alpha` less), so its first values are plain means and later ones follow the device.
 *
 * A kind measured on fewer than MIN_SAMPLES items of this device has no estimate (null: the UI
 * says "estimating…"), never a guess: a default of 2 s a document promised "about 45 s" for a flow
 * that took 3, and one item is no basis either (a three-page scan read in 66 ms made a flow of
 * 24 documents look four times shorter than it was). The reduce step of a flow is the exception:
 * unmeasured, it counts as nothing in an estimate (it is a small part of it). The first item of a
 * kind in a session carries that session's warm-up (the clause classifier built, workers
 * started, code compiled): it is not learnt, so one slow start does not inflate the estimates
 * (measured on the corpus: the first item took three to ten times the others). What it took beyond
 * its units is learnt apart, as the kind's warm-up (`warmupMs`), and added once to an estimate made
 * before this session ran the kind: the next session's first document carries it again (without
 * it, a flow estimated on its approval card after a reload was 40 % short). Estimates shown
 * to people carry a small buffer so the promise is conservative; the rates themselves are not
 * inflated. The model is a small plain record the app persists (FlowStore.saveDurations) so the
 * next session starts from what this device measured.
 */

export interface DurationStat {
  /** Milliseconds per unit of work. */
  readonly meanMs: number;
  readonly samples: number;
  /** The decayed sum of the units observed (how much the rate rests on). */
  readonly weight: number;
  /** What a session's first item took beyond its units (its warm-up), ms; absent until learnt. */
  readonly warmupMs?: number;
}

export interface DurationRecord {
  readonly version: 2;
  readonly kinds: Readonly<Record<string, DurationStat>>;
}

/** One item to estimate: its kind and its units of work (1 when its size is unknown). */
export interface WorkPart {
  readonly kind: string;
  readonly units: number;
}

/** Items of a kind this device must have measured before it estimates that kind. */
export const MIN_SAMPLES = 2;

/** Kinds an estimate may leave out while unmeasured (a flow's reduce step). */
const OPTIONAL_KIND = /^reduce:/;

/** The units of work of an item of `size` passages (unknown: one). */
export function workUnits(size: number | undefined): number {
  return size === undefined || !Number.isFinite(size) ? 1 : Math.sqrt(Math.max(1, size));
}

export interface DurationOptions {
  /** How much a new observation weighs against the past (0..1]: the past decays by 1 − alpha per item. */
  readonly alpha?: number;
  /** Multiplier of the estimates shown (≥ 1). */
  readonly buffer?: number;
}

export class DurationModel {
  private readonly stats = new Map<string, DurationStat>();
  /** Kinds seen in this session (their first item carried the warm-up). */
  private readonly warm = new Map<string, number>();
  /** This session's first item of a kind, kept until the kind's rate can tell its warm-up apart. */
  private readonly firsts = new Map<string, { readonly ms: number; readonly units: number }>();
  private readonly alpha: number;
  readonly buffer: number;

  constructor(record: DurationRecord | null = null, options: DurationOptions = {}) {
    this.alpha = Math.min(1, Math.max(0.01, options.alpha ?? 0.3));
    this.buffer = Math.max(1, options.buffer ?? 1.15);
    for (const [kind, stat] of Object.entries(validRecord(record)?.kinds ?? {})) this.stats.set(kind, stat);
  }

  /** The expected duration of one item of `kind` of `units` units, or null while this device has no basis for it. */
  perItemMs(kind: string, units = 1): number | null {
    const s = this.stats.get(kind);
    if (!s || (s.samples < MIN_SAMPLES && !OPTIONAL_KIND.test(kind))) return null;
    return s.meanMs * units;
  }

  /** The warm-up an item of `kind` still carries in this session: the learnt one until the session ran the kind, then 0. */
  warmupMs(kind: string): number {
    if ((this.warm.get(kind) ?? 0) > 0) return 0;
    return this.stats.get(kind)?.warmupMs ?? 0;
  }

  samples(kind: string): number {
    return this.stats.get(kind)?.samples ?? 0;
  }

  /**
   * Learns from one item of `units` units that took `ms`. The first item of a kind in a session
   * (its warm-up) is not learnt: on a device that never ran the kind, the estimate starts once
   * MIN_SAMPLES items after it were measured.
   */
  observe(kind: string, ms: number, units = 1): void {
    if (!Number.isFinite(ms) || ms < 0 || !Number.isFinite(units) || units <= 0) return;
    const seen = this.warm.get(kind) ?? 0;
    this.warm.set(kind, seen + 1);
    // This session's warm-up is no basis: the device's rate, or the next items, are the better guess
    // (a single item, as a reduce step is, is learnt all the same).
    if (seen === 0 && !OPTIONAL_KIND.test(kind)) {
      this.firsts.set(kind, { ms, units });
      this.learnWarmup(kind);
      return;
    }
    const s = this.stats.get(kind);
    const past = s ? s.weight * (1 - this.alpha) : 0;
    const weight = past + units;
    const meanMs = s ? (s.meanMs * past + ms) / weight : ms / units;
    this.stats.set(kind, { ...s, meanMs, samples: (s?.samples ?? 0) + 1, weight });
    this.learnWarmup(kind);
  }

  /** The session's first item beyond what its units take at the kind's rate, once there is a rate. */
  private learnWarmup(kind: string): void {
    const first = this.firsts.get(kind);
    const s = this.stats.get(kind);
    const expected = this.perItemMs(kind, first?.units);
    if (!first || !s || expected === null) return;
    this.firsts.delete(kind);
    const extra = Math.max(0, first.ms - expected);
    const warmupMs = s.warmupMs === undefined ? extra : s.warmupMs + this.alpha * (extra - s.warmupMs);
    this.stats.set(kind, { ...s, warmupMs });
  }

  /**
   * The estimate shown for these items (buffer included), in whole milliseconds; null without a
   * basis. A kind alone is one unit. A kind this session has not run yet adds its warm-up once.
   */
  estimateMs(parts: readonly (string | WorkPart)[]): number | null {
    let sum = 0;
    const kinds = new Set<string>();
    for (const p of parts) {
      const { kind, units } = typeof p === 'string' ? { kind: p, units: 1 } : p;
      const ms = this.perItemMs(kind, units);
      if (ms === null && !OPTIONAL_KIND.test(kind)) return null;
      sum += ms ?? 0;
      kinds.add(kind);
    }
    for (const kind of kinds) sum += this.warmupMs(kind);
    return Math.round(sum * this.buffer);
  }

  toRecord(): DurationRecord {
    return { version: 2, kinds: Object.fromEntries(this.stats) };
  }
}

/**
 * A persisted record as written by toRecord(), or null for anything else (it is data read back
 * from storage). A version 1 record (time per item, before units) is dropped: the device measures
 * again.
 */
export function validRecord(raw: unknown): DurationRecord | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as { version?: unknown; kinds?: unknown };
  if (r.version !== 2 || !r.kinds || typeof r.kinds !== 'object') return null;
  const kinds: Record<string, DurationStat> = {};
  for (const [k, v] of Object.entries(r.kinds as Record<string, unknown>)) {
    const s = v as Partial<DurationStat> | null;
    if (s && typeof s.meanMs === 'number' && Number.isFinite(s.meanMs) && s.meanMs >= 0 && typeof s.samples === 'number' && s.samples >= 0 && typeof s.weight === 'number' && Number.isFinite(s.weight) && s.weight > 0) {
      const warmup = typeof s.warmupMs === 'number' && Number.isFinite(s.warmupMs) && s.warmupMs >= 0 ? { warmupMs: s.warmupMs } : {};
      kinds[k] = { meanMs: s.meanMs, samples: s.samples, weight: s.weight, ...warmup };
    }
  }
  return { version: 2, kinds };
}
