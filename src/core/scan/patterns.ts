/**
 * Playbook patterns on a linear-time engine. Patterns come from playbooks people write and share,
 * so they run on re2js (a pure-JS port of RE2: no backtracking, matching time linear in the input)
 * and never on the built-in backtracking RegExp: `(a+)+$` cannot hang the tab. Pattern length
 * and compiled program size are bounded too, and compiled patterns are cached.
 *
 * Phrases (plain words in checks and keywords) become patterns here: words matched whole,
 * case-insensitively, any run of spaces/punctuation between them, an optional plural ending.
 */
import { RE2JS } from 're2js';
import { InputError } from '../errors';

/** Longest pattern source accepted. */
export const MAX_PATTERN_LENGTH = 1000;
/** Largest compiled RE2 program accepted (a rough cost measure; 500 is generous for clause cues). */
const MAX_PROGRAM_SIZE = 5000;

export interface SafePattern {
  readonly source: string;
  test(text: string): boolean;
  /** Tests UTF-8 bytes (encode a long text once and test many patterns on it: much faster in re2js). */
  testBytes(utf8: Uint8Array): boolean;
  /** The first match: its text and offset, or null. */
  find(text: string): { readonly text: string; readonly index: number } | null;
}

const cache = new Map<string, SafePattern>();

/** Compiles an RE2 pattern (case-insensitive). Throws InputError naming the pattern when it is invalid or too big. */
export function compilePattern(source: string): SafePattern {
  const hit = cache.get(source);
  if (hit) return hit;
  if (source.length === 0) throw new InputError('playbook: empty pattern');
  if (source.length > MAX_PATTERN_LENGTH) throw new InputError(`playbook: pattern "${source.slice(0, 40)}…" is ${source.length} characters (at most ${MAX_PATTERN_LENGTH})`, { pattern: source.slice(0, 100) });
  let re: RE2JS;
  try {
    re = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InputError(`playbook: pattern "${source}" is not a valid RE2 expression: ${reason}`, { pattern: source });
  }
  if (re.programSize() > MAX_PROGRAM_SIZE) throw new InputError(`playbook: pattern "${source.slice(0, 60)}" is too complex (program size ${re.programSize()}, at most ${MAX_PROGRAM_SIZE})`, { pattern: source.slice(0, 100) });
  const pattern = wrap(source, re);
  if (cache.size > 5000) cache.clear();
  cache.set(source, pattern);
  return pattern;
}

function wrap(source: string, re: RE2JS): SafePattern {
  return {
    source,
    test: (text) => re.test(text),
    testBytes: (utf8) => re.test(utf8),
    find: (text) => {
      const m = re.exec(text);
      return m ? { text: String(m[0]), index: Number((m as unknown as { index: number }).index) } : null;
    },
  };
}

/**
 * One pattern matching wherever any of the given patterns matches: a gate that tests a text in
 * one pass before the patterns are compiled and tested one by one. Each source is bounded like a
 * single pattern; an invalid one makes the gate fail to compile (InputError).
 */
export function compileAny(sources: readonly string[]): SafePattern | null {
  if (sources.length === 0) return null;
  const long = sources.find((x) => x.length > MAX_PATTERN_LENGTH);
  if (long !== undefined) return compilePattern(long);
  const source = sources.map((x) => `(?:${x})`).join('|');
  // Cached like single patterns: re2js builds its DFA lazily, so a reused gate gets faster.
  const hit = cache.get(source);
  if (hit) return hit;
  let re: RE2JS;
  try {
    re = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  } catch {
    // name the pattern at fault
    for (const x of sources) compilePattern(x);
    throw new InputError('playbook: the patterns do not compile together');
  }
  const gate = wrap(source, re);
  cache.set(source, gate);
  return gate;
}

/** Normalises passage text for matching: straight quotes and dashes, one space between words. */
export function normalizeText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text for clause-type signals: normalised, and with the full stops that do not end a sentence
 * ("Section 2.5", "U.S.", "Inc.") taken out, so same-sentence patterns (`[^.;]{0,n}`) are not cut
 * by a section number or an abbreviation.
 */
export function signalText(text: string): string {
  return normalizeText(text)
    .replace(/(\d)\.(?=\d)/g, '$1')
    .replace(/\b([A-Z])\.(?=[A-Z]\.)/g, '$1')
    .replace(/\b(Inc|Ltd|Co|Corp|No|Nos|Sec|Secs|Art|Para|Cl|Sch|Ex|Mr|Mrs|Ms|Dr|St|vs|viz|approx|e\.g|i\.e|etc)\./g, '$1');
}

/** The RE2 source matching a plain phrase: whole words, flexible separators, optional plural. */
export function phraseSource(phrase: string): string {
  const words = normalizeText(phrase).split(/[\s\-_/]+/).filter(Boolean).map((w) => RE2JS.quote(w.toLowerCase()));
  if (words.length === 0) throw new InputError(`playbook: empty phrase "${phrase}"`);
  const last = words.length - 1;
  const body = words.map((w, i) => (i === last && /\w$/.test(w) ? `${w}(?:s|es)?` : w)).join('[\\s\\-_/]+');
  return `(?:^|\\W)${body}(?:\\W|$)`;
}

export function compilePhrase(phrase: string): SafePattern {
  return compilePattern(phraseSource(phrase));
}
