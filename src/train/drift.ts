/**
 * Whether the code would now train the question head on other texts than the installed model
 * was trained on (the names in the training questions masked otherwise, phrasings or playbook
 * words changed): `npm run eval` warns then, as a figure read off a model the code no longer
 * gives measures nothing the app ships (the committed model must be `npm run train`'s output).
 * Only for the QA file the model was trained on (the same train-split questions, by id).
 */
import type { ClauseKindModel } from '../core/clauses/model';
import type { QaFile } from '../core/eval/qa';
import { shortHash } from '../core/hash';
import { builtinClauseTypes } from '../playbooks/builtin';
import { questionDigest, trainingPart, trainingQuestionTexts } from './question';
import { NO_KIND_QUESTIONS, QUESTION_PHRASINGS } from './question-phrasings';

/** The train split's question ids, digested: which QA file a model was trained on. */
export function trainingItemsDigest(qa: QaFile): string {
  return shortHash(trainingPart(qa).items.map((i) => i.id).sort().join('\n'));
}

export type QuestionDrift = 'same' | 'changed' | 'other-qa' | 'unknown';

export function questionDrift(qa: QaFile, model: ClauseKindModel): QuestionDrift {
  const counts = model.model.training['counts'] as { readonly question_digest?: unknown; readonly qa_digest?: unknown } | undefined;
  if (typeof counts?.question_digest !== 'string' || typeof counts.qa_digest !== 'string') return 'unknown';
  if (counts.qa_digest !== trainingItemsDigest(qa)) return 'other-qa';
  const now = questionDigest(trainingQuestionTexts(qa, model.kinds, builtinClauseTypes(), QUESTION_PHRASINGS, NO_KIND_QUESTIONS));
  return now === counts.question_digest ? 'same' : 'changed';
}
