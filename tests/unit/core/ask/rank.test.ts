import { describe, expect, it } from 'vitest';
import { askedByWords, clauseEvidence, rankByClause, withKindPassages } from '../../../../src/core/ask/clause-rank';
import { dropCopyRepeats } from '../../../../src/core/ask/copies';
import type { ClauseClassifier } from '../../../../src/core/ports';
import type { NamedDocument, PipelinePassage } from '../../../../src/core/search-types';
import { DEFAULT_SELECTION } from '../../../../src/core/search/select';
import { chunkRecord } from '../../../helpers/records';

function passage(documentId: string, seq: number, text: string, score: number): PipelinePassage {
  const chunk = chunkRecord(documentId, seq, text);
  return {
    chunkId: chunk.id, documentId, score, terms: [], foundBy: ['lexical'], rank: 0, chunk,
    document: { id: documentId, name: `${documentId}.pdf`, path: `${documentId}.pdf`, title: null, language: 'en', pages: 1 },
    scores: { final: score, fused: score, lexical: score, dense: null, rerank: null, phrase: false },
    context: { before: [], after: [] },
  };
}

const CAP = 'The total liability of each party shall not exceed the fees paid in the twelve months before the claim.';
const INSURANCE = 'Each party shall maintain insurance covering its liability under this Agreement with reputable insurers.';
const classifier: ClauseClassifier = {
  classify: async (ps) => ps.map((p) => (/shall not exceed/.test(p.text) ? [{ type: 'cap_on_liability', score: 0.8 }] : [])),
  questionTypes: async (q) => (/cap/.test(q) ? [{ type: 'cap_on_liability', score: 0.9 }] : []),
};

describe('rankByClause', () => {
  it('moves a passage of the asked clause kind up, then selects and renumbers', async () => {
    const passages = [passage('a', 0, INSURANCE, 1), passage('a', 1, 'Unrelated text about delivery.', 0.9), passage('a', 2, CAP, 0.5)];
    const evidence = await clauseEvidence(classifier, 'Is there a cap on liability?', passages);
    expect(evidence.asked.map((l) => l.type)).toEqual(['cap_on_liability']);
    const ranked = rankByClause(passages, evidence, { ...DEFAULT_SELECTION, topK: 2, perFile: 0 });
    expect(ranked.map((p) => [p.chunk.seq, p.rank])).toEqual([[2, 1], [0, 2]]);
  });

  it('puts the passage the model reads surest as the asked kind first, however weakly retrieved, within named documents', async () => {
    // A passage that matches the question's words well but reads as the kind only half-surely
    // (a neighbouring clause that mentions liability) against the clause itself, barely retrieved:
    // at the weight chosen on the training contracts (out-of-fold scores) the clause wins.
    const graded: ClauseClassifier = {
      classify: async (ps) => ps.map((p) => [{ type: 'cap_on_liability', score: /shall not exceed/.test(p.text) ? 0.95 : 0.5 }]),
      questionTypes: async () => [{ type: 'cap_on_liability', score: 0.9 }],
    };
    const passages = [passage('a', 0, INSURANCE, 1), passage('a', 1, CAP, 0.1)];
    const evidence = await clauseEvidence(graded, 'Is there a cap on liability?', passages);
    expect(rankByClause(passages, evidence, { ...DEFAULT_SELECTION, topK: 2, perFile: 0 }).map((p) => p.chunk.seq)).toEqual([1, 0]);
    // Retrieval still orders passages the model reads alike.
    const alike = [passage('a', 0, CAP, 0.4), passage('a', 1, `${CAP} Again.`, 1)];
    const same = await clauseEvidence(graded, 'Is there a cap on liability?', alike);
    expect(rankByClause(alike, same, { ...DEFAULT_SELECTION, topK: 2, perFile: 0 }).map((p) => p.chunk.seq)).toEqual([1, 0]);
  });

  it('weighs a passage the model alone reads as the asked kind, with nothing else backing it, at most 0.7', async () => {
    // "Material breach. …" scores 0.89 as a cap on liability to the model (presence 0.13); the cap
    // clause itself 0.8, surely (presence 0.9). At full weight the short passage came first.
    const breach = 'Material breach. A breach is material only if it is not remedied within sixty (60) days of notice.';
    const unsure: ClauseClassifier = {
      classify: async (ps) => ps.map((p) => [/shall not exceed/.test(p.text) ? { type: 'cap_on_liability', score: 0.8, presence: 0.9 } : { type: 'cap_on_liability', score: 0.89, presence: 0.13 }]),
      questionTypes: async () => [{ type: 'cap_on_liability', score: 0.9 }],
    };
    const passages = [passage('a', 0, breach, 0.5), passage('a', 1, CAP, 0.5)];
    const evidence = await clauseEvidence(unsure, 'Is there a cap on liability?', passages);
    expect(evidence.scores.get(passages[0]!.chunkId)).toBe(0.7);
    expect(rankByClause(passages, evidence, { ...DEFAULT_SELECTION, topK: 2, perFile: 0 }).map((p) => p.chunk.seq)).toEqual([1, 0]);
  });

  it('keeps the retrieval order when the question asks for no clause kind', async () => {
    const passages = [passage('a', 0, INSURANCE, 1), passage('b', 0, CAP, 0.5), passage('a', 1, CAP, 0.4)];
    const evidence = await clauseEvidence(classifier, 'Who pays for insurance?', passages);
    expect(rankByClause(passages, evidence, { ...DEFAULT_SELECTION, topK: 5, perFile: 1 }).map((p) => p.chunkId)).toEqual(['a:0', 'b:0']);
  });
});

describe('askedByWords', () => {
  const head = [{ type: 'notice_period_to_terminate_renewal', score: 0.82 }, { type: 'renewal_term', score: 0.3 }];
  it('asks the termination clause when the words ask the notice to terminate with no renewal in them', () => {
    expect(askedByWords("what's the notice period to terminate the ?", head).map((l) => l.type)).toEqual(['termination_for_convenience', 'renewal_term']);
    expect(askedByWords('how much notice do we need to give to end the agreement?', head)[0]).toEqual({ type: 'termination_for_convenience', score: 0.82 });
  });
  it('keeps the renewal notice when a renewal is named, and any other kind the head reads', () => {
    expect(askedByWords('how much notice to stop the renewal?', head)).toEqual(head);
    expect(askedByWords('notice period to terminate renewal?', head)).toEqual(head);
    expect(askedByWords('how much notice to terminate?', [{ type: 'termination_for_convenience', score: 0.9 }])).toEqual([{ type: 'termination_for_convenience', score: 0.9 }]);
  });
  it('ranks by the kind stating the value the words settle, whatever kind the head reads first', () => {
    const warranty = [{ type: 'warranty_duration', score: 0.7 }, { type: 'expiration_date', score: 0.2 }];
    expect(askedByWords('how long does the agreement run?', warranty)).toEqual([{ type: 'expiration_date', score: 0.7 }]);
    expect(askedByWords('how long is the warranty?', warranty)).toEqual(warranty);
    const licence = [{ type: 'license_grant', score: 0.6 }];
    expect(askedByWords("which state's law governs our licence deal?", licence)).toEqual([{ type: 'governing_law', score: 0.6 }]);
    expect(askedByWords('what may we do under the licence?', licence)).toEqual(licence);
    expect(askedByWords('is there a cap on liability?', [])).toEqual([]);
  });
  it('drops a kind stating a law, a date or a length when a sum is asked with no word for one (en/fr/de)', () => {
    // A walkthrough of a joint venture contract: the head read the expiration date in "initial".
    const initial = [{ type: 'expiration_date', score: 0.43 }, { type: 'cap_on_liability', score: 0.04 }];
    expect(askedByWords('what is the initial franchise fee?', initial)).toEqual([{ type: 'cap_on_liability', score: 0.04 }]);
    expect(askedByWords('how much do we pay in the first year?', [{ type: 'expiration_date', score: 0.5 }])).toEqual([]);
    expect(askedByWords('quel est le prix initial ?', [{ type: 'renewal_term', score: 0.5 }])).toEqual([]);
    expect(askedByWords('Wie hoch ist die Lizenzgebühr?', [{ type: 'governing_law', score: 0.5 }])).toEqual([]);
    // A length asked ("how much notice"), a kind stating no such value, or a cap: kept.
    expect(askedByWords('how much notice to stop the renewal?', head)).toEqual(head);
    expect(askedByWords('what are the minimum payments?', [{ type: 'minimum_commitment', score: 0.8 }])).toEqual([{ type: 'minimum_commitment', score: 0.8 }]);
    expect(askedByWords('is liability capped at the fees paid?', [{ type: 'cap_on_liability', score: 0.9 }])).toEqual([{ type: 'cap_on_liability', score: 0.9 }]);
    // The words name the renewal: its kind stays, but no renewal term answers a fee (askedValue).
    expect(askedByWords("what's the renewal fee?", [{ type: 'renewal_term', score: 0.9 }])).toEqual([{ type: 'renewal_term', score: 0.9 }]);
  });
});

describe('withKindPassages', () => {
  // The document read whole: its cap clause says "shall not exceed", which "cap" does not retrieve.
  const chunks = [INSURANCE, 'Unrelated text about delivery.', CAP, 'Notices go to the addresses above.'].map((t, i) => chunkRecord('a', i, t));
  const whole = { documentIds: ['a'], chunks: async () => chunks };

  it('adds the passage of the asked kind that retrieval missed, with its neighbours, and ranks it first', async () => {
    const retrieved = [passage('a', 0, INSURANCE, 1), passage('a', 1, 'Unrelated text about delivery.', 0.9)];
    const evidence = await clauseEvidence(classifier, 'Is there a cap?', retrieved, {}, whole);
    expect([...evidence.kindPassages.keys()]).toEqual(['a:2']);
    const candidates = await withKindPassages(retrieved, evidence, whole, (id) => retrieved.find((p) => p.documentId === id)?.document ?? null);
    const added = candidates.find((p) => p.chunkId === 'a:2')!;
    expect(added.score).toBe(0);
    expect(added.context.before.map((c) => c.seq)).toEqual([1]);
    expect(added.context.after.map((c) => c.seq)).toEqual([3]);
    const ranked = rankByClause(candidates, evidence, { ...DEFAULT_SELECTION, topK: 3, perFile: 0 });
    expect(ranked[0]!.chunkId).toBe('a:2');
  });

  it('adds nothing when the question asks for no clause kind or the documents are not read whole', async () => {
    const retrieved = [passage('a', 0, INSURANCE, 1)];
    const none = await clauseEvidence(classifier, 'Who pays for insurance?', retrieved, {}, whole);
    expect((await withKindPassages(retrieved, none, whole, () => retrieved[0]!.document)).map((p) => p.chunkId)).toEqual(['a:0']);
    const asked = await clauseEvidence(classifier, 'Is there a cap?', retrieved, {}, whole);
    expect((await withKindPassages(retrieved, asked, null, () => retrieved[0]!.document)).map((p) => p.chunkId)).toEqual(['a:0']);
  });
});

describe('dropCopyRepeats', () => {
  const doc = (id: string, pages: number, ocrPages: number): NamedDocument => ({ id, name: `${id}.pdf`, title: 'SUPPLY AGREEMENT', aliases: ['Acme Corp.', 'Acme', 'Beta Ltd.', 'Beta'], pages, ocrPages });
  // The original has one scanned page (a signature page), the copy is a scan of its first pages.
  const documents = [doc('original', 19, 1), doc('scan', 4, 4), { ...doc('other', 3, 0), title: 'LEASE', aliases: ['Gamma LLC', 'Gamma'] }];
  // The scan's text as OCR reads it: a slip or two, another chunk boundary.
  const ocrCap = `Clause 7. ${CAP.replace('twelve', 'twe1ve')}`;

  it('shows a clause once across copies of one document, from the text layer', () => {
    const passages = [passage('scan', 3, ocrCap, 1), passage('original', 7, CAP, 0.9), passage('original', 2, INSURANCE, 0.8), passage('other', 1, CAP, 0.7)];
    expect(dropCopyRepeats(passages, documents).map((p) => p.chunkId)).toEqual(['original:7', 'original:2', 'other:1']);
  });

  it('leaves different documents alone', () => {
    const passages = [passage('original', 7, CAP, 1), passage('other', 1, CAP, 0.9)];
    expect(dropCopyRepeats(passages, documents).map((p) => p.chunkId)).toEqual(['original:7', 'other:1']);
  });
});
