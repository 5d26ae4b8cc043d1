/**
 * Runs a QA set against the retrieval pipeline in several configurations and scopes and judges
 * every question. Pure: the CLI does the file system and printing.
 *
 * Scopes:
 *  - doc: `question`, restricted to the question's own document;
 *  - corpus: `question` over every indexed document;
 *  - named: `question_with_doc` over every document, through document resolution (the named
 *    document is found from titles, parties and aliases and searched alone);
 *  - app: the question through the ask function exactly as the UI calls it (same function,
 *    same defaults, the Retriever port in-process): scope resolution, retrieval in scope,
 *    sufficiency. The ranking judged is the passages the UI shows, in order, and each question
 *    records its outcome (answered / insufficient / needs_clarification). The wording asked is
 *    `question_with_doc` by default, or `question_natural` (the document named as people do);
 *    with `plain` the bare question is asked with its document chosen by the user, as "Search
 *    in this document" does, so the scope is given and only retrieval and sufficiency are judged;
 *    `cuad` asks CUAD's own wording the same way.
 * For the other scopes the ranking judged is the pipeline's full candidate order (before the
 * per-file limit of the final selection), cut at 10.
 */
import { turnFromAsk } from '../answer/answer';
import { ask } from '../ask/ask';
import type { AskResult } from '../ask/types';
import { judgeAnswers, judgeValue, quoteVerdicts, type AnswerJudgement, type JudgedTurn } from './answers';
import type { ChatModel, ClauseClassifier, Embedder, Reranker } from '../ports';
import { InProcessRetriever } from '../search/retriever';
import { engineAskDeps } from '../ask/engine-deps';
import type { SearchEngine } from '../search/engine';
import { DEFAULT_PIPELINE, runPipeline, type PipelineDeps } from '../search/pipeline';
import type { NamedDocument, PipelineResponse, PipelineSettings } from '../search-types';
import { resolveDocument } from '../search/resolve-doc';
import type { ChunkRecord } from '../types';
import { EvidenceMatcher } from './match';
import type { JudgedQuestion } from './metrics';
import { asksInDocument, questionText, type QaFile, type QaItem, type QuestionField } from './qa';

export type Scope = 'doc' | 'corpus' | 'named' | 'app';
export const SCOPES: readonly Scope[] = ['doc', 'corpus', 'named', 'app'];

export interface EvalConfig {
  readonly name: string;
  readonly settings: PipelineSettings;
  readonly dense: boolean;
  readonly rerank: boolean;
}

export interface EvalContext {
  readonly engine: SearchEngine;
  readonly lookup: PipelineDeps['lookup'];
  /** QA doc_id → indexed document id. */
  readonly documentOf: ReadonlyMap<string, string>;
  readonly documents: readonly NamedDocument[];
  readonly embedder?: Embedder | null;
  readonly reranker?: Reranker | null;
  /** The clause classifier the app's ask path uses, when there is one. */
  readonly classifier?: ClauseClassifier | null;
  /** Every chunk of a document (the ask path reads the documents in scope whole for the clause kind asked). */
  readonly chunks?: (documentId: string) => Promise<readonly ChunkRecord[]>;
  /** Higher = more likely the evidence is there. */
  readonly sufficiency: (response: PipelineResponse) => number;
  /**
   * app scope: also write the answer for each question, as the app's answer step does
   * (`turnFromAsk`): extractive when `model` is null, else with that language model.
   */
  readonly answer?: { readonly model: ChatModel | null } | null;
  /** Which wording the named and app scopes ask (default `with_doc`). */
  readonly question?: QuestionField;
  /** app scope: search the whole workspace even when the question's language would narrow it (the comparison without language-preference.ts). */
  readonly anyLanguage?: boolean;
}

/**
 * How the app scope's questions found their document: in scope (`correct`), a clarification or
 * "no document matches" turn offering it among its buttons (`clarified`), another document
 * searched or offered instead (`wrong`), or no document named at all (`none`: the workspace was
 * searched, or the turn said nothing matched without offering it).
 */
interface ResolutionCounts {
  readonly correct: number;
  readonly wrong: number;
  readonly none: number;
  readonly clarified: number;
}

export interface ScopeResult {
  readonly config: string;
  readonly scope: Scope;
  readonly questions: JudgedQuestion[];
  /** named and app scopes: questions whose document was resolved correctly / at all. */
  readonly resolved?: { readonly correct: number; readonly wrong: number; readonly none: number };
  /** app scope: how each question's document was found, clarifications apart. */
  readonly resolution?: ResolutionCounts;
  /** app scope with `answer`: the answers judged (citations, quotes, evidence, abstention). */
  readonly answers?: AnswerJudgement;
  readonly ms: number;
}

const CUT = 10;

export function standardConfigs(hasEmbedder: boolean, hasReranker: boolean, base: PipelineSettings = DEFAULT_PIPELINE): EvalConfig[] {
  const off = { ...base, rerank: false };
  const configs: EvalConfig[] = [{ name: 'bm25', settings: { ...off, denseTopK: 0 }, dense: false, rerank: false }];
  if (hasEmbedder) {
    configs.push({ name: 'dense', settings: { ...off, lexicalTopK: 0 }, dense: true, rerank: false });
    for (const strategy of ['combine_and_dedup', 'rrf', 'boost_only'] as const) {
      configs.push({ name: `hybrid:${strategy}`, settings: { ...off, fusion: { ...off.fusion, strategy } }, dense: true, rerank: false });
    }
  }
  if (hasReranker) {
    configs.push({ name: 'bm25+rerank', settings: { ...base, rerank: true, denseTopK: 0 }, dense: false, rerank: true });
    if (hasEmbedder) configs.push({ name: 'hybrid+rerank', settings: { ...base, rerank: true }, dense: true, rerank: true });
  }
  return configs;
}

export async function evaluate(qa: QaFile, context: EvalContext, configs: readonly EvalConfig[], scopes: readonly Scope[] = SCOPES): Promise<ScopeResult[]> {
  const matcher = new EvidenceMatcher();
  const field = context.question ?? 'with_doc';
  const out: ScopeResult[] = [];
  for (const config of configs) {
    const deps: PipelineDeps = {
      engine: context.engine,
      lookup: context.lookup,
      embedder: config.dense ? (context.embedder ?? null) : null,
      reranker: config.rerank ? (context.reranker ?? null) : null,
    };
    const settings: PipelineSettings = { ...config.settings, selection: { ...config.settings.selection, topK: CUT, perFile: 0 } };
    const retriever = new InProcessRetriever(deps, config.settings);
    const askDeps = engineAskDeps(context.engine, { retriever, documents: async () => context.documents, classifier: context.classifier ?? null, ...(context.chunks ? { chunks: context.chunks } : {}) });
    for (const scope of scopes) {
      const started = performance.now();
      const questions: JudgedQuestion[] = [];
      const resolved = { correct: 0, wrong: 0, none: 0 };
      const resolution = { correct: 0, wrong: 0, none: 0, clarified: 0 };
      const turns: JudgedTurn[] = [];
      for (const item of qa.items) {
        const documentId = context.documentOf.get(item.doc_id);
        if (!documentId) continue; // its document failed to ingest; reported by the CLI
        if (scope === 'app') {
          const plain = asksInDocument(field);
          const request = { question: questionText(item, field), settings: config.settings, ...(plain ? { context: { userScope: [documentId], ...(context.anyLanguage ? { anyLanguage: true } : {}) } } : context.anyLanguage ? { context: { anyLanguage: true } } : {}) };
          const result = await ask(request, askDeps);
          const judged = judge(item, documentId, result.passages.map((p) => p.chunk), matcher, result.sufficiency?.score ?? 0);
          const first = result.passages[0];
          const firstInLanguage = result.language && first ? first.document.language === result.language : null;
          const turn = context.answer ? await turnFromAsk(result, { model: context.answer.model }) : null;
          const value = turn ? judgeValue(item, turn) : null;
          const quotes = turn && item.answerable ? quoteVerdicts({ item, documentId, turn }, matcher) : [];
          questions.push({ ...judged, outcome: result.outcome, firstInLanguage, ...(value ? { value } : {}), ...(quotes.length > 0 ? { quotes } : {}) });
          if (turn) turns.push({ item, documentId, turn });
          if (result.outcome === 'needs_clarification') resolved.none++;
          else if (result.scope.documentIds.includes(documentId)) resolved.correct++;
          else if (result.scope.documentIds.length > 0) resolved.wrong++;
          else resolved.none++;
          resolution[resolutionOf(result, documentId)]++;
          continue;
        }
        let text = item.question;
        let documentIds: string[] | undefined;
        if (scope === 'doc') documentIds = [documentId];
        if (scope === 'named') {
          text = questionText(item, asksInDocument(field) ? 'with_doc' : field);
          const r = resolveDocument(text, context.documents);
          if (r) {
            documentIds = [...r.documentIds];
            text = r.remainder || text;
            if (r.documentIds.includes(documentId)) resolved.correct++;
            else resolved.wrong++;
          } else resolved.none++;
        }
        const response = await runPipeline({ text, filters: documentIds ? { documentIds } : {}, settings }, deps);
        const chunks = await context.lookup.chunksByIds(response.ranked.slice(0, CUT).map((c) => c.chunkId));
        questions.push(judge(item, documentId, chunks, matcher, context.sufficiency(response)));
      }
      out.push({
        config: config.name,
        scope,
        questions,
        ...(scope === 'named' || scope === 'app' ? { resolved } : {}),
        ...(scope === 'app' ? { resolution } : {}),
        ...(scope === 'app' && context.answer ? { answers: judgeAnswers(turns) } : {}),
        ms: performance.now() - started,
      });
    }
  }
  return out;
}

function resolutionOf(result: AskResult, documentId: string): keyof ResolutionCounts {
  if (result.outcome === 'needs_clarification') {
    if (result.candidates.some((c) => c.id === documentId)) return 'clarified';
    return result.candidates.length > 0 && result.clarification?.kind !== 'not_found' ? 'wrong' : 'none';
  }
  if (result.scope.documentIds.includes(documentId)) return 'correct';
  return result.scope.documentIds.length > 0 ? 'wrong' : 'none';
}

function judge(item: QaItem, documentId: string, ranked: readonly (ChunkRecord | undefined)[], matcher: EvidenceMatcher, sufficiency: number): JudgedQuestion {
  let firstHit: number | null = null;
  let pageCorrect = false;
  ranked.forEach((chunk, i) => {
    if (!chunk || chunk.documentId !== documentId || firstHit !== null) return;
    const evidence = item.evidence.filter((e) => matcher.overlaps(chunk.text, e.text));
    if (evidence.length === 0) return;
    firstHit = i + 1;
    if (i === 0) {
      pageCorrect = evidence.some((e) => e.pdf_page_start === undefined || (chunk.pageStart <= (e.pdf_page_end ?? e.pdf_page_start) && chunk.pageEnd >= e.pdf_page_start));
    }
  });
  return { id: item.id, category: item.cuad_category ?? 'all', answerable: item.answerable, firstHit, pageCorrect, sufficiency };
}
