/**
 * Dates a form leaves partly blank, kept as reduced-precision ISO 8601: "2017-02" (the day
 * blank), "2000" (day and month blank), beside whole dates ("2017-02-14"). A partial date is the
 * span of days it may be: comparisons say "before" only when the whole span is.
 */

import { daysInMonth } from '../text/dates';

/** Year, month and day of an ISO date of any precision ("2021-02": day undefined); null if it is not one. */
export function isoParts(iso: string): { readonly y: number; readonly m?: number; readonly d?: number } | null {
  const p = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/u.exec(iso);
  if (!p) return null;
  return { y: Number(p[1]), ...(p[2] ? { m: Number(p[2]) } : {}), ...(p[3] ? { d: Number(p[3]) } : {}) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first and last day (YYYY-MM-DD) an ISO date of any precision may stand for; null if it is not one. */
export function isoBounds(iso: string): readonly [string, string] | null {
  const p = isoParts(iso);
  if (!p) return null;
  if (p.m === undefined) return [`${p.y}-01-01`, `${p.y}-12-31`];
  if (p.d === undefined) return [`${p.y}-${pad(p.m)}-01`, `${p.y}-${pad(p.m)}-${pad(daysInMonth(p.y, p.m))}`];
  return [iso, iso];
}

/** Whether `iso` is before (after) the whole date `target`: true, false, or null when a partial date spans it. */
export function isoBeforeAfter(iso: string, target: string, test: 'before' | 'after'): boolean | null {
  const bounds = isoBounds(iso);
  if (!bounds) return null;
  const [first, last] = bounds;
  if (test === 'before') return last < target ? true : first >= target ? false : null;
  return first > target ? true : last <= target ? false : null;
}
