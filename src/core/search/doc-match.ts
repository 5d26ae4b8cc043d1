/**
 * How strongly a question names each document: its words are matched against every document's
 * handles (doc-handles.ts) and each matched word counts by
 *   - the class of handle it names (a party's or brand's name most, then the title, other
 *     aliases, the file name),
 *   - how specific it is among the documents' handles (a word in one document's names names that
 *     document; "agreement" is in every title and names none): log(1 + N/n) / log(1 + N), and
 *   - how much of a name it is in the workspace's text, when the caller knows the words' BM25 idf
 *     there (`terms`): "insurance" in "Mutual Insurance Corporation" is first a clause word.
 * A name the question writes as one ("KBW", "Dynamex") that no document's handles hold but the
 * text of a few documents does counts for those documents (class `text`).
 * Title words count only inside a naming phrase — next to a document noun ("the alliance
 * agreement", "our distribution deal") or to a name ("the Adaptimmune alliance") — so a question
 * about a clause does not name the contract whose title holds the clause's word. Runs of words
 * that follow one handle in order add a bonus.
 */
import { CLASS_WEIGHT, DOCUMENT_NOUNS, fold, handlesOf, stemOf, WORD, type DocumentHandles, type HandleClass } from './doc-handles';
import { languageResources } from './languages';
import { questionStopWords } from './question-stopwords';
import type { NamedDocument } from '../search-types';
import { MAX_DOCUMENTS, NAME_IDF, type TermStats } from './term-stats';
import { withinOneEdit } from './edit-distance';

const ENGLISH_STOP = languageResources('en')!.stopWords;
/** The longer list of words English questions ask with ("anything", "whatever"; it also holds "first" and "novel", which capitalised are names). */
const ENGLISH_QUESTION_STOP = questionStopWords('en');

export interface QuestionToken {
  readonly word: string;
  /** As written. */
  readonly raw: string;
  readonly start: number;
  readonly end: number;
  /** Capitalised and not the first word of a sentence: written as a name. */
  readonly capitalised: boolean;
  /** Written as every noun of the question's language is (German: "Schadensersatz"), so its capital says nothing. */
  readonly nounCase: boolean;
  readonly functionWord: boolean;
  /** In the few words that head the question, set off by a colon or a dash ("healthgate - who owns the software?"): where a note names its subject. */
  readonly heading: boolean;
}

export interface DocumentEvidence {
  readonly index: number;
  readonly doc: NamedDocument;
  readonly score: number;
  /** Question token positions matched, with the class each matched. */
  readonly matched: ReadonlyMap<number, HandleClass>;
  /** Positions that name this document on their own (a whole name, one written as a name or rare here, a name its text holds). */
  readonly strong: ReadonlySet<number>;
}

export interface MatchOptions {
  /** What the workspace's text says of the question's words (term-stats.ts); undefined when not known. */
  readonly terms?: ReadonlyMap<string, TermStats>;
  /**
   * The question's language, when known (search/query-language.ts). German capitalises every noun,
   * so there a capital says a word is a noun, not a name ("Wann muss ein Rechtsverletzer
   * Schadensersatz leisten?" names no document).
   */
  readonly language?: string | null;
}

/** Languages whose every noun starts with a capital. */
const NOUNS_CAPITALISED: ReadonlySet<string> = new Set(['de']);

/** Bonus per extra word of a run that follows one handle in order, as a share of the run's mean weight. */
const RUN_BONUS = 0.5;
/** A title word matched by a shared prefix ("distribution" ~ "distributor") counts this much of a whole-word match. */
const PREFIX_MATCH = 0.8;
const CONTENT_FLOOR = 0.25;

/** A word written with digits first that is a name ("49ers", "3M"), not an ordinal ("21st") or a decade ("1990s"). */
const DIGIT_NAME = /^\p{N}{1,4}(?!(?:st|nd|rd|th|s)$)\p{L}[\p{L}\p{N}]{0,30}$/u;

/** A brand written with a small letter before its capital ("iShip", "eBay", "iPayment"). */
const INNER_CAPITAL = /^\p{Ll}{1,2}\p{Lu}\p{L}{1,30}$/u;

export function questionTokens(question: string, isFunctionWord: (w: string) => boolean, language: string | null = null): QuestionToken[] {
  const nounsCapitalised = language !== null && NOUNS_CAPITALISED.has(language);
  const out: QuestionToken[] = [];
  let sentenceStart = true;
  let last = 0;
  for (const m of question.matchAll(WORD)) {
    const between = question.slice(last, m.index);
    if (/[.?!;:]\s*$/u.test(between) || /\n/u.test(between)) sentenceStart = true;
    const raw = m[0];
    const word = fold(raw);
    // A name that starts with digits, or with a small letter before a capital ("iShip", "eBay"), is
    // written as a name wherever it stands.
    const capitalised = (!sentenceStart && /^\p{Lu}/u.test(raw)) || DIGIT_NAME.test(raw) || INNER_CAPITAL.test(raw);
    out.push({
      word,
      raw,
      start: m.index,
      end: m.index + raw.length,
      capitalised,
      // Where every noun has its capital, a word written as one ("Schadensersatz") may be a noun
      // as well as a name ("Inktomi"); capitals throughout ("KBW") or inside ("GmbH") are names.
      nounCase: nounsCapitalised && /^\p{Lu}\p{Ll}+$/u.test(raw),
      functionWord: isFunctionWord(word) && !foreignStopAsName(word, raw, capitalised, language),
      heading: false,
    });
    sentenceStart = false;
    last = m.index + raw.length;
  }
  const separator = /^[^:\n]*?(?::|\s[-–—]\s)/u.exec(question);
  const headed = separator ? out.filter((t) => t.end <= separator[0].length).length : 0;
  return headed > 0 && headed <= MAX_HEADING_WORDS ? out.map((t, i) => (i < headed ? { ...t, heading: true } : t)) : out;
}

/** Letters from which another language's stop word typed in lower case in an English question may be a name ("todos", not "de"). */
const FOREIGN_NAME_MIN = 4;

/**
 * A stop word of another language that stands for a name: written as one ("the Aura scan": "aura"
 * is French), at the start of an English question too ("Todos reseller deal": "todos" is Spanish),
 * or, in an English question, a long one typed in lower case ("can todos terminate early"). Short
 * ones ("de", "la", "der") stay function words, as names carry them; English's own never count,
 * and in lower case neither do the words English questions ask with ("anything", "whatever").
 */
function foreignStopAsName(word: string, raw: string, capitalised: boolean, language: string | null): boolean {
  if (ENGLISH_STOP.has(word)) return false;
  if (capitalised || (language === 'en' && /^\p{Lu}/u.test(raw))) return true;
  return language === 'en' && word.length >= FOREIGN_NAME_MIN && !ENGLISH_QUESTION_STOP.has(word);
}

/** Words at most before the colon or dash of a question's heading ("Todos reseller deal - …"). */
const MAX_HEADING_WORDS = 6;

/** Evidence for every document the question names at all, best first. */
export function scoreDocuments(tokens: readonly QuestionToken[], documents: readonly NamedDocument[], options: MatchOptions = {}): DocumentEvidence[] {
  const handles = documents.map(handlesOf);
  const n = documents.length;
  const norm = Math.log(1 + Math.max(n, 1));
  const specificity = (k: number) => Math.log(1 + n / Math.max(1, k)) / norm;
  const usable = tokens.map((t) => !t.functionWord && (t.word.length >= 2 || /\d/u.test(t.word)));
  // How many documents each question word names (any class), for its specificity.
  const counts = tokens.map((t, i) => (usable[i] ? handles.filter((h) => matchToken(h, t) !== null).length : 0));
  const nounAt = tokens.map((t) => DOCUMENT_NOUNS.has(t.word) || COMPOUND_DOCUMENT_NOUN.test(t.word));
  const connectorAt = tokens.map((t) => /^(?:and|of|for|&|the|de|du|des|et|und|der|von)$/u.test(t.word));
  // A content word that may stand inside a naming phrase unmatched (inNamingPhrase).
  const gapAt = tokens.map((t, i) => usable[i]! && !nounAt[i] && !connectorAt[i]);
  const idf = (t: QuestionToken) => options.terms?.get(t.word)?.idf;
  const nameAt = nameIdfOf(options);
  // Each span with the documents whose names it spells, and how many they are (its specificity).
  const spans = compactSpans(tokens).map((span) => {
    const docs = new Set(handles.filter((h) => compactMatch(h.compactNames, span) !== null).map((h) => h.doc.id));
    return { ...span, docs, holders: docs.size };
  });

  const perDoc = handles.map((h) => {
    const matched = new Map<number, HandleClass>();
    const weights = new Map<number, number>();
    tokens.forEach((t, i) => {
      if (!usable[i]) return;
      const m = matchToken(h, t);
      if (!m) return;
      weights.set(i, CLASS_WEIGHT[m.cls] * m.share * specificity(counts[i]!) * contentFactor(t, m.cls, options.terms?.get(t.word), nameAt, h.doc.id));
      matched.set(i, m.cls);
    });
    // A name written with other spaces or punctuation ("Radial Spark" for "RadialSpark, LLC",
    // "care g.b. plus" for "Care G. B. Plus Ltd."): the span names the document as a whole name.
    const compact = new Set<number>();
    for (const span of spans) {
      if (!span.docs.has(h.doc.id)) continue;
      for (let i = span.lo; i <= span.hi; i++) {
        matched.set(i, 'name');
        weights.set(i, (CLASS_WEIGHT.name * specificity(span.holders)) / (tokens[i]!.word.length < 2 ? 2 : 1));
        compact.add(i);
      }
    }
    return { h, matched, weights, compact };
  });

  // A name the question uses that only the text of a few documents holds ("our deal with KBW",
  // "Foundation Medicine", when they are not among the parties recognised): those documents'
  // text names them. A run of such words counts for the documents holding all of its rare words.
  for (const run of nameRuns(tokens, usable, nounAt, options)) {
    // "the Acme outsourcing agreement" where no text holds "Acme": the run names a document that is
    // not here, not the one document whose text happens to say "outsourcing".
    if (run.some((i) => writtenAsName(tokens[i]!) && options.terms?.get(tokens[i]!.word)?.idf === 0)) continue;
    const lists = run.map((i) => options.terms?.get(tokens[i]!.word)?.documents ?? []).filter((l) => l.length > 0 && l.length < MAX_DOCUMENTS);
    if (lists.length === 0) continue;
    const holders = lists.reduce((acc, l) => acc.filter((id) => l.includes(id)));
    if (holders.length === 0 || holders.length > MAX_TEXT_HOLDERS) continue;
    // A word of the run the text holders do not hold, and which is another document's whole name
    // ("EIT" of the outsourcing agreement in "the EIT outsourcing agreement"), is that document's,
    // not theirs. (Not a word of longer names, "Fund", "Capital", nor a title word: a document
    // without a title of its own, "JOINT FILING STATEMENT" of Sculptor read from its text alone,
    // would lose its title's words to the other joint filing agreements.)
    const rareIn = (i: number, id: string) => options.terms?.get(tokens[i]!.word)?.documents?.includes(id) ?? false;
    const namedElsewhere = (i: number, d: (typeof perDoc)[number]) => perDoc.some((o) => o !== d && o.h.wholeNames.has(tokens[i]!.word));
    for (const d of perDoc) {
      if (!holders.includes(d.h.doc.id)) continue;
      for (const i of run) {
        if (d.matched.get(i) === 'name') continue;
        if (!rareIn(i, d.h.doc.id) && namedElsewhere(i, d)) continue;
        d.matched.set(i, 'text');
        d.weights.set(i, (CLASS_WEIGHT.text * specificity(holders.length)) / Math.max(1, run.length - 1));
      }
    }
  }

  const out: DocumentEvidence[] = [];
  perDoc.forEach(({ h, matched, weights, compact }, index) => {
    // A word names the document alone when it is a whole name ("Aura", "Adaptimmune"), one written
    // as a name (unless the workspace's text uses it everywhere and no other word of the name stands
    // beside it: a capitalised defined term such as "Confidential Information" is not the party
    // "Information System Associates", but "First Data" is "First Data Corp.") or rare here,
    // or a name its text holds; any other match (a title or file word, an
    // alias, a common word that is only part of a longer name: "data" of "General Data Protection
    // Regulation") counts only inside a naming phrase — a run of matched words holding a document
    // noun or such a name.
    // Common words capitalised one beside the other as a name's words ("First Data") are that name.
    const nameBeside = (i: number) => [i - 1, i + 1].some((j) => matched.get(j) === 'name' && writtenAsName(tokens[j]!));
    // A name of two words or more written out whole, in any case ("the western copper non-compete"
    // of Western Copper Corporation): the words together name the party, however common each is.
    const spelled = new Set(spans.filter((s) => s.hi > s.lo && h.compactNames.get(s.key) === s.hi - s.lo + 1).flatMap((s) => Array.from({ length: s.hi - s.lo + 1 }, (_, k) => s.lo + k)));
    const anchors = new Set<number>();
    for (const [i, cls] of matched) {
      const t = tokens[i]!;
      // In a workspace too small for a name to be rare by its passages, the first word of a party's
      // or brand's name that only the document's own text holds names it ("what does sandridge
      // charge?" of "SandRidge Midstream, Inc." among five contracts), as contentFactor weighs it;
      // a later word of a name ("distribution" of "Healthcare Distribution Specialists") is a
      // clause word first.
      const ownWord = options.terms?.get(t.word)?.onlyIn === h.doc.id && t.word.length >= 4 && h.handles.some((x) => x.cls === 'name' && x.words[0] === t.word);
      if (cls === 'text' || compact.has(i) || (cls === 'name' && (h.wholeNames.has(t.word) || h.nameInitials.has(t.word) || spelled.has(i) || (writtenAsName(t) && (!common(idf(t)) || nameBeside(i) || h.headNames.has(t.word))) || rare(idf(t), nameAt) || ownWord))) anchors.add(i);
    }
    // The word that says what kind of agreement the title is stands for the document noun right
    // after a word of the document's names: "the golf endorsement" is "the golf endorsement
    // agreement" of Square Two Golf, "the Medical Manager maintenance" its maintenance agreement
    // (after another word, "the endorsement fee", or alone, it names nothing).
    const kind = titleKindWord(h.doc.title);
    const nouns = kind ? tokens.map((t, j) => nounAt[j]! || (t.word === kind && matched.has(j) && matched.get(j - 1) === 'name')) : nounAt;
    for (const i of [...matched.keys()]) {
      // A German compound names its kind itself: "der Liefervertrag" of the document titled LIEFERVERTRAG.
      if (anchors.has(i) || inNamingPhrase(i, matched, nouns, anchors, connectorAt, gapAt) || (matched.get(i) === 'title' && COMPOUND_DOCUMENT_NOUN.test(tokens[i]!.word))) continue;
      matched.delete(i);
      weights.delete(i);
    }
    if (matched.size === 0) return;
    let score = [...weights.values()].reduce((a, b) => a + b, 0);
    score += runBonus(tokens, h, matched, weights);
    out.push({ index, doc: h.doc, score, matched, strong: anchors });
  });
  return out.sort((a, b) => b.score - a.score || a.index - b.index);
}

/** The title's word right before its document noun ("Endorsement" of "ENDORSEMENT AGREEMENT", "maintenance" of "Technical Infrastructure Maintenance Agreement"), folded; null when none. */
function titleKindWord(title: string | null | undefined): string | null {
  const words = [...(title ?? '').matchAll(WORD)].map((m) => fold(m[0]));
  const noun = words.findIndex((w, i) => i > 0 && DOCUMENT_NOUNS.has(w));
  const kind = noun > 0 ? words[noun - 1]! : null;
  return kind && kind.length >= 4 && !DOCUMENT_NOUNS.has(kind) && !/^(?:and|the|this|for|with)$/u.test(kind) ? kind : null;
}

interface CompactSpan {
  readonly lo: number;
  readonly hi: number;
  /** The span's words joined. */
  readonly key: string;
  /** Holds a single letter (initials written apart: "g.b."). */
  readonly initials: boolean;
}

/** At most this many question words make one compact name. */
const MAX_COMPACT_SPAN = 5;
/** Compact names this long or longer may differ by one typo or swapped pair ("Wately" / "Watley"). */
const FUZZY_COMPACT_NAME = 8;

/** Runs of question words written next to each other (at most a dot and a space apart) that could spell a name. */
function compactSpans(tokens: readonly QuestionToken[]): CompactSpan[] {
  const out: CompactSpan[] = [];
  for (let lo = 0; lo < tokens.length; lo++) {
    if (tokens[lo]!.functionWord && tokens[lo]!.word.length > 1) continue;
    let key = '';
    let initials = false;
    for (let hi = lo; hi < tokens.length && hi < lo + MAX_COMPACT_SPAN; hi++) {
      const t = tokens[hi]!;
      if (hi > lo && t.start - tokens[hi - 1]!.end > 2) break;
      key += t.word;
      initials ||= t.word.length === 1;
      if (!tokens.slice(lo, hi + 1).some((x) => !x.functionWord && x.word.length > 1 && !DOCUMENT_NOUNS.has(x.word))) continue;
      out.push({ lo, hi, key, initials });
    }
  }
  return out;
}

/**
 * The number of words of the name the span spells, or null. Only where the question spaces or
 * punctuates the name otherwise than the document (a name written alike is matched word by word).
 */
function compactMatch(names: ReadonlyMap<string, number>, span: CompactSpan): number | null {
  const spanWords = span.hi - span.lo + 1;
  const differs = (words: number) => words !== spanWords || span.initials;
  const exact = names.get(span.key);
  if (exact !== undefined) return differs(exact) ? exact : null;
  if (span.key.length < FUZZY_COMPACT_NAME) return null;
  for (const [name, words] of names) if (name.length >= FUZZY_COMPACT_NAME && differs(words) && oneTypoApart(name, span.key)) return words;
  return null;
}

/** One edit or one swap of neighbouring letters apart. */
function oneTypoApart(a: string, b: string): boolean {
  if (withinOneEdit(a, b)) return true;
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** A name found in the text of more documents than this is not a name of one of them. */
export const MAX_TEXT_HOLDERS = 4;

/** "KBW", "ATR", "AT&T": capitals throughout, two letters or more. */
function isAbbreviationLike(t: QuestionToken): boolean {
  return /^\p{Lu}[\p{Lu}\p{N}]+$/u.test(t.raw);
}

/**
 * Runs of words the question writes as a name (capitalised inside the sentence, or in capitals),
 * and rare lower-case words where a question names a party: next to a document noun (up to
 * four words before it), after "with" / "from" / "against", before "'s".
 */
function nameRuns(tokens: readonly QuestionToken[], usable: readonly boolean[], nounAt: readonly boolean[], options: MatchOptions): number[][] {
  const nameLike = (i: number) => {
    const t = tokens[i]!;
    if (!usable[i] || nounAt[i]) return false;
    // A German noun names a document only where a name stands ("der Vertrag mit Inktomi"), not
    // for being capitalised ("Wann muss ein Rechtsverletzer Schadensersatz leisten?").
    if ((writtenAsName(t) && !t.nounCase) || isAbbreviationLike(t)) return true;
    const stats = options.terms?.get(t.word);
    // The workspace's own bar (nameIdf, onlyIn) is not used here: in a small workspace every
    // word before a document noun would pass it ("l'exécution du contrat").
    if (!stats || !rare(stats.idf)) return false;
    return inNamingPosition(tokens, i, nounAt);
  };
  const runs: number[][] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!nameLike(i)) continue;
    const run = [i];
    while (i + 1 < tokens.length && nameLike(i + 1)) run.push(++i);
    runs.push(run);
  }
  return runs;
}


/** Before a document noun (within four words), after "with", "from", "against", before "'s", or heading the question — where a question names a party. */
function inNamingPosition(tokens: readonly QuestionToken[], i: number, nounAt: readonly boolean[]): boolean {
  if (tokens[i]!.heading) return true;
  for (let j = i + 1; j <= i + 4 && j < tokens.length; j++) if (nounAt[j]) return true;
  if (nounAt[i - 1]) return true;
  const before = tokens[i - 1]?.word ?? '';
  return /^(?:with|from|against|between|avec|entre|contre|mit|gegen|zwischen)$/u.test(before) || tokens[i + 1]?.word === 's';
}

/** A question word's match in a document's handles; initials of a party's name count when written in capitals ("KBW"). */
function matchToken(h: DocumentHandles, t: QuestionToken): { cls: HandleClass; share: number } | null {
  return matchClass(h, t.word) ?? (/^\p{Lu}{3,6}$/u.test(t.raw) && h.nameInitials.has(t.word) ? { cls: 'name', share: 1 } : null);
}

function matchClass(h: DocumentHandles, word: string): { cls: HandleClass; share: number } | null {
  const exact = h.words.get(word);
  if (exact) return { cls: exact, share: 1 };
  // "o&m" for an "Operations and Maintenance Agreement": the title's initials, written with "&".
  if (word.includes('&') && h.initials.has(word.replace(/&/gu, ''))) return { cls: 'title', share: 1 };
  // "Stremick's" for "Stremicks Heritage Foods": a name's word with or without a final "s".
  if (word.length >= 5) {
    const variant = h.words.get(word.endsWith('s') ? word.slice(0, -1) : `${word}s`);
    if (variant === 'name') return { cls: 'name', share: PREFIX_MATCH };
  }
  if (word.length >= 4) {
    const stemmed = h.stems.get(stemOf(word));
    if (stemmed === 'title' || stemmed === 'file') return { cls: stemmed, share: PREFIX_MATCH };
    if (h.initials.has(word)) return { cls: 'title', share: 1 };
    // "distribution" ~ "distributor", "franchise" ~ "franchisee": a long shared prefix of a title word.
    for (const [w, cls] of h.words) {
      if (cls !== 'title' || w.length < 5) continue;
      const p = commonPrefix(w, word);
      if (p >= 5 && p >= 0.75 * Math.min(w.length, word.length)) return { cls, share: PREFIX_MATCH };
    }
  } else if (h.initials.has(word)) return { cls: 'title', share: 1 };
  return null;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * 1 for a word as rare as a name in the workspace's text (or written as one), less for a common
 * clause word. In a workspace too small for a name to be rare by its passages, a word only this
 * document's text holds counts as rare (term-stats.ts onlyIn): "healthgate", in 60 of the 441
 * passages of five contracts, all of one of them, is that contract's party however often it says so.
 */
function contentFactor(t: QuestionToken, cls: HandleClass, stats: TermStats | undefined, nameAt: number, docId: string): number {
  if (cls === 'title' || cls === 'file') return 1;
  const idf = stats?.idf;
  if (idf === undefined || idf === 0 || idf >= nameAt || stats?.onlyIn === docId) return 1;
  if (writtenAsName(t)) return 1;
  return Math.max(CONTENT_FLOOR, idf / nameAt);
}

/**
 * Capitalised inside the sentence, and not in capitals throughout (an abbreviation such as "IP"
 * may be a clause word); or joined by "_" as only a name is ("plan_b", however its contract's text
 * splits it for search: "plan" is in every development plan).
 */
function writtenAsName(t: QuestionToken): boolean {
  return (t.capitalised && /\p{Ll}/u.test(t.raw)) || t.raw.includes('_');
}

/**
 * BM25 idf under which a word is everyday text in this workspace (about one passage in 20 or more
 * holds it): capitalised, it is a defined term ("Confidential Information", "Effective Date"),
 * not a name.
 */
const COMMON_IDF = 3;

function common(idf: number | undefined): boolean {
  return idf !== undefined && idf > 0 && idf < COMMON_IDF;
}

/**
 * A German compound ending in a document noun ("liefervertrag", "mietvertrags", "rahmenvereinbarung",
 * folded): a document noun with its kind in one word, as "supply agreement" is in two.
 */
const COMPOUND_DOCUMENT_NOUN = /^\p{L}{3,}(?:vertrag|vertrags|vertrages|vertrage|vereinbarung|vereinbarungen|abkommen|abkommens)$/u;

function rare(idf: number | undefined, nameAt: number = NAME_IDF): boolean {
  return idf !== undefined && (idf === 0 || idf >= nameAt);
}

/** The workspace's name idf (term-stats.ts nameIdf), NAME_IDF when the text is not known. */
function nameIdfOf(options: MatchOptions): number {
  for (const stats of options.terms?.values() ?? []) return stats.nameIdf ?? NAME_IDF;
  return NAME_IDF;
}

function inNamingPhrase(i: number, matched: ReadonlyMap<number, HandleClass>, nounAt: readonly boolean[], anchors: ReadonlySet<number>, connectorAt: readonly boolean[], gapAt: readonly boolean[]): boolean {
  // Walk the run of matched words or document nouns around i (connectors inside it: "Network Build
  // and Maintenance Agreement"): a noun or an anchoring name in it makes it a naming phrase.
  // One word the handles lack may stand between matched words and the noun, as a qualifier the
  // title leaves out ("the miaoli hotel architect contract" of "Outsourcing Contract on Development
  // of Miaoli Royal Resort Hotel").
  const inRun = (j: number) =>
    matched.has(j) ||
    nounAt[j] === true ||
    (connectorAt[j] === true && (matched.has(j + 1) || nounAt[j + 1] === true)) ||
    (gapAt[j] === true && matched.has(j - 1) && nounAt[j + 1] === true);
  let lo = i;
  while (lo > 0 && inRun(lo - 1)) lo--;
  let hi = i;
  while (hi + 1 < nounAt.length && inRun(hi + 1)) hi++;
  for (let j = lo; j <= hi; j++) if (j !== i && (nounAt[j] || anchors.has(j))) return true;
  return nounAt[i] === true && hi > lo;
}

/** Runs of matched question words that follow one handle's words in order. */
function runBonus(tokens: readonly QuestionToken[], h: DocumentHandles, matched: ReadonlyMap<number, HandleClass>, weights: ReadonlyMap<number, number>): number {
  let bonus = 0;
  for (const handle of h.handles) {
    if (handle.words.length < 2) continue;
    for (let i = 0; i < tokens.length; i++) {
      if (!matched.has(i)) continue;
      for (let k = 0; k < handle.words.length; k++) {
        let len = 0;
        while (i + len < tokens.length && k + len < handle.words.length && tokens[i + len]!.word === handle.words[k + len] && matched.has(i + len)) len++;
        if (len < 2) continue;
        let sum = 0;
        for (let j = i; j < i + len; j++) sum += weights.get(j) ?? 0;
        bonus = Math.max(bonus, RUN_BONUS * (len - 1) * (sum / len));
      }
    }
  }
  return bonus;
}
