/**
 * Cross-validated figures (sufficiency, the review's offset) read the training contracts through
 * the app's own classifier with out-of-fold logits in place of the model's: what the app does
 * around the scores (tables of contents, the label threshold, windows) is the same.
 */
import { describe, expect, it } from 'vitest';
import { LearnedClauseClassifier } from '../../../src/core/clauses/classifier';
import { clauseKindModel } from '../../../src/playbooks/classifiers';
import { builtinClauseTypes } from '../../../src/playbooks/builtin';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClauseKindModel } from '../../../src/core/clauses/model';
import clauseModelFile from '../../../models/clause-kinds.json';
import { OutOfFoldModel, readOutOfFold, unscoredPassages, writeOutOfFold } from '../../../src/train/out-of-fold';

const GOVERNING = 'Governing Law. This Agreement shall be governed by the laws of the State of New York, without regard to its conflict of laws principles.';
const CONTENTS = '13.1 Force Majeure. 68 13.2 Change in Control of Harpoon. 68 13.3 Export Control. 69 13.4 Assignment. 69 13.5 Severability. 70';
const OTHER = 'Notices. All notices shall be in writing and delivered by hand or by courier to the addresses set out above.';

describe('OutOfFoldModel', () => {
  const model = clauseKindModel();
  const K = model.kinds.length;
  const k = model.indexOf('governing_law');
  // Out-of-fold logits that say "not governing law" for the governing-law clause (a fold that missed it).
  const low = new Float32Array(K).fill(-8);
  const oof = OutOfFoldModel.fromTraining(model, new Map([['c1', GOVERNING], ['c2', CONTENTS]]), new Map([['c1', low], ['c2', new Float32Array(K).fill(8)]]), new Map([['c1', low], ['c2', new Float32Array(K).fill(8)]]));
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

  it('counts the training passages it has no scores for (passages changed since the training: a figure partly in sample)', async () => {
    expect(oof.unscored([GOVERNING, CONTENTS])).toEqual({ total: 2, missing: 0 });
    expect(oof.unscored([GOVERNING, `${GOVERNING} `, OTHER])).toEqual({ total: 3, missing: 2 });
    // A page of redactions has no window the trainer reads: never scored, never counted.
    expect(oof.unscored(['[…***…] […***…] […***…] Exhibit 1 […***…]'])).toEqual({ total: 0, missing: 0 });
    const chunks = new Map([['d1', [{ text: GOVERNING }, { text: OTHER }]], ['d2', [{ text: OTHER }]]]);
    const store = { chunks: async (id: string) => chunks.get(id) ?? [] };
    const qa = { docs: [{ doc_id: 'a', split: 'train' }, { doc_id: 'b', split: 'validation' }] };
    // Only the train split's contracts: validation passages never have out-of-fold scores.
    expect(await unscoredPassages(oof, qa, new Map([['a', 'd1'], ['b', 'd2']]), store)).toEqual({ total: 2, missing: 1 });
  });

  it("goes through the app's classifier: a table of contents is no clause whatever its logits say", async () => {
    const classifier = new LearnedClauseClassifier(oof, builtinClauseTypes());
    const [governing, contents] = await classifier.classify([passage(GOVERNING), passage(CONTENTS)]);
    expect(governing!.some((l) => l.type === 'governing_law')).toBe(false);
    expect(contents).toEqual([]);
  });

  describe('the file `npm run train -- --oof` writes and `npm run eval -- --oof` reads', () => {
    const withDir = async (run: (dir: string) => Promise<void>) => {
      const dir = await mkdtemp(join(tmpdir(), 'casefile-oof-'));
      try {
        await run(dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    };

    it('reads back the logits it wrote, for the same weights loaded again', () =>
      withDir(async (dir) => {
        const path = join(dir, 'oof.json');
        await writeOutOfFold(path, model, oof.byText);
        // The installed file loaded afresh (another object, the same weights) with its training figures changed.
        const json = structuredClone(clauseModelFile) as { training: Record<string, unknown> };
        json.training = { ...json.training, trainer: { seconds: 1 } };
        const again = await readOutOfFold(path, ClauseKindModel.fromJson(json));
        expect(again.scorePassage(passage(GOVERNING)).scores[k]).toBeLessThan(0.01);
        expect(again.scorePassage(passage(OTHER)).scores).toEqual(model.scorePassage(passage(OTHER)).scores);
      }));

    it("refuses a file written for other weights, or that is no such file, naming it", () =>
      withDir(async (dir) => {
        const path = join(dir, 'oof.json');
        await writeOutOfFold(path, model, oof.byText);
        const json = structuredClone(clauseModelFile) as { thresholds: { clause: number[] } };
        json.thresholds.clause[k] = json.thresholds.clause[k]! + 1;
        await expect(readOutOfFold(path, ClauseKindModel.fromJson(json))).rejects.toThrow(/oof\.json: written for another model/u);
        const written = JSON.parse(await readFile(path, 'utf8')) as { chunks: unknown[][] };
        written.chunks[0]!.splice(1, 1);
        await writeFile(path, JSON.stringify(written));
        await expect(readOutOfFold(path, model)).rejects.toThrow(/oof\.json: a chunk entry is not/u);
        await writeFile(path, '{"chunks": []}');
        await expect(readOutOfFold(path, model)).rejects.toThrow(/not an out-of-fold score file/u);
      }));
  });
});
