/**
 * Document resolution: which document a question names, by the handles people use — a party's
 * name or short name, a brand, the title or its kind ("the Acme reseller agreement", "our deal
 * with Beta", "Dialog's distributorship", "Consider the Distributor Agreement between X and Y;
 * …") — and the question without the naming words, so they do not pull the title page up.
 *
 * Each document's evidence is scored by doc-match.ts; the decision (thresholds calibrated on the
 * train split of corpus-large, see RESOLUTION below):
 *   - resolved: the best document, with its copies (a contract and its scan), and any other
 *     document the question names by words of its own ("the Aura and the Energous agreements");
 *   - ambiguous: documents named by the same words about equally ("the Distributor Agreement"
 *     when there are two): the caller asks which, each with its title and parties;
 *   - not_found: the question names a document — a name-like word next to a document noun, or
 *     after "with" / "'s" — that no document here has: the caller says so and offers the closest
 *     documents, rather than searching everything without saying so;
 *   - none: the question names no document.
 */
import type { NamedDocument } from '../search-types';
import { callsAgreement, DOCUMENT_NOUNS, FOREIGN_DOCUMENT_NOUNS, foldedWords, handlesOf, LEGAL_FORMS, WHICH_ONE } from './doc-handles';
import { MAX_TEXT_HOLDERS, questionTokens, scoreDocuments, type DocumentEvidence, type MatchOptions, type QuestionToken } from './doc-match';
import { languageResources, SUPPORTED_LANGUAGES } from './languages';
import { questionStopWords } from './question-stopwords';

/** A stop word of any supported language counts as a function word (the question's language is not known here). */
const FUNCTION_WORDS = new Set([...SUPPORTED_LANGUAGES.flatMap((code) => [...(languageResources(code)?.stopWords ?? [])]), ...questionStopWords('en')]);
export const isFunctionWord = (word: string): boolean => FUNCTION_WORDS.has(word);

export interface Resolution {
  /** The best match. */
  readonly documentId: string;
  /**
   * Every document the question names about as well as the best (a contract and its scanned
   * copy, two agreements named each by its own parties): search them all. Best first.
   */
  readonly documentIds: readonly string[];
  /** The names found in the question, as written there. */
  readonly matched: readonly string[];
  /** The question with the matched names removed. */
  readonly remainder: string;
  /**
   * The question for reading what it asks about (the clause kind, the value): the matched names
   * removed, but a name that calls the document an agreement, a contract or a deal stands as
   * "agreement" ("how long does the Integrity services agreement last?" → "how long does the
   * agreement last?": the agreement's term, where "how long does the last?" reads as a warranty).
   */
  readonly kindText: string;
  readonly score: number;
}

export type { MatchOptions } from './doc-match';

/** A parenthesis declaring a defined term: it holds a quoted word. */
const DEFINITION = /\([^()]*["\u201c\u201d\u2018\u2019'][^()]*\)/gu;

/**
 * The decision's thresholds, on doc-match.ts scores (a word that is one document's name scores
 * about 1; a title word 0.6 of its specificity). Chosen on the train split of corpus-large (natural
 * and templated questions over all 150 contracts, and the same questions with their contract
 * removed, which must not resolve to another one): see `npm run train -- --resolution` output in
 * the README.
 */
const RESOLUTION = {
  /** The least score that names a document. */
  minScore: 0.55,
  /** Another document scoring at least this share of the best one is named about as well. */
  closeShare: 0.8,
  /** Another document named by words of its own is searched too when it scores at least this share of the best. */
  multiShare: 0.5,
  /** A document naming every word the best one does and more comes first from this share of its score. */
  fullerShare: 0.6,
  /** The best document must account for this share of the names a question writes (when it writes two or more). */
  minNameShare: 0.5,
  /** More documents than this named clearly and distinctly is not a scope but the workspace. */
  maxNamed: 4,
  /** A clarification lists at most this many candidates. */
  maxCandidates: 6,
} as const;

export type DocumentMatch =
  | { readonly kind: 'none' }
  | { readonly kind: 'resolved'; readonly resolution: Resolution }
  /** The naming words fit several different documents equally: ask which (best first). */
  | { readonly kind: 'ambiguous'; readonly candidates: readonly NamedDocument[]; readonly matched: readonly string[]; readonly remainder: string; readonly kindText: string }
  /** The question names a document none here matches; the closest ones (maybe none) to offer. */
  | { readonly kind: 'not_found'; readonly phrase: string; readonly candidates: readonly NamedDocument[]; readonly remainder: string };

export function matchDocuments(question: string, documents: readonly NamedDocument[], options: MatchOptions = {}): DocumentMatch {
  const tokens = questionTokens(question, isFunctionWord, options.language ?? null);
  if (tokens.length === 0 || documents.length === 0) return { kind: 'none' };
  const scored = preferFullerNaming(scoreDocuments(tokens, documents, options));
  const best = scored[0];
  if (!best || best.score < RESOLUTION.minScore) return notFoundOrNone(question, tokens, scored, options, documents);
  // "the Azul maintenance agreement" when the only maintenance agreement here is another's: the
  // kind fits, the name does not. A document named by its title's words alone next to a name it
  // does not have, or accounting for less than half of the names the question writes, is not the
  // one meant.
  const covered = new Set(scored.filter((e) => e === best || sameWork(e.doc, best.doc)).flatMap((e) => [...e.matched.keys()]));
  const names = writtenNames(question, tokens);
  const share = names.length === 0 ? 1 : names.filter((i) => covered.has(i)).length / names.length;
  if (best.strong.size === 0 || (names.length >= 2 && share < RESOLUTION.minNameShare)) {
    // A name another named document accounts for is not unknown ("the MSA and the Distribution Agreement with Fabrikam").
    const explained = new Set(scored.filter((e) => e.score >= RESOLUTION.minScore).flatMap((e) => [...e.matched.keys()]));
    const unknown = unknownName(question, tokens, explained, options);
    if (unknown) return notFound(question, tokens, unknown, scored);
  }

  const named: DocumentEvidence[] = [best];
  const tied: DocumentEvidence[] = [];
  for (const e of scored.slice(1)) {
    if (e.score < RESOLUTION.minScore || named.some((n) => sameWork(e.doc, n.doc))) continue;
    const own = [...e.matched.keys()].filter((i) => !named.some((n) => n.matched.has(i)));
    // Named by words of its own as well ("the Master Services Agreement and the Distribution Agreement with Fabrikam").
    if (own.some((i) => e.strong.has(i)) && e.score >= RESOLUTION.multiShare * best.score && ownWeight(e, own) >= RESOLUTION.minScore) {
      named.push(e);
      continue;
    }
    // Named by the same words as the best (a title two contracts share, a party of both): ask which.
    if (own.length === 0 && subset(best.matched, e.matched) && e.score >= RESOLUTION.closeShare * best.score) tied.push(e);
  }
  if (tied.length > 0) {
    const base = agreementWithItsAmendments(question, [best, ...tied]) ?? theAmendmentAsked(question, [best, ...tied]) ?? heldByText(tokens, [best, ...tied], options);
    if (!base) return ambiguous(question, tokens, [best, ...tied]);
    named.splice(0, named.length, ...base);
  }
  if (groupCopies(named.map((e) => e.doc)).length > RESOLUTION.maxNamed) return ambiguous(question, tokens, named);
  // Copies of a named document the question names less (a scan's first pages hold fewer names).
  const chosen = [...named, ...scored.filter((e) => !named.includes(e) && named.some((n) => sameWork(e.doc, n.doc)))];
  return {
    kind: 'resolved',
    resolution: {
      documentId: named[0]!.doc.id,
      documentIds: chosen.map((e) => e.doc.id),
      matched: phrases(question, tokens, chosen),
      remainder: remainderOf(question, tokens, chosen),
      kindText: remainderOf(question, tokens, chosen, true),
      score: best.score,
    },
  };
}

/** A title that says the document amends or supplements another ("Amendment No. 3 to …", "First Addendum"); "Amended and Restated …" is the agreement itself. */
const AMENDMENT_TITLE = /^(?:[\p{L}\p{N}]+\s+)?(?:amendment|addendum|supplement|avenant|nachtrag|änderungsvereinbarung)\b/iu;
const AMENDMENT_WORD = /(?<![\p{L}\p{N}_])(?:amend\w*|addend\w*|supplement\w*|avenants?|nachtr[aä]g\w*|änderung\w*)(?![\p{L}\p{N}_])/iu;

/**
 * "the Stremicks manufacturing agreement" when the workspace holds that agreement and an amendment
 * to it (named by the same words): the question means the agreement, as amended — search the
 * agreement first and its amendments with it, rather than asking which. Null unless exactly one
 * of the documents is not an amendment and the question does not ask about an amendment.
 */
function agreementWithItsAmendments(question: string, list: readonly DocumentEvidence[]): DocumentEvidence[] | null {
  if (AMENDMENT_WORD.test(question)) return null;
  const amends = (e: DocumentEvidence) => AMENDMENT_TITLE.test((e.doc.title ?? '').trim());
  const bases = list.filter((e) => !amends(e));
  if (bases.length !== 1 || bases.length === list.length) return null;
  return [bases[0]!, ...list.filter(amends)];
}

/**
 * "Amendment No. 3 to the Premier manufacturing agreement", "the first amendment to our
 * distributor agreement with Neon" when the workspace holds the agreement and its amendments:
 * the amendment whose title carries that number. Null unless the question numbers the amendment
 * and exactly one of the documents is that amendment.
 */
function theAmendmentAsked(question: string, list: readonly DocumentEvidence[]): DocumentEvidence[] | null {
  const asked = amendmentNumber(question);
  if (asked === null) return null;
  const meant = list.filter((e) => AMENDMENT_TITLE.test((e.doc.title ?? '').trim()) && amendmentNumber(e.doc.title ?? '') === asked);
  return meant.length === 1 ? meant : null;
}

const ORDINALS: Readonly<Record<string, number>> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  premier: 1, deuxième: 2, troisième: 3, erster: 1, erste: 1, ersten: 1, zweiter: 2, zweite: 2, zweiten: 2, dritter: 3, dritte: 3, dritten: 3,
};

const AMENDMENT_NOUN = String.raw`(?:amendment|addendum|supplement|avenant|nachtrag|änderungsvereinbarung)`;
const NUMBER_AFTER = new RegExp(String.raw`\b${AMENDMENT_NOUN}\s*(?:no\.?|number|nr\.?|n°|#)?\s*(\d{1,2})\b`, 'iu');
const NUMBER_BEFORE = new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th|\.|er|e|ème)?\s+${AMENDMENT_NOUN}\b|\b(\p{L}+)\s+${AMENDMENT_NOUN}\b`, 'iu');

/** The number of the amendment a text names: "First Amendment", "Amendment No. 3", "amendment #2", "2nd amendment", "Avenant n° 2", "Zweiter Nachtrag"; null when none. */
function amendmentNumber(text: string): number | null {
  const after = NUMBER_AFTER.exec(text);
  if (after) return Number(after[1]);
  const before = NUMBER_BEFORE.exec(text);
  if (!before) return null;
  if (before[1]) return Number(before[1]);
  return ORDINALS[before[2]!.toLowerCase()] ?? null;
}

/**
 * "our endorsement deal with Gridiron" names the endorsement agreement that mentions Gridiron
 * rather than the supply agreement whose party Gridiron is: a document that accounts for every
 * naming word the top one does and more comes first, when it scores close enough.
 */
function preferFullerNaming(scored: readonly DocumentEvidence[]): DocumentEvidence[] {
  const top = scored[0];
  if (!top) return [];
  const fuller = scored.filter((e) => e !== top && e.score >= RESOLUTION.fullerShare * top.score && e.matched.size > top.matched.size && subset(top.matched, e.matched));
  if (fuller.length === 0) return [...scored];
  const first = fuller.sort((a, b) => b.matched.size - a.matched.size || b.score - a.score)[0]!;
  return [first, ...scored.filter((e) => e !== first)];
}

function subset(a: ReadonlyMap<number, unknown>, b: ReadonlyMap<number, unknown>): boolean {
  return [...a.keys()].every((k) => b.has(k));
}

/**
 * Documents named alike ("the supply agreement" when there are three) told apart by the question's
 * other words that only their text holds: "for how long does Bellicum warrant its products under
 * the supply agreement?" means the supply agreement that mentions Bellicum, not the others. A word
 * counts when the text of at most MAX_TEXT_HOLDERS documents holds it (a name, not a clause word)
 * and it names none of them by a handle; the documents holding the most such words are meant, when
 * they are fewer than those named alike (else the clarification stands).
 */
function heldByText(tokens: readonly QuestionToken[], list: readonly DocumentEvidence[], options: MatchOptions): DocumentEvidence[] | null {
  if (!options.terms) return null;
  const matched = new Set(list.flatMap((e) => [...e.matched.keys()]));
  const holders = tokens.flatMap((t, i) => {
    if (t.functionWord || matched.has(i) || DOCUMENT_NOUNS.has(t.word) || t.word.length < 3) return [];
    const documents = options.terms!.get(t.word)?.documents ?? [];
    return documents.length > 0 && documents.length <= MAX_TEXT_HOLDERS ? [new Set(documents)] : [];
  });
  if (holders.length === 0) return null;
  const count = list.map((e) => holders.filter((h) => h.has(e.doc.id)).length);
  const most = Math.max(...count);
  if (most === 0) return null;
  const meant = list.filter((_, i) => count[i] === most);
  return groupCopies(meant.map((e) => e.doc)).length < groupCopies(list.map((e) => e.doc)).length ? meant : null;
}

/** The share of a document's score its own words (those no better-named document has) carry, roughly. */
function ownWeight(e: DocumentEvidence, own: readonly number[]): number {
  return (e.score * own.length) / Math.max(1, e.matched.size);
}

function ambiguous(question: string, tokens: readonly QuestionToken[], list: readonly DocumentEvidence[]): DocumentMatch {
  const groups = groupCopies(list.map((e) => e.doc));
  const candidates = groups.map((g) => g[0]!).slice(0, RESOLUTION.maxCandidates);
  return { kind: 'ambiguous', candidates, matched: phrases(question, tokens, list), remainder: remainderOf(question, tokens, list), kindText: remainderOf(question, tokens, list, true) };
}

/**
 * A question that names a document none here has: a word written as a name (capitalised inside
 * the sentence, or one no document's text holds) that names no document, next to a document
 * noun ("the Acme outsourcing agreement"), after "with" ("our deal with Acme"), before "'s"
 * ("Acme's distributorship"), or heading the question ("Acme: is liability capped?"). The phrase
 * is quoted back; the documents it partly fits are offered.
 */
function notFoundOrNone(question: string, tokens: readonly QuestionToken[], scored: readonly DocumentEvidence[], options: MatchOptions, documents: readonly NamedDocument[]): DocumentMatch {
  const explained = new Set(scored.flatMap((e) => [...e.matched.keys()]));
  const unknown = unknownName(question, tokens, explained, options);
  if (unknown) return notFound(question, tokens, unknown, scored);
  const kindNamed = unknownBeforeKind(question, tokens, explained, options, documents);
  return kindNamed ? notFound(question, tokens, kindNamed.span, kindNamed.fits) : { kind: 'none' };
}

/**
 * "the 49ers sponsorship", "the Cisco distribution": a name no document here has, followed by
 * words of a document's title that end the noun phrase (no document noun after them) — the way
 * lawyers shorten "the 49ers sponsorship agreement". The question names a document, so it is not
 * searched across all of them unasked; the documents whose title has those words are offered.
 */
function unknownBeforeKind(question: string, tokens: readonly QuestionToken[], explained: ReadonlySet<number>, options: MatchOptions, documents: readonly NamedDocument[]): { span: { lo: number; hi: number }; fits: DocumentEvidence[] } | null {
  const titled = (word: string) => documents.filter((d) => handlesOf(d).words.get(word) === 'title');
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!unknownNameWord(tokens, i, explained, options)) continue;
    // The title words right after it, up to the end of the noun phrase (punctuation, a function word or the end).
    let hi = i;
    while (hi + 1 < tokens.length && hi + 1 <= i + 3 && !tokens[hi + 1]!.functionWord && !/[?!.;:,]/u.test(question.slice(tokens[hi]!.end, tokens[hi + 1]!.start)) && titled(tokens[hi + 1]!.word).length > 0) hi++;
    if (hi === i) continue;
    const ends = hi + 1 >= tokens.length || tokens[hi + 1]!.functionWord || /[?!.;:,]/u.test(question.slice(tokens[hi]!.end, tokens[hi + 1]!.start));
    if (!ends) continue;
    const fits = [...new Set(tokens.slice(i + 1, hi + 1).flatMap((k) => titled(k.word)))];
    return { span: { lo: i, hi }, fits: fits.map((doc, index) => ({ index, doc, score: 1, matched: new Map(), strong: new Set() })) };
  }
  return null;
}

/** Positions of the words the question writes as names (capitalised inside a sentence, or capitals), outside parentheses and quotes. */
function writtenNames(question: string, tokens: readonly QuestionToken[]): number[] {
  const inside = new Array<boolean>(question.length).fill(false);
  for (const m of question.matchAll(/\([^()]*\)|["“„«‘][^"“”„«»‘’]*["”“»’]/gu)) for (let k = m.index; k < m.index + m[0].length; k++) inside[k] = true;
  const out: number[] = [];
  tokens.forEach((t, i) => {
    if (t.functionWord || inside[t.start] || DOCUMENT_NOUNS.has(t.word) || LEGAL_FORMS.has(t.word) || t.word.length < 2) return;
    if ((t.capitalised && /\p{Ll}/u.test(t.raw)) || /^\p{Lu}[\p{Lu}\p{N}&]+$/u.test(t.raw)) out.push(i);
  });
  return out;
}

function notFound(question: string, tokens: readonly QuestionToken[], span: { readonly lo: number; readonly hi: number }, scored: readonly DocumentEvidence[]): DocumentMatch {
  const phrase = question.slice(tokens[span.lo]!.start, tokens[span.hi]!.end);
  const candidates = groupCopies(scored.filter((e) => e.score > 0).map((e) => e.doc))
    .map((g) => g[0]!)
    .slice(0, RESOLUTION.maxCandidates);
  const positions = new Set(Array.from({ length: span.hi - span.lo + 1 }, (_, k) => span.lo + k));
  return { kind: 'not_found', phrase, candidates, remainder: removeTokens(question, tokens, positions) };
}

/** A word written as a name (capitalised, in capitals, or in no text here) that no document's handles account for. */
function unknownNameWord(tokens: readonly QuestionToken[], i: number, explained: ReadonlySet<number>, options: MatchOptions): boolean {
  const t = tokens[i]!;
  if (t.functionWord || explained.has(i) || DOCUMENT_NOUNS.has(t.word) || t.word.length < 2 || /^\d+$/u.test(t.word)) return false;
  if (t.capitalised || /\p{Lu}.*\p{Lu}/u.test(t.raw)) return true;
  return options.terms?.get(t.word)?.idf === 0 && t.word.length >= 3 && !WHICH_ONE.has(t.word);
}

/** Where the question names a document by a name that `explained` does not account for; null when it does not. */
function unknownName(question: string, tokens: readonly QuestionToken[], explained: ReadonlySet<number>, options: MatchOptions): { lo: number; hi: number } | null {
  const nameLike = (i: number) => unknownNameWord(tokens, i, explained, options);
  for (let i = 0; i < tokens.length; i++) {
    if (!nameLike(i)) continue;
    let lo = i;
    while (lo > 0 && lo - 1 >= i - 4 && (nameLike(lo - 1) || explained.has(lo - 1) || /^(?:and|&)$/u.test(tokens[lo - 1]!.word))) lo--;
    let hi = i;
    while (hi + 1 < tokens.length && hi + 1 <= i + 5 && !tokens[hi + 1]!.functionWord && !/[?!.;:,]/u.test(question.slice(tokens[hi]!.end, tokens[hi + 1]!.start))) hi++;
    const noun = tokens.slice(i, hi + 1).findIndex((t) => DOCUMENT_NOUNS.has(t.word));
    if (noun < 0) {
      const heading = headingName(question, tokens, i, lo);
      if (heading) return heading;
    }
    const before = tokens[lo - 1]?.word;
    const possessive = /^['’]s\b/u.test(question.slice(tokens[i]!.end)) || tokens[i + 1]?.word === 's';
    if (noun < 0 && !/^(?:with|between|among|avec|entre|mit|zwischen)$/u.test(before ?? '') && !possessive) continue;
    return { lo, hi: noun >= 0 ? i + noun : i };
  }
  return null;
}

/**
 * A name that heads the question, set off by a colon or a dash, as lawyers write a note's subject
 * ("HealthGate: who owns the software?", "Acme – is liability capped?"): the name-like word at `i`
 * begins the question (after an article at most) and the words up to the separator name the document.
 */
function headingName(question: string, tokens: readonly QuestionToken[], i: number, lo: number): { lo: number; hi: number } | null {
  if (tokens.slice(0, lo).some((t) => !/^(?:the|our|my|this|that)$/u.test(t.word))) return null;
  const gap = (k: number) => question.slice(tokens[k]!.end, tokens[k + 1]!.start);
  let hi = i;
  while (hi + 1 < tokens.length && hi + 1 <= i + 5 && !tokens[hi + 1]!.functionWord && !/[?!.;:,–—]|\s-\s/u.test(gap(hi))) hi++;
  return /^\s*(?::|[-–—]\s)/u.test(question.slice(tokens[hi]!.end)) ? { lo, hi } : null;
}

/** The naming words as written, one phrase per run of matched words (with the document nouns in it). */
function phrases(question: string, tokens: readonly QuestionToken[], list: readonly DocumentEvidence[]): string[] {
  const at = namingPositions(tokens, list);
  const out: string[] = [];
  let i = 0;
  const sorted = [...at].sort((a, b) => a - b);
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(question.slice(tokens[sorted[i]!]!.start, tokens[sorted[j]!]!.end));
    i = j + 1;
  }
  return [...new Set(out)];
}

/** Positions of the words that name the documents: matched words and the document nouns right after them. */
function namingPositions(tokens: readonly QuestionToken[], list: readonly DocumentEvidence[]): Set<number> {
  const at = new Set(list.flatMap((e) => [...e.matched.keys()]));
  for (const i of [...at].sort((a, b) => a - b)) {
    let j = i + 1;
    while (j < tokens.length && (DOCUMENT_NOUNS.has(tokens[j]!.word) || LEGAL_FORMS.has(tokens[j]!.word) || at.has(j))) at.add(j++);
  }
  return at;
}

/**
 * The question without its naming words. A code or number found only in a document's text (not
 * among its title, parties or other handles: "reference code K17X3", "invoice 2024-117") stays:
 * it is what the question looks for, and the passage holding it should come first. Names found in
 * the text ("our deal with KBW") go like the other naming words (measured: keeping them pulls the
 * preamble up).
 */
function remainderOf(question: string, tokens: readonly QuestionToken[], list: readonly DocumentEvidence[], asAgreement = false): string {
  const at = namingPositions(tokens, list);
  const textOnly = (i: number) => list.some((e) => e.matched.has(i)) && list.every((e) => !e.matched.has(i) || e.matched.get(i) === 'text');
  for (const i of [...at]) if (/\p{N}/u.test(tokens[i]!.raw) && textOnly(i)) at.delete(i);
  return removeTokens(question, tokens, at, asAgreement ? agreementPlaceholder : (run) => partyRole(question, run, tokens, list));
}

/** A question's auxiliary before its subject ("does El Banco indemnify", "can MICOA audit", "is Zongshen licensed"). */
const AUXILIARY = new Set(['does', 'do', 'did', 'can', 'could', 'must', 'may', 'might', 'will', 'would', 'shall', 'should', 'is', 'are', 'was', 'were', 'has', 'have', 'had']);
/** A modal after its subject ("El Banco must indemnify …", "may Acme assign"). */
const MODAL_AFTER = new Set(['can', 'could', 'must', 'may', 'might', 'will', 'would', 'shall', 'should', 'has', 'have', 'needs', 'need', 'owes', 'pays', 'agrees']);

/**
 * In the retrieval query, a party named as the question's subject ("does El Banco indemnify the
 * agent?", "what royalties does ArTara pay?", "El Banco must …") reads as the role the contract
 * gives it ("the Company", "the Licensee"): the contract's sentences say "The Company agrees to
 * indemnify", so the role finds the clause that binds that party rather than its counterpart's
 * mirror clause. Only for one document (its copies), a run naming exactly one party with a role,
 * right after the question's auxiliary or right before a modal, not possessive ("MetLife's
 * debentures", "BNY Mellon's appointment": there the name describes, and a role word common in
 * the contract only adds noise) and not calling the document an agreement; otherwise the name
 * goes as before.
 */
function partyRole(question: string, run: readonly QuestionToken[], tokens: readonly QuestionToken[], list: readonly DocumentEvidence[]): string | null {
  if (callsAgreement(run.map((t) => t.word)) || run.some((t) => t.heading)) return null;
  const at = tokens.indexOf(run[0]!);
  const last = run.at(-1)!;
  const before = tokens[at - 1];
  const after = tokens[tokens.indexOf(last) + 1];
  if (/['’]/u.test(question.slice(run[0]!.start, last.end + 1))) return null;
  if (!(before && AUXILIARY.has(before.word)) && !(after && MODAL_AFTER.has(after.word))) return null;
  const docs = list.map((e) => e.doc);
  if (docs.some((d) => !sameWork(d, docs[0]!))) return null;
  const words = run.filter((t) => !t.functionWord && !LEGAL_FORMS.has(t.word)).map((t) => t.word);
  if (words.length === 0) return null;
  const parties = (docs[0]!.identity?.parties ?? []).filter((p) => {
    const own = new Set([p.name, ...p.shortNames].flatMap(foldedWords));
    return words.every((w) => own.has(w));
  });
  const role = parties.length === 1 ? parties[0]!.role : null;
  return role ? `the ${role}` : null;
}

/**
 * A run of naming words that calls the document an agreement reads "agreement" in the kind text
 * (the question head learnt English questions masked so), a French or German one its own noun.
 */
function agreementPlaceholder(run: readonly QuestionToken[]): string | null {
  if (!callsAgreement(run.map((t) => t.word))) return null;
  return run.find((t) => FOREIGN_DOCUMENT_NOUNS.has(t.word))?.raw ?? 'agreement';
}

/**
 * The question without the tokens at `positions`: a clause (between ; or newlines) that named the
 * document and has no content word of its own left ("Consider the X Agreement between A Inc.
 * ("A"); B Ltd. ("B");") is dropped with the defined-term parentheses of the naming. With
 * `placeholder`, a run of consecutive removed tokens it gives text for is replaced by that text.
 */
function removeTokens(question: string, tokens: readonly QuestionToken[], positions: ReadonlySet<number>, placeholder?: (run: readonly QuestionToken[]) => string | null): string {
  const kept: string[] = [];
  let offset = 0;
  for (const clause of question.split(/(?<=[;\n])/u)) {
    const from = offset;
    const to = offset + clause.length;
    offset = to;
    const inside = tokens.map((t, i) => ({ t, i })).filter(({ t }) => t.start >= from && t.end <= to);
    const removed = new Set(inside.filter(({ i }) => positions.has(i)).map(({ i }) => i));
    if (removed.size === 0) {
      kept.push(clause);
      continue;
    }
    // Defined-term declarations next to the names ("(the “Parties”)") belong to the naming too.
    for (const m of clause.matchAll(DEFINITION)) {
      const a = from + m.index;
      const b = a + m[0].length;
      for (const { t, i } of inside) if (t.start >= a && t.end <= b) removed.add(i);
    }
    // A content word is written small, or as every German noun is ("Gibt es ein Wettbewerbsverbot im Liefervertrag?").
    const content = inside.filter(({ t, i }) => !removed.has(i) && (/^\p{Ll}/u.test(t.raw) || t.nounCase) && t.word.length >= 3 && !t.functionWord);
    if (content.length === 0) continue;
    let out = clause;
    // Runs of consecutive removed tokens, last first: each token cut out, or the run replaced by its placeholder.
    const runs: { t: QuestionToken; i: number }[][] = [];
    for (const x of inside) {
      if (!removed.has(x.i)) continue;
      const last = runs.at(-1);
      if (last && last.at(-1)!.i === x.i - 1) last.push(x);
      else runs.push([x]);
    }
    for (const run of runs.reverse()) {
      const put = placeholder?.(run.map((x) => x.t)) ?? null;
      if (put !== null) out = `${out.slice(0, run[0]!.t.start - from)}${put}${out.slice(run.at(-1)!.t.end - from)}`;
      else for (const { t } of [...run].reverse()) out = out.slice(0, t.start - from) + out.slice(t.end - from);
    }
    kept.push(out);
  }
  return kept
    .join(' ')
    .replace(/\(\s*["“”'‘’]*\s*\)/gu, ' ')
    .replace(/(?<=\s)['’]s\b/gu, '')
    // The apostrophe of a possessive whose name and "s" went ("is Litware's liability capped?").
    .replace(/(?<=^|\s)['’](?=\s|$)/gu, '')
    .replace(/\s+/gu, ' ')
    .replace(/ ([,;:.?!])/gu, '$1')
    .replace(/^[\s;,.]+/u, '')
    .trim();
}

/**
 * The documents grouped into works: copies of one document (same title, same parties) form one group. Order kept.
 * A document joins the first group whose first document is the same work; only groups sharing
 * one of its names (or its id) are compared, so a workspace of a thousand contracts is grouped in
 * time that grows with it, not with its square.
 */
export function groupCopies(docs: readonly NamedDocument[]): NamedDocument[][] {
  const groups: NamedDocument[][] = [];
  /** Name (or id) → the groups whose first document has it, in order. */
  const byKey = new Map<string, number[]>();
  for (const d of docs) {
    const { aliases } = workFacts(d);
    // Names, and what finds a copy without names in common: its file name in another format, the
    // short name a title gives in parentheses (sameWork).
    const keys = [`id:${d.id}`, `stem:${fileStem(d)}`, ...shortTitles(d).map((t) => `short:${t}`), ...aliases];
    let best = -1;
    for (const key of keys) for (const g of byKey.get(key) ?? []) if ((best < 0 || g < best) && sameWork(groups[g]![0]!, d)) best = g;
    if (best >= 0) {
      groups[best]!.push(d);
      continue;
    }
    const at = groups.push([d]) - 1;
    for (const key of keys) {
      const list = byKey.get(key);
      if (list) list.push(at);
      else byKey.set(key, [at]);
    }
  }
  return groups;
}

/** A document's title and names as sameWork compares them (kept per document object). */
const facts = new WeakMap<NamedDocument, { readonly title: string; readonly aliases: ReadonlySet<string> }>();
function workFacts(d: NamedDocument): { readonly title: string; readonly aliases: ReadonlySet<string> } {
  let f = facts.get(d);
  if (!f) {
    const key = (s: string) => foldedWords(s).join(' ');
    f = { title: key(d.title ?? ''), aliases: new Set(d.aliases.map(key).filter(Boolean)) };
    facts.set(d, f);
  }
  return f;
}

/**
 * Two documents are copies of one work (a contract and its scan, its PDF and Word versions) when
 * their titles are the same and nearly all names of the one with fewer (a scan of the first pages
 * finds fewer) are the other's too: COPY_SHARE of them, and at least two. Two agreements with the
 * same title and one party in common share only that party's names.
 */
export function sameWork(a: NamedDocument, b: NamedDocument): boolean {
  if (a.id === b.id) return true;
  const fa = workFacts(a);
  const fb = workFacts(b);
  // A copy whose title was not found (a text export with its layout lost) is judged by its names
  // alone, and so is one titled by the short name the other's title gives in parentheses (the
  // statute's PDF "GeschGehG", its Markdown "Gesetz zum Schutz von Geschäftsgeheimnissen (GeschGehG)").
  if (fa.title !== fb.title && fa.title !== '' && fb.title !== '' && !shortTitleOf(a, fb.title) && !shortTitleOf(b, fa.title)) return false;
  // One file saved in two formats ("GeschGehG.md" and "GeschGehG.pdf"): the names one of them lacks say nothing.
  if (sameFileStem(a, b)) return true;
  const as = fa.aliases;
  const bs = fb.aliases;
  if (as.size === 0 || bs.size === 0) return false;
  let shared = 0;
  for (const x of as) if (bs.has(x)) shared++;
  return shared >= 2 && shared >= COPY_SHARE * Math.min(as.size, bs.size);
}

const COPY_SHARE = 0.75;

/** The file's path without its extension, lower-cased. */
const fileStem = (d: NamedDocument) => (d.path ?? d.name).replace(/\.[A-Za-z0-9]{1,5}$/u, '').toLowerCase();

/** The same file name in another format, in the same folder ("DE_GeschGehG.md", "DE_GeschGehG.pdf"). */
function sameFileStem(a: NamedDocument, b: NamedDocument): boolean {
  return fileStem(a) === fileStem(b) && (a.path ?? a.name) !== (b.path ?? b.name);
}

/** The short names a title gives in parentheses ("… (GeschGehG)"), folded. */
function parenthesisedNames(d: NamedDocument): string[] {
  return [...(d.title ?? '').matchAll(/\(([^()]{2,40})\)/gu)].map((m) => foldedWords(m[1]!).join(' '));
}

/** The names a copy may be titled by alone: the short names in parentheses, and a one-word title itself. */
function shortTitles(d: NamedDocument): string[] {
  const title = (d.title ?? '').trim();
  return /^\S+$/u.test(title) ? [...parenthesisedNames(d), foldedWords(title).join(' ')] : parenthesisedNames(d);
}

/** Whether `title` (folded) is the short name `d`'s title gives in parentheses. */
function shortTitleOf(d: NamedDocument, title: string): boolean {
  return parenthesisedNames(d).includes(title);
}

/** The document(s) the question names, or null (none, or ambiguous). */
export function resolveDocument(question: string, documents: readonly NamedDocument[]): Resolution | null {
  const m = matchDocuments(question, documents);
  return m.kind === 'resolved' ? m.resolution : null;
}
