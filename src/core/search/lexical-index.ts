/**
 * BM25 keyword index over chunks, with legal-aware analysis per document language, incremental
 * add/remove by document and a binary snapshot written incrementally (see lexical-snapshot.ts).
 *
 * Postings live in sealed segments (typed arrays, lexical-segment.ts) plus a buffer of the
 * latest chunks; a query scores them term at a time (lexical-scorer.ts), so its cost is the
 * postings of its terms, not the size of the collection. The ranking is that of MiniSearch 7,
 * which this index replaced: the same scores (bm25.ts; bit for bit, except that a term's fuzzy
 * variants are summed in another order, a difference in the last bit) and the same tie order.
 *
 * Length: just over 400 lines because add, remove, seal, merge and query share the index's
 * private state (segments, buffer, document table); splitting them would expose that state.
 */
import { IndexError, InputError } from '../errors';
import type { IndexChunk, IndexedDocument, LexicalQuery } from '../ports';
import type { SearchHit } from '../types';
import { ANALYZER_VERSION, createAnalyzer, DEFAULT_ANALYZER, type Analyzer, type AnalyzerOptions } from './analyzer';
import { averageWith, averageWithout, DEFAULT_BM25, idf, SECTION, TEXT, type Bm25Params } from './bm25';
import { DEFAULT_LANGUAGE } from './languages';
import { documentFilter, withoutCommonTerms, withoutStopWords } from './lexical-query';
import { LexicalScorer, sourceOf, type ScoringIndex, type TermQuery } from './lexical-scorer';
import { LexicalBuffer, Segment, type PostingSource } from './lexical-segment';
import { checkManifest, fromLegacySnapshot, type LegacyLexicalSnapshot, type LexicalManifest, type LexicalSnapshotWrite, type ManifestDocument } from './lexical-snapshot';
import { mergePlan } from './merge-policy';
import { utf8 } from './term-dictionary';
import { termVariants } from './word-families';

export type { LegacyLexicalSnapshot, LexicalManifest, LexicalSnapshotWrite, StoredLexical } from './lexical-snapshot';

/**
 * Query-time matching of terms one edit apart ("liability" → liabil ~ "liable" → liabl; OCR
 * slips), for terms of 6+ characters, at 0.6 of an exact match. Measured on the CUAD dev set:
 * +1–2 MRR.
 */
export const DEFAULT_FUZZY = { distance: 1, minLength: 6, weight: 0.6 } as const;

/** A word of the query word's family counts for less than the word itself: it may be the other party's act ("paid to" for "pay"). */
const DEFAULT_VARIANT_WEIGHT = 0.8;

/**
 * Terms in more than this share of the chunks ("agreement", "party" in a contract collection)
 * are left out of the BM25 query when it has rarer terms (as Lucene's common-terms query does):
 * their idf is under ~1 so they barely move a ranking, but scoring their postings is most of the
 * query time. Re-scoring still sees them (proximity).
 */
export const DEFAULT_COMMON_TERM_CUTOFF = 0.3;

/**
 * Scores of matches in documents of another language than the query's are multiplied by this:
 * they remain findable (names, numbers, shared legal terms) but never outrank an equal match in
 * the query's language. Crossing languages is the dense path's job.
 */
export const OFF_LANGUAGE_WEIGHT = 0.5;
;

/** Chunks the buffer takes before it is sealed into a segment (a snapshot also seals it). */
const SEAL_CHUNKS = 8192;

export interface LexicalIndexOptions {
  readonly analyzer?: AnalyzerOptions;
  /** Relative weight of the section heading field against the body text. */
  readonly sectionBoost?: number;
  readonly bm25?: Bm25Params;
  /** Edit distance allowed for terms of at least `minLength` characters (0 = exact only, 1 = one edit; default DEFAULT_FUZZY). */
  readonly fuzzy?: { readonly distance: number; readonly minLength: number; readonly weight: number };
  /** Share of chunks above which a term is left out of a query that has rarer terms (1 = never). */
  readonly commonTermCutoff?: number;
  /** Prefix matching for terms of at least this many characters (0 = off). */
  readonly prefixMinLength?: number;
  readonly prefixWeight?: number;
  /** Weight of a match of another word of a query term's family ("payment" for "pay": word-families.ts; 0 = off; default DEFAULT_VARIANT_WEIGHT). */
  readonly variantWeight?: number;
}

export interface IndexedDocumentEntry extends IndexedDocument {
  readonly chunkCount: number;
}

type DocEntry = ManifestDocument;

export function documentIdOfChunk(chunkId: string): string {
  const i = chunkId.lastIndexOf(':');
  return i < 0 ? chunkId : chunkId.slice(0, i);
}

const HAS_DIGIT = /\d/;

export class LexicalIndex {
  private readonly analyzer: Analyzer;
  private readonly analyzerOptions: AnalyzerOptions;
  private readonly documents = new Map<string, DocEntry>();
  private readonly byNumber: (DocEntry | undefined)[] = [];
  private segments: Segment[] = [];
  private buffer: LexicalBuffer;
  private live = new Uint8Array(1024);
  private readonly dead = new Map<string, number>();
  private bufferDead = 0;
  private nextChunk = 0;
  private nextDocument = 0;
  private nextSegment = 0;
  private liveChunks = 0;
  private averages: [number, number] = [0, 0];
  private readonly scorer = new LexicalScorer();

  constructor(private readonly options: LexicalIndexOptions = {}) {
    this.analyzerOptions = options.analyzer ?? DEFAULT_ANALYZER;
    this.analyzer = createAnalyzer(this.analyzerOptions);
    const fuzzy = options.fuzzy ?? DEFAULT_FUZZY;
    if (fuzzy.distance !== 0 && fuzzy.distance !== 1) throw new InputError(`LexicalIndex: fuzzy distance ${fuzzy.distance} is not supported (0 or 1)`);
    this.buffer = new LexicalBuffer(0);
  }

  /** Opens a saved snapshot: the manifest and its segments' bytes (views, nothing parsed). */
  static open(options: LexicalIndexOptions, manifest: LexicalManifest, segments: ReadonlyMap<string, Uint8Array | ArrayBuffer>): LexicalIndex {
    const index = new LexicalIndex(options);
    checkManifest(manifest, index.analyzerOptions);
    const loaded = manifest.segments.map((s) => {
      const bytes = segments.get(s.id);
      if (!bytes) throw new IndexError('index/corrupt', `LexicalIndex: segment ${s.id} of the snapshot is missing`);
      const segment = Segment.decode(bytes);
      if (segment.id !== s.id || segment.base !== s.base || segment.count !== s.count) throw new IndexError('index/corrupt', `LexicalIndex: segment ${s.id} does not match the snapshot's manifest`);
      return segment;
    });
    index.segments = loaded;
    index.nextChunk = manifest.nextChunk;
    index.nextDocument = manifest.nextDocument;
    index.nextSegment = manifest.nextSegment;
    index.buffer = new LexicalBuffer(manifest.nextChunk);
    index.reserveLive(manifest.nextChunk);
    for (const d of manifest.documents) {
      const source = d.chunkCount > 0 ? sourceOf(index.sources(), d.first) : null;
      if (source && (source === index.buffer || d.first + d.chunkCount > source.base + source.count)) throw new IndexError('index/corrupt', `LexicalIndex: document ${d.id} lies outside the snapshot's segments`);
      index.documents.set(d.id, { ...d });
      index.byNumber[d.no] = index.documents.get(d.id);
      index.live.fill(1, d.first, d.first + d.chunkCount);
    }
    for (const [i, s] of loaded.entries()) {
      for (let c = s.base; c < s.base + s.count; c++) index.liveChunks += index.live[c]!;
      index.dead.set(s.id, manifest.segments[i]!.dead);
    }
    if (index.liveChunks !== manifest.chunks) throw new IndexError('index/corrupt', `LexicalIndex: the snapshot's documents hold ${index.liveChunks} chunks, its manifest says ${manifest.chunks}`);
    index.averages = [manifest.averages[0], manifest.averages[1]];
    return index;
  }

  /** Converts the version-1 snapshot an older app saved (MiniSearch's JSON), postings and statistics as they were. */
  static fromLegacy(options: LexicalIndexOptions, snapshot: LegacyLexicalSnapshot): LexicalIndex {
    const index = new LexicalIndex(options);
    if (JSON.stringify(snapshot.analyzer) !== JSON.stringify(index.analyzerOptions)) throw new IndexError('index/corrupt', 'LexicalIndex: the version-1 snapshot was analysed with other options; rebuild it');
    const { buffer, documents, chunks, averages } = fromLegacySnapshot(snapshot);
    index.buffer = buffer;
    index.nextChunk = buffer.count;
    index.nextDocument = documents.length;
    index.reserveLive(buffer.count);
    for (const d of documents) {
      index.documents.set(d.id, d);
      index.byNumber[d.no] = d;
      index.live.fill(1, d.first, d.first + d.chunkCount);
    }
    index.liveChunks = chunks;
    index.averages = averages;
    return index;
  }

  get documentCount(): number {
    return this.documents.size;
  }

  get chunkCount(): number {
    return this.liveChunks;
  }

  /** Segments and postings (diagnostics, benchmarks). */
  get stats(): { segments: number; bufferedChunks: number; terms: number; postings: number; bytes: number } {
    let terms = 0;
    let postings = 0;
    let bytes = 0;
    for (const s of this.segments) {
      terms += s.terms;
      postings += s.postingCount;
      bytes += s.bytes;
    }
    return { segments: this.segments.length, bufferedChunks: this.buffer.count, terms, postings, bytes };
  }

  has(documentId: string): boolean {
    return this.documents.has(documentId);
  }

  /** The language of an indexed document (null: unknown), undefined when it is not indexed. */
  language(documentId: string): string | null | undefined {
    return this.documents.get(documentId)?.language;
  }

  listDocuments(): IndexedDocumentEntry[] {
    return [...this.documents.values()].map((d) => ({ id: d.id, name: d.name, language: d.language, chunkCount: d.chunkCount }));
  }

  /** Adds (or replaces) a document's chunks. */
  add(doc: IndexedDocument, chunks: readonly IndexChunk[]): void {
    if (this.documents.has(doc.id)) this.remove(doc.id);
    for (const c of chunks) {
      if (c.id !== `${doc.id}:${c.seq}`) throw new InputError(`LexicalIndex: chunk ${c.id} of document ${doc.id} should be named ${doc.id}:${c.seq}`);
    }
    if (this.buffer.count + chunks.length > SEAL_CHUNKS && this.buffer.count > 0) this.seal();
    const no = this.nextDocument++;
    const first = this.nextChunk;
    this.reserveLive(first + chunks.length);
    for (const c of chunks) {
      const text = this.analyzer.terms(c.text, doc.language);
      const section = this.analyzer.terms(c.sectionPath.join(' '), doc.language);
      const lengths: [number, number] = [new Set(text).size, new Set(section).size];
      this.averages[TEXT] = averageWith(this.averages[TEXT], this.liveChunks, lengths[TEXT]);
      this.averages[SECTION] = averageWith(this.averages[SECTION], this.liveChunks, lengths[SECTION]);
      this.liveChunks++;
      const chunk = this.buffer.addChunk(no, c.seq, c.sectionOrdinal ?? '', [text, section], lengths);
      this.live[chunk] = 1;
    }
    this.nextChunk += chunks.length;
    const entry: DocEntry = { id: doc.id, name: doc.name, language: doc.language, chunkCount: chunks.length, no, first };
    this.documents.set(doc.id, entry);
    this.byNumber[no] = entry;
  }

  remove(documentId: string): void {
    const entry = this.documents.get(documentId);
    if (!entry) return;
    const source = entry.chunkCount > 0 ? sourceOf(this.sources(), entry.first) : null;
    for (let c = entry.first; c < entry.first + entry.chunkCount; c++) {
      if (this.live[c] !== 1 || !source) continue;
      const local = c - source.base;
      const lengths = [source.fieldLength[TEXT][local]!, source.fieldLength[SECTION][local]!] as const;
      this.averages[TEXT] = averageWithout(this.averages[TEXT], this.liveChunks, lengths[TEXT]);
      this.averages[SECTION] = averageWithout(this.averages[SECTION], this.liveChunks, lengths[SECTION]);
      this.liveChunks--;
      this.live[c] = 0;
      if (source === this.buffer) this.bufferDead++;
      else this.dead.set((source as Segment).id, (this.dead.get((source as Segment).id) ?? 0) + 1);
    }
    this.documents.delete(documentId);
    this.byNumber[entry.no] = undefined;
  }

  /**
   * The terms a query becomes. Documents are stemmed in their own language, so a query without a
   * known language is analysed in every language the index holds (a German question then meets
   * German stems, an English one English stems); terms no document has cost nothing.
   */
  queryTerms(text: string, language?: string | null): string[] {
    if (language) return [...new Set(this.analyzer.terms(text, language))];
    const languages = new Set<string | null>();
    for (const d of this.documents.values()) languages.add(d.language);
    if (languages.size <= 1) return [...new Set(this.analyzer.terms(text, [...languages][0] ?? null))];
    return [...new Set([...languages].flatMap((l) => this.analyzer.terms(text, l)))];
  }

  /** Inverse document frequency of an analysed term over chunks (BM25's idf; 0 when unseen). */
  idf(term: string): number {
    const df = this.documentFrequency(term);
    return df === 0 ? 0 : idf(df, this.liveChunks);
  }

  /** Live chunks whose text holds the term. */
  documentFrequency(term: string): number {
    const key = utf8(term);
    let df = 0;
    for (const source of this.sources()) {
      const handle = source.lookup(term, key);
      const list = handle >= 0 ? source.postings(handle, TEXT) : null;
      if (!list) continue;
      if (this.deadIn(source) === 0) df += list.end - list.start;
      else for (let p = list.start; p < list.end; p++) df += this.live[source.base + list.docs[p]!]!;
    }
    return df;
  }

  /**
   * BM25 over the chunks. Each document was stemmed in its own language, so without a query
   * language the query is analysed once per language the index holds and each analysis is matched
   * only against documents of that language (scores share one index, so they stay comparable).
   */
  search(query: LexicalQuery, language?: string | null): SearchHit[] {
    const wanted = language ?? query.language;
    const groups: (string | null)[] = wanted ? [wanted] : [...new Set([...this.documents.values()].map((d) => d.language))];
    const limit = query.limit ?? 50;
    const hits = groups.flatMap((group) => this.searchGroup(query, group, groups.length > 1));
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }

  private searchGroup(query: LexicalQuery, group: string | null, restrictToGroup: boolean): SearchHit[] {
    const queryLanguage = query.queryLanguage ?? null;
    const offLanguage = queryLanguage !== null && queryLanguage !== (group ?? DEFAULT_LANGUAGE);
    // The query's function words never match, whatever the documents' language.
    const text = queryLanguage !== null && offLanguage ? withoutStopWords(this.analyzer, query.text, queryLanguage) : query.text;
    const terms = this.queryTerms(text, group ?? DEFAULT_LANGUAGE);
    if (terms.length === 0) return [];
    const fuzzy = this.options.fuzzy ?? DEFAULT_FUZZY;
    const prefixMin = this.options.prefixMinLength ?? 0;
    const cutoff = this.options.commonTermCutoff ?? DEFAULT_COMMON_TERM_CUTOFF;
    const language = group ?? DEFAULT_LANGUAGE;
    const queries: TermQuery[] = withoutCommonTerms(terms, this.liveChunks, cutoff, (t) => this.documentFrequency(t)).map((term) => ({
      term,
      fuzzy: fuzzy.distance > 0 && term.length >= fuzzy.minLength && !HAS_DIGIT.test(term),
      prefix: prefixMin > 0 && term.length >= prefixMin && !HAS_DIGIT.test(term),
      variants: termVariants(this.analyzer, term, language),
    }));
    const scored = this.scorer.score(this.scoringIndex(), queries, {
      fuzzyWeight: fuzzy.weight,
      prefixWeight: this.options.prefixWeight ?? 0.375,
      variantWeight: this.options.variantWeight ?? DEFAULT_VARIANT_WEIGHT,
      limit: query.limit ?? 50,
      documents: documentFilter(this.documents.values(), this.nextDocument, query, group, restrictToGroup),
      ordinal: query.sectionOrdinal,
    });
    const weight = offLanguage ? OFF_LANGUAGE_WEIGHT : 1;
    return scored.map((r) => {
      const local = r.chunk - r.source.base;
      const documentId = this.byNumber[r.source.chunkDoc[local]!]!.id;
      return { chunkId: `${documentId}:${r.source.chunkSeq[local]}`, documentId, score: r.score * weight, terms: r.terms, foundBy: ['lexical'] as const };
    });
  }

  private sources(): PostingSource[] {
    return [...this.segments, this.buffer];
  }

  private deadIn(source: PostingSource): number {
    return source === this.buffer ? this.bufferDead : (this.dead.get((source as Segment).id) ?? 0);
  }

  private scoringIndex(): ScoringIndex {
    const sources = this.sources();
    return {
      sources,
      dead: sources.map((s) => this.deadIn(s)),
      live: this.live,
      chunks: this.liveChunks,
      averages: this.averages,
      bm25: this.options.bm25 ?? DEFAULT_BM25,
      boosts: [1, this.options.sectionBoost ?? 1.5],
    };
  }

  private reserveLive(chunks: number): void {
    if (chunks <= this.live.length) return;
    const grown = new Uint8Array(Math.max(chunks, this.live.length * 2));
    grown.set(this.live);
    this.live = grown;
  }

  /**
   * Seals the buffer into a segment, drops segments left without a live chunk, then merges
   * segments as the merge policy says (a merged segment holds postings of live chunks only).
   */
  private seal(): void {
    if (this.buffer.count > 0) {
      const segment = Segment.fromBuffer(this.segmentId(), this.buffer);
      this.segments.push(segment);
      this.dead.set(segment.id, this.bufferDead);
    }
    this.buffer = new LexicalBuffer(this.nextChunk);
    this.bufferDead = 0;
    this.segments = this.segments.filter((s) => {
      for (let c = s.base; c < s.base + s.count; c++) if (this.live[c] === 1) return true;
      this.dead.delete(s.id);
      return false;
    });
    for (let plan = mergePlan(this.segments, this.dead); plan; plan = mergePlan(this.segments, this.dead)) {
      const [from, to] = plan;
      const parts = this.segments.slice(from, to);
      const merged = Segment.merge(this.segmentId(), parts, (c) => this.live[c] === 1);
      for (const s of parts) this.dead.delete(s.id);
      this.dead.set(merged.id, 0);
      this.segments.splice(from, to - from, merged);
    }
  }

  /**
   * The snapshot to save (the buffer is sealed first): the manifest, and each segment it lists
   * encoded on demand; storage writes only the segments it does not hold yet.
   */
  snapshot(): LexicalSnapshotWrite {
    this.seal();
    const manifest: LexicalManifest = {
      version: 2,
      analyzerVersion: ANALYZER_VERSION,
      analyzer: this.analyzerOptions,
      chunks: this.liveChunks,
      averages: [this.averages[TEXT], this.averages[SECTION]],
      nextChunk: this.nextChunk,
      nextDocument: this.nextDocument,
      nextSegment: this.nextSegment,
      segments: this.segments.map((s) => ({ id: s.id, base: s.base, count: s.count, dead: this.dead.get(s.id) ?? 0 })),
      documents: [...this.documents.values()],
    };
    const byId = new Map(this.segments.map((s) => [s.id, s]));
    return {
      manifest,
      segment: (id) => {
        const s = byId.get(id);
        if (!s) throw new IndexError('internal', `LexicalIndex: the snapshot has no segment ${id}`);
        return s.encode();
      },
    };
  }

  /**
   * A new segment's id: its number and a random part, so two tabs writing the same workspace
   * never give one id to two different segments (the last manifest saved wins, whole).
   */
  private segmentId(): string {
    return `seg-${this.nextSegment++}-${crypto.randomUUID().slice(0, 8)}`;
  }

}
