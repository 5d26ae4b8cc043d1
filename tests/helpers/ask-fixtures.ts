/**
 * Fixture ask results for the answer layer's tests: passages of two small contracts with real
 * clause wording, shaped exactly as the retrieval pipeline returns them, and a fake AskFunction
 * that records its requests.
 */
import { bindAsk } from '../../src/core/ask/ask';
import type { Asker, AskFunction, AskRequest, AskResult } from '../../src/core/ask/types';
import type { AskScope } from '../../src/core/answer-types';
import type { NamedDocument, PipelinePassage } from '../../src/core/search-types';
import type { ChunkRecord, DocumentRecord } from '../../src/core/types';
import { chunkRecord, docRecord } from './records';

export const MSA: DocumentRecord = docRecord('msa', { name: 'Master Services Agreement.pdf', path: 'contracts/Master Services Agreement.pdf', title: 'Master Services Agreement', pages: 9, aliases: ['MSA', 'Acme'] });
export const NDA: DocumentRecord = docRecord('nda', { name: 'Mutual NDA.txt', path: 'Mutual NDA.txt', title: 'Mutual Non-Disclosure Agreement', pages: 2, aliases: ['NDA'] });
export const AVV: DocumentRecord = docRecord('avv', { name: 'Auftragsverarbeitungsvertrag.pdf', path: 'Auftragsverarbeitungsvertrag.pdf', title: 'Auftragsverarbeitungsvertrag', pages: 4, language: 'de', aliases: ['AVV'] });

export const CLAUSES = {
  cap: "Except for a party's obligations under Section 9 (Confidentiality), each party's total liability arising out of or relating to this Agreement shall not exceed the fees paid by Customer in the twelve (12) months preceding the claim. Neither party shall be liable for any indirect, incidental, special or consequential damages.",
  capBefore: '12.1 Exclusions. The limitations in this Article do not apply to fraud or wilful misconduct.',
  capAfter: '12.3 Basis of the Bargain. The parties agree that the limitations in this Article 12 are an essential basis of the bargain.',
  term: 'This Agreement commences on the Effective Date and continues for an initial term of three (3) years. Thereafter it renews automatically for successive one (1) year periods unless either party gives written notice of non-renewal at least ninety (90) days before the end of the then-current term.',
  law: 'This Agreement is governed by the laws of the State of New York, without regard to its conflict of laws principles. The state and federal courts located in New York County have exclusive jurisdiction over any dispute arising out of this Agreement.',
  confidentiality:
    'The Receiving Party shall hold the Confidential Information in strict confidence and shall not disclose it to any third party except to its employees and advisers who need to know it for the Purpose. These obligations survive for five (5) years after the termination of this Agreement.',
  datenschutz: 'Der Auftragsverarbeiter verarbeitet personenbezogene Daten ausschließlich auf dokumentierte Weisung des Verantwortlichen. Er unterstützt den Verantwortlichen bei der Erfüllung der Rechte der betroffenen Personen.',
};

export interface PassageSpec {
  readonly doc: DocumentRecord;
  readonly seq: number;
  readonly text: string;
  readonly page?: number;
  readonly section?: readonly string[];
  readonly before?: readonly string[];
  readonly after?: readonly string[];
  readonly score?: number;
}

function neighbour(doc: DocumentRecord, seq: number, text: string, spec: PassageSpec): ChunkRecord {
  return chunkRecord(doc.id, seq, text, { pageStart: spec.page ?? 1, pageEnd: spec.page ?? 1, sectionPath: [...(spec.section ?? [])] });
}

export function passage(spec: PassageSpec, rank = 1): PipelinePassage {
  const { doc, seq, text } = spec;
  const chunk = chunkRecord(doc.id, seq, text, { pageStart: spec.page ?? 1, pageEnd: spec.page ?? 1, sectionPath: [...(spec.section ?? [])], sectionTitle: spec.section?.[spec.section.length - 1] ?? null });
  const score = spec.score ?? 10 - rank;
  return {
    chunkId: chunk.id,
    documentId: doc.id,
    score,
    terms: [],
    foundBy: ['lexical'],
    rank,
    chunk,
    document: { id: doc.id, name: doc.name, path: doc.path, title: doc.title, language: doc.language, pages: doc.pages, mediaType: doc.mediaType },
    scores: { final: score, fused: score, lexical: score, dense: null, rerank: null, phrase: false },
    context: {
      before: (spec.before ?? []).map((t, i, all) => neighbour(doc, seq - all.length + i, t, spec)),
      after: (spec.after ?? []).map((t, i) => neighbour(doc, seq + 1 + i, t, spec)),
    },
  };
}

export const PASSAGES = {
  cap: { doc: MSA, seq: 40, text: CLAUSES.cap, page: 5, section: ['ARTICLE 12 LIMITATION OF LIABILITY', '12.2 Liability Cap'], before: [CLAUSES.capBefore], after: [CLAUSES.capAfter] },
  term: { doc: MSA, seq: 55, text: CLAUSES.term, page: 7, section: ['ARTICLE 14 TERM AND TERMINATION', '14.1 Term'] },
  law: { doc: MSA, seq: 70, text: CLAUSES.law, page: 8, section: ['ARTICLE 17 GENERAL', '17.4 Governing Law'] },
  confidentiality: { doc: NDA, seq: 3, text: CLAUSES.confidentiality, page: 1, section: ['3 Obligations'] },
  datenschutz: { doc: AVV, seq: 4, text: CLAUSES.datenschutz, page: 2, section: ['§ 3 Pflichten des Auftragsverarbeiters'] },
} satisfies Record<string, PassageSpec>;

export function scopeOf(docs: readonly DocumentRecord[], source: AskScope['source'] = 'question'): AskScope {
  return { source: docs.length ? source : 'workspace', documentIds: docs.map((d) => d.id), matched: [] };
}

export function askResult(question: string, specs: readonly PassageSpec[], patch: Partial<AskResult> = {}): AskResult {
  const passages = specs.map((s, i) => passage(s, i + 1));
  const outcome = patch.outcome ?? 'answered';
  return {
    outcome,
    passageLabel: outcome === 'answered' ? 'evidence' : outcome === 'insufficient' ? 'closest' : null,
    question,
    retrievalQuery: question,
    language: 'en',
    scope: scopeOf([...new Set(specs.map((s) => s.doc))]),
    passages,
    sufficiency: { score: 0.8, threshold: 0.5, reasons: [] },
    candidates: [],
    response: null,
    ...patch,
  };
}

export const DOCUMENTS: readonly NamedDocument[] = [MSA, NDA, AVV].map((d) => ({ id: d.id, name: d.name, title: d.title, aliases: d.aliases }));

export const askDeps = {
  retriever: { search: () => Promise.reject(new Error('the fake ask does not search')) },
  documents: () => Promise.resolve(DOCUMENTS),
};

/** An AskFunction answering from a function of the request, recording every request; `asker` is it bound to askDeps. */
export function fakeAsk(answer: (request: AskRequest) => AskResult): { ask: AskFunction; asker: Asker; requests: AskRequest[] } {
  const requests: AskRequest[] = [];
  const ask: AskFunction = async (request, _deps, options) => {
    requests.push(request);
    if (options?.signal?.aborted) throw new Error('aborted');
    return answer(request);
  };
  return { ask, asker: bindAsk(ask, askDeps), requests };
}
