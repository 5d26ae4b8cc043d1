/**
 * The date a contract takes effect, from its opening: "effective as of the 23rd day of September,
 * 2016", "dated as of January 11, 2011", "made and entered into this 1st day of June, 2017",
 * "(the “Effective Date”)" after a date, "en date du 1er janvier 2020", "vom 1. Januar 2020".
 * Returned as written and, when it is a whole date, as YYYY-MM-DD.
 */
import { DATE_BODY, MONTH, MONTHS, ORDINAL, findDates, isoFrom } from '../../text/dates';
import type { DatedText } from './types';

/** Where a date led by "dated", "effective", … is taken: the preamble, within the first pages. */
const LEAD_CHARS = 6_000;
/** Where a date defined as "the Effective Date" is taken: anywhere in the opening (a table of contents can come first). */
const DEFINITION_CHARS = 30_000;

/** A blank a form leaves for the date: "____", "[ ]", "[●]"; several in a row ("____________ ___"). Not inside a run of blanks (linear: a run is read from its start only). */
const BLANKS = String.raw`(?<![_\]][ \t]{0,3})(?:_{2,}|\[\s*[●•]?\s*\])(?:[ \t]+(?:_{2,}|\[\s*[●•]?\s*\]))*`;
/**
 * A date a form leaves partly blank, its month and year or its year kept: "February ____, 2017",
 * "this ____ day of ___________, 2000", "the ____ day of March, 2005", "____________ ___, 2005".
 */
const PARTIAL_DATE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(${MONTH})\.?\s*${BLANKS}\s*,?\s*(\d{4})|${BLANKS}\s*(?:${ORDINAL}\s+)?(?:day\s+of\s+(?:(${MONTH})\.?|${BLANKS}))?\s*,?\s*(\d{4}))(?![\p{L}\p{N}])`,
  'giu',
);
/** Words that introduce the effective date, before it (or the definition right after it). */
const LEAD = /(?:effective|dated|\bdate\s*:|made|entered\s+into|executed|as\s+of|en\s+date\s+du|à\s+compter\s+du|prend\w*\s+effet|entr\w*\s+en\s+vigueur|vom|mit\s+wirkung\s+(?:zum|vom)|gültig\s+ab|tritt\s+(?:am|zum|mit)|in\s+kraft\s+(?:am|zum|ab))[^.;]{0,60}$/iu;
/** The definition before the date: "EFFECTIVE DATE shall mean the Date of Installation of the PSS in Kuwait, i.e. December 10, 1993", "“Effective Date” means March 1, 2019". */
const EFFECTIVE_MEANS = /\beffective\s+date["”»]?\s*(?:shall\s+mean|means|shall\s+be|is)\s+(?:[^.;]|\bi\.e\.|\bviz\.){0,60}$/iu;
const EFFECTIVE_DEFINITION = /^[^.;()]{0,20}\(\s*(?:the\s+|hereinafter\s+)?["“„«‘]\s*(?:effective\s*date|date\s+d['’]effet|stichtag|inkrafttreten)/iu;

/**
 * The effective date: as the opening states it or, when the contract takes effect on signature
 * ("effective on the date of its execution", "the Effective Date shall be the later of the dates
 * shown by the signatures below"), the latest date of its signature block (`closing`); else a
 * start date a schedule labels, else the date the testimonium executes it as of.
 */
export function extractEffectiveDate(text: string, closing = ''): DatedText | null {
  return statedDate(text) ?? signedDate(text, closing) ?? scheduledStart(text, closing) ?? testimoniumDate(text, closing);
}

/**
 * A start date a schedule, an appendix or an order form states as a labelled field, when nothing
 * before dates the contract: "2 TERMS 2.1 Contract start: 04-01-06 2.2 Contract end: 04-01-08"
 * (the term clause runs "for twenty-four (24) months with the effective date"), "Start Date:
 * January 1, 2020", "Commencement Date: 1 March 2019". Numeric dates read month first, as the
 * signature dates are.
 */
const LABELLED_START = new RegExp(
  String.raw`\b(?:(?:contract|agreement|term|service|services|subscription|licen[cs]e)\s+)?(?:start(?:ing)?|commencement|effective|beginning)(?:\s+date)?\s*:\s*(?:(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?![\p{L}\p{N}])|(${DATE_BODY}))`,
  'giu',
);

function scheduledStart(text: string, closing: string): DatedText | null {
  for (const block of [text, closing]) {
    for (const m of block.matchAll(LABELLED_START)) {
      if (m[4]) return { text: m[4].replace(/\s+/gu, ' '), iso: findDates(m[4])[0]?.value ?? null };
      const iso = isoFrom(twoDigitYear(m[3]!), Number(m[1]), Number(m[2]));
      if (iso) return { text: `${m[1]}-${m[2]}-${m[3]}`, iso };
    }
  }
  return null;
}

/** Taking effect when signed, in the opening or the final provisions. */
const ON_SIGNATURE =
  /\beffective\s+date\b[^.;]{0,40}\b(?:shall\s+be|is|means)\s+the\s+(?:later|last|latest)\s+of\s+the\s+dates?\b[^.;]{0,60}\bsign|\b(?:become|becomes|be)\s+effective\s+(?:on|upon|as\s+of)\s+(?:the\s+)?(?:completion\s+of\s+(?:the\s+)?)?(?:date\s+of\s+(?:its\s+)?(?:execution|signature)|(?:full\s+)?execution|signature|date\s+(?:on\s+which\s+it\s+is\s+)?(?:last\s+)?signed|last\s+date\s+of\s+signature)|\beffective\s+upon\s+(?:full\s+|its\s+)?(?:execution|signature)/iu;
/** "Date: 3-14-18", "Date: March 14, 2018", "Dated: 03/14/2018" in a signature block. */
const SIGNATURE_DATE = new RegExp(String.raw`\bDated?\s*:\s*(?:(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})\b|((?:${MONTH})\.?\s+\d{1,2}${ORDINAL}?\s*,?\s+\d{4}))`, 'giu');

/**
 * A written date in a signature block that is not labelled "Date:": on a line of its own after
 * the place of signing ("Hamburg, November 19th, 2012"), or after a word of signing ("signed on
 * …", "[signature authenticated … on December 17, 2018]").
 */
const SIGNED_LINE = new RegExp(String.raw`(?:^|\n)[ \t]*(?:\p{Lu}[\p{L}.' -]{0,40},[ \t]*)?(${DATE_BODY})[ \t]*(?=\n|$)`, 'giu');
const SIGNED_ON = new RegExp(String.raw`\bsign\w*\b[^.;\n\]]{0,60}?\b(?:on|dated?)\s+(${DATE_BODY})(?![\p{L}\p{N}])`, 'giu');

function signedDate(text: string, closing: string): DatedText | null {
  if (!ON_SIGNATURE.test(text) && !ON_SIGNATURE.test(closing)) return null;
  const block = closing || text;
  // From the first signature block on (a statement of work signed later may follow, its dates blank).
  const at = block.search(/\b(?:IN WITNESS|In [Ww]itness [Ww]hereof)\b/u);
  const signatures = block.slice(Math.max(0, at));
  let latest: DatedText | null = null;
  const keep = (text: string, iso: string | null) => {
    if (iso && (!latest || iso > latest.iso!)) latest = { text: text.replace(/\s+/gu, ' '), iso };
  };
  for (const m of signatures.matchAll(SIGNATURE_DATE)) {
    keep(m[4] ?? `${m[1]}-${m[2]}-${m[3]}`, m[4] ? (findDates(m[4])[0]?.value ?? null) : isoFrom(twoDigitYear(m[3]!), Number(m[1]), Number(m[2])));
  }
  for (const m of [...signatures.matchAll(SIGNED_LINE), ...signatures.matchAll(SIGNED_ON)]) {
    keep(m[1]!, findDates(m[1]!)[0]?.value ?? null);
  }
  return latest;
}

/** "18" → 2018, "98" → 1998. */
function twoDigitYear(y: string): number {
  return y.length === 2 ? (Number(y) < 70 ? 2000 : 1900) + Number(y) : Number(y);
}

/**
 * A recital about another agreement: "WHEREAS, Movado Group, Inc. … entered into a Policy Collateral
 * Assignment And Split Dollar Agreement, dated as of December 5, 1995", "WHEREAS: (A) Glamis …
 * are parties to an arrangement agreement dated as of February 23, 2006" — the text from the
 * recital's WHEREAS to a date, when it does not name this agreement ("this Agreement"; not "hereof":
 * "loans totaling $5,186,860 on the date hereof and … a Demand Note, dated December 5, 1995").
 * Its dates are the other agreement's, not this contract's.
 */
const RECITAL_START = /\b(?:WHEREAS|Whereas)\b/gu;
const NAMES_THIS = /\b(?:this|the\s+present)\s+(?:agreement|contract|amendment)\b/iu;
/** How far back a recital's WHEREAS is looked for. */
const RECITAL_CHARS = 600;

function inOtherRecital(opening: string, index: number): boolean {
  const from = Math.max(0, index - RECITAL_CHARS);
  const whereas = [...opening.slice(from, index).matchAll(RECITAL_START)].at(-1);
  if (!whereas) return false;
  const recital = opening.slice(from + whereas.index, index);
  // A recital ends at a semicolon or a blank line ("…; and\n\nWHEREAS, …", "… Agreement.\n\nNOW, THEREFORE").
  return !/;|\n[ \t]*\n/u.test(recital) && !NAMES_THIS.test(recital);
}

/** "IN WITNESS WHEREOF, the parties hereto have executed this Agreement as of this 4th day of April, 2003." */
const TESTIMONIUM = /\bIN\s+WITNESS\s+WHEREOF\b[^.;]{0,160}?\b(?:as\s+of|on|dated?)\s+(?:this\s+|the\s+)?/giu;

/**
 * The date the testimonium gives the agreement, when the opening dates it only in recitals about
 * other agreements (or not at all): the last words before the signatures.
 */
function testimoniumDate(text: string, closing: string): DatedText | null {
  for (const block of [closing, text]) {
    for (const m of block.matchAll(TESTIMONIUM)) {
      const at = m.index + m[0].length;
      const date = findDates(block.slice(at, at + 60)).find((d) => d.index <= 2);
      if (date) return { text: date.text.replace(/\s+/gu, ' '), iso: date.value };
    }
  }
  return null;
}

function statedDate(text: string): DatedText | null {
  const opening = text.slice(0, DEFINITION_CHARS);
  const whole = findDates(opening).map((d) => ({ index: d.index, text: d.text, iso: d.value }));
  const partial = [...opening.matchAll(PARTIAL_DATE)].map((m) => ({ index: m.index, text: m[0], iso: partialIsoOf(m) }));
  let fallback: DatedText | null = null;
  for (const { index, text: written, iso } of [...whole, ...partial].sort((a, b) => a.index - b.index)) {
    const before = opening.slice(Math.max(0, index - 80), index);
    const after = opening.slice(index + written.length, index + written.length + 60);
    const dated = { text: written.replace(/\s+/gu, ' '), iso };
    if (EFFECTIVE_DEFINITION.test(after) || EFFECTIVE_MEANS.test(opening.slice(Math.max(0, index - 120), index))) return dated;
    if (index < LEAD_CHARS && LEAD.test(before) && !inOtherRecital(opening, index)) fallback ??= dated;
  }
  return fallback;
}

/** A partly blank date as reduced-precision ISO 8601: "2017-02" (day blank), "2000" (day and month blank). */
function partialIsoOf(m: RegExpMatchArray): string | null {
  const year = Number(m[2] ?? m[4]);
  if (year < 1900 || year > 2200) return null;
  const month = m[1] ?? m[3];
  return month ? `${year}-${String(MONTHS[month.toLowerCase()]!).padStart(2, '0')}` : String(year);
}

