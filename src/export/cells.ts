/**
 * Spreadsheet cells from untrusted text, shared by every CSV and Excel writer. A cell whose text
 * starts with `=`, `+`, `-`, `@` (or a tab or carriage return before one) is a formula to a
 * spreadsheet that opens the CSV: `=HYPERLINK(…)` from a contract, `@SUM(…)` typed in a review
 * note. CSV has no cell types, so such a cell gets a leading apostrophe (shown as text, the
 * formula never runs; OWASP's advice). Excel workbooks carry types: their cells are written as
 * strings (`excelText`), never as formulas, so they need no prefix.
 */

/** What a spreadsheet reads as the start of a formula (leading blanks are skipped by some). */
const FORMULA = /^[\s\u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

/** True when a spreadsheet would run `value` as a formula. */
export function isFormulaLike(value: string): boolean {
  return FORMULA.test(value);
}

/** The text with a leading apostrophe when a spreadsheet would read it as a formula. */
function neutralizeFormula(value: string): string {
  return isFormulaLike(value) ? `'${value}` : value;
}

/** A CSV field (RFC 4180 quoting), neutralising spreadsheet formulas. */
export function csvField(value: string): string {
  const safe = neutralizeFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV text (CRLF line ends, as spreadsheets expect). */
export function csvText(rows: readonly (readonly string[])[]): string {
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * A cell value for exceljs: text always a string value (exceljs makes a formula only of
 * `{ formula }` objects, so text starting with "=" stays text), numbers as numbers.
 */
export function excelValue(value: string | number): string | number {
  return typeof value === 'number' && Number.isFinite(value) ? value : String(value);
}
