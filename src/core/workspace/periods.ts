/**
 * The time ranges a question names ("last week", "in the last 10 days", "since 2026-03-01"),
 * as [from, until) in milliseconds, on the device's calendar (weeks start on Monday) and an
 * injected clock, so tests fix "now".
 */
import type { NamedPeriod, PeriodUnit } from './phrases';

export interface Period {
  readonly from: number;
  /** Exclusive; null: until now. */
  readonly until: number | null;
}

const DAY = 86_400_000;

/** The start of the `unit` containing `now`, `back` units earlier. */
function startOf(unit: PeriodUnit, now: number, back = 0): number {
  const d = new Date(now);
  if (unit === 'day') return new Date(d.getFullYear(), d.getMonth(), d.getDate() - back).getTime();
  if (unit === 'week') return new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7) - 7 * back).getTime();
  return new Date(d.getFullYear(), d.getMonth() - back, 1).getTime();
}

export function namedPeriod(p: NamedPeriod, now: number): Period {
  return { from: startOf(p.unit, now, p.offset), until: p.until === undefined ? null : startOf(p.unit, now, p.until) };
}

/** The last `n` units up to now ("in the last 10 days": ten times 24 hours back). */
export function lastPeriod(n: number, unit: PeriodUnit, now: number): Period {
  if (unit === 'month') {
    const d = new Date(now);
    return { from: new Date(d.getFullYear(), d.getMonth() - n, d.getDate(), d.getHours(), d.getMinutes()).getTime(), until: null };
  }
  return { from: now - n * (unit === 'week' ? 7 : 1) * DAY, until: null };
}

const ISO = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?![\d-])/;
const DAY_FIRST = /^\s*(\d{1,2})[./](\d{1,2})[./](\d{4})(?!\d)/;

/**
 * A date written at the start of `text`: ISO (2026-03-01) everywhere, day first (01.03.2026,
 * 01/03/2026) where the language writes dates so. Returns its start of day and the characters read.
 */
export function leadingDate(text: string, dayFirst: boolean): { readonly at: number; readonly length: number } | null {
  const iso = ISO.exec(text);
  const m = iso ?? (dayFirst ? DAY_FIRST.exec(text) : null);
  if (!m) return null;
  const [y, mo, d] = iso ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  const year = Number(y);
  const month = Number(mo) - 1;
  const day = Number(d);
  const date = new Date(year, month, day);
  if (date.getFullYear() !== year || date.getMonth() !== month || date.getDate() !== day) return null;
  return { at: date.getTime(), length: m[0].length };
}
