/**
 * Retrieval that explains itself: in "passages only" mode a question shows the top 5 with their
 * provenance and "How this was found" with per-stage timings; a question asked while another
 * still runs supersedes it (only the latest's turn remains); the fusion strategy chosen in
 * Settings → Search changes the explanation and is still chosen after a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, latestTurn, launch, openApp, results, screenshot, waitForStatus, type Session, workspaceMenu } from './support';
import { currentWorkspace } from './storage-support';

describe('retrieval: modes, explanation, settings', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch();
    await openApp(s.page);
    await s.page.getByRole('button', { name: 'Try sample documents' }).click();
    for (const n of ['master-services-agreement.pdf', 'mutual-nda.txt', 'data-retention-policy.md']) await waitForStatus(s.page, n, 'Ready');
  });
  afterAll(async () => {
    await s?.close();
  });

  const openSearchSettings = async () => {
    await s.page.getByRole('button', { name: 'Settings' }).click();
    await s.page.getByRole('tab', { name: 'Search' }).click();
    await s.page.getByRole('form', { name: 'Search settings' }).waitFor();
  };
  const closeSettings = async () => {
    await s.page.getByRole('button', { name: 'Close settings' }).click();
    await s.page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'hidden' });
  };

  it('answers in "passages only" mode with the top 5 and their provenance', async () => {
    await openSearchSettings();
    await s.page.getByRole('combobox', { name: /^Mode/ }).selectOption('retrieval_only');
    await s.page.getByLabel('Results per file (0 = any)').fill('0');
    await expect.poll(() => s.page.getByRole('form', { name: 'Search settings' }).getByRole('status').textContent()).toBe('Saved.');
    await closeSettings();
    await ask(s.page, 'termination notice period');
    const top = await results(s.page);
    expect(top).toHaveLength(5);
    for (const r of top) {
      expect(r.file).not.toBe('');
      // Printed pages for PDFs; the one-part text samples name no page.
      expect(r.page).toMatch(r.file.endsWith('.pdf') ? /^pp?\. \d/ : /^$/);
    }
    // Passages only: the passages are the answer; no composed text, no note about a missing model.
    expect(await s.page.getByRole('note').count()).toBe(0);
    expect(await latestTurn(s.page).getAttribute('data-state')).toBe('passages');
    expect(await latestTurn(s.page).getByTestId('answer-text').count()).toBe(0);
    await latestTurn(s.page).getByText('How this was found').click();
    const explanation = latestTurn(s.page).getByTestId('explanation');
    const stages = await explanation.getByTestId('explain-stage').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-stage')));
    expect(stages).toEqual(expect.arrayContaining(['lexical', 'fusion', 'resolve']));
    for (const t of await explanation.getByTestId('explain-stage').locator('td:last-child').allTextContents()) expect(t).toMatch(/^[\d.]+ ms$/);
    expect(await explanation.textContent()).toMatch(/found by keywords/);
    expect(await latestTurn(s.page).getByTestId('explain-fusion').textContent()).toBe('combine_and_dedup');
    await screenshot(s.page, '30-explanation');
  });

  it('keeps only the latest of two questions asked in quick succession', async () => {
    const panel = s.page.locator('section.search');
    const before = Number(await panel.getAttribute('data-searches'));
    const turnsBefore = await s.page.getByTestId('turn').count();
    await s.page.evaluate(async () => {
      // Type and submit twice within one task: the first question is still in flight (it needs
      // IndexedDB and a worker round trip) when the second supersedes it.
      const input = document.getElementById('question') as HTMLInputElement;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const type = async (text: string) => {
        setValue.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        for (let i = 0; i < 10; i++) await Promise.resolve(); // React re-renders in a microtask
      };
      await type('governing law of the agreement');
      input.form!.requestSubmit();
      await type('limitation of liability cap');
      input.form!.requestSubmit();
    });
    await s.page.waitForFunction((n) => Number(document.querySelector('section.search')?.getAttribute('data-searches')) > n, before);
    expect(await latestTurn(s.page).getByTestId('turn-question').textContent()).toBe('limitation of liability cap');
    expect((await results(s.page))[0]).toMatchObject({ file: 'master-services-agreement.pdf', page: 'p. 5' });
    // The superseded question leaves no turn behind (it is dropped when its abort lands): one new turn, the latest.
    await expect.poll(() => s.page.getByTestId('turn').count()).toBe(turnsBefore + 1);
    const questions = await s.page.getByTestId('turn-question').allTextContents();
    expect(questions).not.toContain('governing law of the agreement');
    expect(Number(await panel.getAttribute('data-searches'))).toBe(before + 1);
  });

  it('changes the fusion strategy, which the explanation shows and a reload keeps', async () => {
    await openSearchSettings();
    await s.page.getByLabel('Fusion strategy').selectOption('rrf');
    await expect.poll(() => s.page.getByRole('form', { name: 'Search settings' }).getByRole('status').textContent()).toBe('Saved.');
    await closeSettings();
    await ask(s.page, 'termination notice period');
    await latestTurn(s.page).getByText('How this was found').click();
    expect(await latestTurn(s.page).getByTestId('explain-fusion').textContent()).toBe('rrf');

    await s.page.reload();
    await waitForStatus(s.page, 'master-services-agreement.pdf', 'Ready');
    await openSearchSettings();
    expect(await s.page.getByLabel('Fusion strategy').inputValue()).toBe('rrf');
    expect(await s.page.getByRole('combobox', { name: /^Mode/ }).inputValue()).toBe('retrieval_only');
    await closeSettings();
    await ask(s.page, 'termination notice period');
    await latestTurn(s.page).getByText('How this was found').click();
    expect(await latestTurn(s.page).getByTestId('explain-fusion').textContent()).toBe('rrf');
  });

  it('keeps settings per workspace', async () => {
    await workspaceMenu(s.page);
    await s.page.getByRole('button', { name: 'New workspace' }).click();
    await s.page.getByRole('dialog', { name: 'New workspace' }).getByRole('button', { name: 'Create' }).click();
    await expect.poll(async () => (await currentWorkspace(s.page)).name, { timeout: 15_000 }).toBe('New matter');
    await openSearchSettings();
    expect(await s.page.getByLabel('Fusion strategy').inputValue()).toBe('combine_and_dedup');
    await closeSettings();
  });
});
