/**
 * Document resolution: when a question names its document ("Consider the Distributor Agreement
 * between X and Y; …", "what does the GDPR say about …"), find that document from its title,
 * party names, aliases and file name, and return the question without the naming words so they
 * do not pull the title page to the top.
 *
 * Names are matched as whole word sequences. A name shared by several documents counts less
 * (a generic "Agreement" identifies nothing); the best document must win clearly.
 */
import { languageResources } from './languages';

const english = languageResources('en');
/** Stop words of the question's language (English by default) count as function words. */
const isFunctionWord = (word: string): boolean => english?.stopWords.has(word) ?? false;

export interface NamedDocument {
  readonly id: string;
  readonly name: string;
  readonly title: string | null;
  readonly aliases: readonly string[];
}

export interface Resolution {
  /** The best match. */
  readonly documentId: string;
  /**
   * Every document the question names about as well as the best (a contract and its scanned
   * copy, an agreement and its amendment): search them all. Best first.
   */
  readonly documentIds: readonly string[];
  /** The names found in the question, as written there. */
  readonly matched: readonly string[];
  /** The question with the matched names removed. */
  readonly remainder: string;
  readonly score: number;
}

/** A parenthesis declaring a defined term: it holds a quoted word. */
const DEFINITION = /\([^()]*["\u201c\u201d\u2018\u2019'][^()]*\)/gu;

/** More documents than this named equally well means the question does not single any out. */
const MAX_TIED = 3;

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
    out.push({ word: m[0].toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, ''), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** The word sequences a document can be named by. */
/** Single-word names written as abbreviations (GDPR, DSGVO, WGT) identify as well as two words. */
const ABBREVIATION = /^[A-Z][A-Z0-9&]{2,}$/;

function abbreviationsOf(doc: NamedDocument): Set<string> {
  return new Set(doc.aliases.filter((a) => ABBREVIATION.test(a.trim())).map((a) => a.trim().toLowerCase()));
}

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
      if (variant.length === 1 && variant[0]!.length < 3) continue;
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

export function resolveDocument(question: string, documents: readonly NamedDocument[]): Resolution | null {
  const q = tokens(question);
  if (q.length === 0 || documents.length === 0) return null;
  const names = documents.map(namesOf);
  // How many documents share each name: shared names identify less.
  const share = new Map<string, number>();
  for (const list of names) for (const n of new Set(list.map((w) => w.join(' ')))) share.set(n, (share.get(n) ?? 0) + 1);

  const abbreviations = documents.map(abbreviationsOf);
  const scored: { index: number; score: number; spans: { start: number; end: number }[] }[] = [];
  names.forEach((list, index) => {
    let score = 0;
    const spans: { start: number; end: number }[] = [];
    for (const words of list) {
      const at = findSequence(q, words);
      if (at < 0) continue;
      const span = { start: q[at]!.start, end: q[at + words.length - 1]!.end };
      if (spans.some((s) => s.start <= span.start && span.end <= s.end)) continue; // inside a longer match
      const key = words.join(' ');
      const weight = words.length === 1 && abbreviations[index]!.has(key) ? 2 : words.length;
      score += weight / (share.get(key) ?? 1);
      spans.push(span);
    }
    if (score > 0) scored.push({ index, score, spans });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  const winner = scored[0];
  if (!winner || winner.score < 2) return null;
  // Documents within 1.5× of the best are named as well as it is; a clear winner stands alone.
  const close = scored.filter((c) => c.score * 1.5 > winner.score);
  if (close.length > MAX_TIED) return null;

  return {
    documentId: documents[winner.index]!.id,
    documentIds: close.map((c) => documents[c.index]!.id),
    matched: [...winner.spans].sort((a, b) => a.start - b.start).map((s) => question.slice(s.start, s.end)),
    remainder: stripNames(question, names[winner.index]!, isFunctionWord),
    score: winner.score,
  };
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
  for (const clause of clauses) {
    const toks = tokens(clause);
    const removed = new Array<boolean>(toks.length).fill(false);
    const longestFirst = [...names].sort((a, b) => b.length - a.length);
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
    .replace(/^[\s;,.]+/, '')
    .trim();
}
