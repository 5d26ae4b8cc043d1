/**
 * The committed model must be what `npm run train` gives for the code: `npm run eval` warns when
 * the code would now train the question head on other texts (train/drift.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ClauseKindModel } from '../../../src/core/clauses/model';
import type { QaFile } from '../../../src/core/eval/qa';
import { builtinClauseTypes } from '../../../src/playbooks/builtin';
import { questionDrift, trainingItemsDigest } from '../../../src/train/drift';
import { questionDigest, trainingQuestionTexts } from '../../../src/train/question';
import { NO_KIND_QUESTIONS, QUESTION_PHRASINGS } from '../../../src/train/question-phrasings';

const item = (id: string, split: string, question: string) => ({ id, doc_id: 'd1', split, cuad_category: 'Governing Law', question, question_natural: question, answerable: true, evidence: [] });
const qa = {
  docs: [{ doc_id: 'd1', split: 'train', short_names: ['the Acme supply agreement'], party_short_names: ['Acme'] }],
  items: [item('q1', 'train', 'Which law governs the Acme supply agreement?'), item('q2', 'validation', 'What law applies to the deal with Acme?')],
} as unknown as QaFile;
const kinds = ['governing_law', 'cap_on_liability'];
const modelWith = (counts: Record<string, unknown> | undefined) => ({ kinds, model: { training: counts ? { counts } : {} } }) as unknown as ClauseKindModel;

describe('questionDrift', () => {
  const digest = questionDigest(trainingQuestionTexts(qa, kinds, builtinClauseTypes(), QUESTION_PHRASINGS, NO_KIND_QUESTIONS));

  it('is the same for the texts the model was trained on, and changed for others', () => {
    expect(questionDrift(qa, modelWith({ question_digest: digest, qa_digest: trainingItemsDigest(qa) }))).toBe('same');
    expect(questionDrift(qa, modelWith({ question_digest: 'x', qa_digest: trainingItemsDigest(qa) }))).toBe('changed');
  });

  it('says nothing of another QA file or a model file without the digests', () => {
    expect(questionDrift(qa, modelWith({ question_digest: digest, qa_digest: 'other' }))).toBe('other-qa');
    expect(questionDrift(qa, modelWith(undefined))).toBe('unknown');
  });

  it('reads the train split only, the masked names as the trainer masks them', () => {
    const texts = trainingQuestionTexts(qa, kinds, [], {}, []);
    expect(texts.map((t) => t.text)).toEqual(['Which law governs the agreement ?']);
  });
});
