import { describe, expect, it } from 'vitest';
import { evaluateCheck, combine } from '../../../../src/core/scan/checks';
import type { Playbook, Rule } from '../../../../src/core/scan/playbook';
import { evaluateRule, ruleHoldsOn, type ClassifiedChunk } from '../../../../src/core/scan/rules';
import { ruleFindings } from '../../../../src/core/scan/merge-flags';
import type { ChatModel, ChatRequest } from '../../../../src/core/ports';
import { findingKind } from '../../../../src/core/scan/types';
import { reviewDocument, sectionChunks, withSection } from '../../../fixtures/review-contract';
import { isAttachmentPath } from '../../../../src/core/ingest/headings';

/** A scripted ChatModel: answers from a function of the request (the port the answer layer uses). */
function scriptedModel(answer: (req: ChatRequest) => unknown): ChatModel & { calls: ChatRequest[] } {
  const calls: ChatRequest[] = [];
  return {
    calls,
    model: { id: 'scripted', dtype: 'fp32', device: 'cpu' },
    chat: async function* () {
      yield { text: '' };
    },
    json: async <T>(req: ChatRequest) => {
      calls.push(req);
      return answer(req) as T;
    },
  };
}

describe('checks', () => {
  const clause = 'Either party may terminate this Agreement upon thirty (30) days written notice. The liability cap is twelve (12) months of fees.';

  it('phrases: any, all and negation', async () => {
    expect((await evaluateCheck({ type: 'phrases', match: 'any', phrases: ['written notice', 'fax'] }, clause)).outcome).toBe('pass');
    expect((await evaluateCheck({ type: 'phrases', match: 'all', phrases: ['written notice', 'fax'] }, clause)).outcome).toBe('fail');
    expect((await evaluateCheck({ type: 'phrases', match: 'any', phrases: ['terminate'], negate: true }, clause)).outcome).toBe('fail');
    expect((await evaluateCheck({ type: 'phrases', match: 'any', phrases: ['penalty'], negate: true }, clause)).outcome).toBe('pass');
    // whole words only, plural tolerated
    expect((await evaluateCheck({ type: 'phrases', match: 'any', phrases: ['notices'] }, 'notice')).outcome).toBe('fail');
    expect((await evaluateCheck({ type: 'phrases', match: 'any', phrases: ['day'] }, 'ten days')).outcome).toBe('pass');
  });

  it('patterns (RE2), with negation', async () => {
    expect((await evaluateCheck({ type: 'pattern', pattern: 'thirty \\(\\d+\\) days' }, clause)).outcome).toBe('pass');
    expect((await evaluateCheck({ type: 'pattern', pattern: 'sixty', negate: true }, clause)).outcome).toBe('pass');
  });

  it('duration value checks in words and digits', async () => {
    const notice = { type: 'value', value: 'duration', op: '>=', amount: 30, unit: 'days', near: 'notice' } as const;
    expect((await evaluateCheck(notice, clause)).outcome).toBe('pass');
    const short = await evaluateCheck(notice, 'Either party may terminate on fifteen (15) days notice.');
    expect(short.outcome).toBe('fail');
    expect(short.detail).toContain('15 days');
    expect((await evaluateCheck(notice, 'may terminate on one month notice')).outcome).toBe('pass');
    expect((await evaluateCheck(notice, 'may terminate on notice')).outcome).toBe('not_checked');
  });

  it('amount, percentage, fee multiple, date and jurisdiction checks', async () => {
    expect((await evaluateCheck({ type: 'value', value: 'amount', op: '>=', amount: 1_000_000, currency: 'USD' }, 'insurance of $2,000,000')).outcome).toBe('pass');
    expect((await evaluateCheck({ type: 'value', value: 'amount', op: '>=', amount: 1_000_000, currency: 'USD' }, 'insurance of Five Hundred Thousand Dollars')).outcome).toBe('fail');
    expect((await evaluateCheck({ type: 'value', value: 'percentage', op: '<=', amount: 5 }, 'increase by no more than three percent (3%)')).outcome).toBe('pass');
    expect((await evaluateCheck({ type: 'value', value: 'fee_months', op: '>=', amount: 12 }, clause)).outcome).toBe('pass');
    expect((await evaluateCheck({ type: 'value', value: 'fee_months', op: '>=', amount: 12 }, 'limited to two times the annual fees')).outcome).toBe('pass');
    expect((await evaluateCheck({ type: 'value', value: 'fee_months', op: '>=', amount: 12 }, "limited to one (1) month's fees")).outcome).toBe('fail');
    // A French cap counted in months of what was paid.
    expect((await evaluateCheck({ type: 'value', value: 'fee_months', op: '>=', amount: 12 }, 'La responsabilité totale du Fournisseur est limitée au montant des sommes versées au cours des douze (12) mois précédant le fait générateur.')).outcome).toBe('pass');
    expect((await evaluateCheck({ type: 'value', value: 'date', op: '<=', date: '2030-12-31' }, 'expires on December 31, 2027')).outcome).toBe('pass');
    expect((await evaluateCheck({ type: 'value', value: 'jurisdiction', op: 'in', list: ['Delaware'] }, 'governed by the laws of the State of Texas')).outcome).toBe('fail');
    expect((await evaluateCheck({ type: 'value', value: 'jurisdiction', op: 'not_in', list: ['Delaware'] }, 'governed by the laws of the State of Texas')).outcome).toBe('pass');
  });

  it('jurisdiction checks read the law as the answers do: normalised, the next section\'s number left out', async () => {
    const approved = { type: 'value', value: 'jurisdiction', op: 'in', list: ['New York', 'Delaware', 'England and Wales', 'Kansas'] } as const;
    expect((await evaluateCheck(approved, 'governed by the laws of the State of New York, without regard to conflicts of laws')).outcome).toBe('pass');
    expect((await evaluateCheck(approved, 'This Agreement is governed by English law.')).outcome).toBe('pass');
    expect((await evaluateCheck(approved, 'THIS AGREEMENT IS GOVERNED BY THE LAWS OF THE STATE OF CALIFORNIA.')).detail).toContain('“California” is not in');
    const kansas = await evaluateCheck(approved, 'Section 8.3 This Agreement shall be construed in accordance with the laws of the State of Kansas. Section 8.4 This Agreement may be executed in any number of counterparts.');
    expect(kansas).toMatchObject({ outcome: 'pass' });
    expect(kansas.detail).toContain('“Kansas” is in');
    expect((await evaluateCheck(approved, 'The laws of the Federal Republic of Germany shall apply to the Agreement.')).detail).toContain('“Germany” is not in');
  });

  it('model checks: not checked without a model, never passed; yes/no with one', async () => {
    const check = { type: 'model', question: 'Is the cap mutual?' } as const;
    const none = await evaluateCheck(check, clause);
    expect(none.outcome).toBe('not_checked');
    expect(none.detail).toMatch(/no language model/);
    const yes = scriptedModel(() => ({ answer: 'yes', reason: 'both parties' }));
    expect((await evaluateCheck(check, clause, { chatModel: yes })).outcome).toBe('pass');
    expect(yes.calls[0]!.messages.at(-1)!.content).toContain(clause);
    expect((await evaluateCheck(check, clause, { chatModel: scriptedModel(() => ({ answer: 'no' })) })).outcome).toBe('fail');
    expect((await evaluateCheck(check, clause, { chatModel: scriptedModel(() => ({ answer: 'maybe' })) })).outcome).toBe('not_checked');
    const broken = scriptedModel(() => {
      throw new Error('GPU lost');
    });
    expect((await evaluateCheck(check, clause, { chatModel: broken })).detail).toContain('GPU lost');
  });

  it('combines results with all / any', () => {
    const r = (outcome: 'pass' | 'fail' | 'not_checked') => ({ outcome, detail: '' });
    expect(combine([r('pass'), r('fail')], 'all')).toBe('fail');
    expect(combine([r('pass'), r('not_checked')], 'all')).toBe('not_checked');
    expect(combine([r('fail'), r('pass')], 'any')).toBe('pass');
    expect(combine([r('fail'), r('not_checked')], 'any')).toBe('not_checked');
  });
});

describe('rules over a classified document', () => {
  const doc = reviewDocument();
  const chunks = sectionChunks(doc.id);
  const typed = (types: Record<number, string[]>): ClassifiedChunk[] => chunks.map((chunk, i) => ({ chunk, labels: (types[i] ?? []).map((type) => ({ type, score: 0.9 })) }));
  const classified = typed({ 2: ['termination_for_convenience'], 3: ['cap_on_liability'], 4: ['governing_law'] });
  const playbook = { id: 'pb', name: 'PB', version: '1.0.0', clauseTypes: [{ id: 'termination_for_convenience', name: 'Termination for convenience' }, { id: 'audit_rights', name: 'Audit rights' }, { id: 'cap_on_liability', name: 'Cap on liability' }, { id: 'governing_law', name: 'Governing law' }] } as unknown as Playbook;
  const rule = (r: Partial<Rule>): Rule => ({ id: 'r', title: 'R', clauseType: 'termination_for_convenience', severity: 'high', kind: 'condition', ...r });

  it('required: a missing clause gives a missing-clause flag without evidence', async () => {
    const { outcome, flags } = await evaluateRule(rule({ kind: 'required', clauseType: 'audit_rights', fallback: 'Add an audit clause.' }), playbook, doc, classified, {});
    expect(outcome.outcome).toBe('missing');
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: 'missing', evidence: null, fallback: 'Add an audit clause.', severity: 'high' });
    expect(flags[0]!.explanation).toMatch(/No audit rights clause/);
  });

  it('required: a clause redacted past reading under its own heading is unverified, not missing', async () => {
    // A filed copy with the limitation of liability blacked out: the model cannot read it as a cap,
    // the heading says it is one; a CRITICAL "missing cap" would be false.
    const sections = withSection('4 Limitation of Liability', 'EXCEPT FOR [*] CAUSED BY A [*] OF SECTION [*], NEITHER PARTY SHALL BE [*] FOR ANY [*], [*] OR [*] DAMAGES ([*]).');
    const redacted = sectionChunks(doc.id, sections);
    const capTypes = { ...playbook, clauseTypes: [{ id: 'cap_on_liability', name: 'Cap on liability', keywords: ['limitation of liability'], signals: [] }] } as unknown as Playbook;
    const required = rule({ kind: 'required', clauseType: 'cap_on_liability', severity: 'critical' });
    const hidden = await evaluateRule(required, capTypes, doc, redacted.map((chunk) => ({ chunk, labels: [] })), {});
    expect(hidden.outcome.outcome).toBe('not_checked');
    expect(hidden.flags).toHaveLength(1);
    expect(hidden.flags[0]).toMatchObject({ kind: 'unverified', evidence: { sectionPath: ['4 Limitation of Liability'] } });
    expect(hidden.flags[0]!.details[0]).toBe('the cap on liability clause is redacted in this copy: whether it meets the rule cannot be read');
    // The same heading over words that can be read: no cap found is a missing cap.
    const plain = sectionChunks(doc.id, withSection('4 Limitation of Liability', 'Each party remains liable for its own acts.', sections));
    expect((await evaluateRule(required, capTypes, doc, plain.map((chunk) => ({ chunk, labels: [] })), {})).outcome.outcome).toBe('missing');
  });

  it('required with checks: passes when a clause of the type passes them', async () => {
    const { outcome, flags } = await evaluateRule(rule({ kind: 'required', clauseType: 'governing_law', checks: [{ type: 'value', value: 'jurisdiction', op: 'in', list: ['Texas'] }] }), playbook, doc, classified, {});
    expect(outcome.outcome).toBe('pass');
    expect(flags).toEqual([]);
  });

  it('condition: a clause failing a value check is flagged with its evidence', async () => {
    const { outcome, flags } = await evaluateRule(rule({ checks: [{ type: 'value', value: 'duration', op: '>=', amount: 30, unit: 'days', near: 'notice' }] }), playbook, doc, classified, {});
    expect(outcome.outcome).toBe('fail');
    expect(flags[0]).toMatchObject({ kind: 'failed', evidence: { chunkId: `${doc.id}:2`, page: 2, documentName: doc.name, sectionPath: ['3 Term and Termination'] } });
    expect(flags[0]!.evidence!.text).toContain('fifteen (15) days');
    expect(flags[0]!.details[0]).toContain('15 days');
  });

  it('condition: nothing to check when no clause of the type exists', async () => {
    const { outcome, flags } = await evaluateRule(rule({ clauseType: 'audit_rights', checks: [{ type: 'phrases', match: 'any', phrases: ['once a year'] }] }), playbook, doc, classified, {});
    expect(outcome.outcome).toBe('not_applicable');
    expect(flags).toEqual([]);
  });

  it('prohibited: each clause of the type is flagged as present', async () => {
    const { outcome, flags } = await evaluateRule(rule({ kind: 'prohibited' }), playbook, doc, classified, {});
    expect(outcome.outcome).toBe('fail');
    expect(flags.map((f) => f.kind)).toEqual(['present']);
    const none = await evaluateRule(rule({ kind: 'prohibited', clauseType: 'audit_rights' }), playbook, doc, classified, {});
    expect(none.outcome.outcome).toBe('pass');
  });

  it('prohibited: every clause of the kind is kept for the one finding that names them (no cap of five flags)', async () => {
    const sections = Array.from({ length: 7 }, (_, i) => ({ title: `${i + 1} Exclusivity`, page: i + 1, text: 'Distributor shall not sell products that compete with the Products in the Territory.' }));
    const many = sectionChunks(doc.id, sections).map((chunk) => ({ chunk, labels: [{ type: 'exclusivity', score: 0.99, presence: 0.97 }] }));
    const prohibited = rule({ kind: 'prohibited', clauseType: 'exclusivity' });
    const { flags } = await evaluateRule(prohibited, playbook, doc, many, {});
    expect(flags).toHaveLength(7);
    const order = new Map(many.map((c, i) => [c.chunk.id, 2 * i]));
    const [finding, ...rest] = ruleFindings(flags, order);
    expect(rest).toEqual([]);
    expect(finding!.details.at(-1)).toMatch(/^also present: 6 passages of this kind at p\. 2 \(2 Exclusivity\); p\. 3/u);
    // A condition's failing clauses are still five at most.
    const condition = await evaluateRule(rule({ kind: 'condition', clauseType: 'exclusivity', checks: [{ type: 'phrases', match: 'any', phrases: ['exclusive'] }] }), playbook, doc, many, {});
    expect(condition.flags).toHaveLength(5);
  });

  it('a further passage of the kind is flagged only when it is clearly of it; a required clause is there when any passage gives the kind', async () => {
    // Learned labels: presence 0.5 = the kind's contract threshold. The strongest passage gives the
    // document the kind; a second one just over the threshold (a payment term beside the minimum
    // purchase) is no second finding, one well above it is.
    const label = (presence: number) => [{ type: 'minimum_commitment', score: 0.95, presence }];
    const strong = { chunk: chunks[2]!, labels: [{ type: 'minimum_commitment', score: 0.99, presence: 0.97 }] };
    const prohibited = rule({ kind: 'prohibited', clauseType: 'minimum_commitment' });
    const weak = await evaluateRule(prohibited, playbook, doc, [{ chunk: chunks[1]!, labels: label(0.6) }, strong], {});
    expect(weak.flags.map((f) => f.evidence?.chunkId)).toEqual([`${doc.id}:2`]);
    const clear = await evaluateRule(prohibited, playbook, doc, [{ chunk: chunks[1]!, labels: label(0.8) }, strong], {});
    expect(clear.flags.map((f) => f.evidence?.chunkId)).toEqual([`${doc.id}:2`, `${doc.id}:1`]);
    // Alone, a passage just over the threshold is the clause.
    const alone = await evaluateRule(prohibited, playbook, doc, [{ chunk: chunks[1]!, labels: label(0.6) }], {});
    expect(alone.flags.map((f) => f.evidence?.chunkId)).toEqual([`${doc.id}:1`]);
    // Required: the weaker passage still passes the rule's checks for the document.
    const required = rule({ kind: 'required', clauseType: 'minimum_commitment', checks: [{ type: 'phrases', match: 'any', phrases: ['fifteen'] }] });
    const passed = await evaluateRule(required, playbook, doc, [{ chunk: chunks[2]!, labels: label(0.6) }, { chunk: chunks[3]!, labels: [{ type: 'minimum_commitment', score: 0.99, presence: 0.97 }] }], {});
    expect(passed.outcome.outcome).toBe('pass');
  });

  it('with the review offset, a prohibited clause a passage only nearly has is flagged as possibly present; required rules are unchanged', async () => {
    // Presence 0.4: under the contract threshold (0.5), within an offset of 0.5 logits (sigmoid(-0.5) ≈ 0.378).
    const near = { chunk: chunks[1]!, labels: [{ type: 'minimum_commitment', score: 0.9, presence: 0.4 }] };
    const prohibited = rule({ kind: 'prohibited', clauseType: 'minimum_commitment' });
    expect((await evaluateRule(prohibited, playbook, doc, [near], {})).flags).toEqual([]);
    const possible = await evaluateRule(prohibited, playbook, doc, [near], { presenceOffset: 0.5 });
    expect(possible.outcome.outcome).toBe('fail');
    expect(possible.flags).toMatchObject([{ kind: 'present', tentative: true, evidence: { chunkId: `${doc.id}:1` } }]);
    expect(possible.flags[0]!.explanation).toBe('The contract may contain a minimum_commitment clause (“R”): this passage reads partly like one; check whether it is.');
    expect(findingKind(possible.flags[0]!)).toBe('possible');
    // Further off than the offset: nothing; one the contract surely has: present, not tentative.
    expect((await evaluateRule(prohibited, playbook, doc, [{ chunk: chunks[1]!, labels: [{ type: 'minimum_commitment', score: 0.9, presence: 0.3 }] }], { presenceOffset: 0.5 })).flags).toEqual([]);
    const sure = await evaluateRule(prohibited, playbook, doc, [{ chunk: chunks[2]!, labels: [{ type: 'minimum_commitment', score: 0.95, presence: 0.7 }] }], { presenceOffset: 0.5 });
    expect(sure.flags.map((f) => [f.kind, f.tentative, findingKind(f)])).toEqual([['present', undefined, 'present']]);
    expect(sure.flags[0]!.explanation).toMatch(/^The contract contains a minimum_commitment clause/u);
    // Beside a passage that surely gives the kind, a nearly one is no further finding (a restatement, a mention).
    const beside = await evaluateRule(prohibited, playbook, doc, [near, { chunk: chunks[2]!, labels: [{ type: 'minimum_commitment', score: 0.95, presence: 0.7 }] }], { presenceOffset: 2 });
    expect(beside.flags.map((f) => [f.evidence?.chunkId, f.tentative])).toEqual([[`${doc.id}:2`, undefined]]);
    // A passage that is not of the kind by the clause head (score < 0.5) gains nothing.
    expect((await evaluateRule(prohibited, playbook, doc, [{ chunk: chunks[1]!, labels: [{ type: 'minimum_commitment', score: 0.4, presence: 0.45 }] }], { presenceOffset: 2 })).flags).toEqual([]);
    // A required clause is missing exactly as without the offset.
    const required = await evaluateRule(rule({ kind: 'required', clauseType: 'minimum_commitment' }), playbook, doc, [near], { presenceOffset: 0.5 });
    expect(required.flags.map((f) => f.kind)).toEqual(['missing']);
  });

  it('flags the clause, not the definitions section that defines its terms (unless nothing else has the kind)', async () => {
    const definitions = { ...chunks[0]!, id: `${doc.id}:defs`, text: '1. Definitions. “Change of Control” means the acquisition of more than fifty percent of the voting shares of a Party. “Affiliate” means any entity controlling or controlled by a Party.' };
    const clause = { ...chunks[1]!, id: `${doc.id}:coc`, text: 'Either Party may terminate this Agreement upon a Change of Control of the other Party.' };
    const label = [{ type: 'change_of_control', score: 0.9 }];
    const both = await evaluateRule(rule({ kind: 'prohibited', clauseType: 'change_of_control' }), playbook, doc, [{ chunk: definitions, labels: label }, { chunk: clause, labels: label }], {});
    expect(both.flags.map((f) => f.evidence?.chunkId)).toEqual([`${doc.id}:coc`]);
    const alone = await evaluateRule(rule({ kind: 'prohibited', clauseType: 'change_of_control' }), playbook, doc, [{ chunk: definitions, labels: label }], {});
    expect(alone.flags.map((f) => f.evidence?.chunkId)).toEqual([`${doc.id}:defs`]);
  });

  it('flags the clause, not a passage under the definitions or the recitals heading, stronger as it may score', async () => {
    // NLS's license agreement (corpus-large train): its definitions laid out as a table ("Party
    // Intellectual shall mean …") and its recitals ("WHEREAS … exclusive …") scored above the clauses.
    const defs = { ...chunks[0]!, id: `${doc.id}:defs`, sectionPath: ['1 Definitions'], text: '1. Definitions When used in this Agreement in capital letters, the terms and abbreviations set forth below shall have the meanings set forth below. Change of Control shall mean the acquisition of control of a Party.' };
    const recital = { ...chunks[0]!, id: `${doc.id}:whereas`, sectionPath: ['WHEREAS'], text: 'WHEREAS A. NLS wishes to grant the Licensee an exclusive license to commercialize the Licensed Product in the Territory.' };
    const clause = { ...chunks[1]!, id: `${doc.id}:coc`, sectionPath: ['19 Term and Termination', '19.2 Termination for Change of Control'], text: '19.2. In the event of a Change of Control of the Licensee, the Agreement may be terminated by Licensor with immediate effect.' };
    const strong = (type: string) => [{ type, score: 1 }];
    const weaker = (type: string) => [{ type, score: 0.97 }];
    const coc = await evaluateRule(rule({ kind: 'prohibited', clauseType: 'change_of_control' }), playbook, doc, [{ chunk: defs, labels: strong('change_of_control') }, { chunk: clause, labels: weaker('change_of_control') }], {});
    expect(coc.flags.map((f) => f.evidence?.chunkId)).toEqual([`${doc.id}:coc`]);
    const grant = { ...clause, id: `${doc.id}:grant`, sectionPath: ['2 Grant of License', '2.1 Grant of rights'], text: '2.1 The Licensor hereby grants the Licensee an exclusive license in the Territory.' };
    const exclusive = await evaluateRule(rule({ kind: 'prohibited', clauseType: 'exclusivity' }), playbook, doc, [{ chunk: recital, labels: strong('exclusivity') }, { chunk: grant, labels: weaker('exclusivity') }], {});
    expect(exclusive.flags.map((f) => f.evidence?.chunkId)).toEqual([`${doc.id}:grant`]);
    // Alone, the recital is still the place the contract has the kind.
    const alone = await evaluateRule(rule({ kind: 'prohibited', clauseType: 'exclusivity' }), playbook, doc, [{ chunk: recital, labels: strong('exclusivity') }], {});
    expect(alone.flags.map((f) => f.evidence?.chunkId)).toEqual([`${doc.id}:whereas`]);
  });

  it("flags the agreement's own clause, not an attached form's (unless only an attachment has the kind); a required clause may be met in either", async () => {
    // AulAmerican's servicing agreement (corpus-large train): "APPENDIX B FUND/SERV PROCESSING
    // PROCEDURES › 3" scored above the agreement's own audit clause.
    const own = { ...chunks[1]!, id: `${doc.id}:own`, sectionPath: ['7 Records', '7.2 Audit'], text: '7.2 The Fund may audit the records of the Agent upon ten days notice.' };
    const attached = { ...chunks[2]!, id: `${doc.id}:appendix`, sectionPath: ['APPENDIX B FUND/SERV PROCESSING PROCEDURES', '3'], text: '3. The Agent shall permit the Fund to inspect and audit its books and records at any time.' };
    const labels = (score: number) => [{ type: 'audit_rights', score }];
    const prohibited = rule({ kind: 'prohibited', clauseType: 'audit_rights' });
    const both = await evaluateRule(prohibited, playbook, doc, [{ chunk: attached, labels: labels(1) }, { chunk: own, labels: labels(0.9) }], {});
    expect(both.flags.map((f) => f.evidence?.chunkId)).toEqual([`${doc.id}:own`]);
    const alone = await evaluateRule(prohibited, playbook, doc, [{ chunk: attached, labels: labels(1) }], {});
    expect(alone.flags.map((f) => f.evidence?.chunkId)).toEqual([`${doc.id}:appendix`]);
    // "Exhibit G", "Schedule 2", "Anlage 1" are attachments; "7 Schedule of Payments" is a clause.
    expect(isAttachmentPath(['EXHIBIT G CONFIDENTIALITY AGREEMENT', '9 GOVERNING LAW'])).toBe(true);
    expect(isAttachmentPath(['Schedule 2'])).toBe(true);
    expect(isAttachmentPath(['Anlage 1 Leistungsbeschreibung'])).toBe(true);
    expect(isAttachmentPath(['7 Schedule of Payments'])).toBe(false);
    expect(isAttachmentPath([])).toBe(false);
    // A required clause is there when the attachment's passage passes, though the body's fails.
    const required = rule({ kind: 'required', clauseType: 'audit_rights', checks: [{ type: 'phrases', match: 'any', phrases: ['at any time'] }] });
    const met = await evaluateRule(required, playbook, doc, [{ chunk: attached, labels: labels(1) }, { chunk: own, labels: labels(0.9) }], {});
    expect(met.outcome.outcome).toBe('pass');
  });

  it('a model check without a model gives an unverified flag, not a pass', async () => {
    const { outcome, flags } = await evaluateRule(rule({ clauseType: 'cap_on_liability', checks: [{ type: 'model', question: 'Is the cap mutual?' }] }), playbook, doc, classified, {});
    expect(outcome.outcome).toBe('not_checked');
    expect(flags.map((f) => f.kind)).toEqual(['unverified']);
  });

  it('passages whose checks cannot decide are one unverified finding at the strongest, naming the others', async () => {
    const capText = (i: number, text: string) => ({ ...chunks[i]!, id: `${doc.id}:cap${i}`, text });
    const cap = (i: number, score: number, text: string): ClassifiedChunk => ({ chunk: capText(i, text), labels: [{ type: 'cap_on_liability', score }] });
    const indemnity = cap(1, 0.7, 'Each party shall indemnify and hold harmless the other from any loss or damages arising from third party claims.');
    const exclusion = cap(2, 0.8, 'Neither party shall be liable for indirect or consequential damages.');
    const amount = cap(3, 0.6, "Each party's total liability shall not exceed the fees paid in the twelve (12) months before the claim.");
    const feeMonths = rule({ clauseType: 'cap_on_liability', checks: [{ type: 'value', value: 'fee_months', op: '>=', amount: 12 }] });
    const undecided = await evaluateRule(feeMonths, playbook, doc, [indemnity, exclusion], {});
    expect(undecided.outcome.outcome).toBe('not_checked');
    expect(undecided.flags).toHaveLength(1);
    expect(undecided.flags[0]).toMatchObject({ kind: 'unverified', evidence: { chunkId: `${doc.id}:cap2` } });
    expect(undecided.flags[0]!.details.at(-1)).toBe(`also not checked: the passage of this kind at p. ${chunks[1]!.pageStart} (${chunks[1]!.sectionPath.at(-1)})`);
    // Two passages of one section on one page are one place to look.
    const split = cap(4, 0.5, 'Neither party shall be liable for lost profits.');
    const twice = await evaluateRule(feeMonths, playbook, doc, [exclusion, indemnity, { ...split, chunk: { ...split.chunk, pageStart: chunks[1]!.pageStart, sectionPath: chunks[1]!.sectionPath } }], {});
    expect(twice.flags[0]!.details.at(-1)).toBe(`also not checked: 2 passages of this kind at p. ${chunks[1]!.pageStart} (${chunks[1]!.sectionPath.at(-1)})`);
    // The cap that states its amount is where the rule is judged: the others add no finding.
    const judged = await evaluateRule(feeMonths, playbook, doc, [indemnity, exclusion, amount], {});
    expect(judged.outcome.outcome).toBe('pass');
    expect(judged.flags).toEqual([]);
    const tooLow = await evaluateRule(feeMonths, playbook, doc, [indemnity, exclusion, cap(3, 0.6, "Liability shall not exceed one (1) month's fees.")], {});
    expect(tooLow.flags.map((f) => [f.kind, f.evidence?.chunkId])).toEqual([['failed', `${doc.id}:cap3`]]);
  });

  it('ruleHoldsOn: the clause has the type and passes the checks', async () => {
    const r = rule({ clauseType: 'cap_on_liability', checks: [{ type: 'value', value: 'fee_months', op: '>=', amount: 12 }] });
    expect(await ruleHoldsOn(r, 'capped at the fees paid in the twelve (12) months before the claim', [{ type: 'cap_on_liability', score: 0.8 }])).toBe(true);
    expect(await ruleHoldsOn(r, 'capped at the fees paid in the twelve (12) months before the claim', [])).toBe(false);
    expect(await ruleHoldsOn(r, 'capped at the fees paid in the three (3) months before the claim', [{ type: 'cap_on_liability', score: 0.8 }])).toBe(false);
  });
});

describe('the commercial playbook\'s automatic-renewal rule', () => {
  it('flags the renewals the workspace question "which contracts renew automatically?" answers yes, and no others', async () => {
    const { builtinPlaybook } = await import('../../../../src/playbooks/builtin');
    const { judgeRow } = await import('../../../../src/core/workspace/conditions');
    const rule = builtinPlaybook('commercial-contracts')!.rules.find((r) => r.id === 'auto-renewal-flag')!;
    const labels = [{ type: 'renewal_term', score: 1 }];
    const renewals: readonly [string, boolean][] = [
      ['Thereafter, the Agreement shall be automatically renewed for additional two year periods unless either Party notifies the other Party of its intention not to renew.', true],
      ['The Initial Term shall automatically be extended for an additional period of half a year unless either party provides written notification of termination.', true],
      ['Thereafter, it shall automatically continue until terminated by either party upon not less than thirty (30) days prior written notice.', true],
      ['The contract is established by calendar year and renewed tacitly every year.', true],
      ['This Agreement shall continue in effect from year to year thereafter, provided such continuance is approved annually by the Board.', true],
      ['Upon expiry, this Agreement shall be renewed for successive one-year periods unless either party gives ninety days notice.', true],
      // "Unless" first, the renewal after it; a renewal that a notice of non-renewal stops (its verb redacted in the filed copy).
      ['Upon expiration of the Initial Term, unless written notice to the contrary is provided by one party to the other at least 30 days prior to the expiration of the then-current term, this Agreement shall be renewed for additional, successive periods of one (1) year each.', true],
      ['Upon expiry of the Initial Term, this Agreement [*****] unless a Notice of non-renewal is given by either Party to the other Party [*****] prior to the expiry of the Initial Term.', true],
      ['The Company may renew this Agreement on the same terms for one additional five year period by written notice.', false],
      ['Licensee shall have the option to extend the Term for an additional 12 months on terms mutually agreed upon by the Parties.', false],
      ['This Agreement shall not automatically renew; any extension requires a written amendment.', false],
      // Ends by itself: "automatically" says how it ends, not that it renews.
      ['This Agreement shall commence on the Effective Date and shall terminate automatically without notice on December 31, 2022, unless the Parties agree in writing to extend the term of the Agreement.', false],
      ['This Development Agreement will begin on the Effective Date and continue for four (4) years unless earlier terminated pursuant to Section 10.2, or unless the parties extend the term in writing.', false],
      // A fixed end "unless extended": an extension someone must agree to (a consulting agreement, corpus-large train).
      ['This Agreement shall begin on the Effective Date and shall continue until December 31, 2020, unless extended or earlier terminated.', false],
    ];
    for (const [text, automatic] of renewals) {
      expect({ text, flagged: await ruleHoldsOn(rule, text, labels) }).toEqual({ text, flagged: automatic });
      expect({ text, verdict: judgeRow({ kind: 'renewal_term', test: 'automatic', target: null }, { status: 'found', value: null, evidence: text }) }).toEqual({ text, verdict: automatic ? 'yes' : 'no' });
    }
  });
});

describe('generated texts', () => {
  it('writes "a" or "an" as the clause type\'s name is said', async () => {
    const { withArticle } = await import('../../../../src/core/scan/finding-text');
    expect(withArticle('exclusivity')).toBe('an exclusivity');
    expect(withArticle('IP ownership assignment')).toBe('an IP ownership assignment');
    expect(withArticle('MFN')).toBe('an MFN');
    expect(withArticle('non-compete')).toBe('a non-compete');
    expect(withArticle('renewal term (auto-renewal)')).toBe('a renewal term (auto-renewal)');
    expect(withArticle('unilateral termination')).toBe('a unilateral termination');
    expect(withArticle('uncapped liability')).toBe('an uncapped liability');
    expect(withArticle('insurance')).toBe('an insurance');
    expect(withArticle('post-termination services')).toBe('a post-termination services');
  });

  it('a present clause\'s explanation reads "contains an exclusivity clause"', async () => {
    const { builtinPlaybook } = await import('../../../../src/playbooks/builtin');
    const playbook = builtinPlaybook('commercial-contracts')!;
    const rule = playbook.rules.find((r) => r.id === 'exclusivity-review')!;
    const chunk = { id: 'd:1', documentId: 'd', seq: 1, text: 'Distributor shall be the exclusive distributor of the Products in the Territory.', pageStart: 2, pageEnd: 2, sectionPath: ['4 Exclusivity'], sectionTitle: '4 Exclusivity', charStart: 0, charEnd: 80 } as unknown as ClassifiedChunk['chunk'];
    const { flags } = await evaluateRule(rule, playbook, { id: 'd', name: 'd.pdf' }, [{ chunk, labels: [{ type: 'exclusivity', score: 0.95, presence: 0.9 }] }], {});
    expect(flags[0]!.explanation).toMatch(/^The contract contains an exclusivity clause \(“Exclusivity commitments”\)\./);
  });
});
