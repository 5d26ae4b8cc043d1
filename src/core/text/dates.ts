/**
 * Written dates, one reader for the app: "September 23, 2016", "23rd day of September, 2016",
 * "23 September 2016", "the 1st of July, 2016", "1er janvier 2020", "1. Januar 2020", "2016-09-23",
 * "09/23/2016" (month first), "15.03.2018" (day first), with ordinals as PDF text splits them ("20t h", "1s t"), a space before the comma
 * ("April 15 , 2010") or none after it ("May 3,2006"). Used for identity (the effective date), typed values (terms) and the
 * scanner's date checks.
 */

export const MONTHS: Readonly<Record<string, number>> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6, july: 7, jul: 7, august: 8, aug: 8,
  september: 9, sept: 9, sep: 9, october: 10, oct: 10, november: 11, nov: 11, december: 12, dec: 12,
  janvier: 1, février: 2, fevrier: 2, mars: 3, avril: 4, mai: 5, juin: 6, juillet: 7, août: 8, aout: 8, septembre: 9, octobre: 10, novembre: 11, décembre: 12, decembre: 12,
  januar: 1, jänner: 1, februar: 2, märz: 3, maerz: 3, juni: 6, juli: 7, oktober: 10, dezember: 12,
};
/** Every month name, longest first (an alternation tries "sept" before "sep"). */
export const MONTH = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');

/** An ordinal suffix, also as PDF text often splits it ("20t h", "1s t"). */
export const ORDINAL = String.raw`(?:s\s?t|n\s?d|r\s?d|t\s?h)`;

/** A whole date; groups: 1–3 month-first, 4–6 day-first ("the 1st of July, 2016", "4th day of June A.D. 1998"), 7–9 ISO, 10–12 slashes (month first), 13–15 dots (day first, as French and German write them: "15.03.2018"). */
export const DATE_BODY = String.raw`(?:(${MONTH})\.?\s+(\d{1,2})${ORDINAL}?(?:\s*[,.]\s*|\s+)(\d{4})|(\d{1,2})(?:${ORDINAL}|er)?\.?(?:\s+(?:day\s+)?of)?\s+(${MONTH})\.?\s*,?\s+(?:A\.\s?D\.\s+)?(\d{4})|(\d{4})-(\d{2})-(\d{2})|(\d{1,2})\/(\d{1,2})\/(\d{4})|(\d{1,2})\.(\d{1,2})\.(\d{4}))`;
/** One date, not inside a word or number. */
const DATE = new RegExp(String.raw`(?<![\p{L}\p{N}])${DATE_BODY}(?![\p{L}\p{N}])`, 'iu');

/** YYYY-MM-DD of a DATE match (its groups), null when it is no calendar date. */
function isoOf(m: RegExpMatchArray): string | null {
  if (m[1]) return isoFrom(Number(m[3]), MONTHS[m[1].toLowerCase()]!, Number(m[2]));
  if (m[5]) return isoFrom(Number(m[6]), MONTHS[m[5].toLowerCase()]!, Number(m[4]));
  if (m[7]) return isoFrom(Number(m[7]), Number(m[8]), Number(m[9]));
  if (m[10]) return isoFrom(Number(m[12]), Number(m[10]), Number(m[11]));
  return isoFrom(Number(m[15]), Number(m[14]), Number(m[13]));
}

/** The number of days in a month (1–12). */
export function daysInMonth(y: number, mo: number): number {
  return new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** YYYY-MM-DD of a calendar date (not February 30), null otherwise. */
export function isoFrom(y: number, mo: number, d: number): string | null {
  if (!mo || mo > 12 || d < 1 || y < 1900 || y > 2200) return null;
  if (d > daysInMonth(y, mo)) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface FoundDate {
  /** YYYY-MM-DD. */
  readonly value: string;
  /** As written. */
  readonly text: string;
  readonly index: number;
}

/** Every whole date of the text, as ISO strings, in text order. */
export function findDates(text: string): FoundDate[] {
  const out: FoundDate[] = [];
  for (const m of text.matchAll(new RegExp(DATE.source, 'giu'))) {
    const iso = isoOf(m);
    if (iso) out.push({ value: iso, text: m[0], index: m.index });
  }
  return out;
}
