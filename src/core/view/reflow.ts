/**
 * Text reflowed for a narrow screen: the line breaks a PDF's layout put inside a paragraph
 * become spaces, so a phone wraps the sentence at its own width instead of breaking it where
 * the printed line ended ("…arising out\nof\nor relating…"). Character for character (one
 * "\n" becomes one " "), so the passage's offsets into the stored text still hold. Kept: blank
 * lines (paragraphs), and a break before a line that starts a clause, a list item or a heading
 * ("12.3 …", "(b) …", "• …", "§ 5", "ARTICLE V").
 */

/** A line that starts something of its own: a numbered clause, a list item, a heading. */
const STARTS = /^\s*(?:\d+(?:\.\d+)*[.)]?\s|\(?[a-z]{1,3}\)\s|\(?[ivxlc]{1,6}\)\s|[•\-–*]\s|§|article\b|section\b|annex\b|schedule\b|exhibit\b)/i;
/** A line in capitals (a heading). */
const CAPS = /^\s*[A-Z][A-Z0-9 ,.'’&—–-]{5,}$/;

export function reflowLines(text: string): string {
  if (!text.includes('\n')) return text;
  const lines = text.split('\n');
  let out = lines[0]!;
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const line = lines[i]!;
    const keep = prev.trim() === '' || line.trim() === '' || STARTS.test(line) || CAPS.test(line) || CAPS.test(prev);
    out += (keep ? '\n' : ' ') + line;
  }
  return out;
}
