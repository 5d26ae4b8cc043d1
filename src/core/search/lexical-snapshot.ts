/**
 * The lexical index as it is saved: a small manifest (documents, statistics, the list of
 * segments) and one binary blob per segment (lexical-segment.ts). A segment is written once:
 * saving after an import writes the new segments and the manifest, not the index again.
 * Storage implements IndexPersistence (Dexie in the app, files in Node benchmarks).
 *
 * Version 1 was MiniSearch's JSON in one string; `fromLegacySnapshot` converts it (no
 * re-analysis: the postings and statistics carry over, so rankings stay identical).
 */
import { IndexError } from '../errors';
import { ANALYZER_VERSION, type AnalyzerOptions } from './analyzer';
import { SECTION, TEXT } from './bm25';
import { LexicalBuffer } from './lexical-segment';

const LEXICAL_SNAPSHOT_VERSION = 2;

export interface ManifestDocument {
  readonly id: string;
  readonly name: string;
  readonly language: string | null;
  readonly chunkCount: number;
  /** Document number (chunks point at it). */
  readonly no: number;
  /** Its first chunk number; its chunks are [first, first + chunkCount). */
  readonly first: number;
}

interface ManifestSegment {
  readonly id: string;
  readonly base: number;
  readonly count: number;
  /** Removed chunks whose postings the segment still holds. */
  readonly dead: number;
}

export interface LexicalManifest {
  readonly version: number;
  readonly analyzerVersion: number;
  readonly analyzer: AnalyzerOptions;
  /** Live chunks. */
  readonly chunks: number;
  /** Average field lengths (text, section), kept as running averages. */
  readonly averages: readonly [number, number];
  readonly nextChunk: number;
  readonly nextDocument: number;
  readonly nextSegment: number;
  readonly segments: readonly ManifestSegment[];
  readonly documents: readonly ManifestDocument[];
}

/**
 * What one save writes: the manifest, and the bytes of any segment it lists (encoded when
 * asked). Storage writes, in one transaction, the listed segments it does not hold, removes
 * those the manifest does not list (and any version-1 snapshot), and stores the manifest.
 */
export interface LexicalSnapshotWrite {
  readonly manifest: LexicalManifest;
  segment(id: string): Uint8Array;
}

/** What storage returns: the current format, or the version-1 snapshot of an older app. */
export type StoredLexical =
  | { readonly format: 2; readonly manifest: LexicalManifest; readonly segments: ReadonlyMap<string, Uint8Array | ArrayBuffer> }
  | { readonly format: 1; readonly snapshot: LegacyLexicalSnapshot };

/** Version 1: MiniSearch 7's JSON and the documents. */
export interface LegacyLexicalSnapshot {
  readonly version: number;
  readonly analyzerVersion: number;
  readonly analyzer: AnalyzerOptions;
  readonly documents: readonly { readonly id: string; readonly name: string; readonly language: string | null; readonly chunkCount: number }[];
  readonly index: string;
}

export function checkManifest(manifest: LexicalManifest, analyzer: AnalyzerOptions): void {
  if (manifest.version !== LEXICAL_SNAPSHOT_VERSION || manifest.analyzerVersion !== ANALYZER_VERSION) {
    throw new IndexError('index/corrupt', `LexicalIndex: snapshot version ${manifest.version}/${manifest.analyzerVersion} does not match ${LEXICAL_SNAPSHOT_VERSION}/${ANALYZER_VERSION}; rebuild it`);
  }
  if (JSON.stringify(manifest.analyzer) !== JSON.stringify(analyzer)) throw new IndexError('index/corrupt', 'LexicalIndex: the snapshot was analysed with other options; rebuild it');
}

interface MiniSearchJson {
  readonly documentCount: number;
  readonly documentIds: Record<string, string>;
  readonly fieldIds: Record<string, number>;
  readonly fieldLength: Record<string, number[]>;
  readonly averageFieldLength: number[];
  readonly storedFields: Record<string, { ordinal?: string } | undefined>;
  readonly index: [string, Record<string, Record<string, number>>][];
  readonly serializationVersion: number;
}

/**
 * A version-1 snapshot as the pieces of a version-2 index: the chunks in MiniSearch's order
 * (its short ids), with their postings, in one buffer; the documents with their chunk ranges;
 * the statistics as MiniSearch kept them.
 */
export function fromLegacySnapshot(snapshot: LegacyLexicalSnapshot): {
  buffer: LexicalBuffer;
  documents: ManifestDocument[];
  chunks: number;
  averages: [number, number];
} {
  if (snapshot.version !== 1 || snapshot.analyzerVersion !== ANALYZER_VERSION) throw new IndexError('index/corrupt', `LexicalIndex: version-1 snapshot of analyzer ${snapshot.analyzerVersion}; rebuild it`);
  const json = JSON.parse(snapshot.index) as MiniSearchJson;
  if (json.serializationVersion !== 2) throw new IndexError('index/corrupt', `LexicalIndex: MiniSearch serialization ${json.serializationVersion}; rebuild it`);
  const textField = json.fieldIds['text'];
  const sectionField = json.fieldIds['section'];
  if (textField === undefined || sectionField === undefined) throw new IndexError('index/corrupt', 'LexicalIndex: the version-1 snapshot has no text or section field');
  const shortIds = Object.keys(json.documentIds).map(Number).sort((a, b) => a - b);
  const numbers = new Map<number, number>(shortIds.map((id, i) => [id, i]));
  const documents: ManifestDocument[] = [];
  const byId = new Map(snapshot.documents.map((d, no) => [d.id, { ...d, no }]));
  const buffer = new LexicalBuffer(0);
  const firsts = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const [chunk, shortId] of shortIds.entries()) {
    const chunkId = json.documentIds[shortId]!;
    const at = chunkId.lastIndexOf(':');
    const documentId = chunkId.slice(0, at);
    const seq = Number(chunkId.slice(at + 1));
    const doc = byId.get(documentId);
    if (!doc || !Number.isInteger(seq)) throw new IndexError('index/corrupt', `LexicalIndex: chunk ${chunkId} of the version-1 snapshot has no document`);
    if (!firsts.has(documentId)) firsts.set(documentId, chunk);
    else if (firsts.get(documentId)! + counts.get(documentId)! !== chunk) throw new IndexError('index/corrupt', `LexicalIndex: the chunks of ${documentId} are not contiguous in the version-1 snapshot`);
    counts.set(documentId, (counts.get(documentId) ?? 0) + 1);
    const lengths = json.fieldLength[shortId] ?? [];
    buffer.addRow(doc.no, seq, json.storedFields[shortId]?.ordinal ?? '', [lengths[textField] ?? 0, lengths[sectionField] ?? 0]);
  }
  for (const [term, fields] of json.index) {
    for (const [field, fieldId] of [[TEXT, textField], [SECTION, sectionField]] as const) {
      const postings = fields[fieldId];
      if (!postings) continue;
      const entries = Object.entries(postings)
        .map(([id, tf]) => [numbers.get(Number(id)), tf] as const)
        .filter((e): e is readonly [number, number] => e[0] !== undefined)
        .sort((a, b) => a[0] - b[0]);
      for (const [chunk, tf] of entries) buffer.addPosting(term, field, chunk, tf);
    }
  }
  for (const d of snapshot.documents) {
    const no = byId.get(d.id)!.no;
    const count = counts.get(d.id) ?? 0;
    if (count !== d.chunkCount) throw new IndexError('index/corrupt', `LexicalIndex: document ${d.id} has ${count} chunks in the version-1 snapshot, ${d.chunkCount} listed`);
    documents.push({ id: d.id, name: d.name, language: d.language, chunkCount: d.chunkCount, no, first: firsts.get(d.id) ?? 0 });
  }
  if (shortIds.length !== json.documentCount) throw new IndexError('index/corrupt', 'LexicalIndex: the version-1 snapshot counts its chunks wrong');
  const averages: [number, number] = [json.averageFieldLength[textField] ?? 0, json.averageFieldLength[sectionField] ?? 0];
  return { buffer, documents, chunks: shortIds.length, averages };
}
