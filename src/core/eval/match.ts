/**
 * Does a retrieved chunk overlap an evidence span? Our chunks come from our own extraction of
 * the PDF, the evidence from the annotators' text, so spans are compared by content: both are
 * normalised (case, punctuation, whitespace) and a hit is a shared run of words. Short evidence
 * (under 5 words) must appear whole; longer evidence must share at least 3 of its 5-word
 * shingles (or all of them when it has fewer).
 */
const SHINGLE = 5;
const MIN_SHARED = 3;

export function normalizeForMatch(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

function shingles(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + SHINGLE <= words.length; i++) out.add(words.slice(i, i + SHINGLE).join(' '));
  return out;
}

export class EvidenceMatcher {
  private readonly cache = new Map<string, { words: string[]; joined: string; shingles: Set<string> }>();

  private prepared(text: string) {
    let p = this.cache.get(text);
    if (!p) {
      const words = normalizeForMatch(text);
      p = { words, joined: ` ${words.join(' ')} `, shingles: shingles(words) };
      this.cache.set(text, p);
    }
    return p;
  }

  overlaps(chunkText: string, evidenceText: string): boolean {
    const chunk = this.prepared(chunkText);
    const ev = this.prepared(evidenceText);
    if (ev.words.length === 0) return false;
    if (ev.words.length < SHINGLE) return chunk.joined.includes(` ${ev.words.join(' ')} `);
    const need = Math.min(MIN_SHARED, ev.shingles.size);
    let shared = 0;
    for (const s of ev.shingles) {
      if (chunk.shingles.has(s) && ++shared >= need) return true;
    }
    return false;
  }
}
