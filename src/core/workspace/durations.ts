/**
 * How long a work item takes on this device, per kind of item: an exponentially weighted mean
 * of the durations observed, starting from a configured default (the AIBS "seconds per
 * document, refined from observed durations"). Estimates shown to people carry a small buffer
 * so the promise is conservative; the means themselves are not inflated. The model is a small
 * plain record the app persists (FlowStore.saveDurations) so the next session starts from what
 * this device measured.
 */

export interface DurationStat {
  readonly meanMs: number;
  readonly samples: number;
}

export interface DurationRecord {
  readonly version: 1;
  readonly kinds: Readonly<Record<string, DurationStat>>;
}

/** Defaults before anything was measured (a browser with the fixture-free defaults: no model). */
export const DEFAULT_ITEM_MS: Readonly<Record<string, number>> = {
  ask: 2_000,
  scan: 4_000,
  import: 15_000,
  /** The reduce step of a question flow (extractive; a model's answer takes longer and is learnt). */
  'reduce:question': 1_000,
};

export interface DurationOptions {
  readonly defaults?: Readonly<Record<string, number>>;
  /** A kind with no default. */
  readonly fallbackMs?: number;
  /** Weight of a new observation (0..1]. */
  readonly alpha?: number;
  /** Multiplier of the estimates shown (≥ 1). */
  readonly buffer?: number;
}

export class DurationModel {
  private readonly stats = new Map<string, DurationStat>();
  private readonly defaults: Readonly<Record<string, number>>;
  private readonly fallbackMs: number;
  private readonly alpha: number;
  readonly buffer: number;

  constructor(record: DurationRecord | null = null, options: DurationOptions = {}) {
    this.defaults = { ...DEFAULT_ITEM_MS, ...options.defaults };
    this.fallbackMs = options.fallbackMs ?? 2_000;
    this.alpha = Math.min(1, Math.max(0.01, options.alpha ?? 0.3));
    this.buffer = Math.max(1, options.buffer ?? 1.15);
    for (const [kind, stat] of Object.entries(validRecord(record)?.kinds ?? {})) this.stats.set(kind, stat);
  }

  /** The expected duration of one item of `kind` (the learnt mean, else the default). */
  perItemMs(kind: string): number {
    return this.stats.get(kind)?.meanMs ?? this.defaults[kind] ?? this.fallbackMs;
  }

  samples(kind: string): number {
    return this.stats.get(kind)?.samples ?? 0;
  }

  /** Learns from one item that took `ms`. The first observation replaces the default. */
  observe(kind: string, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const s = this.stats.get(kind);
    const meanMs = s ? s.meanMs + this.alpha * (ms - s.meanMs) : ms;
    this.stats.set(kind, { meanMs, samples: (s?.samples ?? 0) + 1 });
  }

  /** The estimate shown for items of these kinds (buffer included), in whole milliseconds. */
  estimateMs(kinds: readonly string[]): number {
    return Math.round(kinds.reduce((sum, k) => sum + this.perItemMs(k), 0) * this.buffer);
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
