/**
 * One flag per rule per clause (mergeClauseFlags): the passages of one clause that one rule flags
 * become one finding spanning them; other clauses, other rules and missing-clause flags stay apart.
 * A prohibited clause is one finding per document (ruleFindings): the strongest clause's flag,
 * naming the others; so are a condition's clauses that fail it with the same finding.
 */
import { describe, expect, it } from 'vitest';
import { mergeClauseFlags, ruleFindings } from '../../../../src/core/scan/merge-flags';
import { detailText, isOtherPlacesNote } from '../../../../src/core/scan/finding-text';
import type { Flag } from '../../../../src/core/scan/types';

const flag = (id: string, ruleId: string, chunk: number | null, section: string[], text: string, details: string[] = []): Flag => ({
  id, documentId: 'd', playbookId: 'p', ruleId, ruleTitle: ruleId, ruleKind: 'condition', clauseType: 'cap', severity: 'high', kind: 'failed',
  explanation: 'The cap must be at least the fees of 12 months.', details, guidance: null, fallback: null,
  evidence: chunk === null ? null : { documentId: 'd', documentName: 'MSA.pdf', chunkId: `d:${chunk}`, page: chunk, pageEnd: chunk, sectionPath: section, text, charStart: 10 * chunk, charEnd: 10 * chunk + 5 },
});
const order = new Map(Array.from({ length: 10 }, (_, i) => [`d:${i}`, i] as const));

describe('mergeClauseFlags', () => {
  it('merges a rule\'s flags on consecutive passages of one section into one flag with the full span', () => {
    const merged = mergeClauseFlags([
      flag('a', 'cap-12', 3, ['9 Limitation of Liability', '9.1 Exclusions'], '9.1 Neither party is liable for indirect loss.', ['no amount found']),
      flag('b', 'cap-12', 4, ['9 Limitation of Liability', '9.2 Cap'], '9.2 Liability shall not exceed the fees paid in 3 months.', ['no amount found', 'cap: 3 months']),
    ], order);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.id).toBe('a');
    expect(merged[0]!.details).toEqual(['no amount found', 'cap: 3 months']);
    expect(merged[0]!.evidence).toMatchObject({ chunkId: 'd:3', page: 3, pageEnd: 4, charStart: 30, charEnd: 45 });
    expect(merged[0]!.evidence!.text).toBe('9.1 Neither party is liable for indirect loss.\n9.2 Liability shall not exceed the fees paid in 3 months.');
  });

  it('a clause one of whose passages surely has the kind is present, not possibly present', () => {
    const present = (id: string, chunk: number, tentative: boolean): Flag => ({
      ...flag(id, 'exclusivity', chunk, ['7 Exclusivity'], `passage ${chunk}`),
      kind: 'present',
      ...(tentative ? { tentative: true as const, explanation: 'The contract may contain an exclusivity clause.' } : { explanation: 'The contract contains an exclusivity clause.' }),
    });
    const [sure] = mergeClauseFlags([present('a', 3, true), present('b', 4, false)], order);
    expect(sure).toMatchObject({ id: 'a', explanation: 'The contract contains an exclusivity clause.' });
    expect(sure!.tentative).toBeUndefined();
    const [both] = mergeClauseFlags([present('a', 3, true), present('b', 4, true)], order);
    expect(both).toMatchObject({ id: 'a', tentative: true, explanation: 'The contract may contain an exclusivity clause.' });
    const [first] = mergeClauseFlags([present('a', 3, false), present('b', 4, true)], order);
    expect(first!.tentative).toBeUndefined();
    expect(first!.explanation).toBe('The contract contains an exclusivity clause.');
  });

  it('keeps apart other sections, passages with another passage between them, other rules and missing-clause flags', () => {
    const merged = mergeClauseFlags([
      flag('a', 'cap-12', 3, ['9 Limitation of Liability'], 'x'),
      flag('b', 'cap-12', 4, ['10 Indemnity'], 'y'),
      flag('c', 'cap-12', 6, ['10 Indemnity'], 'z'),
      flag('d', 'other', 7, ['10 Indemnity'], 'w'),
      flag('e', 'cap-12', null, [], ''),
    ], order);
    expect(merged.map((f) => f.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('does not merge passages without a section path (no clause to tell them apart)', () => {
    expect(mergeClauseFlags([flag('a', 'r', 1, [], 'x'), flag('b', 'r', 2, [], 'y')], order)).toHaveLength(2);
  });
});

describe('ruleFindings', () => {
  const present = (id: string, chunk: number, section: string[]): Flag => ({
    ...flag(id, 'non-compete', chunk, section, `passage ${chunk}`),
    ruleKind: 'prohibited', clauseType: 'non_compete', kind: 'present', explanation: 'The contract contains a non-compete clause.',
  });

  it('gives a prohibited clause one finding per document: the strongest clause, the others named by page and section', () => {
    // Strongest first (rules.ts): the clause on passages 6-7, then one on passage 2 and one on passage 9.
    const findings = ruleFindings([
      present('s', 6, ['12 Covenants', '12.1 Non-competition']),
      present('t', 7, ['12 Covenants', '12.2 Duration']),
      present('u', 2, ['3 Appointment', '3.4 Other products']),
      present('v', 9, ['Exhibit G Confidentiality Agreement', '4 No interference']),
    ], order);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ id: 's', evidence: { chunkId: 'd:6', page: 6, pageEnd: 7 } });
    expect(findings[0]!.details).toEqual(['also present: 2 passages of this kind at p. 2 (3.4 Other products); p. 9 (4 No interference)']);
    expect(detailText(findings[0]!.details[0]!, 'fr')).toBe('présents aussi\u00a0: 2 passages de ce type en p. 2 (3.4 Other products); p. 9 (4 No interference)');
    expect(detailText(findings[0]!.details[0]!, 'de')).toBe('ebenfalls vorhanden: 2 Abschnitte dieser Art auf p. 2 (3.4 Other products); p. 9 (4 No interference)');
    // Shown apart from the checks' findings (a flag card's "Elsewhere:"), in every language; a check's finding is not such a note.
    for (const language of ['en', 'fr', 'de'] as const) expect(isOtherPlacesNote(detailText(findings[0]!.details[0]!, language))).toBe(true);
    for (const language of ['en', 'fr', 'de'] as const) expect(isOtherPlacesNote(detailText('also not checked: the passage of this kind at p. 4 (9.2)', language))).toBe(true);
    expect(isOtherPlacesNote('pattern matched “exclusive” (must not match)')).toBe(false);
    expect(isOtherPlacesNote(detailText('pattern matched “exclusive” (must not match)', 'fr'))).toBe(false);

    const two = ruleFindings([present('s', 5, ['7 Exclusivity']), present('t', 1, ['2 Grant'])], order);
    expect(two.map((f) => f.id)).toEqual(['s']);
    expect(two[0]!.details).toEqual(['also present: the passage of this kind at p. 1 (2 Grant)']);
  });

  it("keeps a condition's clauses that fail it differently apart: each is a change to ask for", () => {
    const findings = ruleFindings([flag('a', 'cap-12', 3, ['9 Limitation of Liability'], 'x'), flag('b', 'cap-12', 6, ['14 Indemnity'], 'y')], order);
    expect(findings.map((f) => f.id)).toEqual(['a', 'b']);
    expect(findings.every((f) => f.details.length === 0)).toBe(true);
    const capped = ruleFindings([
      flag('c', 'cap-12', 3, ['9 Limitation of Liability'], 'x', ['“fees paid in the preceding 6 months”: 6 months of fees does not meet 12 months of fees']),
      flag('d', 'cap-12', 6, ['14 Indemnity'], 'y', ['“fees paid in the preceding 3 months”: 3 months of fees does not meet 12 months of fees']),
    ], order);
    expect(capped.map((f) => f.id)).toEqual(['c', 'd']);
  });

  it("gives a condition's clauses that fail it with the same finding one finding: the strongest, the others named", () => {
    // Ferroglobe's outsourcing agreement (corpus-large train): the governing-law clause and the
    // arbitration clause each say "the laws of Spain"; strongest first (rules.ts): 17.1, then 16.3.3.
    const spain = 'governing law “Spain” is not in New York, Delaware, California, England and Wales, Ontario';
    const law = (id: string, chunk: number, section: string[], details = [spain]): Flag => ({ ...flag(id, 'governing-law-approved', chunk, section, `passage ${chunk}`, details), clauseType: 'governing_law' });
    const findings = ruleFindings([
      law('g', 8, ['17 GOVERNING LAW', '17.1']),
      law('h', 6, ['16 LITIGATION RULINGS', '16.3', '16.3.3']),
      law('i', 2, ['Exhibit C Form of Confidentiality Agreement', '9'], ['governing law “Texas” is not in New York, Delaware, California, England and Wales, Ontario']),
    ], order);
    // In the document's order, as the other findings.
    expect(findings.map((f) => f.id)).toEqual(['i', 'g']);
    const [texas, kept] = findings as [Flag, Flag];
    expect(kept.evidence).toMatchObject({ chunkId: 'd:8', page: 8 });
    expect(kept.details).toEqual([spain, 'same finding: the passage of this kind at p. 6 (16.3.3)']);
    expect(texas.details).toHaveLength(1);
    expect(detailText(kept.details[1]!, 'fr')).toBe('même constat\u00a0: le passage de ce type en p. 6 (16.3.3)');
    expect(detailText(kept.details[1]!, 'de')).toBe('gleicher Befund: der Abschnitt dieser Art auf p. 6 (16.3.3)');
    for (const language of ['en', 'fr', 'de'] as const) expect(isOtherPlacesNote(detailText(kept.details[1]!, language))).toBe(true);
    expect(isOtherPlacesNote(detailText(spain, 'fr'))).toBe(false);
  });
});
