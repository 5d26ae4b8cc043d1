import { describe, expect, it } from 'vitest';
import { clauseNumberBefore, sectionPathAccuracy } from '../../../../src/core/eval/section-eval';
import type { QaItem } from '../../../../src/core/eval/qa';
import { chunkRecord } from '../../../helpers/records';

const LAW = 'This Agreement shall be governed by the laws of the State of New York, without regard to its conflict of laws rules.';
const CAP = 'In no event shall either party’s aggregate liability exceed the fees paid in the twelve months preceding the claim.';
const item = (id: string, texts: string[]): QaItem => ({ id, doc_id: 'd', question: 'q', answerable: true, evidence: texts.map((text) => ({ text })) });

describe('clauseNumberBefore', () => {
  it('reads the number of the clause the span sits in, before it or at its start', () => {
    expect(clauseNumberBefore(`12. MISCELLANEOUS 12.1 Notices. Notices go to the addresses above. 12.3 Governing Law. ${LAW}`, LAW)).toBe('12.3');
    expect(clauseNumberBefore(`Section 7.2 ${LAW}`, LAW)).toBe('7.2');
    expect(clauseNumberBefore(`12.3 Governing Law. ${LAW}`, `Governing Law. ${LAW}`)).toBe('12.3');
  });

  it('does not take amounts or periods for clause numbers, and gives null without one', () => {
    expect(clauseNumberBefore(`Payment within 30 days of invoice. ${LAW}`, LAW)).toBeNull();
    expect(clauseNumberBefore(`A fee of $1.5 million. ${LAW}`, LAW)).toBeNull();
    expect(clauseNumberBefore('Unrelated text.', LAW)).toBeNull();
  });
});

describe('sectionPathAccuracy', () => {
  it('checks both the passage’s path and the label shown for the span against the clause’s number, and shows the wrong labels', () => {
    const chunks = [
      chunkRecord('d', 0, `11.4 Limitation. ${CAP}`, { sectionPath: ['11 Liability', '11.4 Limitation'] }),
      // Packed with the clause before it: the passage's path says 12.2, the span sits in 12.3.
      chunkRecord('d', 1, `12.2 Notices. Notices go to the addresses above. 12.3 Governing Law. ${LAW}`, { sectionPath: ['12 Miscellaneous', '12.2 Notices'] }),
      chunkRecord('d', 2, 'The parties sign below.', { sectionPath: [] }),
      // The heading a passage opens with is its path's to name (here a path that missed it): the
      // label does not second-guess it, and both are wrong.
      chunkRecord('d', 3, `Clause 14 Assignment. Neither party may assign this Agreement without the other's consent.`, { sectionPath: ['13 General'] }),
    ];
    const r = sectionPathAccuracy([{ item: item('x', [CAP, LAW, 'The parties sign below.', 'Neither party may assign this Agreement']), chunks }]);
    expect(r).toMatchObject({ judged: 3, unjudged: 1, passagePath: { correct: 1, accuracy: 1 / 3 }, label: { correct: 2, accuracy: 2 / 3 } });
    expect(r.examples).toEqual([{ id: 'x', number: '14', label: '13 General', path: '13 General' }]);
  });
});
