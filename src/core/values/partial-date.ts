/**
 * Dates a form leaves partly blank, kept as reduced-precision ISO 8601: "2017-02" (the day
 * blank), "2000" (day and month blank), beside whole dates ("2017-02-14"). A partial date is the
 * span of days it may be: comparisons say "before" only when the whole span is.
 */

/** The first and last day (YYYY-MM-DD) an ISO date of any precision may stand for; null if it is not one. */
export function isoBounds(iso: string): readonly [string, string] | null {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/u.exec(iso);
  if (!m) return null;
  if (m[3]) return [iso, iso];
  if (m[2]) {
    const last = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
    return [`${m[1]}-${m[2]}-01`, `${m[1]}-${m[2]}-${String(last).padStart(2, '0')}`];
  }
  return [`${m[1]}-01-01`, `${m[1]}-12-31`];
}

/** Whether `iso` is before (after) the whole date `target`: true, false, or null when a partial date spans it. */
export function isoBeforeAfter(iso: string, target: string, test: 'before' | 'after'): boolean | null {
  const bounds = isoBounds(iso);
  if (!bounds) return null;
  const [first, last] = bounds;
  if (test === 'before') return last < target ? true : first >= target ? false : null;
  return first > target ? true : last <= target ? false : null;
}
