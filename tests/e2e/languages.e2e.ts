/**
 * French and German end to end, in Chromium, on generated documents: English contracts beside a
 * short French code and a German act (tests/fixtures/statutes.ts).
 *
 *  - A French question over the mixed workspace shows a French passage first; its turn is
 *    labelled in French (scope "documents en français", "Sources", "Vérification"), a question in
 *    English in English, whatever the app's language.
 *  - A French question naming a kind of clause of an English contract ("clause de
 *    non-concurrence") quotes that clause, and is insufficient of a contract without one, saying
 *    why in French.
 *  - Settings → Languages switches the app to French: the frame, the Ask screen, flows, the
 *    Review view and the exports (a conversation's Markdown, a report's CSV) speak French; back
 *    to Automatic follows the browser (English here); the choice survives a reload.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textFile, WORKSPACE_CONTRACTS } from '../fixtures/contracts';
import { FRENCH_CODE, GERMAN_ACT } from '../fixtures/statutes';
import { commercial, download } from './review-support';
import { ARTIFACTS, latestTurn, launch, openApp, waitForStatus, type Session } from './support';

const FILES = [
  ...WORKSPACE_CONTRACTS.filter((c) => c.language === 'en').map((c) => ({ name: c.file, text: textFile(c) })),
  { name: 'code-civil-contrats.txt', text: FRENCH_CODE },
  { name: 'geschgehg.txt', text: GERMAN_ACT },
];

/** Asks through the question box whatever the app's language (its id and the search form's submit button). */
async function askAnyLanguage(page: Page, question: string): Promise<void> {
  const panel = page.locator('section.search');
  const before = Number(await panel.getAttribute('data-searches'));
  await page.locator('#question').fill(question);
  await page.getByRole('search').locator('button[type=submit]').click();
  await page.waitForFunction((n) => Number(document.querySelector('section.search')?.getAttribute('data-searches')) > n, before);
}

async function chooseLanguage(page: Page, settingsLabel: string, tab: string, option: string): Promise<void> {
  await page.getByRole('button', { name: settingsLabel, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: tab }).click();
  await dialog.getByRole('radio', { name: option }).check();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

describe('French and German end to end', () => {
  let s: Session;

  beforeAll(async () => {
    s = await launch();
    await openApp(s.page);
    await s.page.getByTestId('file-input').setInputFiles(FILES.map((f) => ({ name: f.name, mimeType: 'text/plain', buffer: Buffer.from(f.text) })));
    for (const f of FILES) await waitForStatus(s.page, f.name, 'Ready');
  }, 120_000);

  afterAll(async () => {
    await s?.close();
  });

  it('a French question over the mixed workspace finds the French article first, its turn labelled in French', async () => {
    await askAnyLanguage(s.page, 'Que peut demander une partie si un changement de circonstances imprévisible rend l’exécution du contrat excessivement onéreuse ?');
    const turn = latestTurn(s.page);
    expect(await turn.getAttribute('lang')).toBe('fr');
    expect(await turn.getByTestId('result-file').first().textContent()).toBe('code-civil-contrats.txt');
    expect(await turn.getByTestId('result').first().textContent()).toContain('renégociation');
    const scope = turn.getByTestId('turn-scope');
    expect(await scope.getAttribute('data-source')).toBe('language');
    expect(await scope.textContent()).toMatch(/^Recherche dans :documents en français/);
    expect(await turn.getByRole('heading', { level: 3 }).first().textContent()).toBe('Sources');
    expect(await turn.getByTestId('verification').textContent()).toMatch(/^✓ Vérification : \d+ références?, toutes résolues ; \d+ citations?, mot pour mot\.$/);
    expect(await turn.getByTestId('writer').textContent()).toBe('Passages cités mot pour mot (sans modèle de langue)');
    expect(await turn.locator('summary').first().textContent()).toBe('Comment cela a été trouvé');
    // The chip widens the search to every document (the question asked again).
    await turn.getByRole('button', { name: 'Chercher dans tous les documents' }).click();
    await expect.poll(async () => latestTurn(s.page).getByTestId('turn-scope').getAttribute('data-source')).toBe('user');
  });

  it('a German question finds the German act; an English one keeps English labels', async () => {
    await askAnyLanguage(s.page, 'Wann haftet der Rechtsverletzer für den Schaden des Inhabers?');
    let turn = latestTurn(s.page);
    expect(await turn.getByTestId('result-file').first().textContent()).toBe('geschgehg.txt');
    expect(await turn.getByRole('heading', { level: 3 }).first().textContent()).toBe('Quellen');
    await askAnyLanguage(s.page, 'What is the cap on liability in the Supply Agreement?');
    turn = latestTurn(s.page);
    expect(await turn.getByRole('heading', { level: 3 }).first().textContent()).toBe('Sources');
    expect(await turn.getByTestId('turn-scope').textContent()).toMatch(/^Searching in:/);
  });

  it('a French question about an English contract finds the clause it names, and says so when the contract has none', async () => {
    await askAnyLanguage(s.page, 'Le contrat de Tailspin contient-il une clause de non-concurrence ?');
    let turn = latestTurn(s.page);
    expect(await turn.getAttribute('lang')).toBe('fr');
    expect(await turn.getAttribute('data-state')).toBe('answered');
    expect(await turn.getByTestId('result-file').first().textContent()).toBe('fabrikam-tailspin-supply.txt');
    expect(await turn.getByTestId('quote-verbatim').first().textContent()).toContain('Tailspin shall not manufacture, sell or promote products that compete');
    await askAnyLanguage(s.page, 'Le contrat de distribution de Contoso contient-il une clause de non-concurrence ?');
    turn = latestTurn(s.page);
    expect(await turn.getAttribute('data-state')).toBe('insufficient');
    expect(await turn.getByTestId('result-file').first().textContent()).toBe('northwind-contoso-distribution.txt');
    expect(await turn.getByTestId('insufficient').textContent()).toMatch(/^Aucun passage de « .+ » ne répond clairement à cette question\.$/);
    // Why, in French, the kind named as the playbook names it in French.
    expect(await turn.getByTestId('reasons').textContent()).toMatch(/^Aucun passage de « .+ » n’est une clause du type « non-concurrence »\.$/);
  });

  it('the app in French: frame, Ask screen, conversation export, flows and review speak French', async () => {
    await chooseLanguage(s.page, 'Settings', 'Languages', 'Français');
    expect(await s.page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await s.page.getByLabel('Posez une question ou cherchez dans vos documents').waitFor();
    expect(await s.page.getByRole('tab', { name: 'Questions' }).count()).toBe(1);
    expect(await s.page.getByRole('heading', { name: 'Documents', level: 2 }).count()).toBe(1);
    expect(await s.page.getByRole('list', { name: 'Documents de cet espace de travail' }).count()).toBe(1);
    await s.page.screenshot({ path: `${ARTIFACTS}/languages-fr-ask.png`, fullPage: true });

    // The conversation exported in French (the answers stay in their own languages).
    const md = await download(s.page, () => s.page.getByRole('button', { name: 'Exporter en Markdown' }).click());
    const text = md.bytes.toString('utf8');
    expect(text).toContain('_Exporté de Casefile le ');
    expect(text).toContain('**Réponse (composée de passages mot pour mot, sans modèle de langue)**');
    expect(text).toMatch(/_Vérification : /);

    // A broad question: the approval card in French, no time promised before anything was measured.
    await askAnyLanguage(s.page, 'quels contrats ont une clause de non-concurrence ?');
    const card = latestTurn(s.page).getByTestId('approval-card');
    await card.waitFor();
    expect(await card.getByRole('heading').textContent()).toMatch(/^Interroger chacun des \d+ documents \?$/);
    expect(await card.getByTestId('approval-estimate').textContent()).toMatch(/^Durée estimée : estimation…/);
    expect(await card.getByTestId('approve').textContent()).toBe('Exécuter');
    await card.getByTestId('deny').click();

    // Review in French: tabs, scan, flags, a report in French.
    await s.page.getByRole('tab', { name: 'Examen' }).click();
    await s.page.getByRole('heading', { name: 'Examen des contrats' }).waitFor();
    const panel = s.page.getByRole('region', { name: 'Examiner des documents' });
    await panel.getByRole('checkbox', { name: /fabrikam-tailspin-supply\.txt/ }).check();
    await panel.getByRole('button', { name: 'Examiner', exact: true }).click();
    await s.page.getByTestId('flag').first().waitFor({ timeout: 60_000 });
    expect(await s.page.getByRole('tab', { name: /^Alertes/ }).count()).toBe(1);
    expect(['Critique', 'Élevée', 'Moyenne', 'Faible', 'Info']).toContain(await s.page.getByTestId('flag').first().locator('.severity').textContent());
    expect(await s.page.getByTestId('flag-status').first().textContent()).toBe('Ouverte');
    // The flag itself in French: the built-in playbook's rule, the finding, the checks' findings; the contract's words as written.
    const ip = s.page.locator('[data-testid=flag][data-rule-id="ip-ownership"]');
    expect(await ip.textContent()).toContain('La titularité de la PI développée est précisée');
    expect(await ip.textContent()).toContain('Aucune clause «\u00a0Cession des droits de propriété intellectuelle\u00a0» n’a été trouvée.');
    const mutual = s.page.locator('[data-testid=flag][data-rule-id="model-cap-mutual"]');
    expect(await mutual.textContent()).toContain('non vérifié\u00a0: aucun modèle de langue n’est configuré');
    expect(await mutual.getByTestId('flag-evidence').textContent()).toContain('Limitation of Liability');
    expect(await s.page.getByRole('combobox', { name: 'Playbook' }).locator('option:checked').textContent()).toBe(`Contrats commerciaux (${commercial.version})`);
    await s.page.getByRole('navigation', { name: 'Documents examinés' }).getByTestId('review-doc').first().click();
    const csv = await download(s.page, () => s.page.getByRole('group', { name: 'Rapport' }).getByRole('button', { name: 'CSV' }).click());
    expect(csv.name).toMatch(/-examen\.csv$/);
    expect(csv.bytes.toString('utf8')).toContain('La titularité de la PI développée est précisée');
    expect(csv.bytes.toString('utf8').split('\r\n')[0]).toBe('Gravité,Statut,Règle,Type de clause,Constat,Document,Page,Section,Extrait,Mots repérés,Explication,Détails,Ailleurs,Conseil,Rédaction de repli,Note de revue,Revu par,Revu le');
    await s.page.screenshot({ path: `${ARTIFACTS}/languages-fr-review.png`, fullPage: true });
    // The built-in playbooks listed by their French names and descriptions.
    await s.page.getByRole('tab', { name: 'Playbooks', exact: true }).click();
    const listed = s.page.getByRole('listitem', { name: 'Contrats commerciaux' });
    expect(await listed.getByRole('heading').textContent()).toBe('Contrats commerciaux');
    expect(await listed.locator('.playbook-description').textContent()).not.toMatch(/\b(?:the|and|with)\b/u);
    await s.page.getByRole('tab', { name: 'Questions' }).click();
  });

  it('the choice survives a reload; Automatic follows the browser again', async () => {
    await s.page.reload();
    await s.page.getByLabel('Posez une question ou cherchez dans vos documents').waitFor();
    // Settings' own screens in French too: the search pipeline, the models, the storage.
    await s.page.getByRole('button', { name: 'Réglages', exact: true }).click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Recherche' }).click();
    const search = dialog.getByRole('form', { name: 'Réglages de la recherche' });
    expect(await search.locator('.hint').textContent()).toBe('Ces réglages appartiennent à l’espace de travail « Mes documents ».');
    expect(await search.getByRole('button', { name: 'Rétablir les valeurs par défaut' }).count()).toBe(1);
    await dialog.getByRole('tab', { name: 'Modèles' }).click();
    await dialog.getByText(/Profil choisi automatiquement : /u).first().waitFor();
    expect(await dialog.textContent()).not.toMatch(/chosen automatically|Profile default|Changing the embedder/u);
    await dialog.getByRole('tab', { name: 'Stockage' }).click();
    await dialog.getByText('Stockage sur cet appareil').waitFor();
    await s.page.screenshot({ path: `${ARTIFACTS}/languages-fr-settings.png`, fullPage: true });
    await s.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await chooseLanguage(s.page, 'Réglages', 'Langues', 'Automatique (ce navigateur : English)');
    await s.page.getByLabel('Ask a question or search your documents').waitFor();
    expect(await s.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(s.consoleErrors).toEqual([]);
  });
});
