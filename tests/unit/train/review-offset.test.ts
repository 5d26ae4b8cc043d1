/**
 * The review's operating point (train/review-offset.ts): every contract scanned through runScan at
 * each candidate offset, the flags judged against the annotations as eval:scan judges them, the
 * best F1 of precision and presence-rule recall kept, with its folds' F1 and standard error;
 * passages classified once.
 */
import { describe, expect, it } from 'vitest';
import type { QaFile } from '../../../src/core/eval/qa';
import type { ClauseClassifier, ClauseLabel, ClausePassage } from '../../../src/core/ports';
import { builtinPlaybook } from '../../../src/playbooks/builtin';
import { calibrateReviewOffset } from '../../../src/train/review-offset';
import { reviewDocument, sectionChunks } from '../../fixtures/review-contract';

/** Labels every passage of a document with exclusivity at the presence its document is given (score 0.9: of the kind by the clause head). */
function stubClassifier(presenceByText: (text: string) => number): ClauseClassifier & { passages: number } {
  const stub = {
    passages: 0,
    async classify(passages: readonly ClausePassage[]): Promise<ClauseLabel[][]> {
      stub.passages += passages.length;
      return passages.map((p) => [{ type: 'exclusivity', score: 0.9, presence: presenceByText(p.text) }]);
    },
    async questionTypes(): Promise<ClauseLabel[]> {
      return [];
    },
  };
  return stub;
}

describe('calibrateReviewOffset', () => {
  const a = reviewDocument('doc-a', 'a'.repeat(64), 'A.pdf');
  const b = reviewDocument('doc-b', 'b'.repeat(64), 'B.pdf');
  const chunksA = sectionChunks(a.id).slice(0, 1).map((c) => ({ ...c, text: `A: ${c.text}` }));
  const chunksB = sectionChunks(b.id).slice(0, 1).map((c) => ({ ...c, text: `B: ${c.text}` }));
  const page = chunksA[0]!.pageStart;
  // A has an exclusivity clause its passage only nearly gives it (presence 0.4); B has none and reads less like one (0.3).
  const qa: QaFile = {
    docs: [{ doc_id: 'A' }, { doc_id: 'B' }],
    items: [
      { id: 'A-excl', doc_id: 'A', question: 'Is there an exclusivity clause?', cuad_category: 'Exclusivity', answerable: true, evidence: [{ text: 'exclusive', pdf_page_start: page, pdf_page_end: page }] },
      { id: 'B-excl', doc_id: 'B', question: 'Is there an exclusivity clause?', cuad_category: 'Exclusivity', answerable: false, evidence: [] },
    ],
  };
  const documents = [
    { docId: 'A', request: { document: a, chunks: chunksA } },
    { docId: 'B', request: { document: b, chunks: chunksB } },
  ];
  const oneFold = new Map([['A', 0], ['B', 0]]);

  it('keeps the offset with the best F1 of flag precision and presence-rule recall, classifying each passage once', async () => {
    const classifier = stubClassifier((text) => (text.startsWith('A:') ? 0.4 : 0.3));
    const review = await calibrateReviewOffset(qa, documents, classifier, builtinPlaybook('commercial-contracts')!, oneFold, [0, 0.5, 1]);
    // 0: nothing flagged; 0.5: A's clause (0.4 → 0.52) and not B (0.3 → 0.41); 1: B's passage too, wrongly.
    expect(review.cv.map((r) => [r.offset, r.recall, r.precision])).toEqual([[0, 0, 0], [0.5, 1, 1], [1, 1, 0.5]]);
    expect(review.best.offset).toBe(0.5);
    expect(review.cv[2]!.f1).toBeCloseTo(2 / 3);
    // The chosen offset's figures per rule: the exclusivity rule fired once, rightly, on A.
    expect(Object.entries(review.byRule).filter(([, r]) => r.judged > 0)).toEqual([['exclusivity-review', { judged: 1, right: 1, precision: 1, should_fire: 1, fired: 1, recall: 1 }]]);
    expect(classifier.passages).toBe(2);
  });

  it('keeps the smaller offset on a tie (no offset when it costs nothing to do without)', async () => {
    const review = await calibrateReviewOffset(qa, documents, stubClassifier((text) => (text.startsWith('A:') ? 0.9 : 0.1)), builtinPlaybook('commercial-contracts')!, oneFold, [0, 0.5, 1]);
    expect(review.cv.map((r) => r.f1)).toEqual([1, 1, 1]);
    expect(review.best.offset).toBe(0);
  });

  it('gives each offset’s F1 fold by fold and the best’s standard error over the folds', async () => {
    const c = reviewDocument('doc-c', 'c'.repeat(64), 'C.pdf');
    const d = reviewDocument('doc-d', 'd'.repeat(64), 'D.pdf');
    const chunksC = sectionChunks(c.id).slice(0, 1).map((x) => ({ ...x, text: `C: ${x.text}` }));
    const chunksD = sectionChunks(d.id).slice(0, 1).map((x) => ({ ...x, text: `D: ${x.text}` }));
    const four: QaFile = {
      docs: [...qa.docs, { doc_id: 'C' }, { doc_id: 'D' }],
      items: [
        ...qa.items,
        { id: 'C-excl', doc_id: 'C', question: 'Is there an exclusivity clause?', cuad_category: 'Exclusivity', answerable: true, evidence: [{ text: 'exclusive', pdf_page_start: page, pdf_page_end: page }] },
        { id: 'D-excl', doc_id: 'D', question: 'Is there an exclusivity clause?', cuad_category: 'Exclusivity', answerable: false, evidence: [] },
      ],
    };
    const all = [...documents, { docId: 'C', request: { document: c, chunks: chunksC } }, { docId: 'D', request: { document: d, chunks: chunksD } }];
    const presence: Record<string, number> = { A: 0.4, B: 0.3, C: 0.3, D: 0.1 };
    // Fold 0: A (a clause at 0.4), B (none, 0.3); fold 1: C (a clause at 0.3), D (none, 0.1).
    const review = await calibrateReviewOffset(four, all, stubClassifier((text) => presence[text[0]!]!), builtinPlaybook('commercial-contracts')!, new Map([['A', 0], ['B', 0], ['C', 1], ['D', 1]]), [0, 0.5, 1]);
    // 0.5 flags A only (F1 2/3: fold 0 perfect, fold 1 nothing); 1 flags A, C and B wrongly (F1 0.8: folds 2/3 and 1).
    expect(review.cv.map((r) => [r.offset, Number(r.f1.toFixed(3)), r.foldF1.map((x) => Number(x.toFixed(3)))])).toEqual([[0, 0, [0, 0]], [0.5, 0.667, [1, 0]], [1, 0.8, [0.667, 1]]]);
    expect(review.best.offset).toBe(1);
    expect(review.best.standardError).toBeCloseTo(1 / 6);
    expect(review.best.offset).toBe(1);
  });
});
