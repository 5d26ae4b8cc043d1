/**
 * A fast estimate of how many tokens an XLM-RoBERTa / BGE-M3 SentencePiece tokenizer (250k
 * vocabulary) produces for a text, without loading the tokenizer.
 *
 * Formula: the text is cut into runs and each run is priced on its own; whitespace is free.
 *   - a CJK, kana, hangul or Thai character: 1 (the vocabulary holds most of them whole);
 *   - a run of letters (with their combining marks) of L UTF-16 units: 1 + ⌊(L − 1) / 10⌋, so a
 *     word of up to 10 letters is one piece (frequent words are whole in a 250k vocabulary) and
 *     "indemnification" two;
 *   - a run of digits of length D: ⌈D / 3⌉;
 *   - any other character (punctuation, symbols, emoji): 1 each.
 * On English contract prose this gives about 1.2–1.3 tokens per whitespace-separated word (XLM-R
 * is quoted at ~1.3 on English); tests/unit/core/ingest/tokens.test.ts measures the ratio on
 * sample clauses (1.09, 1.26 and 1.30). It was not compared with the real tokenizer here (no
 * tokenizer files are available offline); the embed worker can calibrate it against the loaded
 * tokenizer. It under-counts long letter strings with no spaces (hashes, base64), which real
 * tokenizers cut into pieces of 3–4 characters. The sentence-piece specials (<s>, </s>) are not
 * counted.
 *
 * Two properties the chunker relies on: the estimate is additive over whitespace (the tokens of
 * "A B" are those of "A" plus those of "B"), and cutting text anywhere never lowers the total
 * (tokens("AB") ≤ tokens("A") + tokens("B")), so a chunk never has more tokens than its parts.
 */

const IDEO = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\p{Script=Thai}';
const IDEOGRAPHIC = new RegExp(`^[${IDEO}]$`, 'u');

// Character classes.
const SPACE = 0;
const LETTER = 1;
const DIGIT = 2;
const OTHER = 3;
const IDEOGRAPH = 4;
const MARK = 5;

const ASCII = new Uint8Array(128).map((_, c) => {
  if (c === 32 || (c >= 9 && c <= 13)) return SPACE;
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return LETTER;
  if (c >= 48 && c <= 57) return DIGIT;
  return OTHER;
});
const classes = new Map<number, number>();

function classify(cp: number): number {
  let cls = classes.get(cp);
  if (cls === undefined) {
    const ch = String.fromCodePoint(cp);
    if (/^\s$/.test(ch)) cls = SPACE;
    else if (IDEOGRAPHIC.test(ch)) cls = IDEOGRAPH;
    else if (/^\p{L}$/u.test(ch)) cls = LETTER;
    else if (/^\p{M}$/u.test(ch)) cls = MARK;
    else if (/^\p{N}$/u.test(ch)) cls = DIGIT;
    else cls = OTHER;
    if (classes.size < 65536) classes.set(cp, cls);
  }
  return cls;
}

/** Estimated model tokens in `text` (0 for empty or whitespace-only text). */
export function estimateTokens(text: string): number {
  let total = 0;
  let run = SPACE; // the open run: LETTER or DIGIT, else none
  let length = 0; // its length in UTF-16 units
  const close = (): void => {
    if (run === LETTER) total += 1 + Math.floor((length - 1) / 10);
    else if (run === DIGIT) total += Math.ceil(length / 3);
    run = SPACE;
    length = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let cls: number;
    let width = 1;
    if (code < 128) cls = ASCII[code] as number;
    else {
      const cp = text.codePointAt(i) as number;
      if (cp > 0xffff) width = 2;
      cls = classify(cp);
    }
    if ((cls === LETTER || cls === DIGIT) && cls === run) length += width;
    else if (cls === MARK && run === LETTER) length += width;
    else {
      close();
      if (cls === LETTER || cls === DIGIT) {
        run = cls;
        length = width;
      } else if (cls !== SPACE) total += 1; // punctuation, symbol, ideograph or stray mark
    }
    i += width - 1;
  }
  close();
  return total;
}

/**
 * The largest `m` in (start, end] with estimateTokens(text.slice(start, m)) ≤ budget, never
 * inside a surrogate pair unless the first character is one (then at least that character): one
 * pass instead of estimating ever longer slices. The estimate of a prefix never decreases as it
 * grows, so the first character past the budget ends it.
 */
export function fitTokens(text: string, start: number, end: number, budget: number): number {
  let total = 0; // closed runs and single characters
  let run = SPACE;
  let length = 0;
  const open = (): number => (run === LETTER ? 1 + Math.floor((length - 1) / 10) : run === DIGIT ? Math.ceil(length / 3) : 0);
  let fit = start;
  for (let i = start; i < end; ) {
    const code = text.charCodeAt(i);
    let cls: number;
    let width = 1;
    if (code < 128) cls = ASCII[code] as number;
    else {
      const cp = text.codePointAt(i) as number;
      if (cp > 0xffff && i + 1 < end) width = 2;
      cls = width === 2 || cp <= 0xffff ? classify(cp) : OTHER;
    }
    if ((cls === LETTER || cls === DIGIT) && cls === run) length += width;
    else if (cls === MARK && run === LETTER) length += width;
    else {
      total += open();
      run = SPACE;
      length = 0;
      if (cls === LETTER || cls === DIGIT) {
        run = cls;
        length = width;
      } else if (cls !== SPACE) total += 1;
    }
    if (total + open() > budget) break;
    i += width;
    fit = i;
  }
  return fit > start ? fit : Math.min(end, start + 1);
}
