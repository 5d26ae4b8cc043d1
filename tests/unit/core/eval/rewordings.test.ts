/**
 * Other wordings of a QA file's questions (`npm run eval -- --rewordings FILE`): only the items
 * listed are asked, in the file's words, as the wording `--question` names; a file that lists an
 * item the QA file lacks, or is not of that shape, fails naming the entry.
 */
import { describe, expect, it } from 'vitest';
import { asksInDocument, parseQaFile, questionText, withRewordings } from '../../../../src/core/eval/qa';

const qa = parseQaFile({
  docs: [
    { doc_id: 'acme', txt: 'acme.txt' },
    { doc_id: 'beta', txt: 'beta.txt' },
  ],
  items: [
    { id: 'acme-law', doc_id: 'acme', question: 'Which law governs?', question_natural: 'governing law of the Acme deal?', answerable: true, evidence: [] },
    { id: 'acme-cap', doc_id: 'acme', question: 'Is liability capped?', cuad_question: 'Highlight the parts (if any) of this contract related to "Cap On Liability" that should be reviewed by a lawyer.', answerable: true, evidence: [] },
    { id: 'beta-law', doc_id: 'beta', question: 'Which law governs?', answerable: true, evidence: [] },
  ],
});

describe('rewordings', () => {
  it('asks only the listed items, in their words, as the chosen wording', () => {
    const out = withRewordings(qa, { rewordings: [{ id: 'acme-cap', question: 'max damages Acme can claim?' }] }, 'natural');
    expect(out.items.map((i) => i.id)).toEqual(['acme-cap']);
    expect(out.docs.map((d) => d.doc_id)).toEqual(['acme']);
    expect(questionText(out.items[0]!, 'natural')).toBe('max damages Acme can claim?');
    expect(questionText(out.items[0]!, 'plain')).toBe('Is liability capped?');
    expect(questionText(withRewordings(qa, { rewordings: [{ id: 'beta-law', question: 'whose law?' }] }, 'plain').items[0]!, 'plain')).toBe('whose law?');
  });

  it("asks CUAD's own wording in the item's document, the plain question where an item has none", () => {
    const [law, cap] = qa.items;
    expect(questionText(cap!, 'cuad')).toMatch(/^Highlight the parts \(if any\) of this contract related to "Cap On Liability"/u);
    expect(questionText(law!, 'cuad')).toBe('Which law governs?');
    expect(asksInDocument('cuad')).toBe(true);
    expect(asksInDocument('plain')).toBe(true);
    expect(asksInDocument('natural')).toBe(false);
    expect(questionText(withRewordings(qa, { rewordings: [{ id: 'acme-law', question: 'Highlight the governing law.' }] }, 'cuad').items[0]!, 'cuad')).toBe('Highlight the governing law.');
  });

  it('fails naming the entry that is wrong', () => {
    expect(() => withRewordings(qa, [{ id: 'acme-cap', question: 'x' }], 'natural')).toThrow(/expected \{"rewordings"/);
    expect(() => withRewordings(qa, { rewordings: [{ id: 'acme-cap', question: 'x' }, { id: 'gone', question: 'y' }] }, 'natural')).toThrow(/rewordings\[1\]: no item "gone"/);
    expect(() => withRewordings(qa, { rewordings: [{ id: 'acme-cap', question: ' ' }] }, 'natural')).toThrow(/rewordings\[0\]: needs a string "id" and a non-empty "question"/);
  });

  it('reads the committed hand-written questions: ids of corpus-large train items, one question each, the check set about other contracts', async () => {
    type File = { rewordings: { id: string; question: string }[] };
    const tuning = (await import('../../../fixtures/qa/handwritten-train.json')).default as File;
    const check = (await import('../../../fixtures/qa/handwritten-train-check.json')).default as File;
    for (const [file, n] of [[tuning, 80], [check, 60]] as const) {
      expect(file.rewordings.length).toBeGreaterThanOrEqual(n);
      expect(new Set(file.rewordings.map((r) => r.id)).size).toBe(file.rewordings.length);
      for (const r of file.rewordings) expect(r.id).toMatch(/^large-cuad-/);
    }
    // The item id names its contract: the check set asks about contracts the first set does not.
    const contract = (id: string) => id.replace(/-[^-]+-[^-]+$/u, '');
    const first = new Set(tuning.rewordings.map((r) => contract(r.id)));
    expect(check.rewordings.filter((r) => first.has(contract(r.id)))).toEqual([]);
  });

  it('keeps the set about validation contracts apart from the train sets (report only: its contracts are in none of them)', async () => {
    type File = { rewordings: { id: string; question: string }[] };
    const train = await Promise.all(
      ['handwritten-train.json', 'handwritten-train-check.json', 'handwritten-train-c.json', 'handwritten-train-e.json'].map(async (f) => ((await import(`../../../fixtures/qa/${f}`)) as { default: File }).default),
    );
    const validation = (await import('../../../fixtures/qa/handwritten-validation-d.json')).default as File;
    const contract = (id: string) => id.replace(/-[^-]+-[^-]+$/u, '');
    const trained = new Set(train.flatMap((f) => f.rewordings.map((r) => contract(r.id))));
    expect(validation.rewordings.length).toBe(90);
    expect(new Set(validation.rewordings.map((r) => r.id)).size).toBe(90);
    expect(validation.rewordings.filter((r) => trained.has(contract(r.id)))).toEqual([]);
  });
});
