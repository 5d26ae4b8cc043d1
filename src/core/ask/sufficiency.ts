/**
 * Does the evidence in scope answer the question? A score in [0, 1] against a threshold, and
 * reasons a person can read ("No passage in ‹title› is a limitation-of-liability clause").
 * Computed from the retrieval response alone (the index lives in a worker in the app; what
 * needs index statistics comes in `response.evidence`), plus the clause classifier when one is
 * available.
 *
 * Signals:
 *   - retrieval: the cross-encoder's best logit when a reranker ran, else the lexical coverage
 *     of the question's information blended with the best dense cosine (search/sufficiency.ts);
 *   - clause kind: a question about a kind of clause (ClauseClassifier.questionTypes) is not
 *     answered when no passage found in scope is that kind of clause.
 */
import { throwIfAborted } from '../errors';
import type { ClauseClassifier, ClauseLabel, JobOptions } from '../ports';
import type { PipelinePassage, PipelineResponse } from '../search/pipeline';
import { calibratedCoverage, DEFAULT_SUFFICIENCY_THRESHOLD, lexicalCoverage } from '../search/sufficiency';
import type { Sufficiency } from './types';

/** A clause type counts as asked for / present from this classifier score on. */
export const CLAUSE_TYPE_MIN_SCORE = 0.5;

export interface SufficiencyInput {
  readonly response: PipelineResponse;
  /** The question as asked (for the classifier). */
  readonly question: string;
  /** How the scope reads in a sentence: "‹title›", "the 2 selected documents", "the workspace". */
  readonly scopeName: string;
  readonly classifier?: ClauseClassifier | null | undefined;
  readonly threshold?: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export async function judgeSufficiency(input: SufficiencyInput, options: JobOptions = {}): Promise<Sufficiency> {
  const { response, scopeName } = input;
  const threshold = input.threshold ?? DEFAULT_SUFFICIENCY_THRESHOLD;
  const reasons: string[] = [];
  if (response.passages.length === 0) return { score: 0, threshold, reasons: [`No passage in ${scopeName} matches the question.`] };

  let score = retrievalScore(response);
  if (score < threshold) reasons.push(`The passages found in ${scopeName} cover little of what the question asks.`);

  if (input.classifier) {
    const missing = await missingClauseTypes(input.classifier, input.question, response.passages, options);
    throwIfAborted(options.signal, 'ask');
    if (missing.length > 0) {
      score = Math.min(score, threshold * 0.5);
      for (const type of missing) reasons.push(`No passage in ${scopeName} is ${article(clauseName(type))} clause.`);
    }
  }
  return { score, threshold, reasons: score < threshold ? reasons : [] };
}

/** The retrieval evidence alone, in [0, 1] (0.5 = the default threshold). */
export function retrievalScore(response: PipelineResponse): number {
  const reranked = response.ranked.filter((c) => c.rerankScore !== null);
  if (reranked.length > 0) return sigmoid(Math.max(...reranked.map((c) => c.rerankScore!)));
  const weights = response.evidence?.weights ?? {};
  const raw = response.evidence?.coverage ?? lexicalCoverage(response, { queryTerms: () => [...response.terms], idf: (t) => weights[t] ?? 0 });
  const coverage = calibratedCoverage(raw);
  const dense = response.ranked.filter((c) => c.denseScore !== null).map((c) => c.denseScore!);
  if (dense.length === 0) return coverage;
  // Cosines of unrelated text sit well above 0 for most embedders: rescale around a midpoint.
  return 0.5 * coverage + 0.5 * sigmoid((Math.max(...dense) - 0.5) * 10);
}

/** Clause types the question asks about that no passage (or its context) is. */
async function missingClauseTypes(classifier: ClauseClassifier, question: string, passages: readonly PipelinePassage[], options: JobOptions): Promise<string[]> {
  const asked = (await classifier.questionTypes(question, options)).filter((l) => l.score >= CLAUSE_TYPE_MIN_SCORE);
  if (asked.length === 0) return [];
  const labels: ClauseLabel[][] = await classifier.classify(
    passages.map((p) => ({ text: p.chunk.text, sectionPath: p.chunk.sectionPath, sectionTitle: p.chunk.sectionTitle })),
    options,
  );
  const present = new Set(labels.flat().filter((l) => l.score >= CLAUSE_TYPE_MIN_SCORE).map((l) => l.type));
  return asked.map((l) => l.type).filter((t) => !present.has(t));
}

/** "limitation_of_liability" → "limitation-of-liability". */
export function clauseName(type: string): string {
  return type.replace(/[_\s]+/g, '-').toLowerCase();
}

function article(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
