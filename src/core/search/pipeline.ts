/**
 * The retrieval pipeline: query analysis (question stop words) → BM25 top-k → lexical
 * re-scoring (proximity, answer type) and dense top-k → fusion → exact-phrase boost → optional
 * cross-encoder rerank of the top N → selection (top k, per-file limit, minimum score) →
 * neighbour expansion → passages with file, pages, section, scores and provenance, plus an
 * explanation of every stage (timings, counts, what was on or off and why).
 */
import { throwIfAborted } from '../errors';
import type { Embedder, Reranker } from '../ports';
import type { SearchHit } from '../types';
import type { SearchEngine } from './engine';
import { compareCandidates, DEFAULT_FUSION, fuse } from './fusion';
import type { PipelinePassage, PipelineResponse, PipelineSettings, RankedCandidate, RetrievalMode, SearchFilters, StageState } from '../search-types';
import { DEFAULT_LANGUAGE } from './languages';
import { phraseBoost, queryPhrases } from './phrase';
import { DEFAULT_QUESTION, reduceQuestion } from './question';
import { DEFAULT_RESCORE, rescore } from './rescore';
import { resolve, type PassageLookup } from './retrieve';
import { DEFAULT_SELECTION, expandNeighbours, select, type NeighbourLookup } from './select';
import { lexicalCoverage } from './sufficiency';

export const RETRIEVAL_MODES: readonly RetrievalMode[] = ['rag', 'retrieval_only', 'direct'];

/** How long a search waits for a workspace's vectors still loading before it answers without them. */
export const DENSE_LOAD_WAIT_MS = 500;

export const DEFAULT_PIPELINE: PipelineSettings = {
  mode: 'rag',
  question: DEFAULT_QUESTION,
  lexicalTopK: 50,
  rescore: DEFAULT_RESCORE,
  denseTopK: 50,
  fusion: DEFAULT_FUSION,
  phraseBoost: 0.25,
  rerank: true,
  rerankTopN: 20,
  minRerankScore: 0,
  selection: DEFAULT_SELECTION,
  neighbours: 1,
};

export interface PipelineRequest {
  readonly text: string;
  readonly filters?: SearchFilters;
  readonly settings?: PipelineSettings;
  /** The query's language (ISO 639-1); detected from the text when absent; null: unknown. */
  readonly language?: string | null;
  readonly signal?: AbortSignal;
}

export interface PipelineDeps {
  readonly engine: SearchEngine;
  readonly lookup: PassageLookup & NeighbourLookup;
  readonly embedder?: Embedder | null;
  readonly reranker?: Reranker | null;
}

export async function runPipeline(request: PipelineRequest, deps: PipelineDeps): Promise<PipelineResponse> {
  const settings = request.settings ?? DEFAULT_PIPELINE;
  const filters = request.filters ?? {};
  const { engine } = deps;
  const { signal } = request;
  const timings: Record<string, number> = {};
  const candidates: Record<string, number> = {};
  const notes: string[] = [];
  const time = async <T>(stage: string, fn: () => Promise<T> | T): Promise<T> => {
    const t = performance.now();
    try {
      return await fn();
    } finally {
      timings[stage] = performance.now() - t;
    }
  };

  const queryLanguage = request.language !== undefined ? request.language : engine.queryLanguage(request.text);
  const language = filters.language ?? queryLanguage ?? DEFAULT_LANGUAGE;
  // Settings stored before these knobs existed may lack them or some of their fields.
  const questionOptions = { ...DEFAULT_QUESTION, ...settings.question };
  const rescoreOptions = { ...DEFAULT_RESCORE, ...settings.rescore };

  // The query embedding needs nothing from the lexical stage: start it now (it runs in the
  // embed worker meanwhile) and await it when dense search needs the vector.
  let denseState: StageState = deps.embedder && engine.embeddingModel ? (settings.denseTopK > 0 ? 'on' : 'off') : 'unavailable';
  let embedMs = 0;
  const embedStarted = performance.now();
  const queryVector =
    denseState === 'on'
      ? deps.embedder!.embed([request.text], { signal }).then(([v]) => {
          embedMs = performance.now() - embedStarted;
          return v;
        })
      : null;
  queryVector?.catch(() => undefined); // awaited below; a failing lexical stage must not leave it unhandled

  const reduced = await time('query', () => reduceQuestion(request.text, language, questionOptions));
  let lexical = settings.lexicalTopK > 0 ? await time('lexical', () => engine.searchLexical({ text: reduced.text, limit: settings.lexicalTopK, ...filters, queryLanguage })) : [];
  candidates['lexical'] = lexical.length;
  throwIfAborted(signal, 'search');
  const terms = engine.queryTerms(reduced.text, queryLanguage ?? filters.language);
  const weights = Object.fromEntries(terms.map((t) => [t, engine.idf(t)]));
  if (rescoreOptions.topN > 0 && lexical.length > 1) {
    const head = lexical;
    lexical = await time('rescore', async () => {
      const chunks = await deps.lookup.chunksByIds(head.slice(0, rescoreOptions.topN).map((h) => h.chunkId));
      return rescore(head, { query: reduced.text, question: request.text, language, weights: new Map(Object.entries(weights)), texts: chunks.map((c) => c?.text) }, rescoreOptions);
    });
    candidates['rescored'] = Math.min(rescoreOptions.topN, lexical.length);
  }

  let dense: SearchHit[] = [];
  // A workspace that has just opened may still be loading its vectors: wait a little, then go on without them.
  if (denseState === 'on' && !engine.denseReady && !(await time('dense_wait', () => engine.vectorsLoadedWithin(DENSE_LOAD_WAIT_MS)))) {
    denseState = 'loading';
    notes.push('Meaning search is still loading this workspace\'s vectors: keyword results only for now.');
  }
  if (denseState === 'on' || denseState === 'off') {
    if (queryVector) {
      const vector = await queryVector;
      timings['embed_query'] = embedMs;
      if (vector) dense = await time('dense', () => engine.searchDense(vector, settings.denseTopK, { documentIds: filters.documentIds, language: filters.language }));
      if (filters.sectionOrdinal !== undefined) dense = await filterBySection(dense, filters.sectionOrdinal, deps.lookup);
    }
  } else {
    notes.push(deps.embedder ? 'No vectors of the active embedding model yet: keyword search only.' : 'No embedding model loaded: keyword search only.');
  }
  candidates['dense'] = dense.length;
  throwIfAborted(signal, 'search');

  const fused = await time('fusion', () => fuse(lexical, dense, settings.fusion));
  candidates['fused'] = fused.length;

  const phrases = queryPhrases(request.text);
  let ranked: RankedCandidate[] = fused.map((c) => ({ ...c, rerankScore: null, phrase: false }));
  if (settings.phraseBoost > 0 && phrases.length > 0 && ranked.length > 0) {
    ranked = await time('phrase', async () => {
      const chunks = await deps.lookup.chunksByIds(ranked.map((c) => c.chunkId));
      return ranked
        .map((c, i) => {
          const hit = phraseBoost(chunks[i]?.text ?? '', phrases);
          return hit ? { ...c, score: c.score * (1 + settings.phraseBoost), phrase: true } : c;
        })
        .sort(compareCandidates);
    });
  }

  const rerankState: StageState = settings.rerank ? (deps.reranker ? 'on' : 'unavailable') : 'off';
  if (rerankState === 'on' && ranked.length > 0) {
    ranked = await time('rerank', () => rerank(request.text, ranked, settings.rerankTopN, deps, signal));
    candidates['reranked'] = Math.min(settings.rerankTopN, fused.length);
  } else if (rerankState === 'unavailable' && settings.rerank) {
    notes.push('No reranker loaded: results are ordered by the fused score.');
  }
  throwIfAborted(signal, 'search');

  let chosen = select(
    ranked,
    rerankState === 'on' ? { ...settings.selection, minScore: Math.max(settings.selection.minScore, settings.minRerankScore) } : settings.selection,
  );
  if (chosen.length === 0 && ranked.length > 0 && rerankState === 'on') {
    // Nothing passed the reranker's bar: show the closest few, and say so.
    chosen = select(ranked, { ...settings.selection, topK: Math.min(3, settings.selection.topK) });
    notes.push('The reranker judged no passage clearly relevant; these are the closest ones.');
  }
  candidates['selected'] = chosen.length;
  const passages = await time('resolve', () => resolve(deps.lookup, chosen.map(toHit)));
  const context = await time('expand', () => expandNeighbours(passages.map((p) => p.chunk), deps.lookup, settings.neighbours));
  const byId = new Map(chosen.map((c) => [c.chunkId, c]));
  const results: PipelinePassage[] = passages.map((p, i) => {
    const c = byId.get(p.chunkId)!;
    return {
      ...p,
      score: c.score,
      scores: { final: c.score, fused: fused.find((f) => f.chunkId === c.chunkId)?.score ?? c.score, lexical: c.lexicalScore, dense: c.denseScore, rerank: c.rerankScore, phrase: c.phrase },
      context: context[i] ?? { before: [], after: [] },
    };
  });

  return {
    query: request.text,
    terms,
    passages: results,
    ranked,
    explanation: { timings, candidates, fusion: settings.fusion.strategy, dense: denseState, rerank: rerankState, filters, phrases, lexicalQuery: reduced.text, dropped: reduced.dropped, queryLanguage, notes },
    evidence: { coverage: lexicalCoverage({ query: request.text, terms, ranked }, { queryTerms: () => terms, idf: (t) => weights[t] ?? 0 }), weights },
  };
}

function toHit(c: RankedCandidate): SearchHit {
  return { chunkId: c.chunkId, documentId: c.documentId, score: c.score, terms: c.terms, foundBy: c.foundBy };
}

/** Rescores the top N with the cross-encoder; the rest keep their order below them. */
async function rerank(query: string, ranked: RankedCandidate[], topN: number, deps: PipelineDeps, signal: AbortSignal | undefined): Promise<RankedCandidate[]> {
  const head = ranked.slice(0, topN);
  const tail = ranked.slice(topN);
  const chunks = await deps.lookup.chunksByIds(head.map((c) => c.chunkId));
  const scores = await deps.reranker!.score(
    query,
    chunks.map((c) => c?.text ?? ''),
    { signal },
  );
  const rescored = head.map((c, i) => ({ ...c, rerankScore: scores[i] ?? null, score: scores[i] ?? Number.NEGATIVE_INFINITY })).sort(compareCandidates);
  // Candidates below the reranked head stay below it, whatever their fused score.
  const floor = Math.min(...rescored.map((c) => c.score));
  return [...rescored, ...tail.map((c, i) => ({ ...c, score: floor - 1 - i }))];
}

async function filterBySection(hits: SearchHit[], ordinal: string, lookup: PassageLookup): Promise<SearchHit[]> {
  const chunks = await lookup.chunksByIds(hits.map((h) => h.chunkId));
  return hits.filter((_, i) => chunks[i]?.sectionOrdinal === ordinal);
}
