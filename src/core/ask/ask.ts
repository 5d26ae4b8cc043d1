/**
 * The ask function: one question → scope → retrieval query → retrieval in scope → sufficiency →
 * a typed result (answered | insufficient | needs_clarification). The UI, the answer layer and
 * `npm run eval` (its `app` scope) all call this, with the same defaults, so the evaluation
 * measures what users get.
 *
 * Selection follows the scope: a question about one document shows several passages of it (the
 * per-file limit only keeps one long document from filling every slot of a workspace-wide
 * search); a few documents share the slots; the workspace keeps the settings' per-file limit.
 */
import { throwIfAborted } from '../errors';
import type { JobOptions } from '../ports';
import { DEFAULT_PIPELINE, type PipelineSettings } from '../search/pipeline';
import type { NamedDocument } from '../search/resolve-doc';
import { DEFAULT_SELECTION } from '../search/select';
import { DEFAULT_SUFFICIENCY_THRESHOLD } from '../search/sufficiency';
import { planScope } from './scope';
import { judgeSufficiency } from './sufficiency';
import type { AskDeps, AskFunction, AskRequest, AskResult, AskScope } from './types';

export const ask: AskFunction = async (request: AskRequest, deps: AskDeps, options: JobOptions = {}): Promise<AskResult> => {
  const { signal } = options;
  throwIfAborted(signal, 'ask');
  const question = request.question;
  const documents = await deps.documents();
  const plan = planScope(question, documents, request.context ?? {});
  if (plan.kind === 'clarify') {
    return { outcome: 'needs_clarification', question, retrievalQuery: plan.query, language: null, scope: plan.scope, passages: [], passageLabel: null, sufficiency: null, candidates: plan.candidates, response: null };
  }
  const settings = scopedSettings(request.settings ?? DEFAULT_PIPELINE, plan.scope);
  const filters = plan.scope.documentIds.length > 0 ? { documentIds: plan.scope.documentIds } : {};
  const response = await deps.retriever.search({ text: plan.query, filters, settings }, { signal });
  throwIfAborted(signal, 'ask');
  const sufficiency = await judgeSufficiency(
    { response, question, scopeName: scopeName(plan.scope, documents), classifier: deps.classifier, threshold: deps.sufficiencyThreshold ?? DEFAULT_SUFFICIENCY_THRESHOLD },
    { signal },
  );
  const answered = sufficiency.score >= sufficiency.threshold;
  return {
    outcome: answered ? 'answered' : 'insufficient',
    question,
    retrievalQuery: plan.query,
    language: response.explanation.queryLanguage ?? null,
    scope: plan.scope,
    passages: response.passages,
    passageLabel: response.passages.length === 0 ? null : answered ? 'evidence' : 'closest',
    sufficiency,
    candidates: [],
    response,
  };
};

/** The pipeline settings with the selection adapted to the scope (see the module comment). */
export function scopedSettings(settings: PipelineSettings, scope: AskScope): PipelineSettings {
  const n = scope.documentIds.length;
  const selection = { ...DEFAULT_SELECTION, ...settings.selection };
  if (n === 0 || selection.perFile === 0) return settings;
  const perFile = n === 1 ? 0 : Math.max(selection.perFile, Math.ceil(selection.topK / n));
  return { ...settings, selection: { ...selection, perFile } };
}

/** How the scope reads in a sentence: "‹title›", "the 3 selected documents", "the workspace". */
export function scopeName(scope: AskScope, documents: readonly NamedDocument[]): string {
  if (scope.documentIds.length === 0) return 'the workspace';
  const docs = scope.documentIds.map((id) => documents.find((d) => d.id === id)).filter((d): d is NamedDocument => d !== undefined);
  const titles = [...new Set(docs.map((d) => `“${d.title ?? d.name}”`))];
  if (titles.length === 1) return titles[0]!;
  if (titles.length === 2) return `${titles[0]} or ${titles[1]}`;
  return `the ${titles.length} documents in scope`;
}
