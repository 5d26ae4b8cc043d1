import { describe, expect, it } from 'vitest';
import { NO_CLAUSE_EVIDENCE, type ClauseEvidence } from '../../../../src/core/ask/clause-rank';
import { judgeSufficiency, retrievalScore } from '../../../../src/core/ask/sufficiency';
import type { PipelinePassage, PipelineResponse } from '../../../../src/core/search-types';
import { chunkRecord } from '../../../helpers/records';

function passage(text: string, terms: string[], seq = 0): PipelinePassage {
  const chunk = chunkRecord('d1', seq, text);
  return {
    chunkId: chunk.id, documentId: 'd1', score: 1, terms, foundBy: ['lexical'], rank: seq + 1, chunk,
    document: { id: 'd1', name: 'd1.pdf', path: 'd1.pdf', title: 'Supply Agreement', language: 'en', pages: 1 },
    scores: { final: 1, fused: 1, lexical: 1, dense: null, rerank: null, phrase: false },
    context: { before: [], after: [] },
  };
}

function response(passages: readonly PipelinePassage[], coverage: number, lexicalQuery: string, weights: Record<string, number>, queryLanguage: string | null = 'en'): PipelineResponse {
  return {
    query: lexicalQuery, terms: Object.keys(weights), passages,
    ranked: passages.map((p) => ({ chunkId: p.chunkId, documentId: p.documentId, score: 1, terms: p.terms, foundBy: ['lexical'], lexicalScore: 1, denseScore: null, lexicalRank: 1, denseRank: null, rerankScore: null, phrase: false })),
    explanation: { timings: {}, candidates: {}, fusion: 'combine_and_dedup', dense: 'unavailable', rerank: 'off', filters: {}, phrases: [], lexicalQuery, dropped: [], queryLanguage, notes: [] },
    evidence: { coverage, weights },
  };
}

const scope = '“Supply Agreement”';

describe('judgeSufficiency', () => {
  it('answers when the passages cover the question', () => {
    const r = response([passage('Either party may terminate on ninety (90) days notice.', ['termin', 'notic'])], 1, 'terminate notice', { termin: 2, notic: 1 });
    const s = judgeSufficiency({ response: r, passages: r.passages, question: 'Can a party terminate on notice?', scopeName: scope, clauses: NO_CLAUSE_EVIDENCE });
    expect(s.score).toBe(1);
    expect(s.reasons).toEqual([]);
  });

  it('names the question’s most informative words no passage holds', () => {
    const r = response([passage('The Supplier shall deliver the goods.', ['damag'])], 0.1, 'liquidated damages termination fee', { liquid: 4, damag: 1, termin: 2, fee: 1.5 });
    const s = judgeSufficiency({ response: r, passages: r.passages, question: 'Does the agreement provide for liquidated damages or a termination fee?', scopeName: scope, clauses: NO_CLAUSE_EVIDENCE });
    expect(s.score).toBeLessThan(s.threshold);
    expect(s.reasons).toEqual([`No passage in ${scope} mentions “liquidated”, “termination”, “fee”.`]);
  });

  it('weighs the clause kind the question asks about: none of the passages is one', () => {
    const r = response([passage('Neither party is liable for indirect loss.', ['liabil'])], 0.6, 'cap liability', { cap: 3, liabil: 1 });
    const clauses: ClauseEvidence = { asked: [{ type: 'cap_on_liability', score: 0.9 }], scores: new Map([['d1:0', 0.1]]), inScope: null, kindPassages: new Map() };
    const s = judgeSufficiency({ response: r, passages: r.passages, question: 'Is there a cap on liability?', scopeName: scope, clauses });
    expect(s.score).toBeCloseTo((retrievalScore(r) + 0.1) / 2);
    expect(s.score).toBeLessThan(s.threshold);
    expect(s.reasons).toEqual([`No passage in ${scope} is a cap-on-liability clause.`]);
    // With the playbook's name of the kind, the reason reads as people write it.
    const named = (name: string) => judgeSufficiency({ response: r, passages: r.passages, question: 'Is there a cap on liability?', scopeName: scope, clauses: { ...clauses, asked: [{ type: 'cap_on_liability', score: 0.9, name }] } }).reasons;
    expect(named('Cap on liability')).toEqual([`No passage in ${scope} is a cap on liability clause.`]);
    expect(named('Renewal term (auto-renewal)')).toEqual([`No passage in ${scope} is a renewal term clause.`]);
    expect(named('IP ownership assignment')).toEqual([`No passage in ${scope} is an IP ownership assignment clause.`]);
    const present = judgeSufficiency({ response: r, passages: r.passages, question: 'Is there a cap on liability?', scopeName: scope, clauses: { ...clauses, scores: new Map([['d1:0', 0.9]]) } });
    expect(present.score).toBeGreaterThanOrEqual(present.threshold);
  });

  it('says when the closest passage is redacted past reading', () => {
    const redacted = passage('9. LIMITATION OF LIABILITY. EXCEPT FOR [*] CAUSED BY A [*] OF SECTION [*], NEITHER PARTY SHALL BE [*] FOR ANY [*], [*] OR [*].', ['liabil']);
    const r = response([{ ...redacted, chunk: { ...redacted.chunk, pageStart: 7, pageEnd: 7, sectionPath: ['9 LIMITATION OF LIABILITY'] } }], 0.6, 'cap liability', { cap: 3, liabil: 1 });
    const clauses: ClauseEvidence = { asked: [{ type: 'cap_on_liability', score: 0.9, name: 'Cap on liability' }], scores: new Map([['d1:0', 0.1]]), inScope: null, kindPassages: new Map() };
    const s = judgeSufficiency({ response: r, passages: r.passages, question: 'Is liability capped?', scopeName: scope, clauses });
    expect(s.reasons).toEqual(['The closest passage (p. 7, “9 LIMITATION OF LIABILITY”) is redacted in this copy: the words that would answer may be among those removed.', `No passage in ${scope} is a cap on liability clause.`]);
    const fr = judgeSufficiency({ response: { ...r, explanation: { ...r.explanation, queryLanguage: 'fr' } }, passages: r.passages, question: 'La responsabilité est-elle plafonnée ?', scopeName: scope, clauses, language: 'fr' });
    expect(fr.reasons[0]).toBe('Le passage le plus proche (p. 7, « 9 LIMITATION OF LIABILITY ») est caviardé dans cette copie : les mots qui répondraient sont peut-être parmi ceux retirés.');
    // Amounts blacked out in a clause that can be read: no such reason.
    const amount = response([passage(`Liability shall not exceed [*] dollars. ${'The Supplier shall deliver the goods in good order and condition. '.repeat(8)}Late fees are [*] per day, up to [*].`, ['liabil'])], 0.6, 'cap liability', { cap: 3, liabil: 1 });
    expect(judgeSufficiency({ response: amount, passages: amount.passages, question: 'Is liability capped?', scopeName: scope, clauses }).reasons.some((x) => x.includes('redacted'))).toBe(false);
  });

  it('combines the signals with learned weights when the model has them', () => {
    const r = response([passage('Neither party is liable for indirect loss.', ['liabil'])], 0.9, 'cap liability', { cap: 3, liabil: 1 });
    const clauses: ClauseEvidence = { asked: [{ type: 'cap_on_liability', score: 0.9, learned: true }], scores: new Map([['d1:0', 0.3]]), inScope: null, kindPassages: new Map() };
    const input = { response: r, passages: r.passages, question: 'Is there a cap on liability?', scopeName: scope, clauses, threshold: 0.45 };
    // Well retrieved but no cap clause: the mean answers; weights that trust the clause signal do not.
    expect(judgeSufficiency(input).score).toBeGreaterThanOrEqual(0.45);
    const weights = { bias: -3, retrieval: 1.5, clause: 6, answerType: 0, noAnswerType: -0.4, threshold: 0.5 };
    const learned = judgeSufficiency({ ...input, weights });
    const z = -3 + 1.5 * retrievalScore(r) + 6 * 0.3 - 0.4;
    expect(learned.score).toBeCloseTo(1 / (1 + Math.exp(-z)));
    expect(learned.score).toBeLessThan(0.5);
    expect(learned.reasons).toEqual([`No passage in ${scope} is a cap-on-liability clause.`]);
    expect(learned.signals).toEqual({ retrieval: retrievalScore(r), clause: 0.3, learned_kind: 1 });
    expect(learned.threshold).toBe(0.5);
    // A kind only the playbooks' signals read (an NDA's): the weights were not learnt on it, the mean judges.
    const playbookKind = judgeSufficiency({ ...input, clauses: { ...clauses, asked: [{ type: 'ci_definition', score: 0.9 }] }, weights });
    expect(playbookKind.threshold).toBe(0.45);
    expect(playbookKind.score).toBeCloseTo((retrievalScore(r) + 0.3) / 2);
    // A question about no clause kind the model knows is judged by the signals' mean and its threshold.
    const other = judgeSufficiency({ ...input, question: 'When must invoices be paid?', clauses: NO_CLAUSE_EVIDENCE, weights });
    expect(other.threshold).toBe(0.45);
    expect(other.score).toBeCloseTo(judgeSufficiency({ ...input, question: 'When must invoices be paid?', clauses: NO_CLAUSE_EVIDENCE }).score);
  });

  it('gives the weakest signal as the reason when none is under its midpoint but together they fall short', () => {
    // "does the outsourcing agreement renew automatically?" of "renewed tacitly every year": the clause signal at 0.5.
    const r = response([passage('13.1. The present Agreement is effective as from 1 January 2009. It is established by calendar year and renewed tacitly every year.', ['renew'])], 1, 'renew automatically', { renew: 2 });
    const clauses: ClauseEvidence = { asked: [{ type: 'renewal_term', score: 0.9, learned: true, name: 'Renewal term' }], scores: new Map([['d1:0', 0.5]]), inScope: null, kindPassages: new Map() };
    const weights = { bias: -4, retrieval: 2, clause: 3.9, answerType: 0, noAnswerType: 0, threshold: 0.7344 };
    const input = { response: r, passages: r.passages, question: 'does the outsourcing agreement renew automatically?', scopeName: scope, clauses, weights };
    const s = judgeSufficiency(input);
    expect(s.score).toBeLessThan(s.threshold);
    expect(s.reasons).toEqual([`No passage in ${scope} reads clearly as a renewal term clause.`]);
    expect(judgeSufficiency({ ...input, language: 'fr' }).reasons).toEqual([`Aucun passage de ${scope} ne se lit clairement comme une clause du type « renewal term ».`]);
    expect(judgeSufficiency({ ...input, language: 'de' }).reasons).toEqual([`Keine Stelle in ${scope} liest sich eindeutig als Klausel der Art „renewal term“.`]);
    // Above the threshold: no reason at all.
    expect(judgeSufficiency({ ...input, weights: { ...weights, bias: 0 } }).reasons).toEqual([]);
  });

  it('says a passage states the value asked when none reads as a clause of its kind, without changing the score', () => {
    // "How long does the Lucent co-branding agreement last before any renewal?" of a passage the classifier scores low.
    const term = passage('The Term of this Agreement will commence on the date above, and shall continue for a term of one (1) year.', ['term', 'last']);
    const clauses: ClauseEvidence = { asked: [{ type: 'expiration_date', score: 0.9, learned: true }], scores: new Map([['d1:0', 0.25]]), inScope: null, kindPassages: new Map() };
    const weights = { bias: -3, retrieval: 1.4, clause: 5.8, answerType: 0.1, noAnswerType: -0.2, threshold: 0.62 };
    const r = response([term], 0.6, 'long agreement last renewal', { long: 1, agreement: 1, last: 1, renew: 2 });
    const ask = (valueKind?: 'expiration_date') => judgeSufficiency({ response: r, passages: [term], question: 'How long does the agreement last before any renewal?', scopeName: scope, clauses, weights, ...(valueKind ? { valueKind } : {}) });
    const plain = ask();
    const stated = ask('expiration_date');
    expect(stated.score).toBe(plain.score);
    expect(stated.score).toBeLessThan(stated.threshold);
    expect(plain.reasons).toEqual([`No passage in ${scope} is an expiration-date clause.`]);
    // The value as the answer would lead with it, the kind as the other reasons name it.
    expect(stated.reasons).toEqual(['A passage states “The initial term ends: 1 year after the Effective Date”, but none reads clearly as an expiration-date clause: check it before relying on it.']);
    // In the reply's language.
    const fr = judgeSufficiency({ response: r, passages: [term], question: 'Quelle est la durée du contrat ?', scopeName: scope, language: 'fr', clauses, weights, valueKind: 'expiration_date' });
    expect(fr.reasons).toEqual(['Un passage indique « Fin de la durée initiale : 1 an après la date d’effet », mais aucun ne se lit clairement comme une clause du type « expiration-date » : à vérifier avant de s’y fier.']);
    // An end on an event states no period or date: that no passage states one is not said beside it.
    const event = passage('This Agreement shall terminate upon the Trust’s payment in full of all amounts due under the Notes.', ['term', 'last']);
    const onEvent = judgeSufficiency({ response: response([event], 0.6, 'long agreement last renewal', { long: 1, agreement: 1, last: 1, renew: 2 }), passages: [event], question: 'How long does the agreement last before any renewal?', scopeName: scope, clauses, weights, valueKind: 'expiration_date' });
    expect(onEvent.signals).toMatchObject({ answer_type: 0 });
    expect(onEvent.reasons).toEqual(['A passage states “The initial term ends: no end date (it ends on an event the contract names)”, but none reads clearly as an expiration-date clause: check it before relying on it.']);
    // Sufficient: no reason is written at all.
    expect(judgeSufficiency({ response: r, passages: [term], question: 'How long does the agreement last?', scopeName: scope, clauses: { ...clauses, scores: new Map([['d1:0', 0.95]]) }, weights, valueKind: 'expiration_date' }).reasons).toEqual([]);
  });

  it('asks for a period when the question asks how long, in the question’s language', () => {
    const r = response([passage('The warranty covers defects in materials.', ['warranti'])], 0.5, 'warranty last', { warranti: 2, last: 1 });
    const s = judgeSufficiency({ response: r, passages: r.passages, question: 'How long does the warranty last?', scopeName: scope, clauses: NO_CLAUSE_EVIDENCE });
    expect(s.reasons).toContain(`No passage in ${scope} states a period or a date.`);
    const unknown = judgeSufficiency({ response: response(r.passages, 0.5, 'warranty last', { warranti: 2, last: 1 }, null), passages: r.passages, question: 'How long does the warranty last?', scopeName: scope, clauses: NO_CLAUSE_EVIDENCE });
    expect(unknown.score).toBeGreaterThan(s.score);
  });

  it('judges by the calibrated signals a kind the learned head read, when no passage holds the question’s words', () => {
    // "Can Fusion walk away from the supply deal early?" of "FUSION may terminate this Agreement without cause".
    const clause = passage('FUSION may terminate this Agreement without cause by providing CPDC with [***] prior written notice.', []);
    const weights = { bias: -3, retrieval: 1.7, clause: 5.6, answerType: 0.2, noAnswerType: -0.2, threshold: 0.48 };
    const evidence = (inScope: number, learned: boolean): ClauseEvidence => ({ asked: [{ type: 'termination_for_convenience', score: 0.71, learned }], scores: new Map([['d1:0', inScope]]), inScope, kindPassages: new Map() });
    const ask = (clauses: ClauseEvidence, w?: typeof weights) => judgeSufficiency({ response: response([], 0, 'walk away early', { walk: 3, away: 3, earli: 2 }), passages: [clause], question: 'Can Fusion walk away from the supply deal early?', scopeName: scope, clauses, ...(w ? { weights: w } : {}) });
    const judged = ask(evidence(0.94, true), weights);
    expect(judged.score).toBeGreaterThanOrEqual(judged.threshold);
    // The contract has no clause of the kind: insufficient, by the same signals.
    const lacking = ask(evidence(0.1, true), weights);
    expect(lacking.score).toBeLessThan(lacking.threshold);
    // The kind says why; the words no passage holds ("walk", "away") are left out of the reasons.
    expect(lacking.reasons).toEqual([`No passage in ${scope} is a termination-for-convenience clause.`]);
    // Its signals are there for the trainer to calibrate on (it asks before it has weights).
    expect(ask(evidence(0.94, true)).signals).toEqual({ retrieval: 0, clause: 0.94, learned_kind: 1 });
    // A kind only the playbooks' signals read: the words decide, as before.
    expect(ask(evidence(0.94, false), weights)).toMatchObject({ score: 0, reasons: [`No passage in ${scope} matches the question.`] });
  });

  it('judges passages of the asked kind that no question word found only when every word just asks for the value', () => {
    // "How long does it last before any renewal?" of a contract that "shall continue until December 31, 2020".
    const term = passage('This Agreement shall begin on the Effective Date and shall continue until December 31, 2020, unless extended or earlier terminated.', []);
    const clauses: ClauseEvidence = { asked: [{ type: 'expiration_date', score: 0.9 }], scores: new Map([['d1:0', 0.95]]), inScope: 0.95, kindPassages: new Map() };
    const weights = { bias: -3, retrieval: 1.7, clause: 5.6, answerType: 0.2, noAnswerType: -0.2, threshold: 0.48 };
    const asking = ['how', 'long', 'last', 'renewal', 'before'];
    const judged = judgeSufficiency({ response: response([], 0, 'long last before renewal', { long: 1, last: 1, renew: 2 }), passages: [term], question: 'How long does it last before any renewal?', scopeName: scope, clauses, weights, valueWords: asking });
    expect(judged.score).toBeGreaterThanOrEqual(judged.threshold);
    // "How long must Confidential Information be kept secret?": words that name a subject the contract lacks.
    const subject = judgeSufficiency({ response: response([], 0, 'long confidential information kept secret', { long: 1, confidenti: 3, inform: 2, kept: 1, secret: 3 }), passages: [term], question: 'How long must Confidential Information be kept secret?', scopeName: scope, clauses, weights, valueWords: asking });
    expect(subject).toMatchObject({ score: 0, reasons: [`No passage in ${scope} matches the question.`] });
    // No value asked: as before.
    expect(judgeSufficiency({ response: response([], 0, 'long last', { long: 1, last: 1 }), passages: [term], question: 'How long does it last?', scopeName: scope, clauses, weights }).score).toBe(0);
  });

  it('judges a question in another language than the documents by the clause kind and the answer type, not by shared words', () => {
    // "Le contrat peut-il être cédé ?" of an English contract: no word meets, the kind answers.
    const clause = passage('Neither party may transfer, assign or sublicense this Agreement without the written consent of the other party.', []);
    const evidence = (inScope: number): ClauseEvidence => ({ asked: [{ type: 'anti_assignment', score: 0.9 }], scores: new Map([['d1:0', inScope]]), inScope, kindPassages: new Map() });
    const ask = (inScope: number, queryLanguage: string) => judgeSufficiency({ response: response([], 0, 'contrat peut cédé', { contrat: 1, peut: 1, ced: 3 }, queryLanguage), passages: [clause], question: 'Le contrat peut-il être cédé ?', scopeName: scope, clauses: evidence(inScope) });
    const judged = ask(0.95, 'fr');
    expect(judged.score).toBeGreaterThanOrEqual(judged.threshold);
    expect(judged.signals).toEqual({ clause: 0.95 });
    // The contract has no such clause: insufficient, and the reason says so.
    expect(ask(0.1, 'fr').reasons).toEqual([`No passage in ${scope} is an anti-assignment clause.`]);
    // The reasons in the question's language, the kind named as the playbook names it in that language.
    const named = (language: string) => judgeSufficiency({ response: response([], 0, 'contrat peut cédé', { contrat: 1, peut: 1, ced: 3 }, language), passages: [clause], question: 'Le contrat peut-il être cédé ?', scopeName: '« Supply Agreement »', language, clauses: { ...evidence(0.1), asked: [{ type: 'anti_assignment', score: 0.9, name: 'Anti-assignment', names: { fr: 'cession', de: 'Abtretung' } }] } }).reasons;
    expect(named('fr')).toEqual(['Aucun passage de « Supply Agreement » n’est une clause du type « cession ».']);
    expect(named('de')).toEqual(['Keine Stelle in « Supply Agreement » ist eine Klausel der Art „Abtretung“.']);
    // In the documents' own language, the words decide as before.
    expect(ask(0.95, 'en')).toMatchObject({ score: 0, reasons: [`No passage in ${scope} matches the question.`] });
    // A question about no kind in another language than the passages: nothing meets, and the reason says why.
    const unmet = (language: string) => judgeSufficiency({ response: response([], 0, 'wie lange läuft', { lang: 1, lauft: 2 }, 'de'), passages: [clause], question: 'Wie lange läuft das?', scopeName: scope, language, clauses: NO_CLAUSE_EVIDENCE }).reasons;
    expect(unmet('en')).toEqual([`No passage in ${scope} matches the question.`, 'The question is in German and the documents in English: their words are compared as written. Ask in English, or set up meaning-based search (Settings → Models), which reads across languages.']);
    expect(unmet('de')[1]).toBe('Die Frage ist auf Deutsch, die Dokumente auf Englisch: ihre Wörter werden so verglichen, wie sie geschrieben sind. Fragen Sie auf Englisch oder richten Sie die Suche nach Bedeutung ein (Einstellungen → Modelle), die sprachübergreifend liest.');
    expect(unmet('fr')[1]).toMatch(/^La question est en allemand et les documents en anglais/u);
    // No passage shown: the documents in scope tell their language; several languages, or none told, say nothing more.
    const none = (scopeLanguages: (string | null)[]) => judgeSufficiency({ response: response([], 0, 'wie lange läuft', { lang: 1, lauft: 2 }, 'de'), passages: [], question: 'Wie lange läuft das?', scopeName: scope, clauses: NO_CLAUSE_EVIDENCE, scopeLanguages }).reasons;
    expect(none(['en', 'en'])).toHaveLength(2);
    expect(none(['en', 'fr'])).toHaveLength(1);
    expect(none([null])).toHaveLength(1);
    expect(none(['de'])).toHaveLength(1);
    // Meaning-based search ran and found nothing close either: it is not offered as the remedy.
    const searched = response([], 0, 'wie lange läuft', { lang: 1, lauft: 2 }, 'de');
    const withMeaning = { ...searched, explanation: { ...searched.explanation, dense: 'on' as const } };
    expect(judgeSufficiency({ response: withMeaning, passages: [], question: 'Wie lange läuft das?', scopeName: scope, clauses: NO_CLAUSE_EVIDENCE, scopeLanguages: ['en'] }).reasons[1]).toBe('The question is in German and the documents in English: meaning-based search found nothing close either. Ask in English.');
    // "Welches Recht gilt?": the place of law is looked for in the passage's language.
    const law = passage('This Agreement shall be governed by the laws of the State of Washington.', []);
    const german = judgeSufficiency({ response: response([], 0, 'recht gilt', { recht: 2, gilt: 1 }, 'de'), passages: [law], question: 'Welches Recht gilt für den Vertrag?', scopeName: scope, clauses: { asked: [{ type: 'governing_law', score: 0.9 }], scores: new Map([['d1:0', 0.97]]), inScope: 0.97, kindPassages: new Map() } });
    expect(german.signals).toEqual({ clause: 0.97, answer_type: 1 });
  });

  it('has nothing to judge without passages', () => {
    const r = response([], 0, 'anything', {});
    expect(judgeSufficiency({ response: r, passages: [], question: 'anything?', scopeName: scope, clauses: NO_CLAUSE_EVIDENCE })).toEqual({ score: 0, threshold: 0.5, reasons: [`No passage in ${scope} matches the question.`] });
  });
});
