/**
 * Typed values judged against CUAD's normalised answers (`cuad_answer`): "Texas", "successive 1
 * year", "60 days", "9/23/21", "perpetual", "[]/[]/2010" (a blank part matches anything). The
 * categories with a value are those below; an answer CUAD leaves empty or blank ("[]") gives none.
 */
import { sameJurisdiction } from '../values/jurisdiction';
import { isoParts } from '../values/partial-date';
import type { DurationValue, TypedValue } from '../values/types';

export const VALUE_CATEGORIES: Readonly<Record<string, TypedValue['kind']>> = {
  'Governing Law': 'governing_law',
  'Renewal Term': 'renewal_term',
  'Notice Period To Terminate Renewal': 'notice_period',
  'Expiration Date': 'expiration_date',
  'Effective Date': 'effective_date',
};

type Expected =
  | { readonly type: 'jurisdiction'; readonly name: string }
  | { readonly type: 'durations'; readonly days: readonly number[] }
  | { readonly type: 'perpetual' }
  | { readonly type: 'date'; readonly y: number; readonly m: number | null; readonly d: number | null };

const DAYS: Record<string, number> = { day: 1, week: 7, month: 30.4375, year: 365.25, hour: 1 / 24 };
const daysOf = (d: DurationValue) => d.amount * DAYS[d.unit.replace(/s$/u, '')]!;

/** CUAD's answer for a category as a comparable value; null when it gives none. */
export function expectedValue(category: string, answer: string | null | undefined): Expected | null {
  const text = (answer ?? '').trim();
  if (!text || /^\[\]$/u.test(text) || /^(?:yes|no)$/iu.test(text)) return null;
  const kind = VALUE_CATEGORIES[category];
  if (!kind) return null;
  if (kind === 'governing_law') return { type: 'jurisdiction', name: text };
  if (/perpetual/iu.test(text)) return { type: 'perpetual' };
  if (kind === 'renewal_term' || kind === 'notice_period') {
    const days = [...text.matchAll(/(\d+(?:\.\d+)?)\)?\s*(hour|day|week|month|year)s?/giu)].map((m) => Number(m[1]) * DAYS[m[2]!.toLowerCase()]!);
    return days.length > 0 ? { type: 'durations', days } : null;
  }
  const parts = /^(\d{1,2}|\[\])\/(\d{1,2}|\[\])\/(\d{2,4})$/u.exec(text);
  if (!parts) return null;
  let y = Number(parts[3]);
  if (parts[3]!.length === 2) y += y >= 50 ? 1900 : 2000;
  const a = parts[1] === '[]' ? null : Number(parts[1]);
  const b = parts[2] === '[]' ? null : Number(parts[2]);
  // Month first (CUAD's usual), day first when the first part cannot be a month ("31/01/2025").
  return a !== null && a > 12 ? { type: 'date', y, m: b, d: a } : { type: 'date', y, m: a, d: b };
}

/** Whether a typed value states CUAD's answer. */
export function valueMatches(found: TypedValue | null, expected: Expected): boolean {
  if (!found) return false;
  const v = found.value;
  switch (expected.type) {
    case 'jurisdiction':
      return v.type === 'jurisdiction' && sameJurisdiction(v.name, expected.name);
    case 'perpetual':
      return v.type === 'perpetual';
    case 'durations':
      return v.type === 'duration' && expected.days.some((d) => Math.abs(d - daysOf(v.duration)) <= Math.max(1, d * 0.03));
    case 'date': {
      const iso = v.type === 'date' ? v.iso : v.type === 'relative_date' ? v.iso : null;
      if (!iso) return false;
      const parts = isoParts(iso);
      if (!parts) return false;
      const { y, m, d } = parts;
      // A partial date (a form's blank day or month) matches only an answer that leaves the same parts blank or fewer.
      if (d === undefined && expected.d !== null) return false;
      if (m === undefined) return y === expected.y && expected.m === null;
      if (expected.m !== null && expected.d !== null) {
        // A day either way: "five years from January 1, 2000" ends December 31, 2004 in CUAD's reading.
        const diff = Math.abs(Date.UTC(y, m - 1, d) - Date.UTC(expected.y, expected.m - 1, expected.d)) / 86_400_000;
        return diff <= 1;
      }
      if (y !== expected.y) return false;
      return expected.m === null || m === expected.m;
    }
  }
}
