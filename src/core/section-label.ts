/**
 * The section a finding sits in, as one short label for tables and answers: its own heading
 * ("12.2 Governing Law"), with its parent's in front when its own is a bare sub-clause label
 * ("11 TERMINATION › (a)" rather than "(a)", which says nothing on its own).
 */
export function sectionLabel(path: readonly string[]): string {
  const last = path.at(-1);
  if (!last) return '';
  const parent = path.at(-2);
  return parent && BARE_SUBCLAUSE.test(last.trim()) ? `${parent} › ${last}` : last;
}

/** "(a)", "a)", "(ii)", "(3)", "b." — a label without a heading. */
const BARE_SUBCLAUSE = /^\(?(?:[a-z]{1,2}|[ivxlc]{1,6}|\d{1,2})[.)]$/iu;
