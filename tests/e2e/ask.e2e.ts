/**
 * The Ask experience in Chromium, on a workspace of seven generated contracts with overlapping
 * parties and similar clauses, one of them French (tests/fixtures/contracts.ts), no language
 * model (extractive answers): the scope of a question as chips, its contract's clause first with
 * page and section, "no passage clearly answers this" with the closest passages, widening by
 * removing a chip, the document filter and "Search in this document", a French question,
 * verified citations opened in the viewer on their page, follow-ups, a question naming two
 * documents answered once one is chosen, history across a reload, Markdown and Word exports,
 * supersede, and screenshots of the answered, insufficient and clarification states at desktop
 * and phone sizes (tests/e2e/artifacts).
 */
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textFile, WORKSPACE_CONTRACTS } from '../fixtures/contracts';
import { ARTIFACTS, ask, latestTurn, launch, openApp, screenshotAtSizes, SIZES, results, waitForStatus, type Session } from './support';

const NW_CONTOSO = 'northwind-contoso-distribution.txt';
const NW_FABRIKAM = 'northwind-fabrikam-distribution.txt';
const SUPPLY = 'fabrikam-tailspin-supply.txt';
const NDA = 'contoso-fabrikam-nda.txt';
const FRENCH = 'contrat-distribution-societe-negoce.txt';


const screenshots = (page: Page, name: string): Promise<void> => screenshotAtSizes(page, latestTurn(page), (size) => `${ARTIFACTS}/ask-${name}-${size}.png`);

const chips = (page: Page) => latestTurn(page).getByTestId('scope-chip').allTextContents();
const files = async (page: Page) => new Set((await results(page)).map((r) => r.file));

describe('ask: scope, answers, conversations', () => {
  let s: Session;
  beforeAll(async () => {
    s = await launch({ viewport: SIZES.desktop });
    await openApp(s.page);
    await s.page.getByTestId('file-input').setInputFiles(WORKSPACE_CONTRACTS.map((c) => ({ name: c.file, mimeType: 'text/plain', buffer: Buffer.from(textFile(c)) })));
    for (const c of WORKSPACE_CONTRACTS) await waitForStatus(s.page, c.file, 'Ready');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('answers a question naming one contract from that contract: its chip, its clause first with page and section', async () => {
    // No language model: one invitation to set one up, no warning on the answer itself.
    await s.page.getByTestId('model-invitation').waitFor();
    await ask(s.page, 'Consider the Distribution Agreement between Northwind Traders Ltd. and Contoso Pharma Inc.; is there a cap on liability?');
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('answered');
    expect(await chips(s.page)).toEqual(['DISTRIBUTION AGREEMENT — Northwind Traders / Contoso Pharma×']);
    const top = (await results(s.page))[0]!;
    expect(top).toMatchObject({ file: NW_CONTOSO, page: 'part 1' });
    expect(top.section).toMatch(/Limitation of Liability/);
    expect(await turn.getByTestId('writer').textContent()).toContain('Verbatim passages (no language model)');
    // The extractive answer quotes the cap verbatim, every citation resolved and checked.
    expect(await turn.getByTestId('answer-text').textContent()).toContain('shall not exceed the fees paid');
    expect(await turn.getByTestId('citation-unresolved').count()).toBe(0);
    expect(await turn.getByTestId('quote-unverified').count()).toBe(0);
    expect(await turn.getByTestId('verification').textContent()).toMatch(/citations?, all resolved/);
    expect(await turn.getByRole('note').count()).toBe(0);
    expect(await contextLabels(turn)).toEqual({ cited: 1, context: 0 });
    await screenshots(s.page, 'answered');
  });

  it('keeps a follow-up on the same contract', async () => {
    await ask(s.page, 'and the renewal term?');
    const turn = latestTurn(s.page);
    expect(await turn.getByTestId('turn-scope').getAttribute('data-source')).toBe('follow_up');
    expect(await chips(s.page)).toEqual(['DISTRIBUTION AGREEMENT — Northwind Traders / Contoso Pharma×']);
    expect((await results(s.page))[0]!.section).toMatch(/Term and Renewal/);
    expect(await files(s.page)).toEqual(new Set([NW_CONTOSO]));
    expect(await s.page.getByTestId('followup-chip').textContent()).toContain('DISTRIBUTION AGREEMENT — Northwind Traders / Contoso Pharma');
    // The renewal clause cited, the passages shown beside it labelled as context.
    const shown = (await results(s.page)).length;
    expect(shown).toBeGreaterThan(1);
    expect(await contextLabels(turn)).toEqual({ cited: 1, context: shown - 1 });
  });

  it('does not trap a follow-up in its contract: names the contracts that match and asks again in all documents in one click', async () => {
    // The follow-up scope is still the Northwind–Contoso distribution agreement, which has no confidentiality clause.
    await ask(s.page, 'How long must Confidential Information be kept secret?');
    const turn = latestTurn(s.page);
    expect(await turn.getByTestId('turn-scope').getAttribute('data-source')).toBe('follow_up');
    expect(await turn.getAttribute('data-state')).toBe('insufficient');
    const hint = turn.getByTestId('elsewhere');
    expect(await hint.textContent()).toMatch(/^Other documents answer this: .*“MUTUAL NON-DISCLOSURE AGREEMENT/);
    await screenshots(s.page, 'elsewhere');
    const count = await s.page.getByTestId('turn').count();
    await hint.getByRole('button', { name: 'Search all documents for this question' }).click();
    await expect.poll(() => s.page.getByTestId('turn').count()).toBe(count + 1);
    await expect.poll(() => latestTurn(s.page).getAttribute('data-state')).toBe('answered');
    expect(await latestTurn(s.page).getByTestId('turn-question').textContent()).toBe('How long must Confidential Information be kept secret?');
    expect(await latestTurn(s.page).getByTestId('turn-scope').textContent()).toContain('all documents');
    expect([NDA, NW_FABRIKAM, 'contoso-litware-services.txt']).toContain((await results(s.page))[0]!.file);
    expect(await latestTurn(s.page).getByTestId('answer-text').textContent()).toContain('five (5) years');
    // No scope left to stay in.
    expect(await s.page.getByTestId('followup-chip').count()).toBe(0);
  });

  it('says no passage of the named contract answers a clause it lacks, with the closest passages labelled; removing the chip widens the search', async () => {
    await ask(s.page, 'Consider the Distribution Agreement between Northwind and Contoso; is there a non-compete?');
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('insufficient');
    expect(await turn.getByTestId('insufficient').textContent()).toBe('No passage in “DISTRIBUTION AGREEMENT — Northwind Traders / Contoso Pharma” clearly answers this.');
    expect(await turn.getByTestId('reasons').textContent()).toMatch(/non-compete/);
    expect(await turn.getByRole('heading', { name: /Closest passages/ }).count()).toBe(1);
    const closest = await results(s.page);
    expect(closest.length).toBeGreaterThan(0);
    expect(await files(s.page)).toEqual(new Set([NW_CONTOSO]));
    expect(await turn.locator('.badge-closest').count()).toBe(closest.length);
    expect(await turn.getByTestId('answer-text').count()).toBe(0); // never presented as the answer
    await screenshots(s.page, 'insufficient');

    await turn.getByTestId('scope-chip-remove').click();
    await expect.poll(() => s.page.getByTestId('turn').count()).toBeGreaterThan(3);
    await expect.poll(() => latestTurn(s.page).getAttribute('data-state')).toBe('answered');
    const wide = latestTurn(s.page);
    expect(await wide.getByTestId('turn-scope').textContent()).toContain('all documents');
    expect((await files(s.page)).size).toBeGreaterThan(1);
    // The non-compete now comes from a contract that has one.
    const first = (await results(s.page))[0]!;
    expect(first.file).not.toBe(NW_CONTOSO);
    expect(first.section).toMatch(/Non-Competition/);
  });

  it('asks which document when the name fits two, and answers for the one chosen', async () => {
    await ask(s.page, 'In the Distribution Agreement, how much notice stops the renewal?');
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('clarification');
    const candidates = turn.getByTestId('candidate');
    expect(await turn.getByText('Which document do you mean?').count()).toBe(1);
    expect((await candidates.allTextContents()).sort()).toEqual([
      `DISTRIBUTION AGREEMENTNorthwind Traders / Contoso Pharma${NW_CONTOSO}`,
      `DISTRIBUTION AGREEMENTNorthwind Traders / Fabrikam${NW_FABRIKAM}`,
    ]);
    await screenshots(s.page, 'clarification');
    const count = await s.page.getByTestId('turn').count();
    await candidates.filter({ hasText: NW_CONTOSO }).click();
    await expect.poll(() => s.page.getByTestId('turn').count()).toBe(count + 1);
    await expect.poll(() => latestTurn(s.page).getAttribute('data-state')).toBe('answered');
    expect(await chips(s.page)).toEqual(['DISTRIBUTION AGREEMENT — Northwind Traders / Contoso Pharma×']);
    expect((await results(s.page))[0]!.section).toMatch(/Term and Renewal/);
    expect(await latestTurn(s.page).getByTestId('answer-text').textContent()).toContain('ninety (90) days');
  });

  it('says when no document matches the contract a question names, offers the closest ones, and answers for the one chosen', async () => {
    await ask(s.page, 'Is liability capped in the Acme distribution agreement?');
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('clarification');
    expect(await turn.locator('.clarification').getAttribute('data-clarification')).toBe('not_found');
    expect(await turn.getByTestId('no-document-matches').textContent()).toContain('No document here matches “Acme distribution agreement”');
    // Nothing was searched: no sources, no scope chip.
    expect(await turn.getByTestId('scope-chip').count()).toBe(0);
    const candidates = turn.getByTestId('candidate');
    // The documents of the kind named, the two English distribution agreements first.
    expect(await candidates.allTextContents()).toEqual([
      `DISTRIBUTION AGREEMENTNorthwind Traders / Contoso Pharma${NW_CONTOSO}`,
      `DISTRIBUTION AGREEMENTNorthwind Traders / Fabrikam${NW_FABRIKAM}`,
      `CONTRAT DE DISTRIBUTIONSociété Générale de Négoce / Brasserie du Port${FRENCH}`,
    ]);
    await screenshots(s.page, 'not-found');
    const count = await s.page.getByTestId('turn').count();
    await candidates.filter({ hasText: NW_CONTOSO }).click();
    await expect.poll(() => s.page.getByTestId('turn').count()).toBe(count + 1);
    await expect.poll(() => latestTurn(s.page).getAttribute('data-state')).toBe('answered');
    expect(await chips(s.page)).toEqual(['DISTRIBUTION AGREEMENT — Northwind Traders / Contoso Pharma×']);
    expect((await results(s.page))[0]!.section).toMatch(/Limitation of Liability/);

    // Or every document, when the user asks for it.
    await ask(s.page, 'What law governs our deal with Globex?');
    const unknown = latestTurn(s.page);
    expect(await unknown.locator('.clarification').getAttribute('data-clarification')).toBe('not_found');
    await unknown.getByTestId('search-all').click();
    await expect.poll(() => s.page.getByTestId('turn').count()).toBe(count + 3);
    await expect.poll(() => latestTurn(s.page).getAttribute('data-state')).toBe('answered');
    expect(await latestTurn(s.page).getByTestId('turn-scope').textContent()).toContain('all documents');
  });

  it('searches only the documents picked in the filter, until it is cleared', async () => {
    await s.page.getByRole('button', { name: 'Choose documents…' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Search in these documents' });
    await dialog.getByRole('checkbox', { name: new RegExp(SUPPLY) }).check();
    await dialog.getByRole('button', { name: 'Search this document' }).click();
    expect(await s.page.getByTestId('filter-chip').allTextContents()).toEqual(['SUPPLY AGREEMENT — Fabrikam / Tailspin Toys×']);
    await ask(s.page, 'governing law');
    expect(await files(s.page)).toEqual(new Set([SUPPLY]));
    await ask(s.page, 'payment terms');
    expect(await files(s.page)).toEqual(new Set([SUPPLY]));
    expect(await latestTurn(s.page).getByTestId('turn-scope').getAttribute('data-source')).toBe('user');
    await s.page.getByRole('button', { name: 'Search all documents', exact: true }).click();
    expect(await s.page.getByTestId('filter-chip').count()).toBe(0);
    await ask(s.page, 'payment terms');
    expect((await files(s.page)).size).toBeGreaterThan(1);
  });

  it('states the value of each document searched, each line naming its document, and quotes each', async () => {
    await s.page.getByRole('button', { name: 'Choose documents…' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Search in these documents' });
    await dialog.getByRole('checkbox', { name: new RegExp(NW_CONTOSO) }).check();
    await dialog.getByRole('checkbox', { name: new RegExp(SUPPLY) }).check();
    await dialog.getByRole('button', { name: 'Search these 2 documents' }).click();
    await ask(s.page, 'which law governs?');
    const text = (await latestTurn(s.page).getByTestId('answer-text').textContent()) ?? '';
    expect(text).toMatch(/In DISTRIBUTION AGREEMENT — Northwind Traders \/ Contoso Pharma: English law governs \[\d\]/u);
    expect(text).toMatch(/In SUPPLY AGREEMENT — Fabrikam \/ Tailspin Toys: English law governs \[\d\]/u);
    expect(text.match(/governed by the laws of England and Wales/gu)?.length).toBe(2);
    expect(await latestTurn(s.page).getByTestId('quote-unverified').count()).toBe(0);
    await s.page.getByRole('button', { name: 'Search all documents', exact: true }).click();
  });

  it('opens a verified citation in the viewer on its page; "Search in this document" from the viewer and from a document row', async () => {
    await s.page.getByRole('button', { name: 'Choose documents…' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Search in these documents' });
    await dialog.getByRole('checkbox', { name: new RegExp(SUPPLY) }).check();
    await dialog.getByRole('button', { name: 'Search this document' }).click();
    await ask(s.page, 'Which law governs and which courts have jurisdiction?');
    const turn = latestTurn(s.page);
    const top = (await results(s.page))[0]!;
    expect(top).toMatchObject({ file: SUPPLY, page: 'part 2' });
    await s.page.getByRole('button', { name: 'Search all documents', exact: true }).click();
    const citation = turn.getByTestId('citation').first();
    const n = Number(await citation.getAttribute('data-n'));
    const cited = (await results(s.page))[n - 1]!;
    await citation.click();
    const viewer = s.page.getByRole('dialog', { name: cited.file });
    await viewer.waitFor();
    await expect.poll(() => viewer.getByTestId('viewer-pager').textContent()).toBe(`Part ${cited.page.replace('part ', '')} of 2`);
    expect(await viewer.getByTestId('passage').textContent()).toContain('governed by the laws of England and Wales');
    // The words the answer quotes from that source are marked within the passage.
    const fold = (t: string) => t.replace(/[\s“”"«»„]+/g, ' ').trim();
    const quoted = (await turn.getByTestId('quote-verbatim').allTextContents()).map(fold);
    await viewer.locator('.focus-mark').first().waitFor();
    const marked = fold((await viewer.locator('.focus-mark').allTextContents()).join(' '));
    expect(quoted.some((q) => q.includes(marked) || marked.includes(q))).toBe(true);
    expect(marked).toContain('governed by the laws of England and Wales');
    await s.page.screenshot({ path: `${ARTIFACTS}/ask-citation-viewer.png` });

    // From the viewer: questions search only this document.
    expect(await s.page.getByTestId('filter-chip').count()).toBe(0);
    await viewer.getByRole('button', { name: 'Search in this document' }).click();
    await viewer.waitFor({ state: 'hidden' });
    expect(await s.page.getByTestId('filter-chip').allTextContents()).toEqual(['SUPPLY AGREEMENT — Fabrikam / Tailspin Toys×']);

    // From a document row.
    await s.page.getByRole('button', { name: `Search in this document (${NDA})` }).click();
    expect(await s.page.getByTestId('filter-chip').allTextContents()).toEqual(['MUTUAL NON-DISCLOSURE AGREEMENT — Contoso Pharma / Fabrikam×']);
    await ask(s.page, 'How long does confidentiality last?');
    expect(await files(s.page)).toEqual(new Set([NDA]));
    await s.page.getByRole('button', { name: 'Search all documents', exact: true }).click();
  });

  it('answers a French question from the French contract, in French', async () => {
    await ask(s.page, 'Quelle est la durée du contrat et comment se renouvelle-t-il ?');
    const turn = latestTurn(s.page);
    expect((await results(s.page))[0]!.file).toBe(FRENCH);
    expect(await turn.getAttribute('lang')).toBe('fr');
    // Two asks (how long, how it renews): each value leads, in French, then the verbatim quotes of both.
    const text = await turn.getByTestId('answer-text').textContent();
    expect(text).toMatch(/^Fin de la durée initiale : 2 ans après la date d’effet \[\d\]\s*Durée du renouvellement : 1 an[^[]*\[\d\]\s*Extraits des documents, mot pour mot :/);
    expect(text).toContain('deux (2) ans');
    expect(text).toContain('Il se renouvelle tacitement');
    expect(await turn.getByRole('heading', { name: 'Sources' }).count()).toBe(1);
    expect(await turn.getByTestId('writer').textContent()).toContain('Passages cités mot pour mot');
  });

  it('keeps only the latest of two questions typed quickly', async () => {
    const before = Number(await s.page.locator('section.search').getAttribute('data-searches'));
    const turns = await s.page.getByTestId('turn').count();
    await s.page.evaluate(async () => {
      // Both submitted within one task: the first is still in flight when the second supersedes it.
      const input = document.getElementById('question') as HTMLInputElement;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      for (const text of ['indemnity for infringement claims', 'Which law governs the Software License Agreement?']) {
        setValue.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        for (let i = 0; i < 10; i++) await Promise.resolve(); // React re-renders in a microtask
        input.form!.requestSubmit();
      }
    });
    await s.page.waitForFunction((n) => Number(document.querySelector('section.search')?.getAttribute('data-searches')) > n, before);
    // The superseded turn is dropped when its abort lands: one new turn, the latest.
    await expect.poll(() => s.page.getByTestId('turn').count()).toBe(turns + 1);
    const questions = await s.page.getByTestId('turn-question').allTextContents();
    expect(questions[0]).toBe('Which law governs the Software License Agreement?'); // latest first
    expect(questions).not.toContain('indemnity for infringement claims');
    expect(await s.page.getByTestId('turn').count()).toBe(turns + 1);
    expect((await results(s.page))[0]!.file).toBe('litware-northwind-license.txt');
  });

  it('exports the conversation as Markdown and Word, citations as footnotes', async () => {
    const [md] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: 'Export Markdown' }).click()]);
    expect(md.suggestedFilename()).toMatch(/^Consider the Distribution Agreement.*\.md$/);
    const text = await readFile(await md.path(), 'utf8');
    expect(text).toContain('## 1. Consider the Distribution Agreement between Northwind Traders Ltd. and Contoso Pharma Inc.; is there a cap on liability?');
    expect(text).toMatch(new RegExp(`\\[\\^1-1\\]: ${NW_CONTOSO.replace(/\./g, '\\.')}, part 1, § .*Limitation of Liability.*: “`));
    expect(text).toContain('**Not enough evidence in the documents**');
    const [word] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: 'Export Word' }).click()]);
    expect(word.suggestedFilename()).toMatch(/\.docx$/);
    const docx = unzipSync(new Uint8Array(await readFile(await word.path())));
    expect(strFromU8(docx['word/document.xml']!)).toContain('is there a cap on liability?');
    expect(strFromU8(docx['word/footnotes.xml']!)).toContain(`${NW_CONTOSO}, part 1`);
  });

  it('keeps the conversation across a reload, and lists it in the history', async () => {
    const questions = await s.page.getByTestId('turn-question').allTextContents();
    const title = await s.page.getByTestId('conversation-title').textContent();
    // The invitation to set up a model, once dismissed, stays dismissed.
    await s.page.getByTestId('model-invitation').getByRole('button', { name: 'Not now' }).click();
    await s.page.reload();
    await waitForStatus(s.page, NW_CONTOSO, 'Ready');
    await expect.poll(() => s.page.getByTestId('turn-question').allTextContents()).toEqual(questions);
    expect(await s.page.getByTestId('conversation-title').textContent()).toBe(title);
    expect(await latestTurn(s.page).getAttribute('data-state')).toBe('answered');
    expect(await s.page.getByTestId('model-invitation').count()).toBe(0);
    // The follow-up lineage survives too.
    await ask(s.page, 'Consider the Supply Agreement; is there a non-compete?');
    await ask(s.page, 'and how is it renewed?');
    expect(await chips(s.page)).toEqual(['SUPPLY AGREEMENT — Fabrikam / Tailspin Toys×']);
    await s.page.getByRole('button', { name: /^History/ }).click();
    expect(await s.page.getByTestId('conversation-item').count()).toBe(1);
  });

  it('starts a new conversation, renames and deletes with an undo', async () => {
    await s.page.getByRole('button', { name: 'New conversation' }).click();
    expect(await s.page.getByTestId('turn').count()).toBe(0);
    await ask(s.page, 'termination for material breach');
    await expect.poll(() => s.page.getByTestId('conversation-title').textContent()).toBe('termination for material breach');
    await s.page.getByRole('button', { name: 'Rename', exact: true }).click();
    const rename = s.page.getByRole('dialog', { name: 'Rename conversation' });
    await rename.getByLabel('Name').fill('Breach questions');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => s.page.getByTestId('conversation-title').textContent()).toBe('Breach questions');
    await s.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await s.page.getByTestId('undo-delete').waitFor();
    expect(await s.page.getByTestId('turn').count()).toBe(0);
    await s.page.getByTestId('undo-delete').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => s.page.getByTestId('conversation-title').textContent()).toBe('Breach questions');
    expect(await s.page.getByTestId('turn-question').allTextContents()).toEqual(['termination for material breach']);
  });

  it('marks answers given before the documents changed, instead of answering again unasked', async () => {
    const before = Number(await s.page.locator('section.search').getAttribute('data-searches'));
    expect(await latestTurn(s.page).getByTestId('stale').count()).toBe(0);
    await s.page.getByTestId('file-input').setInputFiles([{ name: 'breach-amendment.txt', mimeType: 'text/plain', buffer: Buffer.from('AMENDMENT\n\n1. Termination for material breach. Either party may terminate this Agreement for a material breach only if the breach is not remedied within sixty (60) days of notice.') }]);
    await waitForStatus(s.page, 'breach-amendment.txt', 'Ready');
    await latestTurn(s.page).getByTestId('stale').waitFor();
    expect(await latestTurn(s.page).getByTestId('stale').textContent()).toContain('Documents changed since this answer.');
    expect(Number(await s.page.locator('section.search').getAttribute('data-searches'))).toBe(before); // nothing re-ran
    await latestTurn(s.page).getByTestId('stale').getByRole('button', { name: 'Ask again' }).click();
    await s.page.waitForFunction((n) => Number(document.querySelector('section.search')?.getAttribute('data-searches')) > n, before);
    expect(await latestTurn(s.page).getByTestId('stale').count()).toBe(0);
    expect((await files(s.page)).has('breach-amendment.txt')).toBe(true);
  });

  it('streams a model’s answer, marks its unresolved citation and unverified quote, and Stop keeps what it wrote', async () => {
    // A scripted model behind the ChatAccess seam (the providers are set up in Settings → Models).
    await s.page.evaluate(() => {
      const plans = { a: { family: 'workspace_retrieval', reply_language: 'en', evidence_regime: 'grounded', follow_up: false }, b: { document_ids: [], section_ordinal: null, answer_shape: 'short' } };
      const scripts = [
        ['Each party’s liability ', '“shall not exceed the fees paid by Contoso to Northwind” [1], ', 'and it is “unlimited for fraud and wilful misconduct” [1]. See also [7].'],
        ['The renewal ', 'notice is ', ...Array.from({ length: 200 }, (_, i) => `word${i} `)],
      ];
      const model = {
        model: { id: 'test/streaming-model', dtype: 'q4f16', device: 'webgpu' },
        json: async (_request: unknown, schema: { properties?: Record<string, unknown> }) => (schema.properties?.['family'] ? plans.a : plans.b),
        chat: (_request: unknown, options: { signal?: AbortSignal } = {}) => {
          const deltas = scripts.shift() ?? [];
          return (async function* () {
            for (const text of deltas) {
              await new Promise((r) => setTimeout(r, 120));
              if (options.signal?.aborted) throw new DOMException('stopped', 'AbortError');
              yield { text };
            }
          })();
        },
      };
      const chat = { state: { provider: 'endpoint', model: model.model.id, status: 'ready', message: null }, subscribe: () => () => undefined, model: async () => model, dispose: () => undefined };
      const session = (window as unknown as { casefile: { session: object } }).casefile.session;
      Object.defineProperty(session, 'chat', { value: chat });
    });
    await s.page.getByRole('button', { name: 'New conversation' }).click();
    await ask(s.page, 'Consider the Distribution Agreement between Northwind Traders Ltd. and Contoso Pharma Inc.; what is the cap on liability?');
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('answered');
    expect(await turn.getByTestId('writer').textContent()).toBe('Written by test/streaming-model');
    expect(await turn.getByTestId('quote-verbatim').count()).toBeGreaterThan(0);
    expect(await turn.getByTestId('quote-unverified').allTextContents()).toEqual(['“unlimited for fraud and wilful misconduct”']);
    expect(await turn.getByTestId('citation-unresolved').allTextContents()).toEqual(['[7?]']);
    expect(await turn.getByTestId('verification').textContent()).toBe('⚠ Verification: 3 citations, 1 unresolved; 2 quotations, 1 not verbatim.');
    await turn.getByText('How this was found').click();
    expect(await turn.getByTestId('trace-model').textContent()).toMatch(/^test\/streaming-model · first token \d/);
    expect(await turn.getByTestId('trace-plan').textContent()).toContain('the language model (two phases)');
    await s.page.screenshot({ path: `${ARTIFACTS}/ask-model-answer.png` });

    // Stop while it writes: the turn keeps the words written so far.
    await s.page.getByLabel('Ask a question or search your documents').fill('and how much notice stops the renewal?');
    await s.page.getByRole('search').getByRole('button', { name: 'Ask', exact: true }).click();
    await latestTurn(s.page).getByTestId('draft').filter({ hasText: 'word3' }).waitFor();
    await s.page.getByTestId('stop').click();
    await expect.poll(() => latestTurn(s.page).getAttribute('data-state')).toBe('stopped');
    const stopped = await latestTurn(s.page).getByTestId('answer-text').textContent();
    expect(stopped).toMatch(/^The renewal notice is word0 word1 word2 word3/);
    expect(stopped).not.toContain('word199');
    expect(await s.page.getByTestId('stop').count()).toBe(0);
  });

  it('made no request outside localhost and logged no errors', () => {
    const foreign = s.requests.filter((u) => !/^(https?:\/\/(localhost|127\.0\.0\.1)[:/]|blob:|data:)/.test(u));
    expect(foreign).toEqual([]);
    expect(s.consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});

/** Every source of an answer is either cited by it or labelled as context: how many of each (throws on a source that is both or neither). */
async function contextLabels(turn: Locator): Promise<{ cited: number; context: number }> {
  const cited = new Set((await turn.getByTestId('citation').allTextContents()).map((c) => c.replace(/\D/g, '')));
  const sources = turn.getByTestId('result');
  let context = 0;
  for (let i = 0; i < (await sources.count()); i++) {
    const source = sources.nth(i);
    const labelled = (await source.getByTestId('result-context').count()) === 1;
    if (labelled === cited.has((await source.getAttribute('data-n'))!)) throw new Error(`source ${i + 1}: cited ${!labelled}, labelled as context ${labelled}`);
    if (labelled) context++;
  }
  return { cited: cited.size, context };
}
