/**
 * How the trainer labels a contract's passage windows for a QA kind: inside an evidence span
 * positive; in a contract without the kind negative; outside the spans of a contract that has
 * the kind (a restatement CUAD did not annotate twice) a label of its own, weighed apart.
 */
import { describe, expect, it } from 'vitest';
import { NEG, PASSAGE_OTHER, POS, passageExamples } from '../../../src/train/dataset';
import type { QaFile } from '../../../src/core/eval/qa';
import type { ChunkRecord } from '../../../src/core/types';

const LAW = 'This Agreement shall be governed by and construed in accordance with the laws of the State of New York.';
const AGAIN = 'Any dispute under this Agreement is subject to the exclusive jurisdiction of the courts of New York County.';
const PAY = 'The Distributor shall pay each invoice within thirty days of its date by wire transfer.';

function chunk(docId: string, seq: number, text: string): ChunkRecord {
  return { id: `${docId}:${seq}`, documentId: docId, seq, pageStart: 1, pageEnd: 1, charStart: 0, charEnd: text.length, sectionPath: [], sectionOrdinal: null, sectionTitle: null, text, sourceText: text, tokens: 20 };
}

describe('passage windows as training examples', () => {
  const qa = {
    docs: [],
    items: [
      { id: 'a', doc_id: 'A', question: 'law?', cuad_category: 'Governing Law', answerable: true, evidence: [{ text: LAW }] },
      { id: 'b', doc_id: 'B', question: 'law?', cuad_category: 'Governing Law', answerable: false, evidence: [] },
    ],
  } as unknown as QaFile;
  const docs = [
    { fileName: 'A.pdf', docId: 'A', chunks: [chunk('A', 0, LAW), chunk('A', 1, AGAIN), chunk('A', 2, PAY)] },
    { fileName: 'B.pdf', docId: 'B', chunks: [chunk('B', 0, AGAIN), chunk('B', 1, PAY)] },
  ];
  const examples = passageExamples(docs, qa, [], ['governing_law']);
  const label = (ref: string) => examples.filter((e) => e.ref === ref).map((e) => e.labels[0]);

  it('marks the annotated clause positive and every window of a contract without the kind negative', () => {
    expect(label('A:0')).toEqual([POS]);
    expect(label('B:0')).toEqual([NEG]);
    expect(label('B:1')).toEqual([NEG]);
  });

  it('keeps the other windows of a contract that has the kind apart from the negatives', () => {
    expect(label('A:1')).toEqual([PASSAGE_OTHER]);
    expect(label('A:2')).toEqual([PASSAGE_OTHER]);
  });
});
