/**
 * Document resolution: when a question names its document ("Consider the Distributor Agreement
 * between X and Y; …", "what does the GDPR say about …"), find that document from its title,
 * party names, aliases (defined short names, abbreviations) and file name, and return the
 * question without the naming words so they do not pull the title page to the top.
 *
 * Names are matched as whole word sequences, generic ones ("Agreement", "Parties") never; a
 * document is named by at least two words (or an abbreviation), and by about as many as the
 * best-named one. A document named only by words that name another one too, which the question
 * names further ("the Distribution Agreement" of two, "… with Fabrikam" of one), is not. Three outcomes:
 *   - resolved: one document, or several the question names each by its own names ("the Aura
 *     and the Energous agreements"), or copies of one document (a contract and its scanned
 *     copy: same title, same parties) named equally, which are searched together;
 *   - ambiguous: the words naming a document fit several different documents equally ("the
 *     Distributor Agreement" when there are two): the caller asks which;
 *   - none: the question names no document.
 */
import { languageResources, SUPPORTED_LANGUAGES } from './languages';

/** A stop word of any supported language counts as a function word (the question's language is not known here). */
const FUNCTION_WORDS = new Set(SUPPORTED_LANGUAGES.flatMap((code) => [...(languageResources(code)?.stopWords ?? [])]));
const isFunctionWord = (word: string): boolean => FUNCTION_WORDS.has(word);

export interface NamedDocument {
  readonly id: string;
  readonly name: string;
  readonly title: string | null;
  readonly aliases: readonly string[];
  /** ISO 639-1, when known (the ask path prefers the question's language). */
  readonly language?: string | null;
  /** Pages, and pages read by OCR (a scan: all of them), when known. */
  readonly pages?: number;
  readonly ocrPages?: number;
}

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
  readonly score: number;
}

export type DocumentMatch =
  | { readonly kind: 'none' }
  | { readonly kind: 'resolved'; readonly resolution: Resolution }
  /** The naming words fit several different documents equally: ask which (best first). */
  | { readonly kind: 'ambiguous'; readonly candidates: readonly NamedDocument[]; readonly matched: readonly string[]; readonly remainder: string };

/** A parenthesis declaring a defined term: it holds a quoted word. */
const DEFINITION = /\([^()]*["\u201c\u201d\u2018\u2019'][^()]*\)/gu;

/** A clarification lists at most this many candidates. */
const MAX_CANDIDATES = 6;
/** More documents than this named clearly and distinctly is not a scope but the workspace. */
const MAX_NAMED = 4;
/** The least score (words of distinctive names) that names a document at all. */
const MIN_SCORE = 2;

const GENERIC = new Set(['agreement', 'contract', 'the agreement', 'this agreement', 'document', 'party', 'parties', 'company', 'exhibit', 'schedule', 'policy', 'terms']);
const LEGAL_FORMS = new Set(['inc', 'ltd', 'llc', 'corp', 'corporation', 'co', 'plc', 'gmbh', 'ag', 'sa', 'sas', 'sarl', 'bv', 'nv', 'lp', 'llp', 'limited', 'company', 'the']);

interface Token {
  readonly word: string;
  readonly start: number;
  readonly end: number;
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    out.push({ word: fold(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

function fold(word: string): string {
  return word.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** Single-word names written as abbreviations (GDPR, DSGVO, WGT) identify as well as two words. */
const ABBREVIATION = /^[A-Z][A-Z0-9&]{2,}$/;

function abbreviationsOf(doc: NamedDocument): Set<string> {
  return new Set(doc.aliases.filter((a) => ABBREVIATION.test(a.trim())).map((a) => a.trim().toLowerCase()));
}

/** The word sequences a document can be named by. */
function namesOf(doc: NamedDocument): string[][] {
  const raw = [doc.title ?? '', ...doc.aliases, doc.name.replace(/\.[a-z0-9]+$/i, '').replace(/[_-]+/g, ' ')];
  const out: string[][] = [];
  for (const name of raw) {
    const words = tokens(name).map((t) => t.word);
    // "Acme Corp." is also named "Acme": drop trailing legal forms as a variant.
    let core = words;
    while (core.length > 1 && LEGAL_FORMS.has(core[core.length - 1]!)) core = core.slice(0, -1);
    for (const variant of [words, core]) {
      const joined = variant.join(' ');
      if (variant.length === 0 || GENERIC.has(joined)) continue;
      if (variant.length === 1 && (variant[0]!.length < 3 || isFunctionWord(variant[0]!))) continue;
      if (!out.some((o) => o.join(' ') === joined)) out.push(variant);
    }
  }
  return out;
}

function findSequence(haystack: readonly Token[], needle: readonly string[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j]!.word !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

interface Scored {
  readonly index: number;
  /** Words of the names matched (an abbreviation counts two): how strongly the question names the document. */
  readonly raw: number;
  readonly spans: readonly Span[];
}

export function matchDocuments(question: string, documents: readonly NamedDocument[]): DocumentMatch {
  const q = tokens(question);
  if (q.length === 0 || documents.length === 0) return { kind: 'none' };
  const names = documents.map(namesOf);
  const abbreviations = documents.map(abbreviationsOf);
  const scored: Scored[] = [];
  names.forEach((list, index) => {
    let raw = 0;
    const spans: Span[] = [];
    for (const words of [...list].sort((a, b) => b.length - a.length)) {
      const at = findSequence(q, words);
      if (at < 0) continue;
      const span = { start: q[at]!.start, end: q[at + words.length - 1]!.end };
      if (spans.some((s) => s.start <= span.start && span.end <= s.end)) continue; // inside a longer match
      raw += words.length === 1 && abbreviations[index]!.has(words[0]!) ? 2 : words.length;
      spans.push(span);
    }
    if (raw > 0) scored.push({ index, raw, spans });
  });
  scored.sort((a, b) => b.raw - a.raw || a.index - b.index);
  const best = scored[0];
  if (!best || best.raw < MIN_SCORE) return { kind: 'none' };
  const docOf = (s: Scored): NamedDocument => documents[s.index]!;
  const keys = (s: Scored) => new Set(s.spans.map((sp) => `${sp.start}:${sp.end}`));
  const within = (a: Scored, b: Scored) => [...keys(a)].every((k) => keys(b).has(k));

  // Named about as well as the best (within 1.5×), and not by a subset of another's names (a
  // document named only by the title two share, when the question also names one's party).
  const named = scored.filter((s) => s.raw * 1.5 > best.raw && !scored.some((o) => o !== s && o.raw >= s.raw && within(s, o) && !within(o, s) && !sameWork(docOf(s), docOf(o))));
  // Documents named by exactly the same words that are not copies of one another: ask which.
  for (const s of named) {
    const same = named.filter((o) => within(s, o) && within(o, s));
    const works = groupCopies(same.map(docOf));
    if (works.length > 1) return ambiguous(same, works);
  }
  const works = groupCopies(named.map(docOf));
  if (works.length > MAX_NAMED) return ambiguous(named, works);
  // Copies of a named document that the question names less (a scan's first pages hold fewer names).
  const chosen = [...named, ...scored.filter((s) => !named.includes(s) && named.some((n) => sameWork(docOf(s), docOf(n)) && within(s, n)))];
  return resolved(chosen);

  function matchedOf(list: readonly Scored[]): string[] {
    const spans = list.flatMap((s) => s.spans);
    return [...new Map(spans.map((sp) => [`${sp.start}:${sp.end}`, sp])).values()]
      .filter((sp, _, all) => !all.some((o) => o !== sp && o.start <= sp.start && sp.end <= o.end))
      .sort((a, b) => a.start - b.start)
      .map((sp) => question.slice(sp.start, sp.end));
  }

  function remainderOf(list: readonly Scored[]): string {
    return stripNames(
      question,
      list.flatMap((s) => names[s.index]!),
      isFunctionWord,
    );
  }

  function resolved(list: readonly Scored[]): DocumentMatch {
    return {
      kind: 'resolved',
      resolution: { documentId: docOf(list[0]!).id, documentIds: list.map((s) => docOf(s).id), matched: matchedOf(list), remainder: remainderOf(list), score: list[0]!.raw },
    };
  }

  function ambiguous(list: readonly Scored[], groups: readonly (readonly NamedDocument[])[]): DocumentMatch {
    // One candidate per work (its best-named copy), best first.
    const firstOf = new Set(groups.map((g) => g[0]!.id));
    const candidates = list.map(docOf).filter((d) => firstOf.has(d.id)).slice(0, MAX_CANDIDATES);
    return { kind: 'ambiguous', candidates, matched: matchedOf(list), remainder: remainderOf(list) };
  }
}

/** The documents grouped into works: copies of one document (same title, same parties) form one group. Order kept. */
export function groupCopies(docs: readonly NamedDocument[]): NamedDocument[][] {
  const groups: NamedDocument[][] = [];
  for (const d of docs) {
    const group = groups.find((g) => sameWork(g[0]!, d));
    if (group) group.push(d);
    else groups.push([d]);
  }
  return groups;
}

/**
 * Two documents are copies of one work (a contract and its scan, its PDF and Word versions) when
 * their titles are the same and nearly all names of the one with fewer (a scan of the first pages
 * finds fewer) are the other's too: COPY_SHARE of them, and at least two. Two agreements with the
 * same title and one party in common share only that party's names.
 */
export function sameWork(a: NamedDocument, b: NamedDocument): boolean {
  if (a.id === b.id) return true;
  const title = (d: NamedDocument) => tokens(d.title ?? '').map((t) => t.word).join(' ');
  if (title(a) === '' || title(a) !== title(b)) return false;
  const key = (s: string) => tokens(s).map((t) => t.word).join(' ');
  const as = new Set(a.aliases.map(key).filter(Boolean));
  const bs = new Set(b.aliases.map(key).filter(Boolean));
  if (as.size === 0 || bs.size === 0) return false;
  let shared = 0;
  for (const x of as) if (bs.has(x)) shared++;
  return shared >= 2 && shared >= COPY_SHARE * Math.min(as.size, bs.size);
}

const COPY_SHARE = 0.75;

/** The document(s) the question names, or null (none, or ambiguous). */
export function resolveDocument(question: string, documents: readonly NamedDocument[]): Resolution | null {
  const m = matchDocuments(question, documents);
  return m.kind === 'resolved' ? m.resolution : null;
}

/**
 * The question without the words that named the document: every occurrence of each of its
 * names is removed with the defined-term parentheses of a naming clause ("(collectively the
 * “Parties”)"), and a clause (between ; or newlines) that named it and has no content word
 * of its own left ("Consider the X Agreement between A Inc. ("A"); B Ltd. ("B");") is dropped.
 */
export function stripNames(question: string, names: readonly (readonly string[])[], functionWord: (word: string) => boolean): string {
  const clauses = question.split(/(?<=[;\n])/);
  const kept: string[] = [];
  const longestFirst = [...names].sort((a, b) => b.length - a.length);
  for (const clause of clauses) {
    const toks = tokens(clause);
    const removed = new Array<boolean>(toks.length).fill(false);
    let matched = false;
    for (const words of longestFirst) {
      for (let i = 0; i + words.length <= toks.length; i++) {
        if (words.every((w, j) => toks[i + j]!.word === w && !removed[i + j])) {
          for (let j = 0; j < words.length; j++) removed[i + j] = true;
          matched = true;
        }
      }
    }
    if (!matched) {
      kept.push(clause);
      continue;
    }
    // Defined-term declarations next to the names ("(the “Parties”)", ("Parties" and
    // individually a "Party")) belong to the naming too, whatever words they hold.
    for (const m of clause.matchAll(DEFINITION)) {
      const end = m.index + m[0].length;
      toks.forEach((t, i) => {
        if (t.start >= m.index && t.end <= end) removed[i] = true;
      });
    }
    const content = toks.filter((t, i) => !removed[i] && /^\p{Ll}/u.test(clause.slice(t.start, t.end)) && t.word.length >= 3 && !functionWord(t.word));
    if (content.length === 0) continue;
    let out = clause;
    for (let i = toks.length - 1; i >= 0; i--) if (removed[i]) out = out.slice(0, toks[i]!.start) + out.slice(toks[i]!.end);
    kept.push(out);
  }
  return kept
    .join(' ')
    .replace(/\(\s*["“”'‘’]*\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,;:.?!])/g, '$1')
    .replace(/^[\s;,.]+/, '')
    .trim();
}
