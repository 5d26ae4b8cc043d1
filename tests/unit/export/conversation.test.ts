import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectTurn, runTurn } from '../../../src/core/answer/turn';
import type { TurnRecord } from '../../../src/core/answer-types';
import { conversationToDocx } from '../../../src/export/conversation-docx';
import { conversationToMarkdown } from '../../../src/export/conversation-markdown';
import { askResult, CLAUSES, fakeAsk, PASSAGES } from '../../helpers/ask-fixtures';
import { ScriptedChatModel } from '../../helpers/scripted-chat';

const PLAN = [
  { value: { family: 'workspace_retrieval', reply_language: 'en', evidence_regime: 'grounded', follow_up: false } },
  { value: { document_ids: [], section_ordinal: null, answer_shape: 'short' } },
];
const MODEL_ANSWER = 'Each party’s liability “shall not exceed the fees paid by Customer in the twelve (12) months preceding the claim” [1]. The agreement renews yearly [2]. Liability is “unlimited for data breaches” [1]. See [7].';

let turns: TurnRecord[] = [];

beforeAll(async () => {
  const fake = fakeAsk((r) => (/audit/.test(r.question) ? askResult(r.question, [PASSAGES.term], { outcome: 'insufficient' }) : askResult(r.question, [PASSAGES.cap, PASSAGES.term])));
  const model = new ScriptedChatModel({ json: [...PLAN, ...PLAN], chat: [{ deltas: [MODEL_ANSWER] }] });
  const first = await collectTurn(runTurn({ question: 'What is the liability cap?' }, { asker: fake.asker, model }));
  const second = await collectTurn(runTurn({ question: 'Can we audit them?', history: [first.turn], regime: 'grounded' }, { asker: fake.asker, model }));
  const third = await collectTurn(runTurn({ question: 'What is the liability cap?', history: [first.turn, second.turn] }, { asker: fake.asker }));
  turns = [first.turn, second.turn, third.turn];
});

const conversation = () => ({ title: 'Liability questions', turns, exportedAt: new Date('2026-03-04T10:00:00Z') });

describe('Markdown export', () => {
  it('writes each turn with citations as footnotes holding file, page, section and the verbatim passage', () => {
    const md = conversationToMarkdown(conversation());
    expect(md.startsWith('# Liability questions\n')).toBe(true);
    expect(md).toContain('Exported from Casefile on 2026-03-04');
    expect(md).toContain('## 1. What is the liability cap?');
    // The documents each question was asked of, a follow-up's recorded as such.
    expect(md).toMatch(/_Searched in: Master Services Agreement \((named in the question|follow-up of the previous question)\)\._/);
    const followUp = { ...turns[1]!, scope: { ...turns[1]!.scope!, source: 'follow_up' as const } };
    expect(conversationToMarkdown({ ...conversation(), turns: [turns[0]!, followUp] })).toMatch(/## 2\. Can we audit them\?[\s\S]*?_Searched in: Master Services Agreement \(follow-up of the previous question\)\._/);
    expect(md).toContain('months preceding the claim” [^1-1]. The agreement renews yearly [^1-2].');
    const footnotes = md.split('\n').filter((l) => /^\[\^\d+-\d+\]: /.test(l));
    expect(footnotes).toContain(`[^1-1]: Master Services Agreement.pdf, p. 5, § ARTICLE 12 LIMITATION OF LIABILITY › 12.2 Liability Cap: “${CLAUSES.cap}”`);
    // Every footnote reference in the text has its definition, and the reverse.
    const refs = new Set([...md.matchAll(/\[\^(\d+-\d+)\](?!:)/g)].map((m) => m[1]));
    const defs = new Set(footnotes.map((l) => /^\[\^(\d+-\d+)\]/.exec(l)![1]));
    expect([...refs].sort()).toEqual([...defs].sort());
  });

  it('marks the invented citation and the quote that is not in the source', () => {
    const md = conversationToMarkdown(conversation());
    expect(md).toContain('“unlimited for data breaches” [quote not found verbatim in the sources] [^1-1].');
    expect(md).toContain('See [7] [unresolved citation].');
    expect(md).toContain('_Verification: 4 citations, 1 unresolved; 2 quotations, 1 not verbatim._');
  });

  it('shows an abstention with its closest passages, and an extractive answer as block quotes', () => {
    const md = conversationToMarkdown(conversation());
    expect(md).toContain('**Not enough evidence in the documents**');
    expect(md).toContain('Closest passages: [^2-1]');
    expect(md).toContain('**Answer (composed of verbatim passages, no language model)**');
    expect(md).toMatch(/\n> Except for a party's obligations .* \[\^3-1\]\n/);
  });
});

describe('Word export', () => {
  let files: Record<string, Uint8Array> = {};
  beforeAll(async () => {
    files = unzipSync(await conversationToDocx(conversation()));
  });

  it('is a Word document whose footnotes hold file, page, section and the verbatim passage', () => {
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['word/document.xml', 'word/footnotes.xml', '[Content_Types].xml']));
    const footnotes = strFromU8(files['word/footnotes.xml']!);
    const texts = [...footnotes.matchAll(/<w:footnote [^>]*w:id="(\d+)"[^>]*>([\s\S]*?)<\/w:footnote>/g)]
      .filter((m) => Number(m[1]) > 0)
      .map((m) => [...m[2]!.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''));
    const decode = (s: string) => s.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    expect(texts.map(decode)).toContain(`Master Services Agreement.pdf, p. 5, § ARTICLE 12 LIMITATION OF LIABILITY › 12.2 Liability Cap: “${CLAUSES.cap}”`);
    expect(texts.map(decode)).toContain(`Master Services Agreement.pdf, p. 7, § ARTICLE 14 TERM AND TERMINATION › 14.1 Term: “${CLAUSES.term}”`);
  });

  it('refers to a footnote for every resolved citation and marks the rest in the text', () => {
    const document = strFromU8(files['word/document.xml']!);
    const references = [...document.matchAll(/<w:footnoteReference w:id="(\d+)"\/>/g)].map((m) => Number(m[1]));
    const defined = [...strFromU8(files['word/footnotes.xml']!).matchAll(/<w:footnote [^>]*w:id="(\d+)"/g)].map((m) => Number(m[1]));
    // Turn 1 cites sources 1, 2, 1; turn 2 shows its closest passage; turn 3 cites its source 1 twice (the cap it states, then its quote).
    expect(references).toHaveLength(6);
    for (const r of references) expect(defined).toContain(r);
    expect(new Set(references).size).toBe(4);
    expect(document).toContain('[7] [unresolved citation]');
    expect(document).toContain('[quote not found verbatim in the sources]');
    expect(document).toContain('Liability questions');
  });
});
