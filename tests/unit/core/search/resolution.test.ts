/**
 * Name resolution the way lawyers name contracts: a party's short name, a brand, a possessive,
 * a type word ("the reseller deal"), a name only the contract's text holds — and the outcomes
 * that keep it honest: several documents fit (ask which), none does (say so), none is named.
 */
import { describe, expect, it } from 'vitest';
import { planScope } from '../../../../src/core/ask/scope';
import type { DocumentIdentity, Party } from '../../../../src/core/ingest/identity/types';
import { matchDocuments } from '../../../../src/core/search/resolve-doc';
import type { NamedDocument } from '../../../../src/core/search-types';
import { nameIdf, NAME_IDF, type TermStats } from '../../../../src/core/search/term-stats';

const party = (name: string, shortNames: string[] = [], role: string | null = null): Party => ({ name, shortNames, role });
function contract(id: string, title: string, parties: Party[], brands: string[] = []): NamedDocument {
  const identity: DocumentIdentity = { title, parties, brands, kind: title.toLowerCase(), effectiveDate: null };
  return { id, name: `${id}.pdf`, title, aliases: parties.flatMap((p) => [p.name, ...p.shortNames]), parties: parties.map((p) => p.name), identity };
}

const DOCS = [
  contract('dialog', 'STRATEGIC ALLIANCE AGREEMENT', [party('Dialog Semiconductor (UK) Ltd.', ['DIALOG']), party('Energous Corporation', [], 'Distributor')]),
  contract('adapt', 'STRATEGIC ALLIANCE AGREEMENT', [party('The University of Texas M. D. Anderson Cancer Center', ['MD Anderson']), party('Adaptimmune LLC', ['Adaptimmune'])]),
  contract('reseller', 'RESELLER AGREEMENT', [party('Diversinet Corp.', ['Diversinet']), party('2205925 Ontario Limited', [], 'Reseller')]),
  contract('franchise', 'FRANCHISE AGREEMENT', [party('Pizza Ventures LLC', [], 'Franchisee'), party('Fusion Franchising Inc.', ['Franchisor'])], ['Pizza Fusion']),
  contract('outsourcing', 'OUTSOURCING AGREEMENT', [party('Silicon Smelters Pty Ltd', [], 'Customer'), party('Espacio Information Technology SA', ['EIT'])]),
  contract('hosting', 'HOSTING AND MANAGEMENT AGREEMENT', [party('Blackwell Science Limited', ['Blackwell'])]),
];
const ids = (m: ReturnType<typeof matchDocuments>) => (m.kind === 'resolved' ? [...m.resolution.documentIds] : []);

describe('matchDocuments: the handles people use', () => {
  it('finds a contract by a party’s short name and a type word, and strips them from the query', () => {
    const m = matchDocuments('Is liability capped in the Energous alliance agreement?', DOCS);
    expect(ids(m)).toEqual(['dialog']);
    expect(m.kind === 'resolved' && m.resolution.remainder).toBe('Is liability capped in the?');
    expect(ids(matchDocuments('governing law of the MD Anderson/Adaptimmune alliance?', DOCS))).toEqual(['adapt']);
  });

  it('reads lower case, possessives and "our deal with …"', () => {
    expect(ids(matchDocuments('can diversinet assign the reseller agreement', DOCS))).toEqual(['reseller']);
    expect(ids(matchDocuments("Can we terminate Dialog's distributorship for convenience?", DOCS))).toEqual(['dialog']);
    expect(ids(matchDocuments('what law governs our deal with Blackwell?', DOCS))).toEqual(['hosting']);
  });

  it('finds a franchise by its brand and an outsourcing agreement by an abbreviation its party defines', () => {
    expect(ids(matchDocuments('Pizza Fusion franchise: can the franchisee terminate for convenience?', DOCS))).toEqual(['franchise']);
    expect(ids(matchDocuments('Is there a cap in the EIT outsourcing agreement?', DOCS))).toEqual(['outsourcing']);
  });

  it('asks which when a name fits several contracts alike', () => {
    const m = matchDocuments('Is there a non-compete in the Strategic Alliance Agreement?', DOCS);
    expect(m.kind).toBe('ambiguous');
    expect(m.kind === 'ambiguous' && m.candidates.map((d) => d.id)).toEqual(['dialog', 'adapt']);
  });

  it('says no document matches a name none has, offering the ones of the kind named', () => {
    const m = matchDocuments('Is liability capped in the Acme outsourcing agreement?', DOCS);
    expect(m.kind).toBe('not_found');
    expect(m.kind === 'not_found' && m.phrase).toBe('Acme outsourcing agreement');
    expect(m.kind === 'not_found' && m.candidates.map((d) => d.id)).toEqual(['outsourcing']);
    // Lower case: a word no passage of the workspace holds is a name too.
    const terms = new Map<string, TermStats>([['acme', { idf: 0, documents: [] }]]);
    expect(matchDocuments('can we assign our reseller deal with acme?', DOCS, { terms }).kind).toBe('not_found');
    // Not a word that says which version of a document: "the underlying agreement" names none.
    const underlying = new Map<string, TermStats>([['underlying', { idf: 0, documents: [] }]]);
    expect(matchDocuments('what does the underlying agreement say about fees?', DOCS, { terms: underlying }).kind).toBe('none');
  });

  it('finds a contract by a name only its text holds', () => {
    const terms = new Map<string, TermStats>([['munksgaard', { idf: 6.5, documents: ['hosting'] }]]);
    expect(ids(matchDocuments('Who owns the IP under our hosting agreement with Munksgaard?', DOCS, { terms }))).toEqual(['hosting']);
  });

  it('takes a qualifier the title leaves out inside the words naming a contract ("the miaoli hotel architect contract")', () => {
    // "architect" is in no handle of the contract titled "Outsourcing Contract on Development of
    // Miaoli Royal Resort Hotel": it broke the naming phrase, and the question (the walkthrough of
    // 2026-12-05, two contracts loaded) was asked of both.
    const small = [DOCS[0]!, contract('miaoli', 'Outsourcing Contract on Development of Miaoli Royal Resort Hotel', [])];
    expect(ids(matchDocuments('governing law for the miaoli hotel architect contract?', small))).toEqual(['miaoli']);
    // One word at most, and only before the noun: two unknown words, or one after the noun, name nothing.
    expect(ids(matchDocuments('governing law for the miaoli hotel main architect contract?', small))).toEqual([]);
    expect(ids(matchDocuments('governing law for the miaoli hotel architect?', small))).toEqual([]);
    // The idf of a name as before in a large workspace, never under the idf at which holders are looked up.
    expect(nameIdf(20_000)).toBe(NAME_IDF);
    expect(nameIdf(150)).toBeCloseTo(3.15, 2);
    expect(nameIdf(10)).toBe(3);
  });

  it('in a small workspace, takes a lower-case party name heading the question for the one contract whose text holds it', () => {
    // Five contracts, 441 passages: "healthgate" is in 60 of them, all of the hosting agreement —
    // idf 1.6, a clause word's by its passages, so "healthgate - who owns the software?" named nothing.
    const docs = [...DOCS.slice(0, 5), contract('hosting', 'HOSTING AND MANAGEMENT AGREEMENT', [party('HealthGate Data Corp.', ['HealthGate']), party('Blackwell Science Limited', ['Blackwell'])])];
    const small = (at: number) => at < NAME_IDF;
    const terms = (at: number) => new Map<string, TermStats>([
      ['healthgate', { idf: 1.64, documents: [], nameIdf: at, ...(small(at) ? { onlyIn: 'hosting' } : {}) }],
      ['blackwell', { idf: 2.1, documents: [], nameIdf: at, ...(small(at) ? { onlyIn: 'hosting' } : {}) }],
      ['software', { idf: 2.9, documents: [], nameIdf: at }],
    ]);
    expect(ids(matchDocuments('healthgate - who owns the software?', docs, { terms: terms(nameIdf(441)) }))).toEqual(['hosting']);
    expect(ids(matchDocuments('blackwell: is liability capped?', docs, { terms: terms(nameIdf(441)) }))).toEqual(['hosting']);
    // Only where the text holding it is this contract's own.
    const elsewhere = new Map<string, TermStats>([['healthgate', { idf: 1.64, documents: [], nameIdf: nameIdf(441), onlyIn: 'outsourcing' }]]);
    expect(ids(matchDocuments('healthgate - who owns the software?', docs, { terms: elsewhere }))).toEqual([]);
    // In a large workspace a word this common by its passages is a clause word, as before.
    expect(matchDocuments('healthgate - who owns the software?', docs, { terms: terms(NAME_IDF) }).kind).toBe('none');
    // Written as a name it is one wherever it stands.
    expect(ids(matchDocuments('who owns the software HealthGate develops?', docs, { terms: terms(NAME_IDF) }))).toEqual(['hosting']);
  });

  it('in a small workspace, takes the first word of a party\'s name, typed in lower case mid-question, for the one contract whose text holds it', () => {
    // Five contracts (the walkthrough of 2026-12-07): "sandridge" is in the operations agreement's text alone, idf 2.4.
    const docs = [...DOCS.slice(0, 4), contract('om', 'OPERATIONS AND MAINTENANCE AGREEMENT', [party('Piñon Gathering Company, LLC'), party('SandRidge Midstream, Inc.')]), contract('end', 'ENDORSEMENT AGREEMENT', [party('Healthcare Distribution Specialists LLC', ['HDS']), party('Paul Silas')])];
    const at = nameIdf(400);
    const terms = new Map<string, TermStats>([
      ['sandridge', { idf: 2.4, documents: [], nameIdf: at, onlyIn: 'om' }],
      ['midstream', { idf: 3.1, documents: [], nameIdf: at, onlyIn: 'om' }],
      ['distribution', { idf: 2.6, documents: [], nameIdf: at, onlyIn: 'end' }],
      ['charge', { idf: 2.2, documents: [], nameIdf: at }],
      ['rights', { idf: 1.9, documents: [], nameIdf: at }],
    ]);
    expect(ids(matchDocuments('what does sandridge charge?', docs, { language: 'en', terms }))).toEqual(['om']);
    // A later word of a name is a clause word first ("distribution rights"), and a large workspace keeps its own bar.
    expect(matchDocuments('which contracts have distribution rights?', docs, { language: 'en', terms }).kind).toBe('none');
    expect(matchDocuments('what does midstream charge?', docs, { language: 'en', terms }).kind).toBe('none');
    const large = new Map([...terms].map(([w, s]) => [w, { idf: s.idf, documents: [], nameIdf: NAME_IDF }]));
    expect(matchDocuments('what does sandridge charge?', docs, { language: 'en', terms: large }).kind).toBe('none');
  });

  it('names a party by its name without the word that says it is a bank, a fund or an insurer ("Prudential" of "Prudential Bank")', () => {
    const docs = [...DOCS, contract('split', 'SPLIT-DOLLAR ENDORSEMENT AGREEMENT', [party('Prudential Bank'), party('Jeffrey Hanuscin')])];
    // As one loaded contract's workspace counts its words: "prudential" in most of its passages, "agreement" in all.
    const terms = new Map<string, TermStats>([
      ['prudential', { idf: 1.74, documents: [], nameIdf: 3, onlyIn: 'split' }],
      ['agreement', { idf: 0.47, documents: [], nameIdf: 3, onlyIn: 'split' }],
    ]);
    expect(ids(matchDocuments('how long does the agreement with Prudential run?', docs, { language: 'en', terms }))).toEqual(['split']);
  });

  it('takes a stop word of another language heading an English question for a name ("Todos" is Spanish for "all")', () => {
    const docs = [...DOCS, contract('todos', 'MARKETING AND RESELLER AGREEMENT', [party('Todos Medical Ltd.', ['Todos'])])];
    const m = matchDocuments('Todos reseller deal - exclusivity?', docs, { language: 'en' });
    expect(ids(m)).toEqual(['todos']);
    expect(m.kind === 'resolved' && m.resolution.matched).toEqual(['Todos reseller deal']);
    // Typed in lower case in the middle of an English question too; not in a Spanish one.
    expect(ids(matchDocuments('can todos terminate the reseller agreement early w/o cause', docs, { language: 'en' }))).toEqual(['todos']);
    expect(matchDocuments('¿todos los contratos tienen una cláusula de exclusividad?', docs, { language: 'es' }).kind).toBe('none');
    // An English function word stays one, whatever another language makes of it ("anything" is in no name).
    // Here the search keeps the whole question: "anything to" is no question left to search with.
    const named = matchDocuments('does Todos license anything to Beta', docs, { language: 'en' });
    // (An empty remainder: nothing but function words is left, and the whole question is searched.)
    expect(named.kind === 'resolved' && named.resolution.remainder).toBe('');
    // A capitalised word of that longer English list is a name ("First Data").
    const sponsor = contract('ipay', 'SPONSORSHIP AGREEMENT', [party('First Data Merchant Services Corporation', ['First Data'])]);
    expect(ids(matchDocuments('what if First Data undergoes a merger', [...docs, sponsor], { language: 'en' }))).toEqual(['ipay']);
  });

  it('keeps a code only one text holds in the question it searches with (the passage holding it comes first)', () => {
    const terms = new Map<string, TermStats>([['k17x3', { idf: 7, documents: ['hosting'] }]]);
    const m = matchDocuments('reference code K17X3', DOCS, { terms });
    expect(ids(m)).toEqual(['hosting']);
    expect(m.kind === 'resolved' && m.resolution.remainder).toBe('reference code K17X3');
    // A name only the text holds names the document and leaves the question.
    const named = matchDocuments('Who owns the IP under our hosting agreement with Munksgaard?', DOCS, { terms: new Map([['munksgaard', { idf: 6.5, documents: ['hosting'] }]]) });
    expect(named.kind === 'resolved' && named.resolution.remainder).not.toMatch(/Munksgaard/);
  });

  it('names nothing in a question about clauses, even when a title holds its words', () => {
    for (const q of ['Is there a cap or other limitation on a party’s liability?', 'Which contracts can be terminated for convenience?', 'Who owns intellectual property developed under this agreement?']) {
      expect(matchDocuments(q, DOCS).kind).toBe('none');
    }
  });
});

describe('planScope: scope turns', () => {
  it('keeps a follow-up on the contract the conversation is about', () => {
    const first = planScope('Is liability capped in the Energous alliance agreement?', DOCS);
    expect(first).toMatchObject({ kind: 'search', scope: { source: 'question', documentIds: ['dialog'] } });
    const previous = first.kind === 'search' ? first.scope : null;
    expect(planScope('and what law governs it?', DOCS, { previousScope: previous })).toMatchObject({ kind: 'search', scope: { source: 'follow_up', documentIds: ['dialog'] } });
  });

  it('turns a name no document has into a clarification, never a workspace search', () => {
    const plan = planScope('What is the notice period in the Acme outsourcing agreement?', DOCS);
    expect(plan).toMatchObject({ kind: 'clarify', clarification: { kind: 'not_found', phrase: 'Acme outsourcing agreement' } });
    expect(plan.kind === 'clarify' && plan.candidates.map((d) => d.id)).toEqual(['outsourcing']);
  });
});
