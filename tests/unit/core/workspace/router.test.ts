import { describe, expect, it } from 'vitest';
import { MemoryCatalog } from '../../../../src/core/workspace/catalog';
import { namedDocument, resolveNamed, titleInitialisms } from '../../../../src/core/workspace/facts';
import { parseWorkspaceQuestion } from '../../../../src/core/workspace/parse';
import { routeWorkspace } from '../../../../src/core/workspace/route';
import { DAY, namedRows, NOW } from '../../../helpers/catalog-fixtures';

const parse = (q: string, locale: string | null = null) => parseWorkspaceQuestion(q, { now: NOW, locale });
const documents = async () => namedRows().map(namedDocument);
const route = (q: string) => routeWorkspace(q, documents, { now: NOW });

describe('inventory questions, in English, French and German', () => {
  it.each([
    ['how many documents are in French', 'en'],
    ['combien de documents sont en français ?', 'fr'],
    ['Wie viele Dokumente sind auf Französisch?', 'de'],
  ])('%s → counts of the French documents', (q, language) => {
    expect(parse(q)).toMatchObject({ route: 'inventory', view: 'counts', language, filter: { languages: ['fr'] } });
  });

  it.each([
    ['wie viele Dokumente sind auf Deutsch', 'de', 'de'],
    ['How many German documents do we have?', 'en', 'de'],
    ['Combien de documents allemands ?', 'fr', 'de'],
    ['how many documents have an unknown language', 'en', 'unknown'],
  ])('%s → counts in %s of language %s', (q, language, code) => {
    expect(parse(q)).toMatchObject({ route: 'inventory', view: 'counts', language, filter: { languages: [code] } });
  });

  it.each([
    ['list the documents', 'en'],
    ['Liste les documents', 'fr'],
    ['Zeige alle Dokumente', 'de'],
    ['which documents are there?', 'en'],
  ])('%s → a table of every document', (q, language) => {
    const p = parse(q);
    expect(p).toMatchObject({ route: 'inventory', view: 'table', language, filter: {} });
  });

  it.each([
    ['what did we add last week', 'en'],
    ["Qu'avons-nous ajouté la semaine dernière ?", 'fr'],
    ['Was haben wir letzte Woche hinzugefügt?', 'de'],
  ])('%s → the documents added in the previous calendar week, newest first', (q, language) => {
    const p = parse(q);
    // NOW is Wednesday 11 March 2026: last week is Monday 2 to Sunday 8 March.
    expect(p).toMatchObject({ route: 'inventory', view: 'table', language, order: 'desc', filter: { addedFrom: new Date(2026, 2, 2).getTime(), addedUntil: new Date(2026, 2, 9).getTime() } });
  });

  it('reads the other filters: formats, statuses, scans, dates, folders, "the last n days", a page', () => {
    expect(parse('How many PDFs failed?')).toMatchObject({ route: 'inventory', view: 'counts', filter: { kinds: ['pdf'], statuses: ['failed'] } });
    expect(parse('list the scanned documents')).toMatchObject({ route: 'inventory', filter: { scanned: true } });
    expect(parse('list the French documents added since 2026-03-01, page 2')).toMatchObject({ route: 'inventory', page: 2, filter: { languages: ['fr'], addedFrom: new Date(2026, 2, 1).getTime() } });
    expect(parse('Dokumente seit dem 01.03.2026 hinzugefügt')).toMatchObject({ route: 'inventory', filter: { addedFrom: new Date(2026, 2, 1).getTime() } });
    expect(parse('documents added in the last 10 days')).toMatchObject({ route: 'inventory', filter: { addedFrom: NOW - 10 * DAY } });
    expect(parse('list the documents in the folder "Contracts 2024"')).toMatchObject({ route: 'inventory', filter: { folder: 'Contracts 2024' } });
    expect(parse('liste les documents du dossier contrats/2024')).toMatchObject({ route: 'inventory', filter: { folder: 'contrats/2024' } });
    expect(parse('which languages are the documents in?')).toMatchObject({ route: 'inventory', view: 'counts', dimension: 'language' });
  });

  it('leaves what it cannot answer exactly to the ask path: negations, content questions', () => {
    expect(parse('how many documents are not in French').route).toBeNull();
    expect(parse('What is the governing law of the MSA?').route).toBeNull();
    expect(parse('what is the termination notice period?').route).toBeNull();
    expect(parse('Quelle est la durée du préavis ?').route).toBeNull();
    expect(parse('which agreement mentions the warranty?').route).toBeNull();
  });
});

describe('broad questions, in English, French and German', () => {
  it.each([
    ['which contracts have a non-compete clause?', 'en', 'non-compete clause'],
    ['list the governing law of every contract', 'en', 'governing law'],
    ['what law governs each contract?', 'en', 'law governs'],
    ['how many contracts can be terminated for convenience?', 'en', 'terminated for convenience'],
    ['Quels contrats contiennent une clause de non-concurrence ?', 'fr', 'clause de non-concurrence'],
    ['Quelle est la loi applicable de chaque contrat ?', 'fr', 'loi applicable'],
    ['Welche Verträge enthalten ein Wettbewerbsverbot?', 'de', 'Wettbewerbsverbot'],
    ['Welches Recht gilt für jeden Vertrag?', 'de', 'Recht gilt'],
    // Typed as into a search box: the plural document noun opens the question.
    ['Contracts expiring before 2025', 'en', 'expiring'],
    ['the agreements governed by New York law', 'en', 'governed by New York law'],
    ['Contrats expirant avant 2025', 'fr', 'expirant avant'],
    ['Verträge ohne Haftungsbegrenzung', 'de', 'Haftungsbegrenzung'],
  ])('%s → broad, asking each document about: %s', (q, language, subject) => {
    expect(parse(q)).toMatchObject({ route: 'broad', language, subject, broad: true });
  });

  it('keeps a language named as a law in the content, and reads a filter on the documents', () => {
    expect(parse('which contracts are governed by German law?')).toMatchObject({ route: 'broad', filter: {}, subject: 'governed by German law' });
    expect(parse('which French contracts have a non-compete clause?')).toMatchObject({ route: 'broad', filter: { languages: ['fr'] } });
    expect(parse('summarize every contract')).toMatchObject({ route: 'broad', summary: true });
  });

  it('leaves a question about one contract, and a document list, where they were', () => {
    expect(parse('Is the contract governed by New York law?')).toMatchObject({ route: null, broad: false });
    expect(parse('contracts in French')).toMatchObject({ route: 'inventory', broad: false });
  });
});

describe('metadata facts through the alias map', () => {
  it('short forms: initialisms of the title and of its head words, abbreviations found at ingest', () => {
    expect(titleInitialisms('Mutual Non-Disclosure Agreement')).toEqual(['MNDA', 'NDA']);
    expect(titleInitialisms('General Data Protection Regulation')).toEqual(['GDPR', 'DPR']);
    expect(titleInitialisms('Auftragsverarbeitungsvertrag')).toEqual([]);
  });

  it.each([
    ['how many pages does the NDA have', 'nda', 'pages', 'en'],
    ['Combien de pages compte le NDA ?', 'nda', 'pages', 'fr'],
    ['Wie viele Seiten hat das NDA?', 'nda', 'pages', 'de'],
    ['which language is the GDPR in?', 'gdpr', 'language', 'en'],
    ['who are the parties to the Acme agreement?', 'msa', 'parties', 'en'],
    ['who signed the Acme agreement?', 'msa', 'parties', 'en'],
    ['when was the Master Services Agreement added?', 'msa', 'added', 'en'],
    ['what is the OCR quality of the Aura scan?', 'scan', 'ocr_quality', 'en'],
    ['In welchem Ordner liegt der AVV?', 'avv', 'source', 'de'],
  ])('%s → %s, %s', async (q, id, fact, language) => {
    expect(await route(q)).toMatchObject({ family: 'metadata_fact', documentIds: [id], factKind: fact, language });
  });

  it('a name several documents share gives the candidates', async () => {
    const r = await route('how many pages does the Northwind agreement have?');
    expect(r).toMatchObject({ family: 'metadata_fact', documentIds: [] });
    expect(r!.candidates.map((c) => c.id).sort()).toEqual(['dist1', 'dist2']);
    const named = resolveNamed('the Distribution Agreement', await documents());
    expect(named.kind).toBe('ambiguous');
  });

  it('a fact word with content that names no document goes to the ask path', async () => {
    expect(await route('what is the title of section 5?')).toBeNull();
    expect(await route('how long is the term of the NDA?')).toBeNull();
    // How long a contract is asks its term, in every language; its pages are asked as pages.
    expect(await route('how long is the Acme agreement?')).toBeNull();
    expect(await route('Wie lang ist der AVV?')).toBeNull();
    expect(await route('how many pages is the NDA?')).toMatchObject({ family: 'metadata_fact', factKind: 'pages' });
    // When it was signed is a date in the text, not who the parties are.
    expect(await route('when was the Acme agreement signed?')).toBeNull();
    expect(await route('Quand le NDA a-t-il été signé ?')).toBeNull();
    expect(await route('Wann wurde das NDA unterzeichnet?')).toBeNull();
  });

  it('routes inventory and broad questions without reading the documents', async () => {
    let read = 0;
    const counting = async () => {
      read++;
      return documents();
    };
    expect(await routeWorkspace('how many documents are in French', counting, { now: NOW })).toMatchObject({ family: 'inventory', language: 'en' });
    expect(await routeWorkspace('Welche Verträge enthalten ein Wettbewerbsverbot?', counting, { now: NOW })).toMatchObject({ family: 'multi_doc_retrieval', language: 'de' });
    expect(read).toBe(0);
  });

  it('the catalog keeps a row per document for the names (statuses included)', async () => {
    const catalog = new MemoryCatalog(namedRows());
    expect((await catalog.page({ limit: 100 })).rows).toHaveLength(7);
  });
});
