/**
 * Helpers of the contract-review end-to-end tests: the generated contracts, instruments (CSP
 * violations, long main-thread tasks, a hostile payload's marker), and the Review view's steps
 * (switch view, upload, choose documents, scan, read flags, download, decide).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { builtinPlaybook } from '../../src/playbooks/builtin';
import { textPdf } from '../fixtures/collection';
import { PWNED } from '../fixtures/hostile-playbooks';
import { contractPages, type ContractVariant } from '../fixtures/review-contract';
import { waitForStatus, type Session } from './support';

export const commercial = builtinPlaybook('commercial-contracts')!;

export const CONTRACTS: Record<string, ContractVariant> = {
  'services-agreement.pdf': { title: 'Consulting Services Agreement' },
  'supply-agreement.pdf': {
    title: 'Supply Agreement',
    replace: {
      '3 Term and Termination': 'Either party may terminate this Agreement for convenience upon ninety (90) days prior written notice to the other party.',
      '5 Governing Law': 'This Agreement shall be governed by the laws of the State of New York, without regard to conflict of laws principles.',
    },
  },
  'distribution-agreement.pdf': {
    title: 'Distribution Agreement',
    replace: {
      '4 Limitation of Liability': "Each party's aggregate liability arising out of this Agreement shall not exceed the fees paid by Customer in the twelve (12) months preceding the claim.",
      '5 Governing Law': 'This Agreement shall be governed by the laws of the State of Florida.',
    },
  },
};

/** Records CSP violations, long main-thread tasks and whether a hostile payload ran. */
export async function instrument(s: Session): Promise<void> {
  await s.context.addInitScript(() => {
    const w = window as unknown as { __csp: string[]; __longTasks: number[] };
    w.__csp = [];
    w.__longTasks = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // no long-task timing in this browser
    }
  });
}

export const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
export const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.splice(0));
export const pwned = (page: Page) => page.evaluate((key) => (window as unknown as Record<string, unknown>)[key] ?? null, PWNED);

export async function view(page: Page, name: 'Ask' | 'Review'): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('tab', { name }).click();
}

export async function upload(page: Page, name: string): Promise<void> {
  await view(page, 'Ask');
  const pdf = Buffer.from(await textPdf(contractPages(CONTRACTS[name]!)));
  await page.getByTestId('file-input').setInputFiles([{ name, mimeType: 'application/pdf', buffer: pdf }]);
  await waitForStatus(page, name, 'Ready');
}

/** Opens the Review view's flags with exactly the named documents ticked for scanning. */
export async function chooseDocuments(page: Page, names: readonly string[]) {
  await view(page, 'Review');
  await page.getByRole('tab', { name: /^Flags/ }).click();
  const panel = page.getByRole('region', { name: 'Scan documents' });
  for (const box of await panel.getByRole('checkbox').all()) await box.uncheck();
  for (const n of names) await panel.getByRole('checkbox', { name: new RegExp(n.replace('.', '\\.')) }).check();
  return panel;
}

/** Scans the named documents with the playbook chosen now and waits for the result line. */
export async function scan(page: Page, names: readonly string[]): Promise<void> {
  const panel = await chooseDocuments(page, names);
  const before = (await panel.getByTestId('scan-result').count()) ? await panel.getByTestId('scan-result').getAttribute('data-batch') : null;
  await panel.getByRole('button', { name: /^Scan/ }).click();
  const batch = async () => ((await panel.getByTestId('scan-result').count()) ? panel.getByTestId('scan-result').getAttribute('data-batch') : null);
  await expect.poll(async () => [null, before].includes(await batch()), { timeout: 60_000 }).toBe(false);
}

export async function selectDocument(page: Page, name: string | null): Promise<void> {
  const docs = page.getByRole('navigation', { name: 'Scanned documents' });
  await (name ? docs.getByTestId('review-doc').filter({ hasText: name }) : docs.getByRole('button', { name: /^All documents/ })).click();
}

/** Rule, severity, finding and page of every flag shown, in order. */
export async function flagSignature(page: Page): Promise<string[]> {
  return page.getByTestId('flag').evaluateAll((els) => els.map((el) => `${el.getAttribute('data-rule-id')}|${el.querySelector('.severity')?.textContent}|${el.getAttribute('data-kind')}|${el.querySelector('[data-testid=flag-page]')?.textContent ?? '-'}`));
}

export const flag = (page: Page, ruleId: string) => page.locator(`[data-testid=flag][data-rule-id="${ruleId}"]`).first();

export async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

export async function decide(page: Page, ruleId: string, action: 'Dismiss' | 'Escalate' | 'Resolve', note: string): Promise<void> {
  const card = flag(page, ruleId);
  await card.getByRole('button', { name: action, exact: true }).click();
  await card.getByLabel(/^Note for/).fill(note);
  await card.getByRole('button', { name: `${action} flag` }).click();
}
