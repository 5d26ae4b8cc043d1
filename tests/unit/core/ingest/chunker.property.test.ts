import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkPages, type ChunkDraft, type ChunkerOptions, type PageText } from '../../../../src/core/ingest/chunker';
import { estimateTokens } from '../../../../src/core/ingest/tokens';
import { buildDoc, docArb, type Built } from './gen';

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

interface Limits {
  readonly min: number;
  readonly target: number;
  readonly max: number;
}
const limitsArb: fc.Arbitrary<Limits> = fc
  .record({ min: fc.integer({ min: 1, max: 40 }), extraTarget: fc.integer({ min: 0, max: 260 }), extraMax: fc.integer({ min: 0, max: 300 }) })
  .map(({ min, extraTarget, extraMax }) => {
    const target = min + extraTarget;
    return { min, target, max: Math.max(2 * min, target + extraMax) };
  });
const optionsOf = (l: Limits): ChunkerOptions => ({ minTokens: l.min, targetTokens: l.target, maxTokens: l.max });

/** Global offsets (pages joined with "\n") of positions on pages, by page number. */
function offsets(pages: readonly PageText[]): { joined: string; at: (page: number, offset: number) => number } {
  const bases = new Map<number, number>();
  let base = 0;
  for (const p of pages) {
    bases.set(p.page, base);
    base += p.text.length + 1;
  }
  const joined = pages.map((p) => p.text).join('\n');
  return {
    joined,
    at: (page, offset) => {
      const b = bases.get(page);
      if (b === undefined) throw new Error(`no page ${page}`);
      return b + offset;
    },
  };
}

/** Asserts the spans partition the pages; returns nothing. */
function expectPartition(pages: readonly PageText[], chunks: readonly ChunkDraft[]): void {
  const index = new Map(pages.map((p, i) => [p.page, i]));
  const first = pages[0] as PageText;
  const last = pages[pages.length - 1] as PageText;
  expect(chunks[0]).toMatchObject({ pageStart: first.page, charStart: 0 });
  expect(chunks[chunks.length - 1]).toMatchObject({ pageEnd: last.page, charEnd: last.text.length });
  chunks.forEach((c, k) => {
    expect(c.seq).toBe(k);
    const ps = index.get(c.pageStart) as number;
    const pe = index.get(c.pageEnd) as number;
    expect(ps <= pe).toBe(true);
    if (ps === pe) expect(c.charStart < c.charEnd).toBe(true);
    expect(c.charEnd <= (pages[pe] as PageText).text.length).toBe(true);
    if (k === 0) return;
    const prev = chunks[k - 1] as ChunkDraft;
    const prevPage = index.get(prev.pageEnd) as number;
    const sameSpot = prev.pageEnd === c.pageStart && prev.charEnd === c.charStart;
    const nextPage = prev.charEnd === (pages[prevPage] as PageText).text.length && ps === prevPage + 1 && c.charStart === 0;
    expect(sameSpot || nextPage, `chunk ${k} starts where chunk ${k - 1} ended`).toBe(true);
  });
}

/** Whether `units` (token counts, in order) can be grouped into runs of [min, max] tokens each. */
function feasible(units: readonly number[], min: number, max: number): boolean {
  const prefix = [0];
  for (const u of units) prefix.push((prefix[prefix.length - 1] as number) + u);
  const total = prefix[prefix.length - 1] as number;
  if (total < min) return true;
  const reach = new Array<boolean>(units.length + 1).fill(false);
  reach[0] = true;
  for (let j = 1; j <= units.length; j++) {
    for (let i = j - 1; i >= 0; i--) {
      const size = (prefix[j] as number) - (prefix[i] as number);
      if (size > max) break;
      if (size >= min && reach[i]) {
        reach[j] = true;
        break;
      }
    }
  }
  return reach[units.length] as boolean;
}

const wordTokens = (s: string): number[] => s.split(/\s+/).filter(Boolean).map(estimateTokens);

function check(built: Built, limits: Limits | null): ChunkDraft[] {
  const { pages } = built;
  const { joined, at: globalOffset } = offsets(pages);
  const options = limits ? optionsOf(limits) : {};
  const max = limits?.max ?? 960;
  const min = limits?.min ?? 32;
  const chunks = chunkPages(pages, options);
  if (!/\S/.test(joined)) {
    expect(chunks).toEqual([]);
    return chunks;
  }
  expect(chunks.length > 0).toBe(true);
  expectPartition(pages, chunks);

  const total = estimateTokens(joined);
  const minHolds = total >= min && feasible(wordTokens(joined), min, max);
  for (const c of chunks) {
    // Offsets map back exactly; tokens are those of the text; sizes within limits.
    expect(c.text).toBe(collapse(joined.slice(globalOffset(c.pageStart, c.charStart), globalOffset(c.pageEnd, c.charEnd))));
    expect(c.text.length > 0).toBe(true);
    expect(c.tokens).toBe(estimateTokens(c.text));
    expect(c.tokens <= max, `chunk ${c.seq} has ${c.tokens} > ${max} tokens`).toBe(true);
    if (minHolds) expect(c.tokens >= min, `chunk ${c.seq} has ${c.tokens} < ${min} tokens`).toBe(true);
    // sourceText: whole paragraphs around the chunk.
    expect(c.sourceText.includes(c.text)).toBe(true);
    expect(collapse(joined).includes(c.sourceText)).toBe(true);
  }
  if (total < min) expect(chunks.length).toBe(1);

  // Boundaries fall between sentences or before headings, unless the sentence (with its
  // headings) is over max, or no partition at sentence boundaries meets the limits.
  const starts = new Set([...built.sentences.map((s) => s.start), ...built.headingStarts]);
  const atomUnits = built.sentences.flatMap((s) => (s.lead + s.tokens > max ? [s.lead, ...wordTokens(joined.slice(s.start, s.end))] : [s.lead + s.tokens]));
  // Running headers and footers are text that joins whichever paragraph is open, which this model
  // does not follow: with them, only the checks above and the section model below apply.
  const sentencesFit = built.furniture.length === 0 && feasible(atomUnits.concat(built.trailing), min, max);
  for (const c of chunks.slice(1)) {
    const at = globalOffset(c.pageStart, c.charStart);
    if (starts.has(at) || built.furniture.some((f) => f.start <= at && at < f.end)) continue;
    const heading = built.headings.find((h) => h.start < at && at < h.end);
    if (heading) {
      if (!sentencesFit) continue;
      // Only a heading run over max (with the sentence it leads) can be cut.
      const next = built.sentences.find((s) => s.start > heading.start);
      expect(next ? next.lead + next.tokens : built.trailing, `chunk ${c.seq} cuts a heading`).toBeGreaterThan(max);
      continue;
    }
    const inside = built.sentences.find((s) => s.start < at && at < s.end);
    expect(inside, `chunk ${c.seq} starts at ${at}, not at a sentence or heading`).toBeDefined();
    if (inside && sentencesFit) expect(inside.lead + inside.tokens > max, `chunk ${c.seq} cuts a sentence of ${inside.lead}+${inside.tokens} tokens`).toBe(true);
  }

  // A heading is never the last thing in a chunk (the final chunk may end with trailing headings).
  for (const c of chunks.slice(0, -1)) {
    const end = globalOffset(c.pageEnd, c.charEnd);
    let q = end - 1;
    while (q >= 0 && /\s/.test(joined[q] ?? '')) q--;
    const inHeading = built.headings.find((h) => h.start <= q && q < h.end);
    if (!inHeading || !sentencesFit) continue;
    const next = built.sentences.find((s) => s.start > inHeading.start);
    expect(next ? next.lead + next.tokens : built.trailing, `chunk ${c.seq} ends with a heading`).toBeGreaterThan(max);
  }

  // Section path: the model's path for the sentence holding the chunk's first body text.
  for (const c of chunks) {
    const at = c.seq === 0 ? 0 : globalOffset(c.pageStart, c.charStart);
    // A chunk that starts with a footer left at the end of the previous paragraph takes that paragraph's path.
    if (built.furniture.some((f) => f.start <= at && at < f.end)) continue;
    const s = built.sentences.find((x) => x.end > at);
    if (!s) continue; // only trailing headings
    expect({ path: c.sectionPath, ordinal: c.sectionOrdinal, title: c.sectionTitle }, `chunk ${c.seq}`).toEqual({ path: s.path, ordinal: s.ordinal, title: s.title });
  }
  return chunks;
}

describe('chunkPages properties', () => {
  it('partitions, maps back, respects sizes, sentences, headings and the section model', () => {
    fc.assert(
      fc.property(docArb, limitsArb, (spec, limits) => {
        check(buildDoc(spec), limits);
      }),
      { numRuns: 300 },
    );
  }, 60_000); // 300 generated documents: ~3 s alone, longer on a loaded machine

  it('holds with the default options', () => {
    fc.assert(
      fc.property(docArb, (spec) => {
        check(buildDoc(spec), null);
      }),
      { numRuns: 100 },
    );
  });

  it('chunks a paged document exactly like the same text on one page', () => {
    fc.assert(
      fc.property(docArb, limitsArb, (spec, limits) => {
        const built = buildDoc({ ...spec, furniture: false });
        const strip = (cs: ChunkDraft[]) => cs.map(({ text, sourceText, sectionPath, sectionOrdinal, sectionTitle, tokens }) => ({ text, sourceText, sectionPath, sectionOrdinal, sectionTitle, tokens }));
        expect(strip(chunkPages(built.pages, optionsOf(limits)))).toEqual(strip(chunkPages(built.single, optionsOf(limits))));
      }),
      { numRuns: 200 },
    );
  });

  it('partitions arbitrary unicode pages, whitespace-only pages included', () => {
    const pageText = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.array(fc.constantFrom('Article 5', '5.2 Title', '(a) x', '§ 7', 'ABC DEF', '\n', '\n\n', ' ', '\t', '\u00a0', 'word.', 'Inc.', '2019', '\r\n', '合同。', '🙂'), { maxLength: 80 }).map((xs) => xs.join('')),
      fc.constantFrom('', ' ', '\n\n', '\t \u00a0'),
      // Long runs without spaces (hashes, base64, URLs): cut between characters.
      fc.tuple(fc.constantFrom('a', 'Zé', '7', '-', '合'), fc.integer({ min: 1, max: 3000 }), fc.string({ maxLength: 20 })).map(([c, n, tail]) => c.repeat(n) + tail),
    );
    fc.assert(
      fc.property(fc.array(pageText, { minLength: 1, maxLength: 6 }), limitsArb, (texts, limits) => {
        const pages = texts.map((text, i) => ({ page: i + 1, text }));
        const chunks = chunkPages(pages, optionsOf(limits));
        const { joined, at } = offsets(pages);
        if (!/\S/.test(joined)) {
          expect(chunks).toEqual([]);
          return;
        }
        expectPartition(pages, chunks);
        const minHolds = estimateTokens(joined) >= limits.min && feasible(wordTokens(joined), limits.min, limits.max);
        for (const c of chunks) {
          expect(c.text).toBe(collapse(joined.slice(at(c.pageStart, c.charStart), at(c.pageEnd, c.charEnd))));
          expect(c.tokens).toBe(estimateTokens(c.text));
          expect(c.tokens <= limits.max).toBe(true);
          if (minHolds) expect(c.tokens >= limits.min).toBe(true);
          expect(c.sourceText.includes(c.text)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});
