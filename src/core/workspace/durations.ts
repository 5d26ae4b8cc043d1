/**
 * How long a work item takes on this device, per kind of item: an exponentially weighted mean
 * of the durations observed (the AIBS "seconds per document, refined from observed
 * durations"). A kind never measured on this device has no estimate (null: the UI says
 * "estimating…"), never a guess: a default of 2 s a document promised "about 45 s" for a flow
 * that took 3. The reduce step of a flow is the exception: unmeasured, it counts as nothing in an
 * estimate (it is a small part of it). The first item of a kind in a session carries that
 * session's warm-up (the clause classifier built, workers started, code compiled): it is not
 * learnt, so one slow start does not inflate the estimates (measured on the corpus: the first
 * item took three to ten times the others). Estimates shown to
 * people carry a small buffer so the promise is conservative; the means themselves are not
 * inflated. The model is a small plain record the app persists (FlowStore.saveDurations) so the
 * next session starts from what this device measured.
 */

export interface DurationStat {
  readonly meanMs: number;
  readonly samples: number;
}

export interface DurationRecord {
  readonly version: 1;
  readonly kinds: Readonly<Record<string, DurationStat>>;
}

/** Kinds an estimate may leave out while unmeasured (a flow's reduce step). */
const OPTIONAL_KIND = /^reduce:/;

export interface DurationOptions {
  /** Weight of a new observation (0..1]. */
  readonly alpha?: number;
  /** Multiplier of the estimates shown (≥ 1). */
  readonly buffer?: number;
}

export class DurationModel {
  private readonly stats = new Map<string, DurationStat>();
  /** Kinds seen in this session (their first item carried the warm-up). */
  private readonly warm = new Map<string, number>();
  private readonly alpha: number;
  readonly buffer: number;

  constructor(record: DurationRecord | null = null, options: DurationOptions = {}) {
    this.alpha = Math.min(1, Math.max(0.01, options.alpha ?? 0.3));
    this.buffer = Math.max(1, options.buffer ?? 1.15);
    for (const [kind, stat] of Object.entries(validRecord(record)?.kinds ?? {})) this.stats.set(kind, stat);
  }

  /** The expected duration of one item of `kind` (the learnt mean), or null when never measured here. */
  perItemMs(kind: string): number | null {
    return this.stats.get(kind)?.meanMs ?? null;
  }

  samples(kind: string): number {
    return this.stats.get(kind)?.samples ?? 0;
  }

  /**
   * Learns from one item that took `ms`. The first item of a kind in a session (its warm-up) is
   * not learnt: on a device that never ran the kind, the estimate starts from the second item.
   */
  observe(kind: string, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const seen = this.warm.get(kind) ?? 0;
    this.warm.set(kind, seen + 1);
    // This session's warm-up is no basis: the device's mean, or the next item, is the better guess
    // (a single item, as a reduce step is, is learnt all the same).
    if (seen === 0 && !OPTIONAL_KIND.test(kind)) return;
    const s = this.stats.get(kind);
    const meanMs = s ? s.meanMs + this.alpha * (ms - s.meanMs) : ms;
    this.stats.set(kind, { meanMs, samples: (s?.samples ?? 0) + 1 });
  }

  /** The estimate shown for items of these kinds (buffer included), in whole milliseconds; null without a basis. */
  estimateMs(kinds: readonly string[]): number | null {
    let sum = 0;
    for (const k of kinds) {
      const ms = this.perItemMs(k);
      if (ms === null && !OPTIONAL_KIND.test(k)) return null;
      sum += ms ?? 0;
    }
    return Math.round(sum * this.buffer);
  }

  toRecord(): DurationRecord {
    return { version: 1, kinds: Object.fromEntries(this.stats) };
  }
}

/** A persisted record as written by toRecord(), or null for anything else (it is data read back from storage). */
export function validRecord(raw: unknown): DurationRecord | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as { version?: unknown; kinds?: unknown };
  if (r.version !== 1 || !r.kinds || typeof r.kinds !== 'object') return null;
  const kinds: Record<string, DurationStat> = {};
  for (const [k, v] of Object.entries(r.kinds as Record<string, unknown>)) {
    const s = v as Partial<DurationStat> | null;
    if (s && typeof s.meanMs === 'number' && Number.isFinite(s.meanMs) && s.meanMs >= 0 && typeof s.samples === 'number' && s.samples >= 0) kinds[k] = { meanMs: s.meanMs, samples: s.samples };
  }
  return { version: 1, kinds };
}
