/**
 * Values read out of a clause for playbook value checks: durations ("thirty (30) days",
 * "12-month", "one year", "72 hours"), money amounts ("$1,000,000", "USD 2 million", "One Million Dollars"),
 * percentages ("five percent (5%)"), dates ("January 1, 2020", "1st day of September 2004",
 * "2020-01-31") and liability
 * caps expressed in months of fees ("fees paid in the twelve (12) months preceding", "two times
 * the annual fees").
 *
 * Numbers may be written in words, in digits, or both ("thirty (30)"): when both are given the
 * digits win. These extractors are fixed code (not user patterns); every regular expression
 * here is linear (no nested quantifiers).
 */

export interface Found<T> {
  readonly value: T;
  /** The text the value was read from, as written. */
  readonly text: string;
  readonly index: number;
}

// ---- numbers --------------------------------------------------------------------------------
const UNITS: Record<string, number> = {
  zero: 0, a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9 };
const NUMBER_WORD = `(?:${[...Object.keys(UNITS).filter((w) => w.length > 2), ...Object.keys(SCALES)].join('|')}|and)`;
/** A number in words ("forty-five", "one hundred twenty") or digits ("1,000.50"). */
const NUMBER = `(?:\\d[\\d,]*(?:\\.\\d+)?|${NUMBER_WORD}(?:[\\s-]+${NUMBER_WORD}){0,6})`;
/** Words, then optionally the digits in brackets: "thirty (30)"; or digits, then the words: "10 (ten)" (the words only confirm). */
const NUMBER_WITH_DIGITS = `(${NUMBER}|an?)(?:\\s*\\((?:(\\d[\\d,]*(?:\\.\\d+)?)|${NUMBER_WORD}(?:[\\s-]+${NUMBER_WORD}){0,6})\\))?`;

/** Parses "thirty", "forty-five", "one hundred and twenty", "1,000", "2.5"; null when it is not a number. */
export function parseNumber(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (/^\d[\d,]*(\.\d+)?$/.test(t)) return Number(t.replace(/,/g, ''));
  const words = t.split(/[\s-]+/).filter((w) => w && w !== 'and');
  if (words.length === 0) return null;
  let total = 0;
  let current = 0;
  for (const w of words) {
    if (w in UNITS) current += UNITS[w]!;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w in SCALES) {
      total += (current || 1) * SCALES[w]!;
      current = 0;
    } else return null;
  }
  return total + current;
}

function numberOf(words: string | undefined, digits: string | undefined): number | null {
  if (digits) return Number(digits.replace(/,/g, ''));
  return words ? parseNumber(words) : null;
}

// ---- durations ------------------------------------------------------------------------------
export type DurationUnitName = 'hours' | 'days' | 'weeks' | 'months' | 'years';
export interface Duration {
  readonly amount: number;
  readonly unit: DurationUnitName;
  /** Approximate length in days (month = 30.4, year = 365), for comparison. */
  readonly days: number;
}

const DAYS_PER: Record<DurationUnitName, number> = { hours: 1 / 24, days: 1, weeks: 7, months: 30.4375, years: 365.25 };
export function durationDays(amount: number, unit: DurationUnitName): number {
  return amount * DAYS_PER[unit];
}

const DURATION = new RegExp(`\\b${NUMBER_WITH_DIGITS}[\\s-]*(?:\\(\\d+\\)[\\s-]*)?(?:business |calendar |working |banking )?(hour|day|week|month|year)s?\\b`, 'gi');

export function findDurations(text: string): Found<Duration>[] {
  const out: Found<Duration>[] = [];
  for (const m of text.matchAll(DURATION)) {
    const amount = numberOf(m[1], m[2]);
    if (amount === null || amount <= 0) continue;
    const unit = `${m[3]!.toLowerCase()}s` as DurationUnitName;
    out.push({ value: { amount, unit, days: durationDays(amount, unit) }, text: m[0], index: m.index });
  }
  return out;
}

// ---- money ----------------------------------------------------------------------------------
export interface Money {
  readonly amount: number;
  /** ISO 4217 code when it can be told ("USD", "EUR", "GBP"), else null. */
  readonly currency: string | null;
}
const SYMBOLS: Record<string, string> = { $: 'USD', 'us$': 'USD', usd: 'USD', dollars: 'USD', dollar: 'USD', '€': 'EUR', eur: 'EUR', euros: 'EUR', euro: 'EUR', '£': 'GBP', gbp: 'GBP', pounds: 'GBP', chf: 'CHF', cad: 'CAD', 'c$': 'CAD', jpy: 'JPY', '¥': 'JPY', yen: 'JPY' };
const MULTIPLIER = '(?:\\s*(million|billion|thousand|m|k|bn)\\b)?';
/**
 * A sum's digits as English, French and German write them: "1,000,000.00", "100.000,00",
 * "50 000" (a space, no-break or narrow no-break space between thousands), "2.5".
 */
const MONEY_DIGITS = String.raw`\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d+)?`;
const PREFIXED = new RegExp(`(us\\$|c\\$|\\$|€|£|¥|\\b(?:usd|eur|gbp|chf|cad|jpy)\\b)\\s?(${MONEY_DIGITS})${MULTIPLIER}`, 'giu');
const WORDED = new RegExp(`\\b(${NUMBER_WORD}(?:[\\s-]+${NUMBER_WORD}){0,6}|\\d[\\d,]*(?:\\.\\d+)?)${MULTIPLIER}\\s+(?:u\\.?s\\.?\\s+)?(dollars?|euros?|pounds?|yen)\\b`, 'gi');
/** The currency after the sum, as French and German write it: "100.000 EUR", "50 000 €", "1,5 Mio. EUR", "2 millions d'euros". */
const SUFFIXED = new RegExp(`(?<![\\d.,])(${MONEY_DIGITS})(?:\\s*(mio\\.?|millions?\\s+d['’]|mrd\\.?|milliards?\\s+d['’]))?[\\s\\u00a0\\u202f]?(€|eur\\b|euros?\\b|chf\\b|usd\\b|gbp\\b|£)`, 'giu');
const SCALE_OF: Record<string, number> = { million: 1e6, m: 1e6, billion: 1e9, bn: 1e9, thousand: 1e3, k: 1e3, mio: 1e6, millions: 1e6, mrd: 1e9, milliard: 1e9, milliards: 1e9 };

/**
 * A sum's digits as a number: the last separator followed by one or two digits is the decimal
 * mark, every other one groups thousands ("100.000" = 100000, "100.000,50", "1,000.50", "2.5",
 * "1,5"); before a scale word the last dot or comma is the decimal mark ("$2.125 million").
 */
function moneyNumber(digits: string, scaled: boolean): number {
  const parts = digits.split(/[,.\u00a0\u202f ]/u);
  const last = parts.at(-1)!;
  const decimal = parts.length > 1 && /[.,]\d+$/u.test(digits) && (scaled || last.length <= 2);
  const whole = (decimal ? parts.slice(0, -1) : parts).join('');
  return Number(decimal ? `${whole}.${last}` : whole);
}

/** "million", "Mio.", "millions d’" → its factor (1 without one). */
const scaleOf = (word: string | undefined): number => (word ? SCALE_OF[word.toLowerCase().replace(/\.$|\s+d['’]$/u, '')] ?? 1 : 1);

export function findAmounts(text: string): Found<Money>[] {
  const out: Found<Money>[] = [];
  // A match inside one read already ("000 euros" of "50 000 euros") is not read again.
  const inside = (at: number) => out.some((o) => o.index <= at && at < o.index + o.text.length);
  for (const m of text.matchAll(PREFIXED)) {
    out.push({ value: { amount: moneyNumber(m[2]!, !!m[3]) * scaleOf(m[3]), currency: SYMBOLS[m[1]!.toLowerCase()] ?? null }, text: m[0], index: m.index });
  }
  for (const m of text.matchAll(SUFFIXED)) {
    if (!inside(m.index)) out.push({ value: { amount: moneyNumber(m[1]!, !!m[2]) * scaleOf(m[2]), currency: SYMBOLS[m[3]!.toLowerCase()] ?? null }, text: m[0], index: m.index });
  }
  for (const m of text.matchAll(WORDED)) {
    if (inside(m.index)) continue;
    const n = parseNumber(m[1]!);
    if (n === null) continue;
    const scale = scaleOf(m[2]);
    // "One Million Dollars ($1,000,000)": keep one reading of the same amount.
    const value = { amount: n * scale, currency: SYMBOLS[m[3]!.toLowerCase()] ?? null };
    if (!out.some((o) => o.value.amount === value.amount && Math.abs(o.index - m.index) < 60)) out.push({ value, text: m[0], index: m.index });
  }
  return out.sort((a, b) => a.index - b.index);
}

// ---- percentages ----------------------------------------------------------------------------
const PERCENT = new RegExp(`\\b(${NUMBER})\\s*(?:\\((\\d+(?:\\.\\d+)?)\\s*%\\)\\s*|%|\\s+per\\s?cent\\b(?:\\s*\\((\\d+(?:\\.\\d+)?)\\s*%\\))?)`, 'gi');

export function findPercentages(text: string): Found<number>[] {
  const out: Found<number>[] = [];
  for (const m of text.matchAll(PERCENT)) {
    const value = numberOf(m[1], m[2] ?? m[3]);
    if (value !== null) out.push({ value, text: m[0], index: m.index });
  }
  return out;
}

// ---- dates ----------------------------------------------------------------------------------
/** Dates as ISO strings (YYYY-MM-DD), in text order: one reader for the app (text/dates.ts). Slash dates are read month first (US). */
export { findDates } from '../text/dates';

// ---- liability caps in months of fees -------------------------------------------------------
const FEES = '(?:fees|charges|amounts|sums|compensation|consideration|price)';
const FEE_PATTERNS: readonly { re: RegExp; months: (m: RegExpMatchArray) => number | null }[] = [
  // "the fees paid ... in the twelve (12) months preceding", "during the six month period before"
  { re: new RegExp(`\\b${FEES}\\b[^.;]{0,80}?\\b(?:in|during|for|over|within)\\s+the\\s+(?:(?:immediately\\s+)?(?:preceding|prior|previous|last)\\s+)?${NUMBER_WITH_DIGITS}[\\s-]*(?:\\(\\d+\\)[\\s-]*)?(?:calendar\\s+)?(month|year)s?`, 'gi'), months: (m) => scaled(numberOf(m[1], m[2]), m[3]) },
  // "one (1) month's fees", "three months of fees", "12 months' charges"
  { re: new RegExp(`\\b${NUMBER_WITH_DIGITS}[\\s-]*(?:\\(\\d+\\)[\\s-]*)?(month|year)s?'?s?\\s+(?:of\\s+)?(?:the\\s+)?(?:\\w+\\s+)?${FEES}\\b`, 'gi'), months: (m) => scaled(numberOf(m[1], m[2]), m[3]) },
  // "two times the annual fees", "twice the fees paid in the preceding year"
  { re: new RegExp(`\\b(${NUMBER}|twice|double|triple)\\s*(?:\\(\\d+\\)\\s*)?(?:times|x)?\\s*(?:the\\s+)?(annual|yearly|monthly)\\s+${FEES}\\b`, 'gi'), months: (m) => multiple(m[1]!) * (m[2]!.toLowerCase() === 'monthly' ? 1 : 12) },
  // "the annual fees", "fees paid in the preceding year / contract year"
  { re: new RegExp(`\\b(?:annual|yearly)\\s+${FEES}\\b|\\b${FEES}\\b[^.;]{0,60}?\\b(?:preceding|prior|previous|last)\\s+(?:calendar\\s+|contract\\s+)?year\\b`, 'gi'), months: () => 12 },
];
function scaled(n: number | null, unit: string | undefined): number | null {
  if (n === null) return null;
  return unit?.toLowerCase().startsWith('year') ? n * 12 : n;
}
function multiple(word: string): number {
  const w = word.toLowerCase();
  return w === 'twice' || w === 'double' ? 2 : w === 'triple' ? 3 : (parseNumber(w) ?? 1);
}

/** A liability cap as months of fees, in text order; the first pattern to read a span wins. */
export function findFeeMonths(text: string): Found<number>[] {
  const out: Found<number>[] = [];
  for (const { re, months } of FEE_PATTERNS) {
    for (const m of text.matchAll(re)) {
      const value = months(m);
      if (value === null || value <= 0) continue;
      if (out.some((o) => m.index < o.index + o.text.length && o.index < m.index + m[0].length)) continue;
      out.push({ value, text: m[0], index: m.index });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The found value nearest to a phrase (e.g. the duration nearest "notice"), else the first. */
export function nearest<T>(found: readonly Found<T>[], text: string, near?: string): Found<T> | undefined {
  if (!near || found.length < 2) return found[0];
  const lower = text.toLowerCase();
  const needle = near.toLowerCase();
  const anchors: number[] = [];
  for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, i + 1)) anchors.push(i);
  if (anchors.length === 0) return found[0];
  const distance = (f: Found<T>) => Math.min(...anchors.map((a) => Math.abs(a - f.index)));
  return [...found].sort((a, b) => distance(a) - distance(b))[0];
}
