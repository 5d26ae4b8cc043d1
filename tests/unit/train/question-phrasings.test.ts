/**
 * The question head's hand-written phrasings (src/train/question-phrasings.ts): one list for
 * every kind the built-in playbooks know (a renamed kind would silently lose its phrasings), kept
 * as texts of their own wording, and learnt: a wording that neither the questions nor the
 * playbooks use finds its kind through them.
 */
import { describe, expect, it } from 'vitest';
import { ClauseKindModel } from '../../../src/core/clauses/model';
import { LearnedClauseClassifier } from '../../../src/core/clauses/classifier';
import { builtinClauseTypes } from '../../../src/playbooks/builtin';
import { questionTexts } from '../../../src/train/question';
import { QUESTION_PHRASINGS } from '../../../src/train/question-phrasings';
import { DEFAULT_TRAINER, train } from '../../../src/train/train';
import { clauseData } from '../../helpers/clause-data';

describe('question phrasings', () => {
  it('cover exactly the kinds of the commercial playbook, several each', () => {
    const commercial = new Set(builtinClauseTypes().filter((t) => t.id in QUESTION_PHRASINGS).map((t) => t.id));
    expect(Object.keys(QUESTION_PHRASINGS).sort()).toEqual([...commercial].sort());
    expect(commercial.size).toBe(38);
    for (const list of Object.values(QUESTION_PHRASINGS)) expect(list.length).toBeGreaterThanOrEqual(3);
  });

  it('become texts of their own wording, for known kinds only, once each', () => {
    const data = clauseData(7, 3);
    const texts = questionTexts(data.qa, ['insurance', 'governing_law'], [], { insurance: ['what cover must be carried', 'What cover must be carried'], unknown: ['ignored'] });
    const phrasings = texts.filter((t) => t.wording === 'phrasing');
    expect(phrasings).toEqual([{ text: 'what cover must be carried', kind: 'insurance', wording: 'phrasing', group: '' }]);
  });

  it('teach the question head a wording nothing else uses', async () => {
    const options = { ...DEFAULT_TRAINER, folds: 3, minDf: 1, grid: [] };
    const asked = 'which umbrella cover must be carried';
    const kindOf = async (phrasings: Record<string, string[]>) => {
      const out = train({ ...clauseData(7, 6), questionPhrasings: phrasings }, options);
      const classifier = new LearnedClauseClassifier(ClauseKindModel.fromJson(JSON.parse(JSON.stringify(out.model)), 'test model'));
      return (await classifier.questionTypes(asked))[0]?.type;
    };
    expect(await kindOf({ insurance: ['what umbrella cover is required', 'umbrella cover to be carried'] })).toBe('insurance');
    expect(await kindOf({})).not.toBe('insurance');
  });
});
