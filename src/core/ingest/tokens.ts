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
const RUN = new RegExp(`[${IDEO}]|(?:(?![${IDEO}])\\p{L})(?:(?![${IDEO}])[\\p{L}\\p{M}])*|\\p{N}+|\\S`, 'gu');
const LETTER = /^\p{L}/u;
const DIGIT = /^\p{N}/u;
const IDEOGRAPHIC = new RegExp(`^[${IDEO}]`, 'u');

/** Estimated model tokens in `text` (0 for empty or whitespace-only text). */
export function estimateTokens(text: string): number {
  let total = 0;
  RUN.lastIndex = 0;
  for (let m = RUN.exec(text); m !== null; m = RUN.exec(text)) total += runCost(m[0]);
  return total;
}

function runCost(run: string): number {
  if (LETTER.test(run)) return IDEOGRAPHIC.test(run) ? 1 : 1 + Math.floor((run.length - 1) / 10);
  if (DIGIT.test(run)) return Math.ceil(run.length / 3);
  return 1; // one punctuation mark or symbol (a code point)
}
