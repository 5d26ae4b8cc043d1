/**
 * Time budgets of a scan: a playbook that passes validation can still be slow on a particular
 * document. A rule past its budget is reported "not evaluated: too slow" (never passed, never
 * "missing") and the scan goes on with the other rules; past the document's budget what is left
 * is reported the same way and the scan ends. The tests charge pattern time with a clock of their
 * own (told which clause type or rule it times), so the machine's speed does not decide them.
 */
import { describe, expect, it } from 'vitest';
import { ScanClock } from '../../../../src/core/scan/budget';
import type { Playbook } from '../../../../src/core/scan/playbook';
import { runScan } from '../../../../src/core/scan/scan';
import { validatePlaybook } from '../../../../src/core/scan/validate';
import type { ChunkRecord } from '../../../../src/core/types';
import { builtinPlaybook } from '../../../../src/playbooks/builtin';
import { stallingText } from '../../../fixtures/hostile-playbooks';
import { reviewDocument, sectionChunks } from '../../../fixtures/review-contract';

/**
 * The GDPR playbook plus a clause type whose eight signals are each within the cost budget but
 * slow on text full of a's. Each test uses its own `tag`: re2js keeps compiled patterns and their
 * DFA states, and a pattern that has seen the text before runs fast.
 */
function slowPlaybook(tag = 'c'): Playbook {
  const base = builtinPlaybook('gdpr-dpa')!;
  return {
    ...base,
    id: 'slow',
    clauseTypes: [
      { id: 'runs_of_a', name: 'Runs of a', description: 'Text with many a’s.', keywords: ['runs of a'], examples: [], signals: Array.from({ length: 8 }, (_, i) => ({ pattern: `(.*a){120}${tag}${i}`, weight: 0.5 })) },
      ...base.clauseTypes,
    ],
    rules: [{ id: 'runs-required', title: 'Runs of a', clauseType: 'runs_of_a', severity: 'high', kind: 'required' }, ...base.rules],
  };
}

/** Passages of a's (each ~3 KB) after a few ordinary ones. */
function chunks(documentId: string, slow = 12): ChunkRecord[] {
  const ordinary = sectionChunks(documentId);
  const text = stallingText(3000);
  return [
    ...ordinary,
    ...Array.from({ length: slow }, (_, i) => ({ ...ordinary[0]!, id: `${documentId}:a${i}`, seq: ordinary.length + i, text, sourceText: text, charEnd: text.length, sectionPath: ['Runs'], sectionTitle: 'Runs' })),
  ];
}

describe('scan time budgets', () => {
  it('the slow playbook passes validation: each pattern is within the cost budget', () => {
    expect(validatePlaybook(slowPlaybook()).ok).toBe(true);
  });

  it('a rule over its budget is "not evaluated: too slow"; the other rules are evaluated as without it', async () => {
    const document = reviewDocument('doc-slow');
    const playbook = slowPlaybook();
    const baseline = await runScan({ document, chunks: chunks(document.id, 0), playbook: builtinPlaybook('gdpr-dpa')! }, {});
    // The slow type's patterns are charged 20 ms a passage, the others nothing: how slow its
    // patterns really are on this machine does not decide the test (re2js gets fast on text it has seen).
    let t = 0;
    const patternClock = (key: string) => (key === 'type:runs_of_a' ? (t += 10) : t);
    const scan = await runScan({ document, chunks: chunks(document.id), playbook }, { budgets: { ruleMs: 150, rulePerChunkMs: 0, documentMs: 60_000, documentPerChunkMs: 0 }, patternClock });
    const slow = scan.outcomes.find((o) => o.ruleId === 'runs-required')!;
    expect(slow.outcome).toBe('not_checked');
    expect(slow.details[0]).toMatch(/^not evaluated: too slow \(its clause type’s patterns took more than 150 ms on this document; the scan went on without it\)$/);
    const flag = scan.flags.find((f) => f.ruleId === 'runs-required')!;
    expect(flag).toMatchObject({ kind: 'unverified', evidence: null, details: [slow.details[0]] });
    // Every other rule: the same outcome as the scan of the same passages without the slow type.
    const others = scan.outcomes.filter((o) => o.ruleId !== 'runs-required').map((o) => [o.ruleId, o.outcome]);
    expect(others).toEqual(baseline.outcomes.map((o) => [o.ruleId, o.outcome]));
  });

  it('past the document budget, what is left is reported too slow and the scan ends with a record', async () => {
    const document = reviewDocument('doc-slow-2');
    // A clock that moves 50 ms each time pattern time is read: the budget runs out during classification whatever this machine's speed (re2js gets fast on text it has seen).
    let t = 0;
    const patternClock = () => (t += 50);
    const scan = await runScan({ document, chunks: chunks(document.id), playbook: slowPlaybook('d') }, { budgets: { ruleMs: 600_000, rulePerChunkMs: 0, documentMs: 150, documentPerChunkMs: 0 }, patternClock });
    expect(scan.status).toBe('done');
    expect(scan.outcomes).toHaveLength(slowPlaybook().rules.length);
    const slow = scan.outcomes.filter((o) => o.details[0]?.startsWith('not evaluated: too slow'));
    expect(slow.length).toBe(scan.outcomes.length);
    expect(slow[0]!.details[0]).toMatch(/the document’s time budget for patterns \(150 ms\) ran out/);
    expect(scan.outcomes.some((o) => o.outcome === 'missing' || o.outcome === 'pass')).toBe(false);
  });

  it('charges pattern time by key; waiting is not charged', () => {
    let t = 0;
    const clock = new ScanClock({ ruleMs: 10, rulePerChunkMs: 1, documentMs: 100, documentPerChunkMs: 0 }, 5, () => t);
    clock.time('type:a', () => (t += 12));
    t += 1000; // a model answering: not pattern time
    expect(clock.typeStopped('a')).toBeNull();
    clock.time('type:a', () => (t += 4));
    expect(clock.typeStopped('a')).toMatch(/took more than 15 ms/);
    expect(clock.ruleStopped('r', 'a')).toBe(clock.typeStopped('a'));
    expect(clock.ruleStopped('r', 'b')).toBeNull();
    clock.time('rule:r2', () => (t += 90));
    expect(clock.ruleStopped('r3', 'b')).toMatch(/document’s time budget for patterns \(100 ms\) ran out/);
  });
});
