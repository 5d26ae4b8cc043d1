/**
 * Cross-validated figures (sufficiency, the review's offset) read the training contracts through
 * the app's own classifier with out-of-fold logits in place of the model's: what the app does
 * around the scores (tables of contents, the label threshold, windows) is the same.
 */
import { describe, expect, it } from 'vitest';
import { LearnedClauseClassifier } from '../../../src/core/clauses/classifier';
import { clauseKindModel } from '../../../src/playbooks/classifiers';
import { builtinClauseTypes } from '../../../src/playbooks/builtin';
import { OutOfFoldModel } from '../../../src/train/sufficiency';

const GOVERNING = 'Governing Law. This Agreement shall be governed by the laws of the State of New York, without regard to its conflict of laws principles.';
const CONTENTS = '13.1 Force Majeure. 68 13.2 Change in Control of Harpoon. 68 13.3 Export Control. 69 13.4 Assignment. 69 13.5 Severability. 70';
const OTHER = 'Notices. All notices shall be in writing and delivered by hand or by courier to the addresses set out above.';

describe('OutOfFoldModel', () => {
  const model = clauseKindModel();
  const K = model.kinds.length;
  const k = model.indexOf('governing_law');
  // Out-of-fold logits that say "not governing law" for the governing-law clause (a fold that missed it).
  const low = new Float32Array(K).fill(-8);
  const oof = new OutOfFoldModel(model, new Map([['c1', GOVERNING], ['c2', CONTENTS]]), new Map([['c1', low], ['c2', new Float32Array(K).fill(8)]]), new Map([['c1', low], ['c2', new Float32Array(K).fill(8)]]));
  const passage = (text: string) => ({ text, sectionPath: [], sectionTitle: null, language: 'en' });

  it('scores a training passage with its out-of-fold logits, keeping the model windows, and others with the model', () => {
    const own = model.scorePassage(passage(GOVERNING));
    expect(own.scores[k]).toBeGreaterThan(0.5);
    const read = oof.scorePassage(passage(GOVERNING));
    expect(read.scores[k]).toBeLessThan(0.01);
    expect(read.presence[k]).toBeLessThan(0.01);
    expect(read.best).toEqual(own.best);
    expect(read.windows).toEqual(own.windows);
    expect(oof.scorePassage(passage(OTHER)).scores).toEqual(model.scorePassage(passage(OTHER)).scores);
    expect(oof.id).toBe(model.id);
  });

  it("goes through the app's classifier: a table of contents is no clause whatever its logits say", async () => {
    const classifier = new LearnedClauseClassifier(oof, builtinClauseTypes());
    const [governing, contents] = await classifier.classify([passage(GOVERNING), passage(CONTENTS)]);
    expect(governing!.some((l) => l.type === 'governing_law')).toBe(false);
    expect(contents).toEqual([]);
  });
});
