/**
 * Exact phrases in a query: quoted text ("force majeure", “Change of Control”) and labelled
 * references (Section 12.2, § 7, Schedule B, Article 1101). A chunk that contains one verbatim
 * (ignoring case and spacing) gets the exact-phrase boost.
 */
const QUOTED = /["“”„«»]\s*([^"“”„«»]{2,120}?)\s*["“”„«»]/gu;
const REFERENCE = /(?:§{1,2}\s*\d+[a-z]?(?:\.\d+)*|\b(?:section|article|art\.|clause|schedule|exhibit|annex|appendix|paragraph)\s+(?:\d+(?:\.\d+)*[a-z]?|[ivxlc]+\b|[a-z]\b))/giu;

function normalize(text: string): string {
  return text.toLowerCase().replace(/§\s*/g, '§').replace(/\s+/g, ' ').trim();
}

export function queryPhrases(query: string): string[] {
  const out = new Set<string>();
  for (const m of query.matchAll(QUOTED)) if (m[1] && m[1].trim().includes(' ')) out.add(normalize(m[1]));
  for (const m of query.matchAll(REFERENCE)) out.add(normalize(m[0]));
  return [...out];
}

/** True when the text contains any of the (normalised) phrases verbatim. */
export function phraseBoost(text: string, phrases: readonly string[]): boolean {
  if (phrases.length === 0) return false;
  const t = normalize(text);
  return phrases.some((p) => {
    const wordEnd = /[\p{L}\p{N}]$/u.test(p);
    for (let at = t.indexOf(p); at >= 0; at = t.indexOf(p, at + 1)) {
      // "section 1" must not match inside "section 12".
      const next = t[at + p.length];
      if (next === undefined || !wordEnd || !/[\p{L}\p{N}]/u.test(next)) return true;
    }
    return false;
  });
}
