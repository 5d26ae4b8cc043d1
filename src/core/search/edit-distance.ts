/**
 * One edit (insert, delete or substitute a UTF-16 unit) apart, or equal: the fuzzy matching of
 * the lexical index (Levenshtein distance 1) and the mapping of fuzzy matches to their query term.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

