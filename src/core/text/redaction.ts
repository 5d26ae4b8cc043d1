/**
 * Redactions in filed copies of contracts: "[*]", "[***]", "*****", "[REDACTED]" stand where the
 * filer removed words. A passage with several of them cannot show what its clause says.
 */

/** A redaction mark. */
const REDACTION = /\[\s*\*+\s*\]|\*{3,}|\[\s*redacted\s*\]/giu;

/**
 * Redaction marks from which a passage is read as redacted past reading ("NEITHER PARTY SHALL BE
 * [*] … FOR ANY [*], [*] OR [*]"); one or two marks leave a clause readable (an amount blacked out).
 */
const REDACTED_MARKS = 3;

export function isRedacted(text: string): boolean {
  return (text.match(REDACTION)?.length ?? 0) >= REDACTED_MARKS;
}
