/**
 * The ask path's contract: ONE core function (question → scope → retrieval query → retrieval in
 * scope → sufficiency → typed result) used by the UI, the answer layer and `npm run eval`.
 * These types are the seam between them; the implementation lives beside this file.
 */
import type { AskScope, Clarification, Sufficiency } from '../answer-types';
import type { ClauseClassifier, JobOptions, Retriever } from '../ports';
import type { NamedDocument, PipelinePassage, PipelineResponse, PipelineSettings } from '../search-types';
import type { TermStats } from '../search/term-stats';
import type { ChunkRecord } from '../types';
import type { ValueKind } from '../values/types';
import type { KindSentences } from './kind-sentences';

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
  /**
   * The question's language when the caller knows it better than its words tell: a workspace
   * question's flow asks each document only the question's content ("renouvellent
   * automatiquement" of « Quels contrats se renouvellent automatiquement ? »), too short to detect.
   */
  readonly language?: string | null;
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
  /**
   * Every chunk of a document, in order: with a classifier, the documents in scope (a few at
   * most) are read whole for the clause kind asked about, so "no such clause" is judged on the
   * whole contract, not only the passages retrieved. Absent: the passages retrieved only.
   */
  chunks?(documentId: string): Promise<readonly ChunkRecord[]>;
  /** Sufficiency threshold (0..1); when absent the classifier's calibrated one, else the default. */
  readonly sufficiencyThreshold?: number;
  /**
   * What the workspace's text says of each word (search/term-stats.ts): its idf (0 when no passage
   * holds it) and, for a rare one, the documents holding it. Document resolution tells a name
   * ("Adaptimmune", or "Acme" that nothing here holds) from a clause word ("insurance" in "Mutual
   * Insurance Corporation"), and finds a party by a name only the contract's text has. Without it,
   * resolution reads the documents' names and the question's capitals only.
   */
  readonly terms?: (words: readonly string[]) => Promise<ReadonlyMap<string, TermStats>>;
}

type AskOutcome = 'answered' | 'insufficient' | 'needs_clarification';

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
  /** needs_clarification: the documents the question could mean (not_found: the closest ones). */
  readonly candidates: readonly NamedDocument[];
  /** needs_clarification: why; null otherwise. */
  readonly clarification?: Clarification | null;
  /**
   * insufficient on a follow-up's documents: other documents where the question finds sufficient
   * evidence, best first (the turn offers "Search all documents"); absent otherwise.
   */
  readonly elsewhere?: readonly string[];
  /** The shown passages' sentences that read as a clause of the asked kind (kind-sentences.ts), for the extractive answer's quotes; absent when no kind is asked or the passages do not answer. */
  readonly kindSentences?: KindSentences;
  /**
   * The value the question asks for (values/extract.ts askedValue): the value of the clause kind
   * the question head reads in it, else as its words say; absent without a clause classifier (the
   * answer then reads the words alone).
   */
  readonly askedValue?: ValueKind | null;
  /**
   * The asks of a question that joins several ("how long does it run and is there a non-compete?":
   * question-parts.ts), in its order; absent when it asks one thing. `askedValue` is the first value.
   */
  readonly asks?: readonly AskPart[];
  /**
   * The retrieval round trip (explanation, ranked candidates); null when none ran. Its passages
   * are the candidates the shown ones were chosen from (more than are shown).
   */
  readonly response: PipelineResponse | null;
}

/** One ask of a question joining several. */
export interface AskPart {
  readonly question: string;
  /** Whether it asks about a kind of clause. */
  readonly clause: boolean;
  /** The value it asks for (values/extract.ts askedValue), null when none. */
  readonly value: ValueKind | null;
  /** answered: why no passage shown answers this ask ("No passage in “…” is a non-compete clause."), in the question's language; null when one does. */
  readonly unanswered: string | null;
}

export type AskFunction = (request: AskRequest, deps: AskDeps, options?: JobOptions) => Promise<AskResult>;

/**
 * What a conversation turn and a flow item ask through: ask() with its dependencies bound where
 * it is made (in the app, in the index worker over its index and documents; in Node, over an
 * in-process retriever: bindAsk), and the workspace's searchable documents.
 */
export interface Asker {
  ask(request: AskRequest, options?: JobOptions): Promise<AskResult>;
  /** The searchable documents of the workspace (scope resolution, "every document"). */
  documents(): Promise<readonly NamedDocument[]>;
}
