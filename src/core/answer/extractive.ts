/**
 * Extractive answers: no model writes anything. The answer quotes, verbatim, the sentence of
 * each of the best retrieved passages that best answers the question (relevance.ts) — as a
 * "> " block quote with its citation, in retrieval order, at most three. The top passage always
 * speaks first (retrieval ranks passages better than term overlap ranks sentences); a lower one
 * only when its best sentence scores at least half as well as the best sentence anywhere. When
 * no sentence holds a question term (the passages were found by meaning), the top passage's
 * opening sentence stands in. A very long sentence is cut to the window holding most of the
 * question terms, the cuts marked with "…", which the quote check reads as omissions.
 *
 * When the question asks for a value (the governing law, a renewal term, a notice period, the
 * expiration or effective date, the liability cap: values/extract.ts), the answer leads with it
 * ("New York law governs [1].") and quotes first the sentence that states it, then only other
 * sentences that state such a value. A heading, a
 * contents line or the testimonium ("IN WITNESS WHEREOF …") is never quoted as the answer, and a
 * definition only when nothing else answers.
 *
 * This is the answer when no model is selected, and the fallback whenever the model fails.
 * On the CUAD dev set (98 answerable questions) choosing by sentence score alone cited the
 * evidence for 60 %; leading with the top passage, 80 % (see the README's evaluation).
 */
import { documentLabel } from '../ingest/identity/label';
import { expectedAnswerType, mentionsAnswerType, type AnswerType } from '../search/answer-type';
import { DEFAULT_LANGUAGE } from '../search/languages';
import { extractValue, valueKindOf, valueContext } from '../values/extract';
import type { ValueKind } from '../values/types';
import { renewsItself } from '../values/renewal';
import { messages } from './messages';
import { isDefinition, isExecutionLine, isHeadingOnly, isOpeningStatement, isTocLine } from './quote-kind';
import { isContentsPassage } from '../text/contents';
import { withoutNextLabel } from '../text/sentences';
import { SentenceRanker, type ScoredSentence } from './relevance';
import type { AnswerSource, AnswerValue } from '../answer-types';
import { valueNotStated, valueSentence } from './value-line';

const MAX_SENTENCES = 3;
/** Quotes kept for an ask about a clause after the values of several documents. */
const CLAUSE_QUOTES = 2;
/** A lower-ranked passage is quoted when its best sentence scores at least this share of the best. */
const RELATIVE = 0.5;
/** A further passage's sentence is quoted when it reads as the asked kind at least this surely (one logit above its threshold). */
const FURTHER_QUOTE_KIND = 1 / (1 + Math.exp(-1));
/**
 * When a sentence shown reads as the kind surely (ask/kind-sentences.ts), a further one that does
 * not is quoted only this far above the kind's threshold by the model alone (two logits). Chosen on
 * train, cross-validated clause scores (natural wording): requiring every further sentence to be
 * sure put 74 % of quotes on the evidence against 57 %, but lost the evidence quote of 1.0 % of
 * the questions; two logits alone, 66 % and 0.2 %; three logits, 72 % and 1.0 %.
 */
const FURTHER_QUOTE_KIND_ALONE = 1 / (1 + Math.exp(-2));
const MAX_SENTENCE = 420;
/** Characters kept before the first question term of a cut sentence. */
const LEAD_IN = 120;

interface Pick {
  readonly source: AnswerSource;
  readonly sentence: ScoredSentence;
}

/**
 * The sentence, or for a very long one the word-aligned window of MAX_SENTENCE characters that
 * holds the most distinct question terms (or, given `must`, the value's span), starting a little
 * before the first of them.
 */
function excerpt(text: string, s: ScoredSentence, must?: { start: number; end: number }): string {
  // The next item's label run into the sentence ("… lost profits). c.") is not part of it.
  const sentence = withoutNextLabel(text.slice(s.start, s.end));
  if (sentence.length <= MAX_SENTENCE) return sentence;
  let anchor = 0;
  let best = 0;
  if (must) anchor = Math.max(0, must.start - s.start - LEAD_IN);
  else {
    for (const hit of s.hits) {
      const at = Math.max(0, hit.at - s.start - LEAD_IN);
      const covered = new Set(s.hits.filter((h) => h.at - s.start >= at && h.at - s.start < at + MAX_SENTENCE).map((h) => h.term)).size;
      if (covered > best) {
        best = covered;
        anchor = at;
      }
    }
  }
  let from = anchor > 0 ? sentence.indexOf(' ', anchor) + 1 : 0;
  // Near the end: slide back so the window stays full.
  if (sentence.length - from < MAX_SENTENCE) from = Math.max(0, sentence.lastIndexOf(' ', sentence.length - MAX_SENTENCE) + 1);
  let to = from + MAX_SENTENCE >= sentence.length ? sentence.length : sentence.lastIndexOf(' ', from + MAX_SENTENCE);
  if (to <= from) to = Math.min(sentence.length, from + MAX_SENTENCE);
  // A value running past the window (the parties of a preamble with their addresses and the names
  // each goes by) is quoted whole, up to twice the window.
  const mustEnd = must ? Math.min(sentence.length, must.end - s.start) : -1;
  if (mustEnd > to && mustEnd - from <= 2 * MAX_SENTENCE) to = mustEnd;
  return `${from > 0 ? '… ' : ''}${sentence.slice(from, to).trim()}${to < sentence.length ? ' …' : ''}`;
}

/** A sentence that can be quoted as the answer: not a heading, not a contents line, not the testimonium above the signatures. */
function quotable(text: string, s: ScoredSentence): boolean {
  const body = text.slice(s.start, s.end);
  return !isHeadingOnly(body) && !isTocLine(body) && !isExecutionLine(body) && !insideBrackets(body);
}

/**
 * A piece cut at a bracket (a redaction "[...***...]" read as a sentence end): it closes a bracket
 * it never opened ("***...] after receipt of …") or opens one it never closes ("… within [...").
 */
function insideBrackets(body: string): boolean {
  const close = body.indexOf(']');
  if (close >= 0 && !body.slice(0, close).includes('[')) return true;
  const open = body.lastIndexOf('[');
  return open >= 0 && !body.slice(open).includes(']');
}

/**
 * How strongly a sentence of a source reads as a clause of the kind the question asks about:
 * `score` 0.5 at the kind's threshold, 0 when it does not; `sure` when it reads as the kind as
 * surely as a contract is held to have it (ask/kind-sentences.ts).
 */
export interface KindReading {
  readonly score: number;
  readonly sure: boolean;
}
export type SentenceKind = (source: AnswerSource, sentence: string) => KindReading;
export const NOT_OF_KIND: KindReading = { score: 0, sure: false };

/**
 * A sentence of the asked kind scores this many more (in summed question-term idf: several
 * distinct question terms), so it is quoted before sentences that only share the question's
 * words ("owned by the Client" in a warranty) and a passage whose sentence is the clause is
 * quoted though its words differ. Chosen on the train split (README, "Quotes that answer"): the
 * share of answerable questions whose quote holds the evidence rose with the weight, 0 → 1 → 2 →
 * 4 → 8 → 16: 79.3 → 82.9 → 83.8 → 85.1 → 85.5 → 86.1 % (natural wording, 0 / 4 / 16: 68.2 /
 * 80.0 / 81.5 %); at 16 a sentence of the kind comes before any that is not, and the question's
 * words order the sentences within each group.
 */
const KIND_WEIGHT = 16;

function withKind(text: string, sentences: readonly ScoredSentence[], source: AnswerSource, kindOf: SentenceKind | undefined): readonly ScoredSentence[] {
  if (!kindOf) return sentences;
  return sentences.map((s) => {
    const kind = kindOf(source, text.slice(s.start, s.end)).score;
    return kind >= 0.5 ? { ...s, score: s.score + KIND_WEIGHT * kind } : s;
  });
}

/**
 * A sentence stating what the question asks for (answer-type.ts: an amount for "how much", a
 * period or date for "how long" / "when", a place of law for "which law") scores this much more
 * (in summed question-term idf: about one question term), so that among sentences sharing the
 * question's words the one that answers is quoted: "how much does HDS pay?" quotes "HDS will
 * provide payment of Fifty Thousand … Dollars ($50,000)" before "A. In-kind Payment: HDS will
 * provide Celebrity with a one (1) year complimentary supply". Only a sentence that holds a
 * question term gains (it reorders, never makes a sentence relevant). Measured on the train split
 * (cross-validated clause scores), against none: it changed one quote of the 828 natural
 * questions and one of set E's (a second passage's quote each, off the evidence; the share of
 * questions quoting the evidence unchanged) — CUAD's questions rarely ask "how much"; kept for the
 * questions that do.
 */
const ANSWER_TYPE_WEIGHT = 1;

function withAnswerType(text: string, sentences: readonly ScoredSentence[], type: AnswerType | null, language: string): readonly ScoredSentence[] {
  if (!type) return sentences;
  return sentences.map((s) => (s.score > 0 && mentionsAnswerType(text.slice(s.start, s.end), type, language) ? { ...s, score: s.score + ANSWER_TYPE_WEIGHT } : s));
}

/** Pages of a contract where its opening statement may stand (after a cover page). */
const OPENING_PAGES = 2;

/**
 * Whether a sentence is a contract's opening statement ("… dated April 15, 1994 by and between
 * …"), set aside like a definition when a clause is asked: the title of an "Exclusive Distributor
 * Agreement" gives it the words of the exclusivity asked about, and it names the parties, not what
 * the clause provides. Asked for the parties or the effective date, it is the answer.
 */
function opensContract(source: AnswerSource, sentence: string, asked: ValueKind | null): boolean {
  return asked !== 'parties' && asked !== 'effective_date' && source.pageStart <= OPENING_PAGES && isOpeningStatement(sentence);
}

/**
 * Words asking what a contract's opening statement says (en/fr/de): who the parties are, what the
 * contract is or is about, when it was made or takes effect, what it is called.
 */
const ASKS_OPENING = /(?<![\p{L}\p{N}])(?:who|whom|whose|part(?:y|ies)|between|about|purpose|dated?|signed|executed|entered|effective|title[ds]?|called|named?|kind|type|what\s+(?:is|are)\s+(?:this|these|the|our)\s+(?:[\p{L}-]+\s+){0,3}?(?:agreements?|contracts?|documents?|deals?)\s*\??\s*$|qui|entre|objet|daté|signé|conclu|wer|parteien|zwischen|gegenstand|datiert|unterzeichnet|geschlossen)(?![\p{L}\p{N}])/iu;

function asksWhatOpeningSays(question: string): boolean {
  return ASKS_OPENING.test(question);
}

/** The best quotable sentence of a source; a definition (or what `aside` sets aside) only when it is all there is. */
function bestSentence(text: string, sentences: readonly ScoredSentence[], aside: (sentence: string) => boolean = () => false): ScoredSentence | undefined {
  const ok = sentences.filter((s) => quotable(text, s));
  const ordered = [...ok].sort((a, b) => b.score - a.score || a.start - b.start);
  return ordered.find((s) => s.score > 0 && !isDefinition(text.slice(s.start, s.end)) && !aside(text.slice(s.start, s.end))) ?? ordered[0];
}

export interface ExtractiveAnswer {
  readonly text: string;
  /** No sentence of the passages can be quoted as an answer (they are headings or contents lines only). */
  readonly empty?: boolean;
  /** The value the question asks for, as the answer states it first; null when none is asked or found. */
  readonly value: AnswerValue | null;
}

type FoundValue = { value: AnswerValue; index: number; sentence: ScoredSentence };

/**
 * The value of `kind` (the one the question asks for), with the sentence holding it: from the
 * first source stating it plainly, else the most plainly stated among the first few; a value in
 * a sentence that reads as the asked clause (`kindOf`) before one that does not ("an initial term
 * of ten (10) years" before a forecast "for each of the next three (3) Calendar Years" ranked above it).
 */
function findValue(kind: ValueKind | null, sources: readonly AnswerSource[], ranker: SentenceRanker, kindOf?: SentenceKind, among?: readonly number[]): FoundValue | null {
  if (!kind) return null;
  const found: (FoundValue & { reads: boolean })[] = [];
  for (const index of among ?? sources.slice(0, VALUE_SOURCES).map((_, i) => i)) {
    const source = sources[index]!;
    const value = extractValue(kind, source.text, valueContext(source));
    if (!value) continue;
    const sentences = ranker.of(index);
    const first = sentences.find((x) => x.start <= value.span.start && value.span.start < x.end);
    if (!first) continue;
    // A value running past its sentence's end (parties' names across "VAPOTHERM, INC. AND MEDICA,
    // S.p.A.", which the splitter cuts after "INC.") is quoted through the sentence it ends in.
    const last = sentences.find((x) => x.start < value.span.end && value.span.end <= x.end);
    const sentence = last && last.end > first.end ? { ...first, end: last.end } : first;
    found.push({ value: { ...value, source: source.n }, index, sentence, reads: !kindOf || kindOf(source, source.text.slice(sentence.start, sentence.end)).score >= 0.5 });
  }
  const reading = found.filter((f) => f.reads);
  const pool = reading.length > 0 ? reading : found;
  const confidence = (f: FoundValue) => f.value.confidence ?? 1;
  return pool.find((f) => confidence(f) >= 1) ?? pool.reduce<FoundValue | null>((best, f) => (!best || confidence(f) > confidence(best) ? f : best), null);
}

/**
 * Asked when the term ends, the renewal the same passage makes happen by itself: "… will end on
 * December 31, 1998. … Thereafter this Agreement will automatically be renewed for successive
 * additional periods of one year, unless either party gives notice …" — the end alone would tell a
 * lawyer the contract is over. Not a renewal someone must choose ("may be extended by mutual
 * agreement"): that one is the answer only when it is asked.
 */
function renewalBeside(end: FoundValue, sources: readonly AnswerSource[], ranker: SentenceRanker): FoundValue | null {
  const renewal = findValue('renewal_term', sources, ranker, undefined, [end.index]);
  if (!renewal || renewal.value.value.type === 'redacted') return null;
  const source = sources[renewal.index]!;
  return renewsItself(source.text.slice(renewal.sentence.start, renewal.sentence.end)) === 'yes' ? renewal : null;
}

/** Sources a value is looked for in (the best-ranked ones). */
const VALUE_SOURCES = 5;
/** Documents whose value is stated, each on its line, when the passages shown come from several. */
const VALUE_DOCUMENTS = 5;

/** The first source of each document among the sources, in order. */
function documentsShown(sources: readonly AnswerSource[]): AnswerSource[] {
  const seen = new Set<string>();
  return sources.filter((s) => !seen.has(s.documentId) && seen.add(s.documentId));
}

/**
 * With passages from several documents, the value of each other document among them (in the
 * order the documents first appear, at most VALUE_DOCUMENTS in all), looked for in that
 * document's best VALUE_SOURCES passages: "which law governs?" over three contracts states each
 * contract's law, not the first one found.
 */
function valuesOfOtherDocuments(kind: ValueKind | null, first: FoundValue | null, sources: readonly AnswerSource[], ranker: SentenceRanker, kindOf?: SentenceKind): FoundValue[] {
  if (!kind) return [];
  const byDocument = new Map<string, number[]>();
  sources.forEach((s, i) => byDocument.set(s.documentId, [...(byDocument.get(s.documentId) ?? []), i]));
  if (byDocument.size < 2) return [];
  const done = first ? sources[first.index]!.documentId : null;
  const out: FoundValue[] = [];
  for (const [documentId, indexes] of byDocument) {
    if (documentId === done) continue;
    if (out.length + (first ? 1 : 0) >= VALUE_DOCUMENTS) break;
    const f = findValue(kind, sources, ranker, kindOf, indexes.slice(0, VALUE_SOURCES));
    if (f) out.push(f);
  }
  return out;
}

/** The extractive answer's text (lead line, then one cited block quote per sentence). */
export function composeExtractive(question: string, sources: readonly AnswerSource[], language: string | null, kindOf?: SentenceKind): string {
  return extractiveAnswer(question, sources, language, kindOf).text;
}

/** The extractive answer and the value it states first, if any. */
/** `valueKind`: the value the question asks for, as the ask path read it (ask/types.ts askedValue); else read from the question's words. */
export interface FurtherAsks {
  /**
   * The values the question's further asks ask for ("… and does it renew?": the renewal term),
   * each stated on a line of its own after the first, its sentence quoted after the first value's.
   */
  readonly values?: readonly ValueKind[];
  /** What no passage shown answers of the question's asks ("No passage in SUPPLY AGREEMENT is a non-compete clause."), said after the values. */
  readonly unanswered?: readonly string[];
  /** An ask is about a clause and asks no value ("… and can it be assigned?"): a sentence reading as the asked kinds is quoted though it states no value. */
  readonly clauses?: boolean;
}

export function extractiveAnswer(question: string, sources: readonly AnswerSource[], language: string | null, kindOf?: SentenceKind, valueKind?: ValueKind | null, more: FurtherAsks = {}): ExtractiveAnswer {
  if (sources.length === 0) return { text: messages(language).noPassages, value: null };
  const ranker = new SentenceRanker(
    question,
    sources.map((s) => s.text),
    sources.map((s) => s.language),
  );
  const asked = valueKind === undefined ? valueKindOf(question) : valueKind;
  const found = findValue(asked, sources, ranker, kindOf);
  // The contract's opening statement is set aside like a definition when a clause is asked, or
  // when the question asks nothing the opening statement says (who the parties are, what the
  // contract is, its date): "what happens if miltenyi can't supply?" shares "supply" with the
  // title of a "SUPPLY AGREEMENT … by and between Miltenyi Biotec GmbH …", not what it asks.
  const asideAsOpening = (source: AnswerSource, sentence: string) => (kindOf !== undefined || !asksWhatOpeningSays(question)) && opensContract(source, sentence, asked);
  const type = expectedAnswerType(question, language ?? DEFAULT_LANGUAGE);
  const bestOf = sources.map((source, i) => {
    const scored = withAnswerType(source.text, withKind(source.text, ranker.of(i), source, kindOf), type, source.language ?? language ?? DEFAULT_LANGUAGE);
    // A table of contents run into a passage names the clauses it lists without being one of them ("Upfront Payment 5 3.2. Milestone payments 5 3.3. Royalties 6"): context at most.
    const sentence = isContentsPassage(source.text) ? undefined : bestSentence(source.text, scored, (t) => asideAsOpening(source, t));
    return { source, sentence, kind: sentence && kindOf ? kindOf(source, source.text.slice(sentence.start, sentence.end)) : NOT_OF_KIND };
  });
  const top = Math.max(0, ...bestOf.map((b) => b.sentence?.score ?? 0));
  const readsAsKind = bestOf.some((b) => b.kind.score >= 0.5);
  const readsSurely = bestOf.some((b) => b.kind.sure);
  const further = (more.values ?? []).filter((v) => v !== asked).map((kind) => ({ kind, found: findValue(kind, sources, ranker, kindOf) }));
  // With passages of several documents, each other document's value too.
  const elsewhere = valuesOfOtherDocuments(asked, found, sources, ranker, kindOf);
  const furtherElsewhere = further.map((f) => valuesOfOtherDocuments(f.kind, f.found, sources, ranker, kindOf));
  const renews = asked === 'expiration_date' && found && !further.some((f) => f.kind === 'renewal_term') ? renewalBeside(found, sources, ranker) : null;
  const values = [found, ...elsewhere, renews, ...further.flatMap((f, i) => [f.found, ...furtherElsewhere[i]!])].filter((f): f is FoundValue => f !== null);
  // The same words are quoted once: a clause repeated in a schedule or a second copy adds no
  // evidence. Every value stated is quoted, from its own document (two contracts in the same words
  // each state theirs), so these quotes may run past MAX_SENTENCES.
  const words = (p: Pick) => p.source.text.slice(p.sentence.start, p.sentence.end).replace(/\s+/gu, ' ').trim().toLowerCase();
  const quoted = new Set<string>();
  const chosen: Pick[] = [];
  for (const f of values) {
    const pick = { source: sources[f.index]!, sentence: f.sentence };
    if (chosen.some((c) => c.source.documentId === pick.source.documentId && words(c) === words(pick))) continue;
    chosen.push(pick);
    quoted.add(words(pick));
  }
  const valuePicks = chosen.length;
  // An ask about a clause beside the values ("who are the parties and is there a non-compete?")
  // keeps room for the clause's own quotes when each document's value took the first ones.
  const room = more.clauses ? Math.max(MAX_SENTENCES, valuePicks + CLAUSE_QUOTES) : MAX_SENTENCES;
  const statesAsked = (text: string, source: AnswerSource) => [asked, ...further.map((f) => f.kind)].some((k) => k !== null && extractValue(k, text, valueContext(source)) !== null);
  bestOf.forEach((b, i) => {
    if (chosen.length >= room || !b.sentence || b.sentence.score <= 0) return;
    if (found && i === found.index) return;
    if (quoted.has(words({ source: b.source, sentence: b.sentence }))) return;
    // With the value found, another passage is quoted only when it states such a value too (a
    // second renewal term, the law of a schedule): "which law applies?" does not quote a tax clause
    // because it says "applying".
    if (values.length > 0 && !(more.clauses && b.kind.score >= 0.5) && !statesAsked(b.source.text.slice(b.sentence.start, b.sentence.end), b.source)) return;
    if (i > 0 && b.sentence.score < top * RELATIVE) return;
    // A further passage's sentence joins the first's when it reads clearly as the asked clause (or
    // when no sentence shown reads as it at all): one that only reaches the kind's threshold is
    // mostly another clause in the same words ("Cargill will not pay or receive bribes" beside a
    // non-compete). When a sentence shown reads as it surely, the others must too, or read very
    // clearly to the model alone: the clause score takes many a short sentence of another clause
    // for the kind ("Each party shall bear its own costs." 0.92 as an insurance clause).
    if (i > 0 && readsAsKind && (b.kind.score < FURTHER_QUOTE_KIND || (readsSurely && !b.kind.sure && b.kind.score < FURTHER_QUOTE_KIND_ALONE))) return;
    chosen.push({ source: b.source, sentence: b.sentence });
    quoted.add(words({ source: b.source, sentence: b.sentence }));
  });
  // A definition is quoted after the clauses (the question is what the contract does, the
  // definition what its words mean): "what happens if one side gets bought?" opens with the clause
  // on a change of control, then "“Change of Control” means …". The value found stays first.
  // So is the contract's opening statement when a clause is asked.
  const defines = (p: Pick) => {
    const sentence = p.source.text.slice(p.sentence.start, p.sentence.end);
    return isDefinition(sentence) || asideAsOpening(p.source, sentence);
  };
  chosen.splice(valuePicks, Infinity, ...chosen.slice(valuePicks).filter((p) => !defines(p)), ...chosen.slice(valuePicks).filter(defines));
  const opening = ranker.of(0).find((x) => quotable(sources[0]!.text, x));
  if (chosen.length === 0 && opening) chosen.push({ source: sources[0]!, sentence: opening });
  // Headings and contents lines only: nothing answers, and the answer says so.
  if (chosen.length === 0) return { text: messages(language).insufficient, value: null, empty: true };
  // One line per quote: a line break inside would end the block quote.
  // A cut sentence keeps the value it was quoted for.
  const spanIn = (p: Pick) => values.find((v) => v.sentence === p.sentence && sources[v.index] === p.source)?.value.span;
  const lines = chosen.map((p) => `> ${excerpt(p.source.text, p.sentence, spanIn(p)).replace(/\s+/g, ' ')} [${p.source.n}]`);
  // Passages of several documents: each value's line says which document states it ("In SUPPLY
  // AGREEMENT — Fabrikam / Tailspin: New York law governs [2]"), the citation alone does not.
  const several = new Set(sources.map((s) => s.documentId)).size > 1;
  const stated = (f: FoundValue) => {
    const line = `${valueSentence(f.value, language)} [${f.value.source}]`;
    return several ? messages(language).valueIn(documentLabel({ name: sources[f.index]!.file, title: sources[f.index]!.title, parties: sources[f.index]!.parties }), line) : line;
  };
  // Not stated is said once when no document shown states it; when some do, of each other
  // document shown ("In SUPPLY AGREEMENT — …: None of these passages names the governing law.").
  const leadOf = (kind: ValueKind | null, f: FoundValue | null, others: readonly FoundValue[]): string[] => {
    const all = [f, ...others].filter((v): v is FoundValue => v !== null);
    const none = kind ? valueNotStated(kind, language) : null;
    if (all.length === 0) return none ? [none] : [];
    const stating = new Set(all.map((v) => sources[v.index]!.documentId));
    const silent = none ? documentsShown(sources).filter((d) => !stating.has(d.documentId)).slice(0, Math.max(0, VALUE_DOCUMENTS - all.length)) : [];
    return [...all.map(stated), ...silent.map((d) => messages(language).valueIn(documentLabel({ name: d.file, title: d.title, parties: d.parties }), none!))];
  };
  const leads = [...leadOf(asked, found, elsewhere), ...(renews ? [stated(renews)] : []), ...further.flatMap((f, i) => leadOf(f.kind, f.found, furtherElsewhere[i]!))];
  return { text: [...leads, ...(more.unanswered ?? []), messages(language).extractiveLead, ...lines].join('\n\n'), value: found?.value ?? values[0]?.value ?? null };
}
