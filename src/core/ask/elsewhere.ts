/**
 * A scope that does not trap: a follow-up keeps the previous question's documents, and the user's
 * filter stays until changed; when the evidence there does not answer, is the question answered
 * in the other documents of the workspace? The same retrieval, selection and sufficiency judgement
 * as the scoped search, run once over the documents outside the scope (only then: an answered or
 * workspace-wide question costs nothing more). The documents it names let the turn say so and
 * offer "Search all documents" instead of an empty answer.
 */
import { throwIfAborted } from '../errors';
import type { JobOptions } from '../ports';
import type { PipelineSettings } from '../search/pipeline';
import { groupCopies, type NamedDocument } from '../search/resolve-doc';
import { clauseEvidence, NO_CLAUSE_EVIDENCE, rankByClause } from './clause-rank';
import { dropCopyRepeats } from './copies';
import { judgeSufficiency } from './sufficiency';
import type { AskDeps, AskScope } from './types';

/** At most this many other documents are named (the best first). */
export const MAX_ELSEWHERE = 3;

export interface ElsewhereInput {
  readonly question: string;
  /** The retrieval query the scoped search ran with. */
  readonly query: string;
  readonly scope: AskScope;
  readonly documents: readonly NamedDocument[];
  /** The workspace's settings, candidates widened as the ask function fetches them. */
  readonly fetch: PipelineSettings;
  /** The selection the ask function shows passages with (the workspace's). */
  readonly selection: PipelineSettings['selection'];
  readonly threshold: number;
}

/**
 * The documents outside a follow-up's or the user's scope whose passages answer the question
 * (best first, copies of one document once), or none. A question that named its documents, or a
 * scope of every document, is not looked at again.
 */
export async function answeredElsewhere(input: ElsewhereInput, deps: AskDeps, options: JobOptions = {}): Promise<readonly string[]> {
  const { scope, documents, question } = input;
  if (scope.source !== 'follow_up' && scope.source !== 'user') return [];
  const inScope = new Set(scope.documentIds);
  const others = documents.filter((d) => !inScope.has(d.id));
  if (inScope.size === 0 || others.length === 0) return [];
  const { signal } = options;
  const response = await deps.retriever.search({ text: input.query, filters: { documentIds: others.map((d) => d.id) }, settings: input.fetch }, { signal });
  throwIfAborted(signal, 'ask');
  if (response.passages.length === 0) return [];
  const clauses = deps.classifier ? await clauseEvidence(deps.classifier, question, response.passages, { signal }) : NO_CLAUSE_EVIDENCE;
  throwIfAborted(signal, 'ask');
  const passages = rankByClause(dropCopyRepeats(response.passages, documents), clauses, input.selection);
  const judged = judgeSufficiency({ response, passages, question, scopeName: 'the other documents', clauses, threshold: input.threshold });
  if (judged.score < judged.threshold) return [];
  // One name per work: a copy of a document already named adds nothing.
  const found = others.filter((d) => passages.some((p) => p.documentId === d.id));
  const workOf = new Map(groupCopies(found).flatMap((group, i) => group.map((d) => [d.id, i] as const)));
  const named = new Map<number, string>();
  for (const p of passages) {
    const work = workOf.get(p.documentId);
    if (work !== undefined && !named.has(work)) named.set(work, p.documentId);
  }
  return [...named.values()].slice(0, MAX_ELSEWHERE);
}
