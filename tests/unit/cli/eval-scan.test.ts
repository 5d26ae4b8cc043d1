/**
 * `npm run eval:scan` on files it has never seen, in the corpus formats: a label file generated
 * here (clauses written for the test) and the sample documents' QA file for clause presence.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { binaryMetrics, taskTarget } from '../../../src/core/eval/scan-eval';
import { BUILTIN_PLAYBOOKS } from '../../../src/playbooks/builtin';

const run = promisify(execFile);

const item = (task: string, source: string, label: 'Yes' | 'No', text: string) => ({ task, source, category: task.replace(/^cuad_/, ''), playbook: null, label, text });
const LABELS = {
  description: 'generated for the eval:scan test',
  items: [
    item('cuad_governing_law', 'CUAD', 'Yes', 'This Agreement is governed by the laws of the Province of Ontario.'),
    item('cuad_governing_law', 'CUAD', 'No', 'Supplier shall deliver the goods to the address in the purchase order.'),
    item('cuad_insurance', 'CUAD', 'Yes', 'The Contractor shall carry professional liability insurance with limits of $1,000,000.'),
    item('cuad_insurance', 'CUAD', 'No', 'Either party may terminate this Agreement for convenience on sixty days notice.'),
    item('cuad_made_up_category', 'CUAD', 'Yes', 'Anything at all.'),
    item('contract_nli_limited_use', 'ContractNLI', 'Yes', 'The Recipient shall use the Confidential Information solely for the purpose of evaluating the proposed acquisition.'),
    item('contract_nli_limited_use', 'ContractNLI', 'No', 'The Recipient shall be free to use for any purpose the residuals retained in the unaided memory of its employees.'),
    item('contract_nli_notice_on_compelled_disclosure', 'ContractNLI', 'Yes', 'If the Recipient is required by a court order to disclose Confidential Information, it shall promptly notify the Discloser.'),
    item('contract_nli_notice_on_compelled_disclosure', 'ContractNLI', 'No', 'Confidential Information does not include information that is publicly available.'),
  ],
};

describe('npm run eval:scan', () => {
  it('reports classification per task and source, and presence on the sample contracts, as text and JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'casefile-eval-scan-'));
    const labels = join(dir, 'labels.json');
    const out = join(dir, 'report.json');
    await writeFile(labels, JSON.stringify(LABELS));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/eval-scan.ts', '--labels', labels, '--docs', 'public/samples', '--qa', 'tests/fixtures/samples-qa.json', '--json', out, '--no-cache'], { timeout: 120_000 });
    expect(stdout).toMatch(/classified 9 labelled clauses/);
    expect(stdout).toMatch(/no clause type or rule for: cuad_made_up_category/);
    expect(stdout).toMatch(/## Clause presence on contracts/);
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      classification: { by_source: Record<string, { balanced_accuracy: number; macro_f1: number }>; tasks: Record<string, { balanced_accuracy: number; f1: number; target: string }> };
      presence: { balanced_accuracy: number; present_recall: number; missing_recall: number; page_hit: number; n: number; unmatched: string[] };
      flags: { precision: number; recall: number; judged: number; by_rule: Record<string, { judged: number; should_fire: number; recall: number | null }> };
    };
    expect(Object.keys(report.classification.by_source).sort()).toEqual(['CUAD', 'ContractNLI']);
    expect(report.classification.tasks['cuad_governing_law']).toMatchObject({ balanced_accuracy: 1, f1: 1, target: 'type governing_law' });
    expect(report.classification.tasks['contract_nli_limited_use']).toMatchObject({ balanced_accuracy: 1, target: 'rule limited_use' });
    expect(report.classification.tasks['cuad_made_up_category']).toMatchObject({ target: 'none', f1: 0 });
    expect(report.classification.by_source['ContractNLI']!.balanced_accuracy).toBe(1);
    // the sample MSA: governing law and cap present (p. 5); no non-compete, no insurance clause
    expect(report.presence).toMatchObject({ n: 4, present_recall: 1, missing_recall: 1, balanced_accuracy: 1, page_hit: 1 });
    expect(report.presence.unmatched).toEqual(expect.arrayContaining(['Payment Terms', 'Confidentiality', 'Retention']));
    // Flags judged against the annotations: the missing insurance clause is reported (recall 1 on the presence rules).
    expect(stdout).toMatch(/flags: precision \d\.\d{3} \(\d+ judged against CUAD, \d+ not annotated\), recall on the presence rules 1\.000/);
    expect(report.flags.judged).toBeGreaterThan(0);
    expect(report.flags.by_rule['insurance-required']).toMatchObject({ judged: 1, should_fire: 1, recall: 1 });
  }, 150_000);

  it('fails with a clear message for a malformed label file', async () => {
    const err = await run(process.execPath, ['--import', 'tsx', 'src/cli/eval-scan.ts', '--labels', 'package.json'], { timeout: 60_000 }).then(
      () => null,
      (e: { stderr: string; code: number }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toMatch(/eval:scan: label file: missing "items" array/);
  }, 90_000);
});

describe('scan evaluation metrics', () => {
  it('computes precision, recall, F1 and balanced accuracy', () => {
    const m = binaryMetrics([
      { gold: true, predicted: true },
      { gold: true, predicted: false },
      { gold: false, predicted: false },
      { gold: false, predicted: true },
      { gold: false, predicted: false },
    ]);
    expect(m).toMatchObject({ tp: 1, fn: 1, tn: 2, fp: 1, precision: 0.5, recall: 0.5 });
    expect(m.balanced_accuracy).toBeCloseTo((0.5 + 2 / 3) / 2);
    expect(binaryMetrics([{ gold: true, predicted: true }, { gold: false, predicted: true }]).balanced_accuracy).toBe(0.5);
  });

  it('maps tasks to clause types (CUAD) and rules (ContractNLI)', () => {
    expect(taskTarget({ task: 'cuad_no-solicit_of_customers' }, BUILTIN_PLAYBOOKS)).toEqual({ kind: 'type', type: 'no_solicit_of_customers' });
    expect(taskTarget({ task: 'contract_nli_sharing_with_third-parties' }, BUILTIN_PLAYBOOKS)).toMatchObject({ kind: 'rule', rule: { id: 'sharing_with_third_parties' } });
    expect(taskTarget({ task: 'contract_nli_permissible_post-agreement_possession' }, BUILTIN_PLAYBOOKS)).toMatchObject({ kind: 'rule', rule: { id: 'permissible_post_agreement_possession' } });
    expect(taskTarget({ task: 'something_else' }, BUILTIN_PLAYBOOKS)).toEqual({ kind: 'none' });
  });
});
