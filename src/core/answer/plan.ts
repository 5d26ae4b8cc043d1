/**
 * The two-phase plan (the AIBS planner):
 *
 *  - Phase A sees the message and the last turns only (no document list) and chooses the task
 *    family, the reply language, the evidence regime and whether it follows up the last turn.
 *  - Phase B runs only for document-scoped families: it sees the capped document list with
 *    aliases (alias-map.ts) and resolves the documents (by handle), the section and the shape.
 *
 * Each phase is one schema-constrained JSON call, validated here (plan-schema.ts). A reply that
 * is not JSON or fails its schema — an unknown document handle included — makes the plan
 * needs_clarification with the reason recorded: never a silent search of everything. A model
 * that fails (error, timeout) is another matter: the caller falls back to the deterministic path.
 */
import { AppError, isAbort, ModelError } from '../errors';
import type { ChatModel, ChatRequest } from '../ports';
import type { NamedDocument } from '../search-types';
import { describeDocuments, plannerDocuments } from './alias-map';
import type { HistoryTurn } from './generate';
import { boundedJson, type ModelTimeouts } from './model-calls';
import { checkAgainst, FACT_KINDS, PHASE_A_SCHEMA, phaseBSchema, type PhaseA, type PhaseB } from './plan-schema';
import { DOCUMENT_SCOPED, type AnswerPlan, type FastPath, type TaskFamily, type WorkspaceRoute } from '../answer-types';

export interface PlanInput {
  readonly question: string;
  readonly history: readonly HistoryTurn[];
  readonly documents: readonly NamedDocument[];
  /** The documents the previous turn searched (lineage). */
  readonly previousDocumentIds: readonly string[];
}

export type PlanOutcome = { readonly kind: 'plan'; readonly plan: AnswerPlan } | { readonly kind: 'model_failed'; readonly error: unknown };

const EMPTY: Omit<AnswerPlan, 'family' | 'source'> = {
  fastPath: null,
  replyLanguage: null,
  regimeHint: null,
  followUp: false,
  documentIds: [],
  sectionOrdinal: null,
  answerShape: null,
  factKind: null,
  clarification: null,
  problems: [],
};

export function routerPlan(fastPath: FastPath, language: string | null): AnswerPlan {
  return { ...EMPTY, family: fastPath === 'empty' ? 'needs_clarification' : 'capability', source: 'router', fastPath, replyLanguage: language };
}

/** No model (or a failed one): the workspace router, else retrieval with ask()'s own scope resolution. */
export function deterministicPlan(workspace: WorkspaceRoute | null, failed: string | null): AnswerPlan {
  const base = { ...EMPTY, source: failed ? ('fallback' as const) : ('deterministic' as const), problems: failed ? [failed] : [] };
  if (workspace) return { ...base, family: workspace.family, documentIds: workspace.documentIds, factKind: workspace.factKind, replyLanguage: workspace.language ?? null };
  return { ...base, family: 'workspace_retrieval' };
}

const FAMILY_GUIDE = [
  'metadata_fact: a fact about one document itself (its title, parties, pages, language, when it was added), not its content',
  'inventory: the workspace as a collection (how many documents, which languages, list the documents, what was added)',
  'capability: what the assistant can do, which model answers',
  'single_doc_retrieval: the content of one document',
  'multi_doc_retrieval: the content of several named documents',
  'workspace_retrieval: the content of the documents, no document named',
  'scan_request: review or check a contract against a playbook',
  'import_request: import or add a folder of documents',
  'needs_clarification: too vague to act on without asking',
].join('\n');

function historyBlock(history: readonly HistoryTurn[]): string {
  if (history.length === 0) return 'Recent conversation: none.';
  const lines = history.slice(-3).flatMap((t) => [`User: ${t.question}`, `Assistant: ${t.answer.length > 300 ? `${t.answer.slice(0, 300)}…` : t.answer}`]);
  return `Recent conversation:\n${lines.join('\n')}`;
}

function phaseARequest(input: PlanInput): ChatRequest {
  const system = [
    "You classify a message sent to Casefile, a legal assistant for the user's own documents. Answer in JSON only, matching the schema.",
    `family, one of:\n${FAMILY_GUIDE}`,
    'reply_language: the ISO 639-1 code of the language the message is written in.',
    'evidence_regime: "creative" when the user asks for drafting, opinion, brainstorming or general knowledge; otherwise "grounded".',
    'follow_up: true when the message continues the previous turn ("and the renewal term?", "what about this agreement").',
    'clarification: only for needs_clarification, one short question to ask the user, in reply_language.',
  ].join('\n\n');
  return { messages: [{ role: 'system', content: system }, { role: 'user', content: `${historyBlock(input.history)}\n\nMessage: ${input.question}` }], temperature: 0 };
}

function phaseBRequest(input: PlanInput, family: TaskFamily, listed: string): ChatRequest {
  const system = [
    "You resolve which of the user's documents a message is about. Answer in JSON only, matching the schema.",
    `The documents (handle: file; title; other names):\n${listed}`,
    `The message was classified as ${family}.`,
    'document_ids: the handles of the documents the message is about, from the list only; empty when it names none and does not continue the previous turn. A message that continues the previous turn is about the documents searched in the previous turn.',
    'section_ordinal: when the message asks about a numbered section, article or chapter, its top-level number as written ("12", "IV"); otherwise null.',
    `answer_shape: short, list, table, quote or summary. fact_kind (metadata questions only): ${FACT_KINDS.join(', ')}; otherwise null.`,
  ].join('\n\n');
  return { messages: [{ role: 'system', content: system }, { role: 'user', content: `${historyBlock(input.history)}\n\nMessage: ${input.question}` }], temperature: 0 };
}

/** Output that is not JSON at all (vs. a provider failure). */
function isUnparsable(error: unknown): boolean {
  return error instanceof SyntaxError || (error instanceof AppError && error.code === 'input/invalid');
}

function isModelFailure(error: unknown): boolean {
  return !isAbort(error) && !isUnparsable(error);
}

function clarify(problems: readonly string[], replyLanguage: string | null = null): AnswerPlan {
  return { ...EMPTY, family: 'needs_clarification', source: 'model', replyLanguage, problems };
}

/** Families that need at least one document from Phase B. */
const NEEDS_DOCUMENTS: ReadonlySet<TaskFamily> = new Set(['metadata_fact', 'single_doc_retrieval', 'multi_doc_retrieval', 'scan_request']);

export async function planWithModel(input: PlanInput, model: ChatModel, timeouts: ModelTimeouts, signal?: AbortSignal): Promise<PlanOutcome> {
  let rawA: unknown;
  try {
    rawA = await boundedJson(model, phaseARequest(input), PHASE_A_SCHEMA, timeouts, signal);
  } catch (error) {
    if (isModelFailure(error)) return { kind: 'model_failed', error };
    if (isAbort(error)) throw error;
    return { kind: 'plan', plan: clarify([`phase A: the model's reply is not JSON (${(error as Error).message})`]) };
  }
  const a = checkAgainst<PhaseA>(PHASE_A_SCHEMA, rawA);
  if (!a.ok) return { kind: 'plan', plan: clarify(a.errors.map((e) => `phase A: ${e}`)) };
  const phaseA: AnswerPlan = {
    ...EMPTY,
    family: a.value.family,
    source: 'model',
    replyLanguage: a.value.reply_language,
    regimeHint: a.value.evidence_regime,
    followUp: a.value.follow_up,
    clarification: a.value.family === 'needs_clarification' ? (a.value.clarification?.trim() || null) : null,
  };
  if (!DOCUMENT_SCOPED.has(phaseA.family) || input.documents.length === 0) {
    if (NEEDS_DOCUMENTS.has(phaseA.family) && input.documents.length === 0) return { kind: 'plan', plan: clarify(['phase B: the workspace has no searchable document'], phaseA.replyLanguage) };
    return { kind: 'plan', plan: phaseA };
  }

  const listed = plannerDocuments(input.question, input.documents, input.previousDocumentIds);
  const schemaB = phaseBSchema(listed.map((d) => d.handle));
  let rawB: unknown;
  try {
    rawB = await boundedJson(model, phaseBRequest(input, phaseA.family, describeDocuments(listed)), schemaB, timeouts, signal);
  } catch (error) {
    if (isModelFailure(error)) return { kind: 'model_failed', error };
    if (isAbort(error)) throw error;
    return { kind: 'plan', plan: clarify([`phase B: the model's reply is not JSON (${(error as Error).message})`], phaseA.replyLanguage) };
  }
  const b = checkAgainst<PhaseB>(schemaB, rawB);
  if (!b.ok) return { kind: 'plan', plan: clarify(b.errors.map((e) => `phase B: ${e}`), phaseA.replyLanguage) };
  const byHandle = new Map(listed.map((d) => [d.handle, d.id]));
  const documentIds = b.value.document_ids.map((h) => byHandle.get(h)!);
  if (documentIds.length === 0 && NEEDS_DOCUMENTS.has(phaseA.family)) {
    return { kind: 'plan', plan: clarify([`phase B: no document resolved for a ${phaseA.family} question`], phaseA.replyLanguage) };
  }
  return {
    kind: 'plan',
    plan: { ...phaseA, documentIds, sectionOrdinal: b.value.section_ordinal, answerShape: b.value.answer_shape, factKind: b.value.fact_kind ?? null },
  };
}

/** A one-line reason for the trace from a model failure. */
export function failureReason(error: unknown): string {
  if (error instanceof ModelError && error.code === 'job/timeout') return `the model timed out (${error.message})`;
  return `the model failed: ${error instanceof Error ? error.message : String(error)}`;
}
