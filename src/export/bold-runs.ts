/**
 * `**bold**` in an answer, as the screen and every export read it (model answers use it). A pair
 * counts only when it wraps text: the opening `**` comes after no letter, digit, `*` or `[` and
 * before text, the closing one after text and before no letter, digit, `*` or `]`. So the
 * redaction marks of filed contracts ("[***]", "*****", "[...***...]"), quoted verbatim, stay as
 * written: "(a) [***] following the Effective Date … with [***] prior written notice" made the
 * words between two marks bold and showed each mark as "[*]".
 */

export interface BoldRun {
  readonly text: string;
  readonly bold: boolean;
}

const PAIR = /(?<![\p{L}\p{N}*[])\*\*(?=[^\s*\]])([^]*?[^\s*[])\*\*(?![\p{L}\p{N}*\]])/gu;

/** The text in runs, bold or not, in order; empty runs left out. */
export function boldRuns(text: string): BoldRun[] {
  const out: BoldRun[] = [];
  let at = 0;
  for (const m of text.matchAll(PAIR)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index), bold: false });
    out.push({ text: m[1]!, bold: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), bold: false });
  return out;
}
