/**
 * Legal-aware lexical analysis: turns text into index terms.
 *
 * Keeps what lawyers search for intact: clause numbers ("5.2", "12.2.1"), section signs
 * ("§ 7" → "§7"), filing codes ("10-K"), amounts ("1,000,000" → "1000000"), and labelled
 * references ("Schedule B", "Section 5.2", "Art. 1101") as compound terms next to their parts.
 * Ordinary words are lower-cased, stop words dropped and stems taken per language (Snowball).
 */
import { DEFAULT_LANGUAGE, languageResources } from './languages';

export interface AnalyzerOptions {
  /** Snowball stemming in the text's language. */
  readonly stem: boolean;
  /** Drop the language's stop words. */
  readonly stopWords: boolean;
  /** Emit compound terms for labelled references ("schedule_b", "section_5.2"). */
  readonly compounds: boolean;
}

export const DEFAULT_ANALYZER: AnalyzerOptions = { stem: true, stopWords: true, compounds: true };

/** Bump when the analysis changes: persisted indexes built with another version are rebuilt. */
export const ANALYZER_VERSION = 1;

/** A raw token with its position in the source text (used for highlighting). */
export interface RawToken {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

// Order matters: the most specific shapes first.
const TOKEN_PATTERN = new RegExp(
  [
    String.raw`§{1,2}\s*\d+[a-z]?(?:\.\d+)*`, // § 7, §§ 12a, § 5.2
    String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?`, // 1,000,000 and 1,000.50
    String.raw`\d+(?:\.\d+)+[a-z]?`, // 5.2, 12.2.1, 4.1a
    String.raw`[\p{L}\p{N}]+(?:[-‐‑][\p{L}\p{N}]+)*(?:['’][\p{L}]+)?`, // words, 10-K, non-compete, party's
  ].join('|'),
  'giu',
);

/** Words that label a reference before its number ("Section 5.2", "Art. 1101", "Anlage 3"), in the languages the app reads. */
export const LABEL_WORDS: ReadonlySet<string> = new Set([
  'section', 'sec', 'sections', 'article', 'art', 'articles', 'clause', 'clauses', 'schedule', 'exhibit', 'annex',
  'appendix', 'part', 'chapter', 'paragraph', 'para', 'rule', 'item', 'title', 'attachment', 'addendum',
  'artikel', 'abschnitt', 'anlage', 'kapitel', 'absatz', 'annexe', 'chapitre', 'alinéa', 'titre', 'anexo', 'capítulo',
]);

const IDENTIFIER = /^(?:\d+(?:\.\d+)*[a-z]?|[ivxlcdm]+|[a-z])$/;
const ELISION = /^(?:l|d|j|m|n|s|t|c|qu|lorsqu|puisqu|jusqu)['’]/;
const HAS_DIGIT = /\d/;

/** Splits text into raw, lower-cased tokens with their offsets. */
export function rawTokens(text: string): RawToken[] {
  const out: RawToken[] = [];
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const start = match.index;
    out.push({ text: match[0].toLowerCase(), start, end: start + match[0].length });
  }
  return out;
}

function normalizeToken(token: string): string {
  if (token.startsWith('§')) return '§' + token.replace(/^§+\s*/, '');
  if (/^\d{1,3}(?:,\d{3})+/.test(token)) return token.replace(/,/g, '');
  return token.replace(/[‐‑]/g, '-');
}

/** Strips possessives ("party's") and French elisions ("l'accord"). */
function stripApostrophes(token: string): string {
  const elided = token.replace(ELISION, '');
  return elided.replace(/['’]s?$/, '');
}

export interface Analyzer {
  /** Index terms of a text, in order (duplicates kept, as BM25 needs term frequency). */
  terms(text: string, language?: string | null): string[];
  /** The term a single word becomes, or null when it is dropped. */
  term(word: string, language?: string | null): string | null;
}

/** Words memoised per analyzer (stemming is most of the analysis time); cleared when full. */
const MEMO_LIMIT = 100_000;

export function createAnalyzer(options: AnalyzerOptions = DEFAULT_ANALYZER): Analyzer {
  const memo = new Map<string, string | null>();
  function analyse(word: string, language: string | null | undefined): string | null {
    if (word.length < 2 && !HAS_DIGIT.test(word)) return null;
    const res = languageResources(language ?? DEFAULT_LANGUAGE);
    if (HAS_DIGIT.test(word) || word.startsWith('§')) return word;
    if (options.stopWords && res?.stopWords.has(word)) return null;
    return options.stem && res ? res.stem(word) : word;
  }
  function wordTerm(word: string, language: string | null | undefined): string | null {
    const key = `${language ?? ''}\u0000${word}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const term = analyse(word, language);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, term);
    return term;
  }

  function terms(text: string, language?: string | null): string[] {
    const out: string[] = [];
    const tokens = rawTokens(text);
    for (let i = 0; i < tokens.length; i++) {
      const token = normalizeToken(tokens[i]!.text);
      const next = tokens[i + 1];
      if (options.compounds && next && LABEL_WORDS.has(token) && IDENTIFIER.test(next.text) && next.start - tokens[i]!.end <= 2) {
        out.push(`${token === 'sec' ? 'section' : token === 'art' ? 'article' : token}_${next.text}`);
      }
      if (token.includes('-') && !HAS_DIGIT.test(token)) {
        // non-compete → non, compete, noncompete
        const parts = token.split('-');
        for (const part of parts) {
          const t = wordTerm(part, language);
          if (t) out.push(t);
        }
        const joined = wordTerm(parts.join(''), language);
        if (joined) out.push(joined);
        continue;
      }
      const t = wordTerm(stripApostrophes(token), language);
      if (t) out.push(t);
    }
    return out;
  }

  return {
    terms,
    term: (word, language) => wordTerm(stripApostrophes(normalizeToken(word.toLowerCase())), language),
  };
}
