/**
 * The lexical index ranks exactly as the MiniSearch index it replaced (tests/helpers/
 * minisearch-oracle.ts): same chunks in the same order, same scores, same matched terms, same
 * document frequencies, on generated collections with fuzzy near-misses, numbers, clause
 * references, three languages, section filters, removals and re-adds, across snapshots,
 * segment merges and the conversion of the oracle's own (version-1) snapshot. The word families
 * added at query time since (word-families.ts) are turned off here.
 */
import { describe, expect, it } from 'vitest';
import { prng } from '../../../../src/core/prng';
import { LexicalIndex, type LexicalSnapshotWrite } from '../../../../src/core/search/lexical-index';
import type { LexicalQuery } from '../../../../src/core/ports';
import type { ChunkRecord, SearchHit } from '../../../../src/core/types';
import { MiniSearchLexicalIndex } from '../../../helpers/minisearch-oracle';

const EN = (
  'liability liable liabilities limitation limited limit cap capped indemnify indemnification indemnity terminate termination terminated ' +
  'confidential confidentiality information disclose disclosure party parties agreement warranty warranties warrant insurance insured ' +
  'governing law court courts arbitration arbitrator notice notices days months years renewal renew renewed exclusive exclusivity ' +
  'payment payments invoice invoices fees audit audits records assignment assign consent licence license licensee licensor'
).split(' ');
const DE = 'haftung haftet vertrag verträge kündigung kündigen frist fristen vertraulich geheimhaltung gericht recht zahlung rechnung'.split(' ');
const FR = 'responsabilité contrat contrats résiliation résilier préavis confidentialité tribunal droit paiement facture durée'.split(' ');
const EXTRA = ['1,000,000', '5.2', '12.2.1', '2024', '30', '§ 7', 'Section 5.2', 'Schedule B', 'non-compete', "party's", '10-K', 'OCR-slipp'];

function words(rand: () => number, vocabulary: readonly string[], n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = rand();
    out.push(r < 0.08 ? EXTRA[Math.floor(rand() * EXTRA.length)]! : vocabulary[Math.floor(rand() ** 2 * vocabulary.length)]!);
  }
  return out.join(' ');
}

interface Doc {
  readonly id: string;
  readonly language: string | null;
  readonly chunks: ChunkRecord[];
}

function makeDoc(rand: () => number, id: string, language: string | null, n: number): Doc {
  const vocabulary = language === 'de' ? DE : language === 'fr' ? FR : EN;
  const chunks = Array.from({ length: n }, (_, seq): ChunkRecord => {
    const text = words(rand, vocabulary, 3 + Math.floor(rand() * 40));
    const ordinal = rand() < 0.2 ? null : String(1 + Math.floor(rand() * 6));
    const sectionPath = ordinal === null ? [] : [`${ordinal} ${words(rand, vocabulary, 1 + Math.floor(rand() * 3))}`];
    return { id: `${id}:${seq}`, documentId: id, seq, pageStart: 1, pageEnd: 1, charStart: 0, charEnd: text.length, sectionPath, sectionOrdinal: ordinal, sectionTitle: null, text, sourceText: text, tokens: 10 };
  });
  return { id, language, chunks };
}

function queries(rand: () => number, docIds: readonly string[]): LexicalQuery[] {
  const out: LexicalQuery[] = [];
  for (let i = 0; i < 60; i++) {
    const language = ['en', 'de', 'fr', null][Math.floor(rand() * 4)]!;
    const vocabulary = language === 'de' ? DE : language === 'fr' ? FR : EN;
    const text = words(rand, vocabulary, 1 + Math.floor(rand() * 6)) + (rand() < 0.3 ? ' liabilty terminaton' : '');
    const r = rand();
    const q: LexicalQuery =
      r < 0.15 ? { text, documentIds: docIds.filter(() => rand() < 0.3) }
      : r < 0.25 ? { text, sectionOrdinal: String(1 + Math.floor(rand() * 6)) }
      : r < 0.35 ? { text, language: language ?? 'en' }
      : r < 0.5 ? { text, queryLanguage: language }
      : { text }; // prettier-ignore
    out.push({ ...q, limit: rand() < 0.5 ? 50 : 7 });
  }
  return out;
}

/** BM25 itself, as MiniSearch scored it: without the query-time word families (word-families.ts), which MiniSearch had not; lexical-index.test.ts tests them. */
const CORE = { variantWeight: 0 } as const;

function expectSameHits(actual: SearchHit[], expected: SearchHit[], query: LexicalQuery): void {
  const label = JSON.stringify(query);
  expect(actual.map((h) => h.chunkId), label).toEqual(expected.map((h) => h.chunkId));
  for (const [i, h] of actual.entries()) {
    const e = expected[i]!;
    // Fuzzy variants are summed in another order than MiniSearch's tree walk: the last bit may differ.
    expect(Math.abs(h.score - e.score) <= 1e-12 * Math.abs(e.score), `${label} score of ${h.chunkId}: ${h.score} vs ${e.score}`).toBe(true);
    expect([...h.terms].sort(), `${label} terms of ${h.chunkId}`).toEqual([...e.terms].sort());
    expect(h.documentId).toBe(e.documentId);
  }
}

function compare(index: LexicalIndex, oracle: MiniSearchLexicalIndex, rand: () => number, docIds: readonly string[]): number {
  let compared = 0;
  for (const q of queries(rand, docIds)) {
    const expected = oracle.search(q);
    expectSameHits(index.search(q), expected, q);
    compared += expected.length;
  }
  for (const term of ['liabil', 'liabl', 'agreement', 'haftung', 'contrat', '5.2', '2024', 'section_5.2', 'unseen']) {
    expect(index.documentFrequency(term), term).toBe(oracle.documentFrequency(term));
    expect(index.idf(term), term).toBe(oracle.idf(term));
  }
  expect(index.chunkCount).toBe(oracle.chunkCount);
  expect(index.listDocuments()).toEqual(oracle.listDocuments());
  return compared;
}

/** Saves a snapshot and opens it again, as the app does across sessions. */
function reopen(index: LexicalIndex, store: Map<string, Uint8Array>): LexicalIndex {
  const write: LexicalSnapshotWrite = index.snapshot();
  for (const s of write.manifest.segments) if (!store.has(s.id)) store.set(s.id, write.segment(s.id));
  const manifest = JSON.parse(JSON.stringify(write.manifest)) as typeof write.manifest;
  return LexicalIndex.open(CORE, manifest, store);
}

describe('LexicalIndex ranks as MiniSearch did', () => {
  it('on a collection built, searched, saved, reopened, pruned and grown again', { timeout: 60_000 }, async () => {
    const rand = prng(20);
    const index = new LexicalIndex(CORE);
    const oracle = new MiniSearchLexicalIndex();
    const docs: Doc[] = [];
    for (let d = 0; d < 40; d++) {
      const language = d % 7 === 0 ? 'de' : d % 11 === 0 ? 'fr' : d % 13 === 0 ? null : 'en';
      docs.push(makeDoc(rand, `doc${d}`, language, 1 + Math.floor(rand() * 25)));
    }
    const add = (doc: Doc) => {
      index.add({ id: doc.id, name: doc.id, language: doc.language }, doc.chunks);
      oracle.add({ id: doc.id, name: doc.id, language: doc.language }, doc.chunks);
    };
    for (const doc of docs.slice(0, 20)) add(doc);
    let compared = compare(index, oracle, rand, docs.map((d) => d.id));

    // Several snapshots: several segments, merged by the merge policy, reopened from bytes.
    const store = new Map<string, Uint8Array>();
    let current = index;
    for (const doc of docs.slice(20)) {
      current.add({ id: doc.id, name: doc.id, language: doc.language }, doc.chunks);
      oracle.add({ id: doc.id, name: doc.id, language: doc.language }, doc.chunks);
      if (docs.indexOf(doc) % 4 === 0) current = reopen(current, store);
    }
    compared += compare(current, oracle, rand, docs.map((d) => d.id));

    // Removals and re-adds (MiniSearch compared once vacuumed: its df then counts live chunks only).
    for (const doc of docs.filter((_, i) => i % 5 === 2)) {
      current.remove(doc.id);
      oracle.remove(doc.id);
    }
    const again = makeDoc(rand, 'doc3', 'en', 12);
    current.add({ id: again.id, name: again.id, language: again.language }, again.chunks);
    oracle.add({ id: again.id, name: again.id, language: again.language }, again.chunks);
    await oracle.vacuum();
    compared += compare(current, oracle, rand, docs.map((d) => d.id));
    current = reopen(current, store);
    compared += compare(current, oracle, rand, docs.map((d) => d.id));
    expect(compared).toBeGreaterThan(2000);
  });

  it('converts the version-1 snapshot of the old index, statistics and all', { timeout: 60_000 }, async () => {
    const rand = prng(7);
    const oracle = new MiniSearchLexicalIndex();
    const ids: string[] = [];
    for (let d = 0; d < 25; d++) {
      const doc = makeDoc(rand, `d${d}`, d % 5 === 0 ? 'de' : 'en', 2 + Math.floor(rand() * 20));
      oracle.add({ id: doc.id, name: doc.id, language: doc.language }, doc.chunks);
      ids.push(doc.id);
    }
    oracle.remove('d3');
    const legacy = JSON.parse(JSON.stringify(oracle.toSnapshot())) as Parameters<typeof LexicalIndex.fromLegacy>[1];
    const converted = LexicalIndex.fromLegacy(CORE, legacy);
    // The snapshot still held d3's postings (MiniSearch had not vacuumed): the conversion drops them.
    await oracle.vacuum();
    compare(converted, oracle, rand, ids);
    compare(reopen(converted, new Map()), oracle, rand, ids);
  });
});
