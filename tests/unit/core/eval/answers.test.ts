import { describe, expect, it } from 'vitest';
import { turnFromAsk } from '../../../../src/core/answer/answer';
import { citesEvidence, judgeAnswers, quoteVerdicts, quotesEvidence } from '../../../../src/core/eval/answers';
import type { QaItem } from '../../../../src/core/eval/qa';
import { EvidenceMatcher } from '../../../../src/core/eval/match';
import { askResult, CLAUSES, PASSAGES } from '../../../helpers/ask-fixtures';
import { ScriptedChatModel } from '../../../helpers/scripted-chat';

const item = (id: string, answerable: boolean, evidence: string[] = []): QaItem => ({ id, doc_id: 'msa-qa', question: id, answerable, evidence: evidence.map((text) => ({ text })) });
const capEvidence = "each party's total liability arising out of or relating to this Agreement shall not exceed the fees paid by Customer in the twelve (12) months preceding the claim";

describe('judging answers', () => {
  it('scores citations, quotes, evidence and abstention over a set of turns', async () => {
    const cap = askResult('What is the liability cap?', [PASSAGES.cap, PASSAGES.law]);
    const renewal = askResult('How long is the notice to stop renewal?', [PASSAGES.law, PASSAGES.cap]);
    const audit = askResult('Can the customer audit?', [PASSAGES.term], { outcome: 'insufficient' });
    const mfn = askResult('Is there a most favoured nation clause?', [PASSAGES.law]);
    const model = new ScriptedChatModel({ chat: [{ deltas: ['It is “never more than one year of fees” [1] [4].'] }] });
    const judged = [
      { item: item('cap', true, [capEvidence]), turn: await turnFromAsk(cap), documentId: 'msa' },
      // Answered, but from passages that hold no evidence span.
      { item: item('renewal', true, [CLAUSES.term]), turn: await turnFromAsk(renewal), documentId: 'msa' },
      // Abstained on an answerable question.
      { item: item('audit', true, [CLAUSES.term]), turn: await turnFromAsk(audit), documentId: 'msa' },
      // Unanswerable, answered by a model with an invented citation and a paraphrased quote.
      { item: item('mfn', false), turn: await turnFromAsk(mfn, { model }), documentId: 'msa' },
    ];
    const j = judgeAnswers(judged);
    expect(j.n).toBe(4);
    // cap: 1 citation; renewal: extractive citations; mfn: [1] valid, [4] invalid.
    const citations = judged.flatMap((t) => t.turn.answer?.citations ?? []);
    expect(j.citations_valid).toBeCloseTo((citations.length - 1) / citations.length);
    const quotes = judged.flatMap((t) => t.turn.answer?.quotes ?? []);
    expect(quotes.filter((q) => q.status !== 'verbatim')).toHaveLength(1);
    expect(j.quotes_verbatim).toBeCloseTo((quotes.length - 1) / quotes.length);
    expect(j.answer_has_evidence).toBeCloseTo(1 / 3);
    expect(j.quote_has_evidence).toBeCloseTo(1 / 3);
    expect(j.abstained_answerable).toBeCloseTo(1 / 3);
    expect(j.abstained_unanswerable).toBe(0);
  });

  it('does not count a passage of another document, nor an uncited one', async () => {
    const turn = await turnFromAsk(askResult('What is the liability cap?', [PASSAGES.cap]));
    const qa = item('cap', true, [capEvidence]);
    expect(citesEvidence({ item: qa, turn, documentId: 'msa' })).toBe(true);
    expect(citesEvidence({ item: qa, turn, documentId: 'other' })).toBe(false);
    const uncited = { ...turn, answer: { ...turn.answer!, citations: [] } };
    expect(citesEvidence({ item: qa, turn: uncited })).toBe(false);
  });

  it('counts a quote with the evidence, not a quote of another sentence of the passage holding it', async () => {
    const turn = await turnFromAsk(askResult('What is the liability cap?', [PASSAGES.cap]));
    const qa = item('cap', true, [capEvidence]);
    expect(quotesEvidence({ item: qa, turn, documentId: 'msa' })).toBe(true);
    expect(quotesEvidence({ item: qa, turn, documentId: 'other' })).toBe(false);
    // The same passage cited, but the quote is its other sentence.
    const elsewhere = { ...turn, answer: { ...turn.answer!, quotes: turn.answer!.quotes.map((q) => ({ ...q, text: 'Nothing in this Agreement limits liability for fraud.' })) } };
    expect(citesEvidence({ item: qa, turn: elsewhere, documentId: 'msa' })).toBe(true);
    expect(quotesEvidence({ item: qa, turn: elsewhere, documentId: 'msa' })).toBe(false);
    // Of the quotes given, the share on the evidence: one of two when the second is beside the point.
    const two = { ...turn, answer: { ...turn.answer!, quotes: [...turn.answer!.quotes.slice(0, 1), ...elsewhere.answer.quotes.slice(0, 1)] } };
    expect(judgeAnswers([{ item: qa, turn, documentId: 'msa' }]).quotes_on_evidence).toBe(1);
    expect(judgeAnswers([{ item: qa, turn: two, documentId: 'msa' }]).quotes_on_evidence).toBe(0.5);
    // The per-question record names which quote was beside the point.
    const verdicts = quoteVerdicts({ item: qa, turn: two, documentId: 'msa' }, new EvidenceMatcher());
    expect(verdicts.map((v) => v.onEvidence)).toEqual([true, false]);
    expect(verdicts[1]!.text).toBe('Nothing in this Agreement limits liability for fraud.');
  });

  it('judges typed values against CUAD answers, and quotes that are only headings', async () => {
    const valued = (id: string, category: string, answer: string): QaItem => ({ ...item(id, true, [CLAUSES.law]), cuad_category: category, cuad_answer: answer });
    const judged = [
      { item: valued('law', 'Governing Law', 'New York'), turn: await turnFromAsk(askResult('Which law governs the MSA?', [PASSAGES.law])), documentId: 'msa' },
      { item: valued('renewal', 'Renewal Term', 'successive 1 year'), turn: await turnFromAsk(askResult('How long is each renewal term of the MSA?', [PASSAGES.term])), documentId: 'msa' },
      // Read, but not what CUAD says.
      { item: valued('notice', 'Notice Period To Terminate Renewal', '60 days'), turn: await turnFromAsk(askResult('How much notice stops the MSA renewing?', [PASSAGES.term])), documentId: 'msa' },
      // CUAD gives no value: not counted.
      { item: valued('cap', 'Cap On Liability', 'Yes'), turn: await turnFromAsk(askResult('Is there a cap?', [PASSAGES.cap])), documentId: 'msa' },
    ];
    const j = judgeAnswers(judged);
    expect(j.value_match).toEqual({ overall: 2 / 3, n: 3, by_category: { 'Governing Law': 1, 'Renewal Term': 1, 'Notice Period To Terminate Renewal': 0 } });
    expect(j.value_in_quote).toBeCloseTo(2 / 3);
    expect(j.heading_only).toBe(0);
  });

  it('gives neutral shares for an empty set', () => {
    expect(judgeAnswers([])).toEqual({ n: 0, citations_valid: 1, quotes_verbatim: 1, answer_has_evidence: 0, quote_has_evidence: 0, quotes_on_evidence: 0, abstained_answerable: 0, abstained_unanswerable: 0, value_match: { overall: 0, n: 0, by_category: {} }, heading_only: 0, value_in_quote: 0 });
  });
});
