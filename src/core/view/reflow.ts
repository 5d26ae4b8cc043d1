/**
 * Text reflowed for a narrow screen: the line breaks a PDF's layout put inside a paragraph
 * become spaces, so a phone wraps the sentence at its own width instead of breaking it where
 * the printed line ended ("…arising out\nof\nor relating…"). Character for character (one
 * "\n" becomes one " "), so the passage's offsets into the stored text still hold. Kept: blank
 * lines (paragraphs), a break before a list item ("(b) …", "• …"), before a line that starts a
 * clause after a sentence ended ("12.3 …", "§ 5", "Article 7" — not "… or\nSection 7 (Data
 * Protection)", a cross-reference), and around a heading in capitals ("ARTICLE V").
 */

/** A line that starts a list item: always on its own line. */
const ITEM = /^\s*(?:\(?[a-z]{1,3}\)\s|\(?[ivxlc]{1,6}\)\s|[•\-–*]\s)/i;
/** A line that may start a clause or a heading ("12.3 …", "§ 5", "Article 7"): on its own line after a sentence ends. */
const STARTS = /^\s*(?:\d+(?:\.\d+)*[.)]?\s|§|article\b|section\b|annex\b|schedule\b|exhibit\b)/i;
/** A line that ends a sentence or a heading. */
const ENDS = /[.:;!?)]\s*$/;
/** A line in capitals (a heading: "12. LIMITATION OF LIABILITY", "ARTICLE V — GENERAL"). */
const CAPS = /^[^\p{Ll}]*\p{Lu}{3}[^\p{Ll}]*$/u;

export function reflowLines(text: string): string {
  if (!text.includes('\n')) return text;
  const lines = text.split('\n');
  let out = lines[0]!;
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const line = lines[i]!;
    const keep = prev.trim() === '' || line.trim() === '' || ITEM.test(line) || (STARTS.test(line) && (ENDS.test(prev) || ITEM.test(prev))) || CAPS.test(line) || CAPS.test(prev);
    out += (keep ? '\n' : ' ') + line;
  }
  return out;
}
