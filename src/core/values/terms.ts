/**
 * Values of a contract's term, read structurally from the sentence that states them: the renewal
 * term ("automatically renew for successive one (1) year periods" → 1 year, successive), the
 * notice to stop a renewal ("at least sixty (60) days prior to the end of the term" → 60 days),
 * the expiration (an absolute date after "until", "through", "ending on"; a length from the
 * Effective Date, resolved when the document's effective date is known; "indefinitely" →
 * perpetual) and the effective date. Numbers in words or digits (scan/values.ts).
 */
import { definedTerm } from '../text/definitions';
import { isSpace, splitItems, splitSentences } from '../text/sentences';
import { findDates, findDurations, type Found, type Duration } from '../scan/values';
import { isoParts } from './partial-date';
import { redactedSlots, redactedValue, type RedactedSlot } from './redacted';
import { CARDINALS, ORDINALS } from '../text/number-words';
import { EFFECTIVE_DATE_ANCHOR, type DurationValue, type TypedValue, type ValueContext } from './types';

interface Sentence {
  readonly text: string;
  readonly start: number;
}

/**
 * The sentences a value of the term is read from. A definition of another word states no value of
 * the contract's term, though it counts periods from the Effective Date ("“Calendar Quarter” means
 * each successive period of three (3) calendar months commencing on … the first Calendar Quarter
 * of the Term shall commence on the Effective Date" is not a three-month term); a definition of
 * the term itself ("“Initial Term” means the period of five (5) years from the Effective Date")
 * is read like any sentence. Definitions run together with semicolons are judged one by one (the
 * pieces after one belong to it: "“End Date” means the earlier of (i) …; or (ii) …").
 */
function sentences(text: string): Sentence[] {
  return splitSentences(text).flatMap((s) => termPieces({ text: text.slice(s.start, s.end), start: s.start }));
}

function termPieces(sentence: Sentence): Sentence[] {
  if (definedTerm(sentence.text) === null) return [sentence];
  const out: Sentence[] = [];
  let keep = true;
  let from = 0;
  const flush = (to: number) => {
    const piece = sentence.text.slice(from, to);
    const term = definedTerm(piece);
    if (term !== null) keep = TERM_ITSELF.test(term.replace(/(?<![,.;:])[,.;:]+$/u, ''));
    if (keep) {
      const last = out.at(-1);
      // Consecutive kept pieces stay one sentence.
      if (last && last.start + last.text.length === sentence.start + from) out[out.length - 1] = { text: last.text + piece, start: last.start };
      else out.push({ text: piece, start: sentence.start + from });
    }
    from = to;
  };
  for (let i = sentence.text.indexOf(';'); i >= 0; i = sentence.text.indexOf(';', i + 1)) flush(i + 1);
  flush(sentence.text.length);
  return out;
}

/**
 * A sentence's lettered items that begin sentences of their own ("… under the System. (d) As used
 * in this Agreement, the term “Post-Term Period” shall mean …"): the sentence segmenter (Unicode's
 * rules) does not break before "(d)", the letter being lower case, so a section of items reads as
 * one sentence; here each item is judged alone (a definition among them, otherDefinition()), cut
 * where quotes are cut (text/sentences.ts splitItems).
 */
function lettered(sentence: Sentence): Sentence[] {
  return splitItems(sentence.text, [{ start: 0, end: sentence.text.length }]).map((s) => ({ text: sentence.text.slice(s.start, s.end), start: sentence.start + s.start }));
}

/** Defined words that name the contract's term or its dates ("Term", "Initial Term", "Renewal Period", "Expiration Date", "Notice Period", « Durée », „Laufzeit“). */
const TERM_ITSELF = /^(?:the\s+)?(?:(?:initial|original|renewal|extension|extended|additional|current|contract|agreement|license|licence|service|services|subscription)\s+)?(?:term|period)$|^(?:expiration|expiry|termination|end|effective|commencement|start|renewal)\s+date$|^renewal$|^(?:notice|cancellation)\s+period$|^(?:durée|date\s+d['’]effet|date\s+d['’]expiration|période\s+initiale)|^(?:laufzeit|vertragslaufzeit|mindestlaufzeit|kündigungsfrist)$/iu;

const RENEW = /\b(?:renew\w*|extend\w*|extension|evergreen|roll(?:s|ed)?\s+over|year[\s-]+to[\s-]+year|month[\s-]+to[\s-]+month|continue\w*\s+automatically|automatically\s+continue\w*|additional\s+(?:terms?|periods?)\s+of|reconduit\w*|reconduction|renouvel\w*|prorog\w*|verlänger\w*|stillschweigend)/giu;
/**
 * "shall commence on … and extend through December 31, 2010", "shall extend for an initial term
 * of two years", "shall extend from the date of execution hereof through and until …", "until the
 * four-year anniversary": the verb of the term itself, not a renewal (unless it is automatic or
 * for further periods).
 */
const TERM_EXTENDS = /^extends?\s+(?:from\s+[^.;]{1,80}?\s+)?(?:until|till|through|thru|to\s+and\s+including|for\s+(?:an?\s+|the\s+)?(?:initial|period|term\b))/iu;
const FURTHER = /\b(?:additional|further|successive|subsequent|consecutive|another|renewal|automatic\w*)\b/iu;
/** "unless sooner terminated … or extended by the mutual written agreement of the Parties": an option, not a renewal. */
const TERMINATED_OR = /\bterminat\w*\b[^.;]{0,120}\bor\s+$/iu;
/**
 * An extension the parties would have to agree on is no renewal either: "unless mutually extended
 * by written agreement of the Parties", "extended by the mutual written agreement of the Parties",
 * "unless the Parties agree in writing to extend the term" — unless it is for further periods
 * ("may agree in writing to extend the Agreement for successive One (1) Year periods" states a
 * renewal term, as CUAD reads it).
 */
const EXTENDED_BY_AGREEMENT = /^extend\w*\s+(?:(?:by|upon|with|through)\s+(?:the\s+)?(?:mutual\s+)?(?:written\s+)?(?:agreement|consent|amendment)\b|in\s+writing\b|by\s+mutual\b)/iu;
const AGREED_TO = /(?:\bmutually|\bagree\w*\s+(?:in\s+writing\s+)?to|\bmay\s+(?:mutually\s+)?agree\s+to)\s+$/iu;

/** Where the first renewal cue of `text` starts at or after `from` (-1: none). */
function renewalAt(text: string, from = 0): number {
  RENEW.lastIndex = from;
  for (let m = RENEW.exec(text); m; m = RENEW.exec(text)) {
    const rest = text.slice(m.index);
    const before = text.slice(Math.max(0, m.index - 140), m.index);
    const ownTerm = TERM_EXTENDS.test(rest) && !FURTHER.test(text.slice(Math.max(0, m.index - 25), m.index + 80));
    const agreed = (EXTENDED_BY_AGREEMENT.test(rest) || (/^extend/iu.test(rest) && AGREED_TO.test(before))) && !FURTHER.test(text.slice(m.index, m.index + 80));
    const option = (/^extended\b/iu.test(rest) && TERMINATED_OR.test(before)) || agreed;
    if (!ownTerm && !option) return m.index;
  }
  return -1;
}
const hasRenewal = (text: string) => renewalAt(text) >= 0;
const NOTICE = /\b(?:notice|notif\w*|préavis|avis|kündig\w*|frist)/iu;
/** Words after a length that make it a notice period ("60 days prior", "90 days' notice", "30 Tage vor"). */
const NOTICE_AFTER = /^[\s)]*(?:\(\d+\)\s*)?(?:(?:prior|advance|in\s+advance|before|preceding|written|['’]|s'|days'|of)\s*)*(?:prior|advance|notice|before|in\s+advance|préalable|préavis|avant|vor\b|im\s+voraus|zum)/iu;
/** "written notice to the other Party of at least 3 months": the notice named before its length. */
const NOTICE_OF = /\bnotice\b[^.;,\d]{0,40}\bof\s+(?:at\s+least\s+|not\s+less\s+than\s+|no\s+less\s+than\s+|a\s+minimum\s+of\s+)?$/iu;
/** The notice named right before its length: « un préavis de trois mois », „Kündigungsfrist von 3 Monaten“. */
const NOTICE_NAMED = /(?:\bpréavis\s+(?:de\s+|d['’]\s*)|frist\s+von\s+)$/iu;
/** Words before a length that make it a notice period ("at least", "not less than", "within"). */
const NOTICE_BEFORE = /(?:at\s+least|not\s+less\s+than|no\s+less\s+than|no\s+later\s+than|minimum\s+of|within|upon|with|giving|gives?|on|au\s+moins|moins|mindestens|mit\s+einer\s+frist\s+von|frist\s+von|préavis\s+de)\s*$/iu;
/** A section number and a title-case heading at the start of a sentence, up to the first words of its text (past a sub-clause's number: "3. DURATION AND RENEWAL 3.1 The Agreement …"). */
const HEADING_LEAD = /^\s*(?:\d+(?:\.\d+)*\.?\s+)?(?:(?:[A-Z][\w'’-]*|and|of|&|the|to|for|or)\s+){1,8}?(?:\d+(?:\.\d+)+\.?\s+(?=[A-Z][a-z]*\s+(?:[a-z]|[A-Z][a-z]+\s+[a-z]))|(?=[A-Z][a-z]*\s+[a-z]))/u;
const AUTOMATIC = /\bautomatic(?:ally)?\b|\btacite\w*|\bautomatisch\b/iu;
const SURVIVAL = /\bsurviv\w*|\bsurvi(?:e|vent)\b|\bfortgelten\w*|(?<![\p{L}\p{N}_])überdauer\w*/iu;
const RECITAL = /^\W*(?:whereas|recitals?)\b/iu;
/** After a length: it counts from the end of the term ("period following the termination date", "after expiration", "six (6) months of the effective date of such termination"). */
const AFTER_END = /^[\s)]*(?:[\w-]+\s+){0,2}(?:following|after|from|of)\s+(?:the\s+|its\s+|such\s+|any\s+|this\s+agreement['’]s\s+)?(?:date\s+of\s+(?:such\s+)?|effective\s+date\s+of\s+(?:such\s+)?)?(?:termination|expiration|expiry|terminat\w+\s+date)/iu;
const ANNUAL = /\b(?:year[\s-]+to[\s-]+year|from\s+year\s+to\s+year|each\s+year|every\s+year|annual(?:ly)?|yearly|successive\s+annual|chaque\s+année|tacitement|jährlich|jeweils\s+ein\s+jahr)\b/iu;
const SUCCESSIVE = /\b(?:successive|consecutive|each|every|additional\s+(?:and\s+)?successive|year[\s-]+to[\s-]+year|annual(?:ly)?|thereafter|successives?|jeweils|weitere)\b/iu;
/** One more year or month, said without a number ("another year", "an additional month", "month to month"). */
const ONE_MORE = /\b(?:another|an?\s+(?:additional|further|successive|subsequent|extra)|one\s+(?:additional|further|more))\s+(year|month)\b|\bmonth[\s-]+to[\s-]+month\b|\bmonthly\s+(?:periods?|basis|terms?|increments?)\b/iu;
/** A renewal as long as the term before it: "of the same duration", "equal in duration to the previous term", "of like period". */
const SAME_LENGTH = /\bof\s+(?:the\s+)?(?:same|equal|like|identical)\s+(?:duration|length|period)\b|\bequal\s+in\s+(?:duration|length)\s+to\s+(?:the\s+)?(?:initial|original|previous|preceding|prior|then[-\s]current|current|expiring)\s+(?:term|period)\b|\b(?:the\s+)?same\s+(?:duration|length)\s+as\s+(?:the\s+)?(?:initial|original|previous|preceding|prior|expiring)\s+(?:term|period)\b/iu;
const HALF_YEAR = /\bhalf\s+(?:a\s+)?year\b|\bsix[\s-]+month\b/iu;
const PERPETUAL = /\b(?:indefinitely|in\s+perpetuity|for\s+perpetuity|perpetual(?:ly)?|until\s+(?:it\s+is\s+)?terminat\w*|(?:for\s+an?\s+)?unlimited\s+(?:term|period|duration)|until\s+(?:either|any|one|a)\s+party\s+(?:gives|terminates|provides|serves|elects)|until\s+(?:(?:both|the)\s+)?(?:parties|[\w&.-]+\s+(?:and|or)\s+[\w&.-]+)\s+(?:mutually\s+)?(?:agree\s+(?:in\s+writing\s+)?to\s+)?terminates?\b|end\w*\s+(?:only\s+)?when\s+terminated|unless\s+and\s+until\s+terminated|no\s+fixed\s+(?:term|duration)|(?:for\s+an?\s+)?indefinite\s+(?:term|period|duration)|durée\s+indéterminée|unbefristet|auf\s+unbestimmte\s+zeit)\b/iu;
/** What comes before an end date ("until", "through", "ending on", "expire on"). */
const UNTIL = /(?:(?:until|till|end(?:s|ing)?|expir\w*|terminat\w*)(?:\s+(?:on|at))?(?:\s+the\s+(?:earlier|later|earliest|latest)\s+(?:of|to\s+occur\s+of)\s*:?\s*(?:\(\w{1,4}\)\s*)?)|until|till|through(?:\s+and\s+including)?|thru|ending\s+on|end(?:s)?\s+(?:on|at|as\s+of)|conclud\w*(?:\s+on)?|expir\w*\s+on|(?:terminat\w*|expir\w*|end)\s+(?:automatically\s+)?(?:and\s+)?(?:without\s+(?:any\s+)?(?:further\s+)?(?:notice|action)\s+)?on|expir\w*|terminat\w*\s+on|terminate|and\s+ending|(?:up\s+)?to\s+and\s+including|on\s+or\s+before|(?:in\s+no\s+event\s+|no\s+)later\s+than|(?:(?:effective|commencement)\s+date|date\s+(?:hereof|of\s+this\s+agreement))\s+(?:up\s+)?to|(?:expiration|expiry|end(?:ing)?|termination)(?:\s+date)?\s*:|(?:period|term)\s+ending(?:\s+on)?|(?:until|till|through|to|(?:end|expir|terminat)\w*\s+at)\s+(?:the\s+)?(?:close\s+of\s+business|end\s+of\s+(?:the\s+)?(?:business\s+)?day|midnight|\d{1,2}(?::\d{2})?\s*[ap]\.?\s*m\.?)[^.;]{0,30}?\s+on|jusqu['’]au|prend\w*\s+fin\s+le|expire\s+le|bis\s+(?:zum|einschließlich)|endet\s+am)\s*(?:the\s+)?$/iu;
/**
 * Words of the contract's term a sentence stating its end has: "term", "shall remain in effect",
 * "shall extend until", "expires". Not the Effective Date alone: "University will retain all Program
 * Data for … ten (10) years from the Effective Date" states no term of the contract.
 */
const TERM = /\b(?<!-)(?:term|(?:agreement|contract)\s+(?:(?:shall|will)\s+(?:automatically\s+)?(?:terminate|end|lapse)|(?:automatically\s+)?(?:terminates|ends|lapses))|(?:agreement|contract)\s+(?:(?:shall|will)\s+(?:commence|begin|start)|commences|begins|starts)\b[^.;]{0,80}?\band\s+(?:(?:shall|will)\s+)?(?:end|expire|terminate)s?|duration|period|continue\w*|remain\w*|effective(?!\s+date)|(?:agreement|contract)\s+(?:shall|will)\s+(?:be|run|last|extend)\b|(?:run|last|extend)(?:s|ed|ing)?\s+(?:until|till|through|for)\b|in\s+(?:full\s+)?(?:force|effect)|valid(?:ity)?|expir\w*|durée|prend\w*\s+fin|laufzeit|dauer|gilt|läuft|endet|(?:ab)?geschlossen)\b/iu;

/**
 * The term named as the time something else happens in ("during the Term", "throughout the term of
 * this Agreement", "each Calendar Year of the Term", "during such period"): a forecast, a report or a covenant, not the
 * term's own length; such a sentence needs another word saying the term is stated.
 */
const TERM_AS_TIME = /\b(?:during|throughout|within|over|(?:each|every|any)\s+(?:calendar\s+|contract\s+)?(?:year|month|quarter)\s+of)\s+(?:the\s+|its\s+|such\s+|that\s+|this\s+)?(?:(?:initial|then[-\s]current|renewal)\s+)?(?:term|period)\b(?:\s+of\s+(?:this|the)\s+(?:agreement|contract))?/giu;

const NUMBER_TOKEN = String.raw`(?:\d+\)?|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety)\b(?:\s*\(\d+\))?)`;
/** One or two words between a number and its unit ("ten (10) Contract Years", "one further year", "twelve (12) full calendar months"). */
const INNER_WORD = new RegExp(`(${NUMBER_TOKEN}\\s+)([A-Za-z]+(?:\\s+[A-Za-z]+)?)(?=\\s+(?:year|month|day|week)s?\\b)`, 'giu');
/** A number in words: "one (1) additional twelve month period" is read as twelve months, not one. */
const NUMBER_WORD = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b/iu;
/** "March 1 of the year": words that join other things, not a length's adjectives. */
const FUNCTION_WORD = /\b(?:of|the|a|an|to|in|on|at|by|for|from|per|each|or|with|this|that|such|any|its|their|our|your)\b/iu;
/** Words a length's unit may carry (findDurations reads them). */
const UNIT_QUALIFIER = /^(?:business|calendar|working|banking|and)$/iu;

/**
 * Lengths in a sentence, reading "ten (10) Contract Years", "one further year" and a roman "(I)"
 * as lengths: those words are blanked (same length, so indices hold) before the durations are read.
 */
export function durationsIn(text: string): Found<Duration>[] {
  const found = englishDurations(text);
  for (const m of text.matchAll(FR_DE_DURATION)) {
    const amount = m[3] ? Number(m[3]) : m[1] ? Number(m[1]) : (FR_DE_NUMBERS[m[2]!.toLowerCase()] ?? null);
    const unit = FR_DE_UNITS[m[4]!.toLowerCase().slice(0, 3)];
    if (amount === null || !unit || found.some((f) => Math.abs(f.index - m.index) < 3)) continue;
    found.push({ value: { amount, unit, days: amount * { hours: 1 / 24, days: 1, weeks: 7, months: 30.4375, years: 365.25 }[unit] }, text: m[0], index: m.index });
  }
  return found.sort((a, b) => a.index - b.index);
}

const FR_DE_NUMBERS: Readonly<Record<string, number>> = {
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, douze: 12, quinze: 15, trente: 30, soixante: 60, 'quatre-vingt-dix': 90,
  ein: 1, eine: 1, einem: 1, einen: 1, eines: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, zwölf: 12, dreißig: 30, sechzig: 60, neunzig: 90,
};
const FR_DE_UNITS: Readonly<Record<string, Duration['unit']>> = { jou: 'days', moi: 'months', an: 'years', ans: 'years', ann: 'years', sem: 'weeks', tag: 'days', mon: 'months', jah: 'years', woc: 'weeks' };
/** fr/de: "douze (12) mois", "trois (3) mois", "30 Tagen", "ein weiteres Jahr". */
const FR_DE_DURATION = new RegExp(
  String.raw`(?<![\p{L}\d])(?:(\d+)|(${Object.keys(FR_DE_NUMBERS).sort((a, b) => b.length - a.length).join('|')}))(?:\s*\((\d+)\))?\s+(?:(?:weiteres?|weiteren|zusätzliche[ns]?|supplémentaires?|successives?)\s+)?(jours?|mois|ans?|années?|semaines?|Tage?n?|Monate?n?|Jahre?s?n?|Wochen?)(?![\p{L}])`,
  'giu',
);

function englishDurations(text: string): Found<Duration>[] {
  const masked = text
    .replace(/\(I\)/gu, '(1)')
    .replace(INNER_WORD, (all: string, lead: string, words: string) => (NUMBER_WORD.test(words) || FUNCTION_WORD.test(words) ? all : lead + words.replace(/[A-Za-z]+/gu, (w) => (UNIT_QUALIFIER.test(w) ? w : ' '.repeat(w.length)))));
  return findDurations(masked).map((f) => ({ ...f, text: text.slice(f.index, f.index + f.text.length) }));
}

/** An ordinal's suffix, also as PDF text splits it ("20t h"). */
const ORDINAL_SUFFIX = String.raw`\s?(?:s\s?t|n\s?d|r\s?d|t\s?h)`;
/** "the fifth anniversary of the Effective Date", "the twentieth (20th) anniversary". */
const ANNIVERSARY = new RegExp(String.raw`\b(${Object.keys(ORDINALS).join('|')}|\d{1,2}${ORDINAL_SUFFIX})(?:\s*\(\d{1,2}${ORDINAL_SUFFIX}\))?\s+anniversary\b`, 'iu');
/**
 * The end of a numbered month or year as the term's end: "terminate at the end of the thirty-sixth
 * (36th) month following the Effective Date", "until the end of the third Contract Year", "expire on the
 * last day of the thirty-sixth (36th) full calendar month following the Effective Date". Only after
 * words ending the term: "at the end of the first year, Licensee shall pay" is a point inside it.
 */
const END_OF_NTH = new RegExp(String.raw`\b(?:terminat\w*|expir\w*|end(?:s|ing)?|until|through)\s+(?:at\s+|on\s+|upon\s+)?(?:the\s+)?(?:end|last\s+day)\s+of\s+(?:the\s+)?(?:((?:[a-z]+-)?(?:${Object.keys(ORDINALS).join('|')}))\s*)?(?:\(?(\d{1,3})${ORDINAL_SUFFIX}\)?\s+)?(?:full\s+)?(?:calendar\s+|contract\s+|lease\s+)?(months?|years?)\b`, 'iu');

/** The length END_OF_NTH reads: the number written in digits, else the ordinal word ("thirty-sixth" alone is not read). */
function nthEnd(m: RegExpExecArray): DurationValue | null {
  const word = m[1]?.toLowerCase();
  const amount = m[2] ? Number.parseInt(m[2], 10) : word && (ORDINALS[word] !== undefined) ? ORDINALS[word] : null;
  if (!amount) return null;
  return { amount, unit: /^month/iu.test(m[3]!) ? 'months' : 'years' };
}

/** "the four (4) year anniversary", "the 5-year anniversary". */
const YEAR_ANNIVERSARY = new RegExp(String.raw`\b(${Object.keys(CARDINALS).join('|')}|\d{1,2})(?:\s*\(\d{1,2}\))?[\s-]+years?\s+anniversary\b`, 'iu');

function unitOf(d: Duration): DurationValue {
  return { amount: d.amount, unit: d.unit };
}

function durationText(d: DurationValue): string {
  const unit = d.amount === 1 ? d.unit.replace(/s$/u, '') : d.unit;
  return `${d.amount} ${unit}`;
}

function noticeLike(sentence: string, f: { readonly index: number; readonly text: string }): boolean {
  const after = sentence.slice(f.index + f.text.length, f.index + f.text.length + 40);
  const before = sentence.slice(Math.max(0, f.index - 30), f.index);
  return NOTICE_AFTER.test(after) || NOTICE_NAMED.test(before) || (NOTICE_BEFORE.test(before) && NOTICE.test(sentence.slice(f.index, f.index + 80))) || NOTICE_OF.test(sentence.slice(Math.max(0, f.index - 60), f.index));
}

/** The renewal term: the length each renewal runs. */
export function extractRenewalTerm(text: string): TypedValue | null {
  for (const s of sentences(text)) {
    // A heading run into the sentence ("3. Term and Renewal The term …") names the section, not a renewal.
    const body = HEADING_LEAD.exec(s.text)?.[0].length ?? 0;
    const at = renewalAt(s.text, body);
    if (at < 0) continue;
    const cue = { index: at };
    const durations = durationsIn(s.text).filter((f) => !noticeLike(s.text, f) && f.value.unit !== 'days' && f.value.unit !== 'hours');
    const after = durations.filter((f) => f.index >= cue.index);
    const half = HALF_YEAR.exec(s.text);
    const pick = after.find((f) => !half || f.index + f.text.length <= half.index || f.index >= half.index + half[0].length) ?? null;
    const successive = SUCCESSIVE.test(s.text.slice(cue.index));
    if (half && half.index >= cue.index && (!pick || half.index < pick.index)) {
      const d: DurationValue = { amount: 6, unit: 'months' };
      return { kind: 'renewal_term', value: { type: 'duration', duration: d, successive }, display: durationText(d), span: { start: s.start + half.index, end: s.start + half.index + half[0].length } };
    }
    // "a further right of renewal for each of the subsequent three years": renewals of one year each, three at most.
    if (pick && EACH_OF_NEXT.test(s.text.slice(Math.max(0, pick.index - 40), pick.index))) {
      const d: DurationValue = { amount: 1, unit: unitOf(pick.value).unit };
      return { kind: 'renewal_term', value: { type: 'duration', duration: d, successive: true }, display: durationText(d), span: { start: s.start + pick.index, end: s.start + pick.index + pick.text.length } };
    }
    if (pick) {
      const d = unitOf(pick.value);
      return { kind: 'renewal_term', value: { type: 'duration', duration: d, successive }, display: durationText(d), span: { start: s.start + pick.index, end: s.start + pick.index + pick.text.length } };
    }
    // "shall automatically renew for successive terms of the same duration", "for an additional term
    // equal in duration to the previous term": the initial term's length, when the passage states it before.
    const same = SAME_LENGTH.exec(s.text.slice(cue.index));
    const initialTerm = same ? extractExpiration(text.slice(0, s.start + cue.index)) : null;
    if (same && initialTerm?.value.type === 'relative_date') {
      const d = initialTerm.value.duration;
      const at = cue.index + same.index;
      return { kind: 'renewal_term', value: { type: 'duration', duration: d, successive }, display: durationText(d), span: { start: s.start + at, end: s.start + at + same[0].length } };
    }
    // "for another year", "an additional month", "on a month to month basis".
    const more = ONE_MORE.exec(s.text.slice(cue.index));
    if (more) {
      const d: DurationValue = { amount: 1, unit: more[1] && /^y/iu.test(more[1]) ? 'years' : 'months' };
      const at = cue.index + more.index;
      return { kind: 'renewal_term', value: { type: 'duration', duration: d, successive: !more[1] || successive }, display: durationText(d), span: { start: s.start + at, end: s.start + at + more[0].length } };
    }
    // "with an automatic 2 year term extension": the length between the automatic and the renewal.
    const auto = AUTOMATIC.exec(s.text.slice(0, cue.index));
    const between = auto ? durations.find((f) => f.index > auto.index && f.index < cue.index) : undefined;
    if (between) {
      const d = unitOf(between.value);
      return { kind: 'renewal_term', value: { type: 'duration', duration: d, successive }, display: durationText(d), span: { start: s.start + between.index, end: s.start + between.index + between.text.length } };
    }
    // "shall renew for successive [***] year periods": the filed copy blanks the length out.
    const hidden = redactedSlots(s.text).find((r) => r.index >= cue.index && redactedRenewal(s.text, r));
    if (hidden) return redactedValue('renewal_term', hidden, s.start);
    const annual = ANNUAL.exec(s.text);
    if (annual) {
      const d: DurationValue = { amount: 1, unit: 'years' };
      return { kind: 'renewal_term', value: { type: 'duration', duration: d, successive: true }, display: durationText(d), span: { start: s.start + annual.index, end: s.start + annual.index + annual[0].length } };
    }
    // "…; thereafter, it shall automatically continue until terminated by either party": no renewal
    // length, it runs until ended.
    const until = PERPETUAL.exec(s.text.slice(cue.index));
    if (until) return { kind: 'renewal_term', value: { type: 'perpetual' }, display: 'until terminated', span: { start: s.start + cue.index + until.index, end: s.start + cue.index + until.index + until[0].length } };
    // "for the term of one year; thereafter, the Agreement shall renew automatically": it renews for the same length.
    const initial = AUTOMATIC.test(s.text.slice(cue.index)) ? durations.filter((f) => f.index < cue.index).at(-1) : undefined;
    if (initial) {
      const d = unitOf(initial.value);
      return { kind: 'renewal_term', value: { type: 'duration', duration: d, successive: true }, display: durationText(d), span: { start: s.start + initial.index, end: s.start + initial.index + initial.text.length } };
    }
    const perpetual = PERPETUAL.exec(s.text);
    if (perpetual) return { kind: 'renewal_term', value: { type: 'perpetual' }, display: 'until terminated', span: { start: s.start + perpetual.index, end: s.start + perpetual.index + perpetual[0].length } };
  }
  return null;
}

/** A redacted renewal length: years or months, or a bare mark where the renewal's length goes ("periods of [***]", "[***] renewal terms"). */
function redactedRenewal(sentence: string, r: RedactedSlot): boolean {
  if (noticeLike(sentence, r)) return false;
  if (r.unit === 'years' || r.unit === 'months') return true;
  return r.unit === null && (LENGTH_LEAD.test(sentence.slice(Math.max(0, r.index - 40), r.index)) || /^\s*(?:additional\s+|successive\s+|renewal\s+|further\s+)*(?:periods?|terms?)\b/iu.test(sentence.slice(r.index + r.text.length)));
}
/** Words before a length of a term ("a duration of", "renewal periods of", "for"). */
const LENGTH_LEAD = /\b(?:(?:duration|terms?|periods?|length)\s+of\s+(?:approximately\s+)?|for\s+(?:an?\s+(?:additional|further|successive)\s+)?(?:period\s+of\s+)?)$/iu;

/** "for each of the subsequent (three years)": the renewals are counted in units, each one of them. */
const EACH_OF_NEXT = /\beach\s+of\s+the\s+(?:subsequent|following|next|succeeding|ensuing)\s+$/iu;

/** Words that end the contract (not a renewal): the notice to terminate is read where they are. */
const TERMINATES = /\bterminat\w*|\bcancel\w*|\brésili\w*|\b(?:ge)?kündig\w*|\bbeend\w*/iu;
/** Words that end the contract or a term: a notice near them is one to stop it. */
const ENDING = new RegExp(String.raw`${TERMINATES.source}|\brenew\w*|\bexpir\w*|\bend\b|\bfin\b`, 'iu');

/** A notice length read in a sentence, as the value of `kind` with its span in the passage. */
function noticeValue(kind: 'notice_period' | 'termination_notice', s: Sentence, pick: Found<Duration>): TypedValue {
  const d = unitOf(pick.value);
  return { kind, value: { type: 'duration', duration: d, successive: false }, display: durationText(d), span: { start: s.start + pick.index, end: s.start + pick.index + pick.text.length } };
}

/** The notice period to stop a renewal (or to end the term): the length the notice must precede. */
export function extractNoticePeriod(text: string): TypedValue | null {
  let fallback: TypedValue | null = null;
  for (const s of sentences(text)) {
    // "unless one Party informs the other in writing six (6) months before the expiry of the then current term": no word for notice, the length it must precede the end by.
    if (!NOTICE.test(s.text) && !/\b(?:prior\s+to|before)\s+the\s+(?:end|expir\w*|anniversary|renewal)/iu.test(s.text)) continue;
    const durations = durationsIn(s.text).filter((f) => noticeLike(s.text, f));
    const pick = durations[0];
    // "at least [***] days prior to the end of the term": the filed copy blanks the length out.
    const hidden = pick ? undefined : redactedSlots(s.text).find((r) => r.unit !== 'years' && noticeLike(s.text, r));
    if (!pick && !hidden) continue;
    const value = pick ? noticeValue('notice_period', s, pick) : redactedValue('notice_period', hidden!, s.start);
    if (hasRenewal(s.text) || /\b(?:end|expir\w*|then[\s-]+current)\b/iu.test(s.text)) return value;
    // Else a notice to end the contract at all ("either party may terminate on 90 days' notice"), not
    // one to answer a claim ("within 15 working days upon receiving the Claim Notice").
    if (ENDING.test(s.text)) fallback ??= value;
  }
  return fallback;
}

/**
 * "within thirty (30) days after written notice", "fails to remedy within thirty (30) days of that
 * notice": the time to cure or answer once notified, no notice period.
 */
const WITHIN = /\bwithin\s*$/iu;
const AFTER_NOTICE = /^[\s'’)]*(?:\(\d+\)[\s'’)]*)?(?:(?:business|working|calendar)\s+)?(?:(?:days?|weeks?|months?)\b[\s'’)]*)?(?:after|following|from|of\s+(?:receipt|the\s+date))\b/iu;

/**
 * The notice period to end the contract ("either party may terminate this Agreement upon fifteen
 * (15) days advance notice" → 15 days): in a sentence that terminates rather than stops a renewal
 * when there is one, else the notice before the end of a term; never a time to cure after notice.
 */
export function extractTerminationNotice(text: string): TypedValue | null {
  let renewal: TypedValue | null = null;
  for (const s of sentences(text)) {
    if (!NOTICE.test(s.text) || !TERMINATES.test(s.text)) continue;
    const notice = (f: { readonly index: number; readonly text: string }) => noticeLike(s.text, f) && !WITHIN.test(s.text.slice(Math.max(0, f.index - 12), f.index)) && !AFTER_NOTICE.test(s.text.slice(f.index + f.text.length, f.index + f.text.length + 60));
    const pick = durationsIn(s.text).find(notice);
    // "by providing CPDC with [***] prior written notice": the filed copy blanks the length out.
    const hidden = pick ? undefined : redactedSlots(s.text).find((r) => r.unit !== 'years' && notice(r));
    if (!pick && !hidden) continue;
    const value = pick ? noticeValue('termination_notice', s, pick) : redactedValue('termination_notice', hidden!, s.start);
    if (!hasRenewal(s.text)) return value;
    renewal ??= value;
  }
  return renewal;
}

/**
 * Adds a length to an ISO date (calendar months and years; the day clipped to the month's end).
 * A partial date ("2017-02", "2000": a form's blank day or month) keeps its precision: years and
 * months move it, days cannot (null), nor can months a year-only date.
 */
export function addDuration(iso: string, d: DurationValue): string | null {
  const p = isoParts(iso);
  if (!p) return null;
  if (p.d === undefined) {
    if (d.unit !== 'years' && d.unit !== 'months') return null;
    const months = d.unit === 'years' ? d.amount * 12 : d.amount;
    if (!Number.isInteger(months)) return null;
    if (p.m === undefined) return months % 12 === 0 ? String(p.y + months / 12) : null;
    const at = p.y * 12 + p.m - 1 + months;
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
  }
  const date = new Date(Date.UTC(p.y, p.m! - 1, p.d));
  if (d.unit === 'years' || d.unit === 'months') {
    const months = d.unit === 'years' ? d.amount * 12 : d.amount;
    if (!Number.isInteger(months)) return null;
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + months);
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, last));
  } else {
    date.setUTCDate(date.getUTCDate() + Math.round(d.amount * (d.unit === 'weeks' ? 7 : d.unit === 'hours' ? 1 / 24 : 1)));
  }
  return date.toISOString().slice(0, 10);
}

/** A start date stated in the sentence ("commencing on January 1, 2016", "shall begin on June 1, 1999"). */
const START_BEFORE = /(?:commenc\w*|begin\w*|start\w*|effective|from)\s*(?:on|as\s+of|from|with)?\s*(?:the\s+)?$/iu;

function relativeValue(sentence: Sentence, at: number, length: number, d: DurationValue, anchorIso: string | null, anchor: string, confidence?: number): TypedValue {
  const iso = anchorIso ? addDuration(anchorIso, d) : null;
  return {
    kind: 'expiration_date',
    value: { type: 'relative_date', duration: d, anchor, iso },
    display: `${durationText(d)} after ${anchor}${iso ? ` (${iso})` : ''}`,
    span: { start: sentence.start + at, end: sentence.start + at + length },
    ...(confidence === undefined ? {} : { confidence }),
  };
}

/**
 * A second end the sentence sets beside the one read, and which of the two ends the term: "for
 * ten (10) years from the Launch …, or the date of expiry of the last valid patent of the Licensed
 * Product, whichever comes later", "five (5) years following the Effective Date or until the
 * Studies are completed, whichever is later", "until the earlier of (i) December 31, 2022, (ii) the
 * termination … of the Studio Lease". The end alone would say the term is shorter (or longer) than
 * it may be. The other end is quoted as written after "or" when the sentence has one before
 * "whichever"; a list after "the earlier of" is named, not quoted.
 */
const WHICHEVER = /\bwhichever\s+(?:(?:is|comes|occurs|shall\s+(?:occur|come|be)|will\s+(?:occur|come|be)|happens|may\s+be)\s+)?(?:the\s+)?(later|last|latest|longer|earlier|earliest|first|sooner|shorter)\b|\bwhichever\s+(first|last)\s+(?:occurs|happens)\b/iu;
const EARLIER_OF = /\b(?:the\s+)?(earlier|earliest|later|latest|first|sooner|last)(?:\s+to\s+occur)?\s+of\s*:?\s*(?:\(\w{1,4}\)\s*)?(?:the\s+)?$/iu;
const OTHER_END_OR = /(?:^|[\s,)])or\s+(?!(?:earlier|sooner|later)\b)/iu;
const LATER = /^(?:later|last|latest|longer)$/iu;
/** The longest other end quoted; a longer one is named, not quoted. */
const MAX_OTHER_END = 150;

function withOtherEnd<T extends TypedValue>(v: T, sentence: Sentence): T {
  if (v.value.type !== 'date' && v.value.type !== 'relative_date') return v;
  const end = v.span.end - sentence.start;
  const after = sentence.text.slice(end);
  const w = WHICHEVER.exec(after);
  let which: 'later' | 'earlier';
  let text: string | null = null;
  if (w) {
    which = LATER.test(w[1] ?? w[2]!) ? 'later' : 'earlier';
    const between = after.slice(0, w.index);
    const or = OTHER_END_OR.exec(between);
    const other = or ? trimCommas(between.slice(or.index + or[0].length)) : '';
    if (other.length >= 3 && other.length <= MAX_OTHER_END && !/[;:]/u.test(other)) text = other.replace(/\s+/gu, ' ');
  } else {
    const of = EARLIER_OF.exec(sentence.text.slice(Math.max(0, v.span.start - sentence.start - 60), v.span.start - sentence.start));
    if (!of) return v;
    which = LATER.test(of[1]!) ? 'later' : 'earlier';
  }
  const otherEnd = { which, text };
  const shown = text ? `${v.display}, or ${text}, whichever is ${which}` : `${v.display}, or ${which === 'later' ? 'a later' : 'an earlier'} end the clause names`;
  return { ...v, value: { ...v.value, otherEnd }, display: shown };
}

/** The text without the spaces and commas it ends with (a loop: a regex anchored at the end is quadratic on a long run of them). */
function trimCommas(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ',' || isSpace(text.charCodeAt(end - 1)))) end--;
  return text.slice(0, end);
}

/** What a length or an anniversary counts from, when the words after it say ("from the Effective Date", "of the date of the last shipment"). */
const COUNTED_FROM = /^[\s)]*(?:\(\d+(?:st|nd|rd|th)?\)\s*)?(?:and\s+one\s+(?:\(1\)\s+)?day\s+)?(?:[\w-]+\s+){0,2}?(from|after|following|of|commencing\s+(?:on|with))\s+(?:and\s+)?(?:including\s+|inclusive\s+of\s+)?(?:the\s+)?([^.;,]{3,80})/iu;
/** A point the contract itself starts from: its effective date, its date, its signature. */
const START_ANCHOR = /^(?:(?:effective|commencement)\s+date|date\s+(?:of\s+)?(?:this|the)\s+(?:agreement|contract|document|instrument)|date\s+hereof|date\s+first\s+(?:above\s+|set\s+forth\s+above\s+|written\s+above\s+)?(?:written|set\s+forth)|(?:date\s+of\s+)?(?:its\s+|the\s+)?(?:full\s+)?(?:execution|signing|signature)|(?:this|the)\s+(?:agreement|contract)\b)/iu;

/**
 * Where the words after a length or an anniversary anchor it: the contract's own start ('start':
 * its effective date, or the date it is dated), a date written there, another event ("the date
 * of the last shipment", "the first commercial sale"), which no date resolves, or nothing said
 * (null: the start date the sentence states, else the effective date).
 */
function countedFrom(after: string): { readonly other: string } | { readonly date: Found<string> } | 'start' | null {
  const m = COUNTED_FROM.exec(after);
  if (!m) return null;
  const phrase = m[2]!.trim();
  const date = findDates(phrase)[0];
  if (date && date.index < 20) return { date };
  if (START_ANCHOR.test(phrase)) return 'start';
  if (/^(?:such|said|that|which)\s+(?:date|day)\b/iu.test(phrase)) return null;
  // "of this Agreement" after "term": a length of the agreement, not an anchor; "after" or
  // "following" anything else counts from it ("one year and one day after the redemption").
  if (!/^(?:after|following)$/iu.test(m[1]!) && !/\b(?:date|day|sale|launch|deliver\w*|shipment|approval|completion|closing|acceptance|installation|receipt|expiration|termination|occurrence|first|last|commencement|opening|issuance|registration)\b/iu.test(phrase)) return null;
  // The name the sentence then gives the period is no part of the event ("five (5) years from the
  // Reseller's first purchase order (the “Initial Term”)").
  return { other: phrase.replace(DEFINITION_AFTER, '').trim().replace(/\s+/gu, ' ') };
}
const DEFINITION_AFTER = /\((?:the\s+|each\s+(?:a|an|the)\s+|an?\s+)?["“][^"”]{1,60}["”]?\)?\s*$/iu;

/**
 * A definition of something else than the term (“"Quarter" means any period of three (3)
 * consecutive calendar months”, “As used in this Agreement, the term “Post-Term Period” shall mean
 * a … period of two (2) years from the date of …”); “"Contract Period" shall mean …” is the term's.
 * A period named for what it restricts or follows (a non-compete's "Post-Term Period", a
 * "Restricted Period", a "Cure Period") is not the agreement's term.
 */
const DEFINED = /^\W*(?:\(?[a-z0-9]{1,4}[.)]\s*)?(?:as\s+used\s+(?:in|herein)[^,"“]{0,40},\s*)?(?:the\s+(?:term|phrase|expression)\s+)?["“]([^"”]{1,60})["”]\s+(?:means|shall\s+mean|has\s+the\s+meaning|is\s+defined)\b/iu;
const NOT_THE_TERM = /(?:^|[\s-])(?:post|pre|restricted|restriction|non-?compet\w*|non-?solicit\w*|cure|notice|warranty|exclusivity|exclusive|payment|royalty|tail|transition|wind-?down|lock-?up|standstill|survival|trial|evaluation|review|audit|holdback|blackout|cooling)(?![\p{L}])/iu;
function otherDefinition(sentence: string): boolean {
  const m = DEFINED.exec(sentence);
  return !!m && (!/\b(?:term|period|duration)\b/iu.test(m[1]!) || NOT_THE_TERM.test(m[1]!));
}

/** The date the initial term ends: absolute, a length from the start, or none (perpetual). */
export function extractExpiration(text: string, context: ValueContext = {}): TypedValue | null {
  let relative: TypedValue | null = null;
  let perpetual: TypedValue | null = null;
  let otherAnchored: TypedValue | null = null;
  let deadline: TypedValue | null = null;
  let onEvent: TypedValue | null = null;
  let redacted: TypedValue | null = null;
  for (const s of sentences(text).flatMap(lettered)) {
    // A survival clause says what outlasts the term ("shall survive … in perpetuity"); a recital tells the history ("WHEREAS, the initial term of Schedule 1 was for three years"), not this term.
    if (!TERM.test(s.text.replace(TERM_AS_TIME, ' ')) || RECITAL.test(s.text) || SURVIVAL.test(s.text) || otherDefinition(s.text)) continue;
    // Lengths before the renewal are the initial term's; a heading run into the sentence ("3. Term
    // and Renewal The term of …") names the section and is not where the renewal starts.
    const lead = HEADING_LEAD.exec(s.text)?.[0].length ?? 0;
    const cueAt = renewalAt(s.text, lead);
    const renewAt = cueAt < 0 ? Number.POSITIVE_INFINITY : cueAt;
    const dates = datesAndYearEnds(s.text);
    let start: Found<string> | null = null;
    let previous: Found<string> | null = null;
    for (const date of dates) {
      if (date.index > renewAt) break;
      const last = previous;
      previous = date;
      // "from approximately October 1, 2009 to approximately December 31, 2009", "on or about":
      // the date is the one meant, approximately or not.
      const before = s.text.slice(Math.max(0, date.index - 60), date.index).replace(ABOUT, '');
      if (START_BEFORE.test(before)) {
        start ??= date;
        continue;
      }
      if (UNTIL.test(before) || (last && RANGE.test(s.text.slice(last.index + last.text.length, date.index).replace(ABOUT, '')))) {
        // "for one (1) year commencing on the Effective Date and ending on February 19, 2013": the length goes with the date.
        // Not a length counted from an event ("five (5) years following the date of launch …, but in no event later than …").
        const stated = durationsIn(s.text.slice(0, date.index)).find((f) => {
          if (!termLength(s.text, f, renewAt)) return false;
          const from = countedFrom(s.text.slice(f.index + f.text.length, f.index + f.text.length + 120));
          return from === null || from === 'start';
        });
        const value = { type: 'date' as const, iso: date.value, ...(stated ? { length: unitOf(stated.value) } : {}) };
        const found: TypedValue = { kind: 'expiration_date', value, display: date.value, span: { start: s.start + date.index, end: s.start + date.index + date.text.length } };
        // "on or before March 31, 2017", "no later than": a deadline inside the term (a fee paid, a
        // report due) as often as its end; it gives way to a length the passage states.
        if (!DEADLINE.test(before)) return withOtherEnd(found, s);
        deadline ??= withOtherEnd(found, s);
      }
    }
    if (relative) continue;
    const anchorIso = start?.value ?? context.effectiveDate ?? null;
    const anchor = start ? start.text : EFFECTIVE_DATE_ANCHOR;
    // A length counts from the start the sentence states, else the effective date, unless its own
    // words name another point ("the tenth anniversary of the first sale": no date resolves it);
    // such an end is kept only if no sentence counts one from the contract's start.
    const anchored = (at: number, length: number, d: DurationValue): TypedValue | null => {
      const from = countedFrom(s.text.slice(at + length, at + length + 120));
      if (!from) return withOtherEnd(relativeValue(s, at, length, d, anchorIso, anchor), s);
      // "ends on the first anniversary of the date of this Agreement", though the term began on another date.
      if (from === 'start') return withOtherEnd(context.effectiveDate ? relativeValue(s, at, length, d, context.effectiveDate, EFFECTIVE_DATE_ANCHOR) : relativeValue(s, at, length, d, anchorIso, anchor), s);
      if ('date' in from) return withOtherEnd(relativeValue(s, at, length, d, from.date.value, from.date.text), s);
      otherAnchored ??= withOtherEnd(relativeValue(s, at, length, d, null, from.other, OTHER_ANCHOR), s);
      return null;
    };
    const anniversary = ANNIVERSARY.exec(s.text) ?? YEAR_ANNIVERSARY.exec(s.text);
    let counted = false;
    if (anniversary && anniversary.index < renewAt) {
      const word = anniversary[1]!.toLowerCase();
      const years = ORDINALS[word] ?? CARDINALS[word] ?? Number.parseInt(word, 10);
      if (years > 0) {
        relative = anchored(anniversary.index, anniversary[0].length, { amount: years, unit: 'years' });
        counted = true;
      }
    }
    const nth = counted ? null : END_OF_NTH.exec(s.text);
    const nthLength = nth && nth.index < renewAt ? nthEnd(nth) : null;
    if (nth && nthLength) {
      relative = anchored(nth.index, nth[0].length, nthLength);
      counted = true;
    }
    const length = durationsIn(s.text).find((f) => termLength(s.text, f, renewAt));
    if (!counted && length) relative = anchored(length.index, length.text.length, unitOf(length.value));
    const p = PERPETUAL.exec(s.text);
    if (!perpetual && p && p.index < renewAt && !length) {
      perpetual = { kind: 'expiration_date', value: { type: 'perpetual' }, display: 'none: it runs until terminated', span: { start: s.start + p.index, end: s.start + p.index + p[0].length } };
    }
    // "it will have a duration of [*****] as from the Start Date", "shall expire on [***]": the filed copy blanks the length or the date out.
    const hidden = counted || length || redacted ? undefined : redactedSlots(s.text).find((r) => r.index < renewAt && redactedEnd(s.text, r));
    if (hidden) redacted = redactedValue('expiration_date', hidden, s.start);
    const e = counted || length || dates.length > 0 ? null : (EVENT_END.exec(s.text) ?? CONTINUES_UNTIL_EVENT.exec(s.text));
    if (!onEvent && e && e.index < renewAt) {
      onEvent = { kind: 'expiration_date', value: { type: 'perpetual', onEvent: true }, display: 'none: it ends on an event', span: { start: s.start + e.index, end: s.start + e.index + e[0].length }, confidence: EVENT_END_CONFIDENCE };
    }
  }
  return relative ?? deadline ?? perpetual ?? otherAnchored ?? redacted ?? onEvent;
}

/** A length in a sentence that is the term's own: years or months, before any renewal, not a notice, a point inside the term or a period after it. */
function termLength(sentence: string, f: Found<Duration>, renewAt: number): boolean {
  if (f.index >= renewAt || noticeLike(sentence, f) || (f.value.unit !== 'years' && f.value.unit !== 'months')) return false;
  // "after the first three months of the Term", "within a period of six (6) months": a point inside the term, not its length.
  if (/\b(?:first|after(?:\s+the)?|within(?:\s+a\s+(?:period|term)\s+of)?|last|preceding)\s*$/iu.test(sentence.slice(Math.max(0, f.index - 30), f.index))) return false;
  // "for a two-year period following the termination date" runs after the term ends.
  return !AFTER_END.test(sentence.slice(f.index + f.text.length, f.index + f.text.length + 50));
}

/** A redacted end of the term: a length in years or months, a bare mark where the term's length or its end date goes; not a notice, nor a period after the end. */
function redactedEnd(sentence: string, r: RedactedSlot): boolean {
  if (noticeLike(sentence, r) || AFTER_END.test(sentence.slice(r.index + r.text.length, r.index + r.text.length + 50))) return false;
  const before = sentence.slice(Math.max(0, r.index - 60), r.index);
  // "within a time period of [*****] starting from the Delivery date", "within [***] months after
  // the Effective Date": a time inside the term, as for a length written out.
  if (/\b(?:within|first|last|preceding|after)\b[^.;]{0,25}$/iu.test(before)) return false;
  if (r.unit === 'years' || r.unit === 'months') return true;
  return r.unit === null && (LENGTH_LEAD.test(before) || UNTIL.test(before));
}

/**
 * The contract itself ends on events it names, with no date or length in the sentence: "This
 * Agreement shall terminate upon the Trust's payment …", "This Agreement shall take effect as of
 * the Effective Date and shall expire upon completion of the Project …", "… shall terminate as to the Remarketing
 * Agent … upon the earliest to occur of (a) …", "This agreement shall terminate: a. Automatically
 * if …". Not "either party may terminate" (a right, not the end of the term); « Le présent contrat
 * prend fin de plein droit lors de … », "Dieser Vertrag endet mit …".
 */
const EVENT_END = /\b(?:agreement|contract)\s+(?:shall|will)\s+(?:(?:take\s+effect|commence|begin|become\s+effective)\b[^.;:]{0,80}?\band\s+(?:shall|will)\s+)?(?:automatically\s+)?(?:terminate|expire|end|cease\s+to\s+be\s+in\s+effect)\b(?:\s+(?:as\s+to|with\s+respect\s+to|in\s+respect\s+of)\s+[^.;:]{1,120}?)?\s*(?::|(?:automatically\s+|immediately\s+)?(?:upon|on\s+the\s+(?:earlier|earliest|first|occurrence|completion|date\s+(?:on\s+)?which)|if|when|at\s+such\s+time\s+as)\b)(?!\s*(?:the\s+)?(?:expiration|expiry|end|termination|conclusion)\s+of\s+(?:the|this|its|such)\s+(?:[\w-]+\s+){0,2}?(?:agreement|contract|term|period)\b|\s*(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|forty-five|sixty|ninety)\b|(?:prior\s+)?(?:written\s+)?notice\b))|\b(?:contrat|convention)\s+prendra\s+fin\s+(?:de\s+plein\s+droit\s+)?(?:lors\s+d|dès|à\s+la\s+date\s+à\s+laquelle|en\s+cas\s+d)|\bVertrag\s+endet\s+(?:automatisch\s+)?(?:mit\s+(?:dem|der)|sobald|wenn)\b/iu;

/**
 * The term runs until an event it names, not a date: "shall continue in force and effect until (a)
 * the date of expiration of the last Royalty Term …", "will continue until the expiration of the
 * Warranty Period", "until the expiration or earlier termination of the last Addendum". Not the
 * end of the agreement's own term or period ("until the expiration of this Agreement" says nothing).
 */
const CONTINUES_UNTIL_EVENT = /\b(?:continue|remain)s?\s+(?:(?:in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?|effective|valid|in\s+effect)\s+)?until\s+(?:\(\w{1,3}\)\s*)?(?:the\s+)?(?:date\s+(?:of|on\s+which)\s+)?(?:the\s+)?(?:expiration|expiry|end|completion|termination|later|earlier|earliest|latest|first)\b(?!\s+(?:or\s+(?:earlier\s+)?termination\s+)?of\s+(?:the|this|its|such)\s+(?:(?:initial|renewal|then[-\s]current|current|original|extended|license|licence)\s+)?(?:agreement|contract|term|period)\b)/iu;

/**
 * An end on an event gives way to any end a source states with a date, a length or "until
 * terminated" (a termination clause's "shall terminate automatically upon the bankruptcy of …"
 * is in contracts with a fixed term too); it answers only when no source states one.
 */
const EVENT_END_CONFIDENCE = 0.4;

/** "the end of 2006", "the end of calendar year 2010": its last day (a fiscal year's end is not known). */
const YEAR_END = /\b(?:the\s+)?end\s+of\s+(?:the\s+)?(?:calendar\s+year\s+)?((?:19|20)\d{2})\b/giu;

/** The sentence's dates, with the ends of the years it names as dates, in order. */
function datesAndYearEnds(text: string): Found<string>[] {
  const ends = [...text.matchAll(YEAR_END)].map((m) => ({ value: `${m[1]}-12-31`, text: m[0], index: m.index }));
  return [...findDates(text), ...ends].sort((a, b) => a.index - b.index);
}

/**
 * A date joined to the date before it by a bare "to" or dash ends a range ("January 1, 2020 to
 * December 31, 2020", "1.1.2020 - 31.12.2020"); alone, "to" or a dash ends nothing ("automatically
 * be adjusted to December 15, 2017", a page number "-8-" before a letter's date).
 */
const RANGE = /^\s*(?:,\s*)?(?:to|-|–|—)\s*(?:the\s+)?$/iu;

/** A date's approximation, set aside before the cues above are read: "to approximately", "on or about" (→ "on"). */
const ABOUT = /(?<![\p{L}\p{N}])(?:approximately|about|around|circa|or\s+about|environ|etwa|ungefähr|ca\.)\s*$/iu;

/** Cues of UNTIL that name a deadline as readily as an end. */
const DEADLINE = /(?:on\s+or\s+before|(?:in\s+no\s+event\s+|no\s+)later\s+than)\s*(?:the\s+)?$/iu;

/** The confidence of an end counted from another event than the contract's start: a source stating one from its start comes first (answer/extractive.ts). */
const OTHER_ANCHOR = 0.5;

/** The defined term right after a date: "(the "Effective Date")", "(“Effective Date”)", « (la « Date d’effet ») ». */
const NAMED_EFFECTIVE = /^\s*(?:,\s*)?\(\s*(?:the\s+|la\s+|das\s+)?["“«„]?\s*(?:effective\s+date|date\s+d['’]effet|datum\s+des\s+inkrafttretens|inkrafttreten)/iu;
const STARTS = /(?<![\p{L}\p{N}_])(?:effective|commenc\w*|begin\w*|start\w*|dated|as\s+of|entered\s+into|made|en\s+date\s+du|à\s+compter\s+du|prend\w*\s+effet\s+(?:le|au)|entr\w*\s+en\s+vigueur\s+le|vom|ab\s+dem|mit\s+wirkung\s+(?:zum|vom)|tritt\s+(?:am|zum))\s*(?:on|upon|as\s+of|as\s+from|as|from|this)?\s*(?:the\s+)?$/iu;
/** The start named, then its date: "“Effective Date” shall mean December 5, 2014", "The commencement date for this contract will be 16th June 2004", "The Effective Date of this Agreement … is September 21, 1998". */
const START_NAMED_IS = /\b(?:effective|commencement|start(?:ing)?)\s+date\b[^.;]{0,80}?\b(?:is|means|shall\s+(?:mean|be)|will\s+be)\s*:?\s*(?:the\s+)?$/iu;

/** The date the contract takes effect, from the passage, else the document's. */
export function extractEffectiveDate(text: string, context: ValueContext = {}): TypedValue | null {
  for (const s of sentences(text)) {
    for (const date of findDates(s.text)) {
      // "dated as of …", "effective …", or the date the sentence names the Effective Date right
      // after it ("dated for reference the 1st day of February, 2020 (the "Effective Date")").
      const after = s.text.slice(date.index + date.text.length, date.index + date.text.length + 40);
      if (STARTS.test(s.text.slice(Math.max(0, date.index - 40), date.index)) || NAMED_EFFECTIVE.test(after) || START_NAMED_IS.test(s.text.slice(Math.max(0, date.index - 120), date.index))) {
        return { kind: 'effective_date', value: { type: 'date', iso: date.value }, display: date.value, span: { start: s.start + date.index, end: s.start + date.index + date.text.length } };
      }
    }
  }
  void context;
  return null;
}
