/**
 * Redactions in filed copies of contracts: "[*]", "[***]", "*****", "[REDACTED]" stand where the
 * filer removed words. A passage with several of them cannot show what its clause says.
 */

/** A redaction mark: "[***]", "[*]", "*****", "[REDACTED]", "[…***…]", "[...***...]" (a regex source, no flags; values/redacted.ts and the cap reader read values at them). */
export const REDACTION_MARK = String.raw`(?:\[\s*(?:\.{2,}|…)?\s*\*+\s*(?:\.{2,}|…)?\s*\]|\*{3,}|\[\s*redacted\s*\])`;
const REDACTION = new RegExp(REDACTION_MARK, 'giu');

/**
 * A passage is redacted past reading when it has at least REDACTED_MARKS marks and at least one
 * per REDACTED_WORDS_PER_MARK words ("NEITHER PARTY SHALL BE [*] … FOR ANY [*], [*] OR [*]"); a
 * clause with an amount or two blacked out in a long text is still read.
 */
const REDACTED_MARKS = 3;
const REDACTED_WORDS_PER_MARK = 25;

export function isRedacted(text: string): boolean {
  const marks = text.match(REDACTION)?.length ?? 0;
  if (marks < REDACTED_MARKS) return false;
  const words = text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return marks * REDACTED_WORDS_PER_MARK >= words;
}
