/**
 * A question prefers documents in its language (src/core/ask/language-preference.ts): a French
 * question over English contracts, a French code and a German act finds the French article
 * first; a question naming a document, or a language, or finding nothing in its language's
 * documents, searches as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ask } from '../../../../src/core/ask/ask';
import { namesLanguage, preferredDocuments } from '../../../../src/core/ask/language-preference';
import type { AskDeps } from '../../../../src/core/ask/types';
import { previousScope } from '../../../../src/core/answer/lineage';
import type { TurnRecord } from '../../../../src/core/answer-types';
import { textFile, WORKSPACE_CONTRACTS } from '../../../fixtures/contracts';
import { FRENCH_CODE, GERMAN_ACT } from '../../../fixtures/statutes';
import { askWorkspace, type AskWorkspace } from '../../../helpers/ask-workspace';

let w: AskWorkspace;
let deps: AskDeps;
const id = (file: string) => w.byFile.get(file)!.id;

beforeAll(async () => {
  w = await askWorkspace([
    ...WORKSPACE_CONTRACTS.filter((c) => c.language === 'en').map((c) => ({ file: c.file, text: textFile(c) })),
    { file: 'code-civil-contrats.txt', text: FRENCH_CODE },
    { file: 'geschgehg.txt', text: GERMAN_ACT },
  ]);
  deps = { retriever: w.retriever, documents: w.documents };
}, 60_000);

describe('language preference', () => {
  it('the documents were read in their languages', () => {
    expect(w.byFile.get('code-civil-contrats.txt')!.language).toBe('fr');
    expect(w.byFile.get('geschgehg.txt')!.language).toBe('de');
    expect(w.byFile.get('contoso-fabrikam-nda.txt')!.language).toBe('en');
  });

  it('a French question over the mixed workspace searches the French documents and shows the article first', async () => {
    const r = await ask({ question: 'Que peut demander une partie si un changement de circonstances imprévisible rend l’exécution du contrat excessivement onéreuse ?' }, deps);
    expect(r.scope).toEqual({ source: 'language', documentIds: [id('code-civil-contrats.txt')], matched: [], language: 'fr' });
    expect(r.passages[0]!.document.name).toBe('code-civil-contrats.txt');
    expect(r.passages[0]!.chunk.text).toContain('renégociation');
    expect(r.passages.every((p) => p.document.language === 'fr')).toBe(true);
  });

  it('a German question finds the German act', async () => {
    const r = await ask({ question: 'Wann haftet der Rechtsverletzer für den Schaden des Inhabers?' }, deps);
    expect(r.scope.source).toBe('language');
    expect(r.passages[0]!.document.name).toBe('geschgehg.txt');
    expect(r.passages[0]!.chunk.text).toContain('Ersatz des daraus entstehenden Schadens');
  });

  it('without the preference the shared words bring in English contracts (what it fixes)', async () => {
    const r = await ask({ question: 'Quelles informations une partie doit-elle donner à l’autre avant le consentement ?', context: { anyLanguage: true } }, deps);
    expect(r.scope.source).toBe('workspace');
    const preferred = await ask({ question: 'Quelles informations une partie doit-elle donner à l’autre avant le consentement ?' }, deps);
    expect(preferred.scope.source).toBe('language');
    expect(preferred.passages[0]!.chunk.text).toContain('information dont l’importance est déterminante');
  });

  it('a question naming a document or a language decides itself', async () => {
    const named = await ask({ question: 'Dans le Supply Agreement entre Fabrikam et Tailspin, quelle est la durée du renouvellement ?' }, deps);
    expect(named.scope.source).toBe('question');
    expect(namesLanguage('Que disent les contrats anglais sur la responsabilité ?')).toBe(true);
    expect(namesLanguage('Was sagen die englischen Verträge zur Haftung?')).toBe(true);
    expect(namesLanguage('What do the French documents say about good faith?')).toBe(true);
    expect(namesLanguage('Que se passe-t-il en cas de changement de circonstances ?')).toBe(false);
    const language = await ask({ question: 'Que disent les contrats anglais sur la limitation de responsabilité ?' }, deps);
    expect(language.scope.source).toBe('workspace');
  });

  it('a question in the workspace’s main language searches it whole; a short keyword query is not guessed', async () => {
    const documents = await w.documents();
    expect(preferredDocuments('What is the cap on liability in these agreements?', documents)).toBeNull();
    expect(preferredDocuments('force majeure', documents)).toBeNull();
    // Mostly French documents: the English question is the minority's.
    const french = documents.map((d) => (d.language === 'en' && d.name !== 'contoso-fabrikam-nda.txt' ? { ...d, language: 'fr' } : d));
    expect(preferredDocuments('What is the cap on liability in these agreements?', french)).toEqual({ language: 'en', documentIds: [id('contoso-fabrikam-nda.txt')] });
  });

  it('a workspace in one language is searched whole', async () => {
    const documents = (await w.documents()).filter((d) => d.language === 'en');
    expect(preferredDocuments('What is the cap on liability in these agreements?', documents)).toBeNull();
  });

  it('finding nothing sufficient in its language, a question searches the whole workspace', async () => {
    const r = await ask({ question: 'Quel est le plafond de responsabilité « shall not exceed the fees paid » ?' }, deps);
    expect(r.scope.source).toBe('workspace');
    expect(r.passages[0]!.document.language).toBe('en');
  });

  it('a follow-up does not keep a scope the language chose', () => {
    const turn = (scope: TurnRecord['scope']) => ({ scope }) as TurnRecord;
    expect(previousScope([turn({ source: 'question', documentIds: ['a'], matched: ['A'] }), turn({ source: 'language', documentIds: ['b'], matched: [], language: 'fr' })])).toBeNull();
  });
});
