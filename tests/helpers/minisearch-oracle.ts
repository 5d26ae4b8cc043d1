/**
 * The lexical index as it was before issue 20 (MiniSearch 7), kept verbatim as the test oracle:
 * the index that replaced it must rank exactly as this one did (tests/unit/core/search/
 * lexical-equivalence.test.ts), and its version-1 snapshots must convert.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { IndexError } from '../../src/core/errors';
import type { IndexedDocument, LexicalQuery } from '../../src/core/ports';
import type { ChunkRecord, SearchHit } from '../../src/core/types';
import { DEFAULT_LANGUAGE } from '../../src/core/search/languages';
import { ANALYZER_VERSION, createAnalyzer, DEFAULT_ANALYZER, rawTokens, type Analyzer, type AnalyzerOptions } from '../../src/core/search/analyzer';

const LEXICAL_SNAPSHOT_VERSION = 1;

// The same defaults as the index it checks (one definition, so the oracle cannot drift from it).
import { DEFAULT_COMMON_TERM_CUTOFF, DEFAULT_FUZZY, OFF_LANGUAGE_WEIGHT } from '../../src/core/search/lexical-index';
;
const COMMON_TERMS_MIN_CHUNKS = 200;

export interface LexicalIndexOptions {
  readonly analyzer?: AnalyzerOptions;
  /** Relative weight of the section heading field against the body text. */
  readonly sectionBoost?: number;
  readonly bm25?: { k: number; b: number; d: number };
  /** Edit distance allowed for terms of at least `minLength` characters (distance 0 = exact only; default DEFAULT_FUZZY). */
  readonly fuzzy?: { readonly distance: number; readonly minLength: number; readonly weight: number };
  /** Share of chunks above which a term is left out of a query that has rarer terms (1 = never). */
  readonly commonTermCutoff?: number;
  /** Prefix matching for terms of at least this many characters (0 = off). */
  readonly prefixMinLength?: number;
  readonly prefixWeight?: number;
}

export interface LexicalSnapshot {
  readonly version: number;
  readonly analyzerVersion: number;
  readonly analyzer: AnalyzerOptions;
  readonly documents: readonly IndexedDocumentEntry[];
  /** MiniSearch's own JSON. */
  readonly index: string;
}

export interface IndexedDocumentEntry extends IndexedDocument {
  readonly chunkCount: number;
}

interface IndexedChunk {
  readonly id: string;
  readonly text: string;
  readonly section: string;
  readonly lang: string | null;
  readonly ordinal: string | null;
}

const FIELDS = ['text', 'section'] as const;

/** The parts of MiniSearch 7's private state documentFrequency() reads (checked at run time). */
interface MiniSearchInternals {
  _index: { get(term: string): Map<number, Map<number, number>> | undefined };
  _fieldIds: Record<string, number>;
  _documentIds: Map<number, unknown>;
}

function documentIdOfChunk(chunkId: string): string {
  const i = chunkId.lastIndexOf(':');
  return i < 0 ? chunkId : chunkId.slice(0, i);
}

export class MiniSearchLexicalIndex {
  private readonly analyzer: Analyzer;
  private readonly analyzerOptions: AnalyzerOptions;
  private readonly documents = new Map<string, IndexedDocumentEntry>();
  private mini: MiniSearch<IndexedChunk>;
  /** The language of the document whose field is being tokenized (MiniSearch passes no document). */
  private currentLanguage: string | null = null;

  constructor(private readonly options: LexicalIndexOptions = {}, snapshot?: LexicalSnapshot) {
    this.analyzerOptions = options.analyzer ?? DEFAULT_ANALYZER;
    this.analyzer = createAnalyzer(this.analyzerOptions);
    if (snapshot) {
      if (snapshot.version !== LEXICAL_SNAPSHOT_VERSION || snapshot.analyzerVersion !== ANALYZER_VERSION) {
        throw new IndexError('index/corrupt', `LexicalIndex: snapshot version ${snapshot.version}/${snapshot.analyzerVersion} does not match ${LEXICAL_SNAPSHOT_VERSION}/${ANALYZER_VERSION}; rebuild it`);
      }
      this.mini = MiniSearch.loadJSON<IndexedChunk>(snapshot.index, this.miniOptions());
      for (const d of snapshot.documents) this.documents.set(d.id, d);
    } else {
      this.mini = new MiniSearch<IndexedChunk>(this.miniOptions());
    }
  }

  private miniOptions() {
    return {
      fields: [...FIELDS],
      storeFields: ['ordinal'],
      extractField: (doc: IndexedChunk, field: string): string => {
        // Every field read starts a new document: remember its language for tokenize().
        this.currentLanguage = doc.lang;
        return (doc as unknown as Record<string, string>)[field] ?? '';
      },
      tokenize: (text: string): string[] => this.analyzer.terms(text, this.currentLanguage),
      processTerm: (term: string): string => term,
      searchOptions: {
        boost: { text: 1, section: this.options.sectionBoost ?? 1.5 },
        ...(this.options.bm25 ? { bm25: this.options.bm25 } : {}),
      },
    };
  }

  get documentCount(): number {
    return this.documents.size;
  }

  get chunkCount(): number {
    return this.mini.documentCount;
  }

  has(documentId: string): boolean {
    return this.documents.has(documentId);
  }

  listDocuments(): IndexedDocumentEntry[] {
    return [...this.documents.values()];
  }

  /** Adds (or replaces) a document's chunks. */
  add(doc: IndexedDocument, chunks: readonly ChunkRecord[]): void {
    if (this.documents.has(doc.id)) this.remove(doc.id);
    this.mini.addAll(
      chunks.map((c) => ({
        id: c.id,
        text: c.text,
        section: c.sectionPath.join(' '),
        lang: doc.language,
        ordinal: c.sectionOrdinal,
      })),
    );
    this.documents.set(doc.id, { id: doc.id, name: doc.name, language: doc.language, chunkCount: chunks.length });
  }

  remove(documentId: string): void {
    const entry = this.documents.get(documentId);
    if (!entry) return;
    const ids: string[] = [];
    for (let seq = 0; seq < entry.chunkCount; seq++) {
      const id = `${documentId}:${seq}`;
      if (this.mini.has(id)) ids.push(id);
    }
    this.mini.discardAll(ids);
    this.documents.delete(documentId);
  }

  /** Terms the query becomes (after analysis), e.g. for highlighting. */
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
    const n = this.mini.documentCount;
    const df = this.documentFrequency(term);
    return df === 0 ? 0 : Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Chunks whose text holds the term. Reads MiniSearch's posting map (a search per term is ~100× slower at 20k chunks). */
  documentFrequency(term: string): number {
    const internals = this.mini as unknown as Partial<MiniSearchInternals>;
    const fieldId = internals._fieldIds?.['text'];
    if (internals._index && internals._documentIds && fieldId !== undefined) {
      const postings = internals._index.get(term)?.get(fieldId);
      if (!postings) return 0;
      let df = 0;
      // Discarded documents stay in the postings until MiniSearch vacuums: count live ones only.
      for (const shortId of postings.keys()) if (internals._documentIds.has(shortId)) df++;
      return df;
    }
    return this.mini.search(term, { tokenize: (t) => [t], processTerm: (t) => t, fields: ['text'] }).length;
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
    const text = queryLanguage !== null && offLanguage ? this.withoutStopWords(query.text, queryLanguage) : query.text;
    const terms = this.queryTerms(text, group ?? DEFAULT_LANGUAGE);
    if (terms.length === 0) return [];
    const docFilter = query.documentIds ? new Set(query.documentIds) : null;
    const filter = (r: SearchResult): boolean => {
      const docId = documentIdOfChunk(String(r.id));
      if (docFilter && !docFilter.has(docId)) return false;
      if (query.sectionOrdinal !== undefined && r['ordinal'] !== query.sectionOrdinal) return false;
      if (query.language !== undefined && this.documents.get(docId)?.language !== query.language) return false;
      if (restrictToGroup && this.documents.get(docId)?.language !== group) return false;
      return true;
    };
    const searchTerms = this.withoutCommonTerms(terms);
    const fuzzy = this.options.fuzzy ?? DEFAULT_FUZZY;
    const prefixMin = this.options.prefixMinLength ?? 0;
    const results = this.mini.search(
      { combineWith: 'OR', queries: searchTerms },
      {
        filter,
        tokenize: (t) => [t],
        processTerm: (t) => t,
        ...(fuzzy && fuzzy.distance > 0 ? { fuzzy: (t: string) => (t.length >= fuzzy.minLength && !/\d/.test(t) ? fuzzy.distance : false), weights: { fuzzy: fuzzy.weight, prefix: this.options.prefixWeight ?? 0.375 } } : {}),
        ...(prefixMin > 0 ? { prefix: (t: string) => t.length >= prefixMin && !/\d/.test(t) } : {}),
      },
    );
    const weight = offLanguage ? OFF_LANGUAGE_WEIGHT : 1;
    return results.slice(0, query.limit ?? 50).map((r) => ({
      chunkId: String(r.id),
      documentId: documentIdOfChunk(String(r.id)),
      score: r.score * weight,
      terms: r.terms,
      foundBy: ['lexical'] as const,
    }));
  }

  /** The text without the stop words of `language` (its words as written, space-separated). */
  private withoutStopWords(text: string, language: string): string {
    return rawTokens(text)
      .filter((t) => this.analyzer.term(t.text, language) !== null)
      .map((t) => t.text)
      .join(' ');
  }

  /**
   * The query terms without the very common ones, when a rarer term that occurs is left. Off for
   * indexes under COMMON_TERMS_MIN_CHUNKS, where a share of chunks says little and speed is no issue.
   */
  private withoutCommonTerms(terms: readonly string[]): string[] {
    const cutoff = this.options.commonTermCutoff ?? DEFAULT_COMMON_TERM_CUTOFF;
    const n = this.mini.documentCount;
    if (cutoff >= 1 || n < COMMON_TERMS_MIN_CHUNKS) return [...terms];
    const df = new Map(terms.map((t) => [t, this.documentFrequency(t)]));
    const isCommon = (t: string) => df.get(t)! > cutoff * n;
    const rareFound = terms.some((t) => df.get(t)! > 0 && !isCommon(t));
    return rareFound ? terms.filter((t) => !isCommon(t)) : [...terms];
  }

  /** Drops removed chunks from the postings (as MiniSearch's auto-vacuum eventually does). */
  async vacuum(): Promise<void> {
    await this.mini.vacuum();
  }

  toSnapshot(): LexicalSnapshot {
    return {
      version: LEXICAL_SNAPSHOT_VERSION,
      analyzerVersion: ANALYZER_VERSION,
      analyzer: this.analyzerOptions,
      documents: [...this.documents.values()],
      index: JSON.stringify(this.mini),
    };
  }
}
