import { describe, expect, it } from 'vitest';
import { stripReferences, widensScope } from '../../../../src/core/ask/references';
import { planScope } from '../../../../src/core/ask/scope';
import type { AskScope } from '../../../../src/core/answer-types';
import type { NamedDocument } from '../../../../src/core/search-types';
import type { TermStats } from '../../../../src/core/search/term-stats';

const doc = (id: string, title: string, aliases: string[]): NamedDocument => ({ id, name: `${id}.pdf`, title, aliases });
const DOCS = [
  doc('nw-contoso', 'DISTRIBUTION AGREEMENT', ['Northwind Traders Ltd.', 'Northwind', 'Contoso Pharma Inc.', 'Contoso']),
  doc('nw-fabrikam', 'DISTRIBUTION AGREEMENT', ['Northwind Traders Ltd.', 'Northwind', 'Fabrikam GmbH', 'Fabrikam']),
  doc('msa', 'MASTER SERVICES AGREEMENT', ['Contoso Pharma Inc.', 'Contoso', 'Litware LLC', 'Litware']),
  doc('gdpr', 'General Data Protection Regulation', ['GDPR']),
];
const scope = (source: AskScope['source'], documentIds: string[], matched: string[] = []): AskScope => ({ source, documentIds, matched });

describe('planScope', () => {
  it('scopes a question to the document it names, and drops the naming words and the reference to it from the query', () => {
    const plan = planScope('Consider the Distribution Agreement between Northwind and Contoso; how much notice stops this agreement from renewing?', DOCS);
    expect(plan).toEqual({ kind: 'search', scope: scope('question', ['nw-contoso'], ['Distribution Agreement', 'Northwind', 'Contoso']), query: 'how much notice stops from renewing?', kindQuery: 'how much notice stops this agreement from renewing?' });
  });

  it('reads what a question asks with "agreement" where its name called the document one', () => {
    // "how long does the last?" reads as a warranty's duration; "how long does the agreement last?" as the contract's term.
    expect(planScope('How long does the Fabrikam distribution agreement last?', DOCS)).toMatchObject({ scope: { documentIds: ['nw-fabrikam'] }, query: 'How long does the last?', kindQuery: 'How long does the agreement last?' });
    expect(planScope('How long does the Contoso services contract run?', DOCS)).toMatchObject({ scope: { documentIds: ['msa'] }, kindQuery: 'How long does the agreement run?' });
    // A name that calls it by what it is ("the Fabrikam sponsorship", "our endorsement with …") calls it an agreement too.
    const sponsorship = [...DOCS, doc('wcc', 'SPONSORSHIP AGREEMENT', ['West Coast Customs, Inc.', 'West Coast Customs'])];
    expect(planScope('how long does the west coast customs sponsorship last?', sponsorship)).toMatchObject({ scope: { documentIds: ['wcc'] }, kindQuery: 'how long does the agreement last?' });
    // A French question keeps its own noun.
    const french = [...DOCS, doc('fr', 'CONTRAT DE DISTRIBUTION', ['Wingtip SAS', 'Wingtip'])];
    expect(planScope('Quelle est la durée du contrat de distribution Wingtip ?', french)).toMatchObject({ scope: { documentIds: ['fr'] }, kindQuery: 'Quelle est la durée du contrat de?' });
    // A name that is only a party's leaves nothing in its place.
    expect(planScope('Which law governs for Litware?', DOCS)).toMatchObject({ scope: { documentIds: ['msa'] }, query: 'Which law governs for?', kindQuery: 'Which law governs for?' });
    // A possessive goes with its name, apostrophe and all.
    expect(planScope("is Fabrikam's liability capped?", DOCS)).toMatchObject({ scope: { documentIds: ['nw-fabrikam'] }, query: 'is liability capped?' });
    expect(planScope('what does Fabrikam’s contract say about audits?', DOCS)).toMatchObject({ scope: { documentIds: ['nw-fabrikam'] }, query: 'what does say about audits?' });
  });

  it('reads shorthand as the words it stands for, in the names and in what is asked', () => {
    // "agmt" is the document noun that names the distribution agreement, "GL" what is asked.
    expect(planScope('Fabrikam distribution agmt - GL?', DOCS)).toMatchObject({ scope: { documentIds: ['nw-fabrikam'] }, query: '- governing law?', kindQuery: 'agreement - governing law?' });
    expect(planScope('Contoso MSA: any T4C w/o cause?', DOCS)).toMatchObject({ scope: { documentIds: ['msa'] }, query: ': any termination for convenience without cause?' });
  });

  it('asks which document when the name fits several, listing them', () => {
    const plan = planScope('Is there a cap on liability in the Distribution Agreement?', DOCS);
    expect(plan.kind).toBe('clarify');
    expect(plan.kind === 'clarify' && plan.candidates.map((d) => d.id)).toEqual(['nw-contoso', 'nw-fabrikam']);
    expect(plan.scope.matched).toEqual(['Distribution Agreement']);
  });

  it('resolves an ambiguous name to the previous turn’s document when it is one of them', () => {
    const previous = scope('question', ['nw-fabrikam'], ['Fabrikam']);
    const plan = planScope('and does the Distribution Agreement have a non-compete?', DOCS, { previousScope: previous });
    expect(plan).toMatchObject({ kind: 'search', scope: { source: 'follow_up', documentIds: ['nw-fabrikam'] } });
  });

  it('keeps the previous scope for a follow-up that names nothing', () => {
    const previous = scope('question', ['msa'], ['Master Services Agreement']);
    for (const q of ['and the renewal term?', 'Does it have a cap on liability?', 'What does this agreement say about audits?']) {
      expect(planScope(q, DOCS, { previousScope: previous })).toMatchObject({ kind: 'search', scope: { source: 'follow_up', documentIds: ['msa'] } });
    }
    expect(planScope('What does this agreement say about audits?', DOCS, { previousScope: previous })).toMatchObject({ query: 'What does say about audits?' });
  });

  it('widens to the workspace when a follow-up asks about several documents', () => {
    const previous = scope('question', ['msa'], []);
    for (const q of ['Which contracts have a non-compete?', 'Do all the agreements have a governing law clause?']) {
      expect(planScope(q, DOCS, { previousScope: previous })).toEqual({ kind: 'search', scope: scope('workspace', []), query: q, kindQuery: q });
    }
  });

  it('lets a question naming another document leave the previous scope', () => {
    const plan = planScope('What does the GDPR say about breach notification?', DOCS, { previousScope: scope('question', ['msa']) });
    expect(plan).toMatchObject({ kind: 'search', scope: { source: 'question', documentIds: ['gdpr'] }, query: 'What does the say about breach notification?' });
  });

  it('leaves the previous scope for a follow-up that describes another document by what it is about', () => {
    // The walkthrough of 2026-12-07: "what's the fee under the sponsoring contract?" right after a
    // question on the promotion agreement was answered from the promotion agreement.
    const docs = [...DOCS, doc('supply', 'SUPPLY AGREEMENT', ['Shi Farms', 'Gridiron BioNutrients']), doc('sponsor', 'SPONSORSHIP AGREEMENT', ["Logan's Roadhouse"])];
    const terms = new Map<string, TermStats>([
      ['hemp', { idf: 4.5, documents: ['supply'] }],
      ['sponsoring', { idf: 3.4, documents: ['sponsor'] }],
      ['original', { idf: 4.1, documents: ['supply'] }],
      ['logistics', { idf: 3.2, documents: ['supply', 'msa'] }],
      ['fee', { idf: 1.2, documents: [] }],
    ]);
    const after = (q: string, previous: string) => planScope(q, docs, { previousScope: scope('question', [previous]) }, { terms });
    for (const q of ['what does the hemp contract say about price?', 'what does our hemp deal say about delivery?', 'how long does the hemp franchise last?', 'quel est le montant du contrat de sponsoring ?', 'Wie hoch ist die Vergütung im Sponsoringvertrag?']) {
      expect(after(q, 'msa')).toMatchObject({ kind: 'search', scope: { source: 'workspace', documentIds: [] }, query: q });
    }
    // The same words about the document in scope keep it; so do words saying which version, a word
    // the previous document's text holds too, a common word and a question without such words.
    expect(after('what does the hemp contract say about price?', 'supply')).toMatchObject({ scope: { source: 'follow_up', documentIds: ['supply'] } });
    for (const q of ['what does the original agreement say about fees?', 'what does the logistics agreement say about fees?', 'what does the fee agreement say?', 'and the fee?']) {
      expect(after(q, 'msa')).toMatchObject({ scope: { source: 'follow_up', documentIds: ['msa'] } });
    }
    // Without the workspace's words nothing is judged.
    expect(planScope('what does the hemp contract say about price?', docs, { previousScope: scope('question', ['msa']) })).toMatchObject({ scope: { source: 'follow_up' } });
  });

  it('puts the documents the user pinned first, whatever the question names', () => {
    const plan = planScope('Consider the Master Services Agreement between Contoso and Litware; which law governs?', DOCS, { userScope: ['msa', 'gdpr', 'gone'] });
    expect(plan).toEqual({ kind: 'search', scope: scope('user', ['msa', 'gdpr'], ['Master Services Agreement', 'Contoso', 'Litware']), query: 'which law governs?', kindQuery: 'which law governs?' });
    expect(planScope('which law governs?', DOCS, { userScope: ['nw-fabrikam'], previousScope: scope('question', ['msa']) })).toMatchObject({ scope: { source: 'user', documentIds: ['nw-fabrikam'] } });
  });

  it('searches the workspace with the question as asked when nothing is named and nothing came before', () => {
    expect(planScope('Is there a cap on liability?', DOCS)).toEqual({ kind: 'search', scope: scope('workspace', []), query: 'Is there a cap on liability?', kindQuery: 'Is there a cap on liability?' });
  });

  it('keeps the name as the query when the question is only a name', () => {
    expect(planScope('GDPR', DOCS)).toMatchObject({ scope: { documentIds: ['gdpr'] }, query: 'GDPR' });
  });
});

describe('references to the document in scope', () => {
  it('finds and removes them in English, French and German', () => {
    expect(stripReferences('Can the agreement be terminated for convenience?')).toBe('Can be terminated for convenience?');
    expect(stripReferences('Quelle est la durée de ce contrat ?')).toBe('Quelle est la durée de?');
    expect(stripReferences('Wie lange läuft dieser Vertrag?')).toBe('Wie lange läuft?');
    expect(stripReferences('Is there a non-compete?')).toBe('Is there a non-compete?');
  });

  it('tells a question about several documents', () => {
    expect(widensScope('Which agreements have an exclusivity clause?')).toBe(true);
    expect(widensScope('Quels contrats prévoient une clause de non-concurrence ?')).toBe(true);
    expect(widensScope('Welche Verträge enthalten ein Wettbewerbsverbot?')).toBe(true);
    expect(widensScope('Does it have an exclusivity clause?')).toBe(false);
  });
});
