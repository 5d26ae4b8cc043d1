/**
 * The ask function over an in-memory workspace of generated contracts (tests/fixtures/contracts.ts),
 * ingested by the app's own pipeline and searched through the Retriever port in-process, exactly
 * as `npm run eval` runs it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ask } from '../../../../src/core/ask/ask';
import type { AskDeps, AskRequest, AskResult } from '../../../../src/core/ask/types';
import { AbortedError } from '../../../../src/core/errors';
import type { ClauseClassifier, ClauseLabel } from '../../../../src/core/ports';
import { textFile, WORKSPACE_CONTRACTS } from '../../../fixtures/contracts';
import { askWorkspace, type AskWorkspace } from '../../../helpers/ask-workspace';

/** A keyword classifier standing in for the scanner's at the ClauseClassifier port. */
const KINDS: readonly { type: string; question: RegExp; passage: RegExp }[] = [
  { type: 'cap_on_liability', question: /\bcap\b|limit\w* (?:on|of) liability/i, passage: /shall not exceed|liability cap/i },
  { type: 'non_compete', question: /non-compet|compet/i, passage: /\bcompete\b|non-competition/i },
];
const classifier: ClauseClassifier = {
  classify: async (passages) => passages.map((p) => KINDS.filter((k) => k.passage.test(p.text)).map((k): ClauseLabel => ({ type: k.type, score: 0.9 }))),
  questionTypes: async (question) => KINDS.filter((k) => k.question.test(question)).map((k) => ({ type: k.type, score: 0.9 })),
};

let w: AskWorkspace;
let deps: AskDeps;
const id = (file: string) => w.byFile.get(file)!.id;
const run = (request: AskRequest, options = {}) => ask(request, deps, options);
const files = (r: AskResult) => r.passages.map((p) => p.document.name);

beforeAll(async () => {
  w = await askWorkspace(WORKSPACE_CONTRACTS.map((c) => ({ file: c.file, text: textFile(c) })));
  deps = { retriever: w.retriever, documents: w.documents, classifier };
}, 60_000);

describe('ask', () => {
  it('answers in the contract the question names, its clause first', async () => {
    const r = await run({ question: 'Consider the Distribution Agreement between Northwind Traders Ltd. and Contoso Pharma Inc.; is there a cap on liability?' });
    expect(r.outcome).toBe('answered');
    expect(r.passageLabel).toBe('evidence');
    expect(r.scope).toEqual({ source: 'question', documentIds: [id('northwind-contoso-distribution.txt')], matched: ['Distribution Agreement', 'Northwind Traders Ltd', 'Contoso Pharma Inc'] });
    expect(r.retrievalQuery).toBe('is there a cap on liability?');
    expect(r.question).toMatch(/^Consider the Distribution Agreement/);
    expect(r.language).toBe('en');
    expect(new Set(files(r))).toEqual(new Set(['northwind-contoso-distribution.txt']));
    expect(r.passages[0]!.chunk.text).toContain('shall not exceed the fees paid');
    expect(r.passages[0]!.chunk.sectionPath.join(' › ')).toMatch(/Limitation of Liability/);
    expect(r.passages.map((p) => p.rank)).toEqual(r.passages.map((_, i) => i + 1));
    expect(r.sufficiency!.score).toBeGreaterThanOrEqual(r.sufficiency!.threshold);
  });

  it('shows several passages of the one document in scope (no per-file limit there)', async () => {
    const r = await run({ question: 'Consider the Master Services Agreement between Contoso and Litware; what does it say about payment, termination, indemnity and the governing law?' });
    expect(r.passages.length).toBeGreaterThan(2);
    expect(new Set(files(r))).toEqual(new Set(['contoso-litware-services.txt']));
  });

  it('offers the named contract’s clause of the asked kind when none of the question’s words is in it', async () => {
    // "ceiling" is nowhere in the contract (it says "shall not exceed"): retrieval in scope finds
    // nothing, the clause kind read from the whole document does.
    const ceiling: ClauseClassifier = { classify: classifier.classify, questionTypes: async (q) => (/ceiling/i.test(q) ? [{ type: 'cap_on_liability', score: 0.9 }] : []) };
    const whole: AskDeps = { ...deps, classifier: ceiling, chunks: (documentId) => w.workspace.chunks(documentId) };
    const r = await ask({ question: 'Consider the Distribution Agreement between Northwind Traders Ltd. and Contoso Pharma Inc.; any ceiling?' }, whole);
    expect(r.response!.passages).toEqual([]);
    expect(r.passages.length).toBeGreaterThan(0);
    expect(r.passages[0]!.chunk.text).toContain('shall not exceed the fees paid');
    expect(r.passages[0]!.document).toMatchObject({ id: id('northwind-contoso-distribution.txt'), name: 'northwind-contoso-distribution.txt', mediaType: 'text/plain' });
    // Shown as the closest passages only: none of the question's words is there.
    expect(r.outcome).toBe('insufficient');
    expect(r.passageLabel).toBe('closest');
  });

  it('says a clause the named contract lacks is not there, and labels its closest passages as such', async () => {
    const r = await run({ question: 'Consider the Distribution Agreement between Northwind and Fabrikam; is there a cap on liability?' });
    expect(r.outcome).toBe('insufficient');
    expect(r.passageLabel).toBe('closest');
    expect(r.passages.length).toBeGreaterThan(0);
    expect(new Set(files(r))).toEqual(new Set(['northwind-fabrikam-distribution.txt']));
    expect(r.sufficiency!.score).toBeLessThan(r.sufficiency!.threshold);
    expect(r.sufficiency!.reasons).toContain('No passage in “DISTRIBUTION AGREEMENT” is a cap-on-liability clause.');
  });

  it('asks which document when the name fits several', async () => {
    const r = await run({ question: 'In the Distribution Agreement, how much notice stops the renewal?' });
    expect(r.outcome).toBe('needs_clarification');
    expect(r.candidates.map((d) => d.name).sort()).toEqual(['northwind-contoso-distribution.txt', 'northwind-fabrikam-distribution.txt']);
    expect(r.passages).toEqual([]);
    expect(r.response).toBeNull();
    expect(r.passageLabel).toBeNull();
    // In the question's language, so the turn asks back in it.
    const german = await run({ question: 'Wie viel Kündigungsfrist gilt für den Vertriebsvertrag mit Northwind?' });
    expect(german.outcome).toBe('needs_clarification');
    expect(german.language).toBe('de');
  });

  it('reads a French question about an English contract by the kind it names, and says in French why it does not answer when the contract lacks it', async () => {
    const r = await run({ question: 'Le NDA entre Contoso et Fabrikam contient-il une clause de limitation de responsabilité ?' });
    expect(r.outcome).toBe('insufficient');
    expect(r.sufficiency!.reasons[0]).toMatch(/^Aucun passage de « MUTUAL NON-DISCLOSURE AGREEMENT » /);
    const capped = await run({ question: 'Le contrat de services entre Contoso et Litware contient-il une clause de limitation de responsabilité ?' });
    expect(capped.outcome).toBe('answered');
    expect(capped.passages[0]!.chunk.text).toMatch(/shall not exceed the fees paid/);
  });

  it('keeps the scope for a follow-up, and lets the user’s pinned documents win', async () => {
    const first = await run({ question: 'Is there a non-compete in the Supply Agreement?' });
    expect(first.scope.documentIds).toEqual([id('fabrikam-tailspin-supply.txt')]);
    expect(first.passages[0]!.chunk.text).toMatch(/shall not manufacture, sell or promote products that compete/);
    const follow = await run({ question: 'and how long does it last, and how is it renewed?', context: { previousScope: first.scope } });
    expect(follow.scope.source).toBe('follow_up');
    expect(new Set(files(follow))).toEqual(new Set(['fabrikam-tailspin-supply.txt']));
    expect(follow.passages[0]!.chunk.text).toMatch(/renews automatically/);
    const pinned = await run({ question: 'Which law governs?', context: { previousScope: first.scope, userScope: [id('contoso-fabrikam-nda.txt')] } });
    expect(pinned.scope.source).toBe('user');
    expect(new Set(files(pinned))).toEqual(new Set(['contoso-fabrikam-nda.txt']));
  });

  it('searches the whole workspace, one passage per file, when nothing is named', async () => {
    const r = await run({ question: 'Which contracts contain a non-competition clause?' });
    expect(r.scope).toEqual({ source: 'workspace', documentIds: [], matched: [] });
    expect(new Set(files(r)).size).toBe(r.passages.length);
    expect(files(r).slice(0, 2).sort()).toEqual(['fabrikam-tailspin-supply.txt', 'northwind-fabrikam-distribution.txt']);
  });

  it('reads a French question in French: the French contract first, no match on French function words', async () => {
    const r = await run({ question: 'Quelle est la durée du contrat et comment se renouvelle-t-il ?' });
    expect(r.language).toBe('fr');
    expect(r.passages[0]!.document.name).toBe('contrat-distribution-societe-negoce.txt');
    expect(r.passages[0]!.chunk.sectionPath.join(' › ')).toMatch(/Durée du contrat/);
    // "de la" is two French stop words, not the street the English contracts' notices go to.
    const street = await run({ question: 'Quelle est l’adresse de la société pour les notifications ?' });
    expect(street.language).toBe('fr');
    for (const p of street.passages) expect(p.chunk.text).not.toMatch(/De La Vina/);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(run({ question: 'Is there a cap on liability?' }, { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
  });
});
