/**
 * The ask path's contract: ONE core function (question → scope → retrieval query → retrieval in
 * scope → sufficiency → typed result) used by the UI, the answer layer and `npm run eval`.
 * These types are the seam between them; the implementation lives beside this file.
 */
import type { ClauseClassifier, JobOptions, Retriever } from '../ports';
import type { NamedDocument } from '../search/resolve-doc';
import type { PipelinePassage, PipelineResponse, PipelineSettings } from '../search/pipeline';

/** How the documents searched were chosen. */
export type ScopeSource =
  /** The question names them (title, parties, aliases, file name, defined short names). */
  | 'question'
  /** A follow-up ("this agreement", "and the renewal term?") kept the previous turn's scope. */
  | 'follow_up'
  /** The user picked them (document filter, "Search in this document", a scope chip). */
  | 'user'
  /** Nothing named: the whole workspace. */
  | 'workspace'
  /** Nothing named, in a workspace mixing languages: the documents in the question's language (language-preference.ts). */
  | 'language';

export interface AskScope {
  readonly source: ScopeSource;
  /** Empty for the whole workspace. */
  readonly documentIds: readonly string[];
  /** The words of the question that named the documents, as written there. */
  readonly matched: readonly string[];
  /** source 'language': the question's language (ISO 639-1). */
  readonly language?: string;
}

/** What the previous turn of the conversation leaves for a follow-up. */
export interface AskContext {
  readonly previousScope?: AskScope | null;
  /** Documents the user pinned (filter, chips). Overrides resolution from the question. */
  readonly userScope?: readonly string[] | null;
  /**
   * A top-level section the question is about ("12", "IV"), from the answer layer's plan when a
   * model reads "what does article 12 say"; passed to the retrieval filters (`sectionOrdinal`).
   */
  readonly sectionOrdinal?: string | null;
  /** Search the whole workspace even when the question's language would narrow it (language-preference.ts). */
  readonly anyLanguage?: boolean;
}

export interface AskRequest {
  /** The question exactly as the user typed it (kept verbatim for display and any model). */
  readonly question: string;
  readonly context?: AskContext;
  /** The workspace's pipeline settings; the ask function adapts selection to the scope. */
  readonly settings?: PipelineSettings;
}

export interface AskDeps {
  readonly retriever: Retriever;
  /** The searchable documents of the workspace (for scope resolution). */
  documents(): Promise<readonly NamedDocument[]>;
  /**
   * Tells which kind of clause the question asks about and which the passages are: a passage of
   * that kind moves up, and none being of that kind counts against sufficiency. Built with
   * ASK_CLASSIFIER_OPTIONS (sufficiency.ts) it reports graded scores, weak ones included.
   */
  readonly classifier?: ClauseClassifier | null;
  /** Sufficiency threshold (0..1); the default when absent. */
  readonly sufficiencyThreshold?: number;
}

export type AskOutcome = 'answered' | 'insufficient' | 'needs_clarification';

export interface Sufficiency {
  /** 0..1; under the threshold the evidence does not answer the question. */
  readonly score: number;
  readonly threshold: number;
  /** Human-readable reasons, e.g. "no passage in ‹doc› is a cap-on-liability clause". */
  readonly reasons: readonly string[];
}

export interface AskResult {
  readonly outcome: AskOutcome;
  readonly question: string;
  /** The text retrieval ran with (the naming words removed). */
  readonly retrievalQuery: string;
  /** ISO 639-1 of the question, null when unknown. */
  readonly language: string | null;
  readonly scope: AskScope;
  /** answered: the evidence; insufficient: the closest passages (labelled as such); clarification: none. */
  readonly passages: readonly PipelinePassage[];
  /** What the passages are: the evidence, or only the closest ones (never to be shown as the answer); null when none. */
  readonly passageLabel: 'evidence' | 'closest' | null;
  readonly sufficiency: Sufficiency | null;
  /** needs_clarification: the documents the question could mean. */
  readonly candidates: readonly NamedDocument[];
  /**
   * The retrieval round trip (explanation, ranked candidates); null when none ran. Its passages
   * are the candidates the shown ones were chosen from (more than are shown).
   */
  readonly response: PipelineResponse | null;
}

export type AskFunction = (request: AskRequest, deps: AskDeps, options?: JobOptions) => Promise<AskResult>;
