/**
 * The date a contract takes effect, from its opening: "effective as of the 23rd day of September,
 * 2016", "dated as of January 11, 2011", "made and entered into this 1st day of June, 2017",
 * "(the “Effective Date”)" after a date, "en date du 1er janvier 2020", "vom 1. Januar 2020".
 * Returned as written and, when it is a whole date, as YYYY-MM-DD.
 */
import type { DatedText } from './types';

/** Where a date led by "dated", "effective", … is taken: the preamble, within the first pages. */
const LEAD_CHARS = 6_000;
/** Where a date defined as "the Effective Date" is taken: anywhere in the opening (a table of contents can come first). */
const DEFINITION_CHARS = 30_000;

const MONTHS: Readonly<Record<string, number>> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6, july: 7, jul: 7, august: 8, aug: 8,
  september: 9, sept: 9, sep: 9, october: 10, oct: 10, november: 11, nov: 11, december: 12, dec: 12,
  janvier: 1, février: 2, fevrier: 2, mars: 3, avril: 4, mai: 5, juin: 6, juillet: 7, août: 8, aout: 8, septembre: 9, octobre: 10, novembre: 11, décembre: 12, decembre: 12,
  januar: 1, jänner: 1, februar: 2, märz: 3, maerz: 3, juni: 6, juli: 7, oktober: 10, dezember: 12,
};
const MONTH = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');

/** An ordinal suffix, also as PDF text often splits it ("20t h", "1s t"). */
const ORDINAL = String.raw`(?:s\s?t|n\s?d|r\s?d|t\s?h)`;

/** "September 23, 2016", "23rd day of September, 2016", "23 September 2016", "1er janvier 2020", "1. Januar 2020", "2016-09-23", "09/23/2016". */
const DATE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(${MONTH})\.?\s+(\d{1,2})${ORDINAL}?\s*,?\s+(\d{4})|(\d{1,2})(?:${ORDINAL}|er)?\.?(?:\s+day\s+of)?\s+(${MONTH})\.?\s*,?\s+(\d{4})|(\d{4})-(\d{2})-(\d{2})|(\d{1,2})\/(\d{1,2})\/(\d{4}))(?![\p{L}\p{N}])`,
  'iu',
);
/** Words that introduce the effective date, before it (or the definition right after it). */
const LEAD = /(?:effective|dated|\bdate\s*:|made|entered\s+into|executed|as\s+of|en\s+date\s+du|à\s+compter\s+du|vom|mit\s+wirkung\s+(?:zum|vom)|gültig\s+ab)[^.;]{0,60}$/iu;
const EFFECTIVE_DEFINITION = /^[^.;()]{0,20}\(\s*(?:the\s+|hereinafter\s+)?["“„«‘]\s*(?:effective\s*date|date\s+d['’]effet|stichtag|inkrafttreten)/iu;

export function extractEffectiveDate(text: string): DatedText | null {
  const opening = text.slice(0, DEFINITION_CHARS);
  const re = new RegExp(DATE.source, 'giu');
  let fallback: DatedText | null = null;
  for (const m of opening.matchAll(re)) {
    const before = opening.slice(Math.max(0, m.index - 80), m.index);
    const after = opening.slice(m.index + m[0].length, m.index + m[0].length + 60);
    const dated = { text: m[0].replace(/\s+/gu, ' '), iso: isoOf(m) };
    if (EFFECTIVE_DEFINITION.test(after)) return dated;
    if (m.index < LEAD_CHARS && LEAD.test(before)) fallback ??= dated;
  }
  return fallback;
}

function isoOf(m: RegExpMatchArray): string | null {
  let y: number, mo: number, d: number;
  if (m[1]) [mo, d, y] = [MONTHS[m[1].toLowerCase()]!, Number(m[2]), Number(m[3])];
  else if (m[5]) [d, mo, y] = [Number(m[4]), MONTHS[m[5].toLowerCase()]!, Number(m[6])];
  else if (m[7]) [y, mo, d] = [Number(m[7]), Number(m[8]), Number(m[9])];
  else [mo, d, y] = [Number(m[10]), Number(m[11]), Number(m[12])];
  if (!mo || mo > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
