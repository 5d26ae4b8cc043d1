/**
 * Tidies Tesseract's plain-text output without changing what it read: trailing spaces go, runs
 * of blank lines shrink to one (Tesseract separates blocks with a blank line), form feeds and
 * stray control characters are removed. Line breaks stay (the chunker and the PDF layout rules
 * downstream work on lines). Environment-neutral.
 */
export function normalizeOcrText(raw: string): string {
  return (
    raw
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t\u00a0]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
