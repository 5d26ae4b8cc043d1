/**
 * Section-path and title accuracy on generated contracts full of heading look-alikes (traps.ts):
 * every body sentence must get its own section's path, never a street number's, an amount's, a
 * signature line's or the previous section's, and every document its own title.
 */
import { describe, expect, it } from 'vitest';
import { chunkPages, type ChunkDraft } from '../../../../src/core/ingest/chunker';
import { extractMetadata } from '../../../../src/core/ingest/metadata';
import { trapDoc, type TrapDoc } from './traps';

const DOCS = Array.from({ length: 120 }, (_, i) => trapDoc(i + 1));

/** Per trap kind: sentences whose chunk has the expected path, of all sentences in documents with that trap. */
function sectionAccuracy(docs: readonly TrapDoc[]): { overall: number; byTrap: Map<string, number>; misses: string[] } {
  let right = 0;
  let total = 0;
  const perTrap = new Map<string, { right: number; total: number }>();
  const misses: string[] = [];
  for (const doc of docs) {
    // Chunks about a sentence long, so each sentence's chunk starts at (or near) it.
    const chunks = chunkPages(doc.pages, { targetTokens: 12, minTokens: 1, maxTokens: 200 });
    let docRight = 0;
    for (const s of doc.sentences) {
      const chunk = chunks.find((c: ChunkDraft) => c.text.includes(`${s.word}.`));
      const ok = chunk !== undefined && JSON.stringify(chunk.sectionPath.slice(-s.path.length)) === JSON.stringify(s.path) && chunk.sectionPath.length === s.path.length + (chunk.sectionPath[0] === doc.title ? 1 : 0);
      if (ok) docRight++;
      else misses.push(`${s.word}: ${JSON.stringify(chunk?.sectionPath)} ≠ ${JSON.stringify(s.path)} (${doc.traps.join(', ')})`);
    }
    right += docRight;
    total += doc.sentences.length;
    for (const t of doc.traps) {
      const p = perTrap.get(t) ?? { right: 0, total: 0 };
      perTrap.set(t, { right: p.right + docRight, total: p.total + doc.sentences.length });
    }
  }
  return { overall: right / total, byTrap: new Map([...perTrap].map(([t, p]) => [t, p.right / p.total])), misses };
}

describe('structure on generated contracts with heading look-alikes', () => {
  it('gives every sentence its own section path', () => {
    const { overall, byTrap, misses } = sectionAccuracy(DOCS);
    console.log(`section-path accuracy ${(overall * 100).toFixed(1)}% over ${DOCS.reduce((n, d) => n + d.sentences.length, 0)} sentences in ${DOCS.length} documents; ${[...byTrap].map(([t, a]) => `${t} ${(a * 100).toFixed(1)}%`).join(', ')}`);
    expect(misses.slice(0, 5)).toEqual([]);
    expect(overall).toBe(1);
    // Every trap occurs in the generated set.
    expect([...byTrap.keys()].sort()).toEqual(
      ['N.0 after a Section heading', 'addresses', 'amounts and a table', 'company line above the title', 'disclaimer in capitals', 'filing label and legend', 'signature block', 'styled clause headings', 'table of contents'].sort(),
    );
  });

  it('takes the agreement’s own title, not a legend, a filing label or a party line', () => {
    const wrong = DOCS.map((d) => ({ d, title: extractMetadata(d.pages, { fileName: 'contract.pdf' }).title })).filter(({ d, title }) => title !== d.title);
    expect(wrong.map(({ d, title }) => `${title} ≠ ${d.title} (${d.traps.join(', ')})`)).toEqual([]);
  });
});
