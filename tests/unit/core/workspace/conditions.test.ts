import { describe, expect, it } from 'vitest';
import { judgeRow, parseCondition } from '../../../../src/core/workspace/conditions';
import { composeFlowExtractive } from '../../../../src/core/workspace/reduce';
import type { FlowRow, RowValue } from '../../../../src/core/workspace/flows';
import { distinctLabels } from '../../../../src/core/workspace/texts';
import { sectionLabel } from '../../../../src/core/section-label';

describe('conditions of a workspace question (en/fr/de)', () => {
  it.each([
    ['Which contracts are governed by New York law?', { kind: 'governing_law', test: 'equals', target: 'New York' }],
    ['Which agreements are governed by the laws of the State of Delaware?', { kind: 'governing_law', test: 'equals', target: 'Delaware' }],
    ['Quels contrats sont régis par le droit français ?', { kind: 'governing_law', test: 'equals', target: 'France' }],
    ['Welche Verträge unterliegen deutschem Recht?', { kind: 'governing_law', test: 'equals', target: 'Germany' }],
    ['Which agreements have no cap on liability?', { kind: 'liability_cap', test: 'absent', target: null }],
    ['Which contracts expire before 2025?', { kind: 'expiration_date', test: 'before', target: '2025-01-01' }],
    ['Which contracts end after June 30, 2024?', { kind: 'expiration_date', test: 'after', target: '2024-06-30' }],
    ['Welche Verträge laufen vor 2025 aus?', { kind: 'expiration_date', test: 'before', target: '2025-01-01' }],
    ['Which contracts renew automatically?', { kind: 'renewal_term', test: 'automatic', target: null }],
    ['Quels contrats sont renouvelés tacitement ?', { kind: 'renewal_term', test: 'automatic', target: null }],
    ['Welche Verträge verlängern sich automatisch?', { kind: 'renewal_term', test: 'automatic', target: null }],
    // Typed in lower case, as people type.
    ['which contracts are governed by delaware law?', { kind: 'governing_law', test: 'equals', target: 'Delaware' }],
    ['which agreements are governed by the laws of the state of new york', { kind: 'governing_law', test: 'equals', target: 'New York' }],
    ["quels contrats sont régis par le droit de l'état de new york ?", { kind: 'governing_law', test: 'equals', target: 'New York' }],
    ['welche verträge unterliegen dem recht des staates new york?', { kind: 'governing_law', test: 'equals', target: 'New York' }],
  ])('%s', (question, condition) => {
    expect(parseCondition(question)).toEqual(condition);
  });

  it('keeps no condition when the question asks for each document’s value or clause', () => {
    expect(parseCondition('What law governs each contract?')).toBeNull();
    expect(parseCondition('How long is each renewal term?')).toBeNull();
  });
});

const row = (status: FlowRow['status'], value: RowValue | null = null): Pick<FlowRow, 'status' | 'value' | 'evidence' | 'clause'> => ({ status, value, evidence: '' });
const law = (name: string): RowValue => ({ kind: 'governing_law', value: { type: 'jurisdiction', name }, display: name });
const ends = (iso: string): RowValue => ({ kind: 'expiration_date', value: { type: 'date', iso }, display: iso });

describe('judging rows', () => {
  it('a governing law: yes for the same place, no for another, unclear without one', () => {
    const c = parseCondition('Which contracts are governed by New York law?')!;
    expect(judgeRow(c, row('found', law('New York')))).toBe('yes');
    expect(judgeRow(c, row('found', law('California')))).toBe('no');
    expect(judgeRow(c, row('found'))).toBe('unclear');
    expect(judgeRow(c, row('not_found'))).toBe('unclear');
    expect(judgeRow(c, row('failed'))).toBe('unclear');
  });

  it('absence, and dates before or after', () => {
    const none = parseCondition('Which agreements have no cap on liability?')!;
    expect(judgeRow(none, row('found'))).toBe('no');
    expect(judgeRow(none, row('not_found'))).toBe('yes');
    // With the document read whole by the clause classifier, its call decides: a passage found
    // for the question's words that is no cap (a consequential-damages exclusion) is no cap.
    expect(judgeRow(none, { ...row('found'), clause: 0.2 })).toBe('yes');
    expect(judgeRow(none, { ...row('found'), clause: 0.8 })).toBe('no');
    expect(judgeRow(none, { ...row('not_found'), clause: 0.1 })).toBe('yes');
    // A clause the classifier finds that the search did not reach cannot be shown: unclear.
    expect(judgeRow(none, { ...row('not_found'), clause: 0.7 })).toBe('unclear');
    const before = parseCondition('Which contracts expire before 2025?')!;
    expect(judgeRow(before, row('found', ends('2024-12-31')))).toBe('yes');
    expect(judgeRow(before, row('found', ends('2026-01-01')))).toBe('no');
    expect(judgeRow(before, row('found', { kind: 'expiration_date', value: { type: 'perpetual' }, display: 'until terminated' }))).toBe('no');
    // An end on an event (a payment, a resignation) may come at any time.
    expect(judgeRow(before, row('found', { kind: 'expiration_date', value: { type: 'perpetual', onEvent: true }, display: 'on an event' }))).toBe('unclear');
    expect(judgeRow(before, row('found', { kind: 'expiration_date', value: { type: 'relative_date', duration: { amount: 5, unit: 'years' }, anchor: 'the Effective Date', iso: null }, display: '5 years' }))).toBe('unclear');
    // A second end beside the date: "2024 or the expiry of the last patent, whichever is later" may end after 2025.
    const orLater = (iso: string, which: 'later' | 'earlier') => row('found', { kind: 'expiration_date', value: { type: 'date', iso, otherEnd: { which, text: 'the expiry of the last patent' } }, display: iso });
    expect(judgeRow(before, orLater('2024-06-30', 'later'))).toBe('unclear');
    expect(judgeRow(before, orLater('2026-06-30', 'later'))).toBe('no');
    expect(judgeRow(before, orLater('2024-06-30', 'earlier'))).toBe('yes');
    expect(judgeRow(before, orLater('2026-06-30', 'earlier'))).toBe('unclear');
    const after = parseCondition('Which contracts expire after 2025?')!;
    expect(judgeRow(after, orLater('2026-06-30', 'later'))).toBe('yes');
    expect(judgeRow(after, orLater('2024-06-30', 'later'))).toBe('unclear');
    expect(judgeRow(after, orLater('2026-06-30', 'earlier'))).toBe('unclear');
    expect(judgeRow(after, orLater('2024-06-30', 'earlier'))).toBe('no');
  });

  it('automatic renewal: yes when the clause renews by itself, no for an option, an agreement or no renewal clause', () => {
    const c = parseCondition('Which contracts renew automatically?')!;
    const judged = (evidence: string, status: FlowRow['status'] = 'found') => judgeRow(c, { ...row(status), evidence });
    expect(judged('Thereafter this Agreement shall automatically renew for successive one-year terms.')).toBe('yes');
    expect(judged('This Agreement shall be renewed for successive periods of one (1) year unless either party gives notice of non-renewal at least 60 days before the end of the term.')).toBe('yes');
    expect(judged('Le contrat est reconduit tacitement par périodes d’un an.')).toBe('yes');
    expect(judged('Der Vertrag verlängert sich um jeweils ein Jahr, wenn er nicht gekündigt wird.')).toBe('yes');
    expect(judged('Vendor may, by written notice given at least thirty (30) days prior to the end of the then-current term, extend the term for up to one (1) year.')).toBe('no');
    expect(judged('The term may be renewed by mutual written agreement of the parties.')).toBe('no');
    expect(judged('This Agreement shall not automatically renew.')).toBe('no');
    expect(judged('The renewal term is set out in Schedule 2.')).toBe('unclear');
    expect(judged('', 'not_found')).toBe('no');
    expect(judged('', 'failed')).toBe('unclear');
  });

  it('the flow answer gives the honest count, quotes the yes rows and names the others', () => {
    const base = { chunkId: 'c', pageStart: 3, pageEnd: 3, section: ['14 Governing Law'], language: 'en', score: 1, reason: null, ms: 1, evidence: 'This Agreement is governed by the laws of the State of New York.' };
    const rows: FlowRow[] = [
      { ...base, itemId: 'a', documentId: 'a', document: 'a.pdf', title: 'Alpha Supply Agreement', status: 'found', finding: 'This Agreement is governed by the laws of the State of New York.', value: law('New York'), verdict: 'yes', chunkId: 'a:1' },
      { ...base, itemId: 'b', documentId: 'b', document: 'b.pdf', title: 'Beta License', status: 'found', finding: 'This Agreement is governed by the laws of California.', value: law('California'), verdict: 'no', chunkId: 'b:1' },
      { ...base, itemId: 'c', documentId: 'c', document: 'c.pdf', title: 'Gamma NDA', status: 'not_found', finding: '', evidence: '', value: null, verdict: 'unclear', chunkId: null },
    ];
    const items = rows.map((r, index) => ({ id: r.itemId, index, kind: 'ask', documentId: r.documentId, label: r.title!, query: 'governed by New York law', subjects: [], fields: [], evidenceBudget: 3, neighbourDepth: 0, operation: 'fact' as const }));
    const { text } = composeFlowExtractive({ items, rows, language: 'en' });
    expect(text.split('\n\n')[0]).toBe('Yes for 1 of 3 documents; no for 1; 1 could not be judged.');
    expect(text).toContain('Alpha Supply Agreement — New York — p. 3 — § 14 Governing Law:\n> This Agreement is governed by the laws of the State of New York. [1]');
    expect(text).toContain('No: Beta License (California).');
    expect(text).toContain('Gamma NDA.');
    // A bare sub-clause label is named with its parent.
    const sub = composeFlowExtractive({ items, rows: rows.map((r) => ({ ...r, section: ['11 TERMINATION', '(a)'] })), language: 'en' }).text;
    expect(sub).toContain('Alpha Supply Agreement — New York — p. 3 — § 11 TERMINATION › (a):');
    // A value the filed copy blanks out: the clause is there, its value cannot be judged, and the line says why.
    const redacted: FlowRow = { ...rows[2]!, status: 'found', finding: 'It will have a duration of [*****] as from the Start Date.', value: { kind: 'expiration_date', value: { type: 'redacted', text: '[*****]' }, display: 'redacted in this copy ([*****])' }, verdict: 'unclear', chunkId: 'c:1' };
    const blanked = composeFlowExtractive({ items, rows: [rows[0]!, rows[1]!, redacted], language: 'en' }).text;
    expect(blanked).toContain('Gamma NDA (redacted in this copy ([*****])).');
  });
});

describe('naming the documents of a table', () => {
  it('tells two documents of one title apart by their parties, by file name when the parties do not', () => {
    expect(
      distinctLabels([
        { title: 'CO-BRANDING AGREEMENT', name: 'Leadersonline.pdf', parties: ['VerticalNet', 'LeadersOnline'] },
        { title: 'CO-BRANDING AGREEMENT', name: 'Mphase.pdf', parties: ['Lucent Technologies', 'mPhase Technologies'] },
        { title: 'Supply Agreement', name: 'a.pdf', parties: ['Acme', 'Beta'] },
        { title: 'Supply Agreement', name: 'b.pdf', parties: ['Acme', 'Beta'] },
        { title: 'Promotion Agreement', name: 'c.pdf', parties: ['CNET', 'Cyberian Outpost'] },
        { title: null, name: 'notes.txt' },
      ]),
    ).toEqual([
      'CO-BRANDING AGREEMENT — VerticalNet / LeadersOnline',
      'CO-BRANDING AGREEMENT — Lucent Technologies / mPhase Technologies',
      'Supply Agreement (a.pdf)',
      'Supply Agreement (b.pdf)',
      'Promotion Agreement',
      'notes.txt',
    ]);
  });
});

describe('a finding’s section label', () => {
  it('is its own heading, with the parent’s in front of a bare sub-clause label', () => {
    expect(sectionLabel(['12 Miscellaneous', '12.2 Governing Law'])).toBe('12.2 Governing Law');
    expect(sectionLabel(['11 TERMINATION', '(a)'])).toBe('11 TERMINATION › (a)');
    expect(sectionLabel(['ARTICLE 8', '8.2', '(ii)'])).toBe('8.2 › (ii)');
    expect(sectionLabel(['(b) Sublicense Rights'])).toBe('(b) Sublicense Rights');
    expect(sectionLabel(['(a)'])).toBe('(a)');
    expect(sectionLabel([])).toBe('');
  });
});
