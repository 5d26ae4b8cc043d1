/**
 * Flag precision and recall against CUAD annotations (evaluateFlags): a passage flag is right on
 * an annotated page of its category, a missing-clause flag when the category is absent; recall
 * counts the presence rules where CUAD says they should fire; unannotated flags are not judged.
 */
import { describe, expect, it } from 'vitest';
import { evaluateFlags } from '../../../../src/core/eval/flag-eval';
import type { QaFile } from '../../../../src/core/eval/qa';
import type { Playbook } from '../../../../src/core/scan/playbook';
import type { Flag, ScanRecord } from '../../../../src/core/scan/types';

const item = (doc: string, category: string, answerable: boolean, pages: [number, number][] = []) => ({
  id: `${doc}-${category}`, doc_id: doc, question: 'q', cuad_category: category, answerable, evidence: pages.map(([a, b]) => ({ text: 'x', pdf_page_start: a, pdf_page_end: b })),
});
const qa = { docs: [], items: [item('a', 'Governing Law', true, [[9, 9]]), item('a', 'Non-Compete', false), item('b', 'Governing Law', false), item('b', 'Non-Compete', true, [[3, 4]])] } as unknown as QaFile;
const playbook = {
  rules: [
    { id: 'law-present', kind: 'required', clauseType: 'governing_law' },
    { id: 'no-compete', kind: 'prohibited', clauseType: 'non_compete' },
    { id: 'law-approved', kind: 'condition', clauseType: 'governing_law' },
  ],
} as unknown as Playbook;
const flag = (ruleId: string, clauseType: string, kind: Flag['kind'], page: number | null): Flag =>
  ({ id: ruleId, ruleId, clauseType, kind, evidence: page === null ? null : { page, pageEnd: page } }) as unknown as Flag;
const scan = (flags: Flag[]) => ({ flags }) as unknown as ScanRecord;

describe('evaluateFlags', () => {
  it('judges passage flags by page overlap, missing flags by absence, and recall on presence rules', () => {
    const report = evaluateFlags(qa, new Map([
      // a: the law is on p. 9; a condition flag there is right, one on p. 2 is wrong; no non-compete, none flagged.
      ['a', scan([flag('law-approved', 'governing_law', 'failed', 9), flag('law-approved', 'governing_law', 'failed', 2), flag('other', 'insurance', 'present', 1)])],
      // b: no governing law, reported missing (right); the non-compete on pp. 3–4 is not flagged (a miss).
      ['b', scan([flag('law-present', 'governing_law', 'missing', null)])],
    ]), playbook);
    expect(report.by_rule['law-approved']).toMatchObject({ judged: 2, right: 1, precision: 0.5, should_fire: 0, recall: null });
    expect(report.by_rule['law-present']).toMatchObject({ judged: 1, right: 1, should_fire: 1, fired: 1, recall: 1 });
    expect(report.by_rule['no-compete']).toMatchObject({ judged: 0, precision: null, should_fire: 1, fired: 0, recall: 0 });
    expect(report).toMatchObject({ judged: 3, unjudged: 1, precision: 2 / 3, recall: 0.5 });
    expect(report.wrong).toBeUndefined();
    expect(report.possible).toEqual({ judged: 0, right: 0, precision: null });
  });

  it('lists the wrong flags when asked: where, why, and their place among the rule\'s flags', () => {
    const withText = (f: Flag, section: string[]) => ({ ...f, tentative: true, evidence: { ...f.evidence!, sectionPath: section, text: 'passage' } }) as Flag;
    const report = evaluateFlags(qa, new Map([
      ['a', scan([flag('law-approved', 'governing_law', 'failed', 9), withText(flag('law-approved', 'governing_law', 'failed', 2), ['2 Definitions']), withText(flag('no-compete', 'non_compete', 'present', 5), ['5 Covenants'])])],
      ['b', scan([flag('law-present', 'governing_law', 'missing', null)])],
    ]), playbook, { listWrong: true });
    expect(report.wrong).toEqual([
      { docId: 'a', ruleId: 'law-approved', kind: 'failed', tentative: true, pages: [2, 2], annotated: [[9, 9]], section: '2 Definitions', text: 'passage', rank: 1, besideRight: true },
      { docId: 'a', ruleId: 'no-compete', kind: 'present', tentative: true, pages: [5, 5], annotated: [], section: '5 Covenants', text: 'passage', rank: 0, besideRight: false },
    ]);
    // The "possibly present" flags (tentative) among those judged, apart: both wrong here.
    expect(report.possible).toEqual({ judged: 2, right: 0, precision: 0 });
  });
});
