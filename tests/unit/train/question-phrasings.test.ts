/**
 * The question head's hand-written phrasings (src/train/question-phrasings.ts): one list for
 * every kind the built-in playbooks know (a renamed kind would silently lose its phrasings), kept
 * as texts of their own wording, and learnt: a wording that neither the questions nor the
 * playbooks use finds its kind through them.
 */
import { describe, expect, it } from 'vitest';
import { ClauseKindModel } from '../../../src/core/clauses/model';
import { builtinClauseTypes } from '../../../src/playbooks/builtin';
import { questionTexts } from '../../../src/train/question';
import { NO_KIND_QUESTIONS, QUESTION_PHRASINGS } from '../../../src/train/question-phrasings';
import { PlaybookClassifier } from '../../../src/core/scan/classify';
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

  it('about no kind: never name a kind by the playbooks’ words, and become negatives of every kind, each its own group', async () => {
    const names = new PlaybookClassifier(builtinClauseTypes());
    const naming = NO_KIND_QUESTIONS.filter((q) => names.questionNames(q).labels.some((l) => l.type in QUESTION_PHRASINGS));
    expect(naming).toEqual([]);
    // Nor is one also a phrasing of a kind (a text cannot be a negative of every kind and a positive of one).
    const phrased = new Set(Object.values(QUESTION_PHRASINGS).flat().map((q) => q.toLowerCase()));
    expect(NO_KIND_QUESTIONS.filter((q) => phrased.has(q.toLowerCase()))).toEqual([]);
    const texts = questionTexts(clauseData(7, 3).qa, ['insurance'], [], {}, ['who signed it', 'Who signed it', 'what is the price']);
    expect(texts.filter((t) => t.wording === 'none')).toEqual([
      { text: 'who signed it', kind: '', wording: 'none', group: 'none-0' },
      { text: 'what is the price', kind: '', wording: 'none', group: 'none-2' },
    ]);
  });

  it('teach the question head a wording nothing else uses', () => {
    const options = { ...DEFAULT_TRAINER, folds: 3, minDf: 1, grid: [] };
    const asked = 'which umbrella cover must be carried';
    const insurance = (phrasings: Record<string, string[]>) => {
      const out = train({ ...clauseData(7, 6), questionPhrasings: phrasings }, options);
      const model = ClauseKindModel.fromJson(JSON.parse(JSON.stringify(out.model)), 'test model');
      return model.questionScores(asked)![out.model.kinds.indexOf('insurance')]!;
    };
    const taught = insurance({ insurance: ['what umbrella cover is required', 'umbrella cover to be carried'] });
    const untaught = insurance({});
    // Sure with the phrasings; a coin toss from the other texts' words ("cover", "carried") alone.
    expect(taught).toBeGreaterThan(0.9);
    expect(untaught).toBeLessThan(0.6);
  });

});
