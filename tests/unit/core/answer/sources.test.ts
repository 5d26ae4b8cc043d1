import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../../src/core/answer/citations';
import { composeExtractive } from '../../../../src/core/answer/extractive';
import { buildSources, formatSources, fromPassage, MAX_CONTEXT_CHARS } from '../../../../src/core/answer/sources';
import { CLAUSES, MSA, PASSAGES, passage } from '../../../helpers/ask-fixtures';

const longClause = (n: number) =>
  Array.from({ length: n }, (_, i) => (i === n - 3 ? 'The Supplier shall maintain professional indemnity insurance of at least five million euros per claim.' : `Clause filler sentence number ${i} describes an unrelated administrative matter in detail.`)).join(' ');

describe('numbered sources', () => {
  it('numbers passages with file, page and section, and shows neighbours when the budget allows', () => {
    const sources = buildSources('liability cap', [fromPassage(passage(PASSAGES.cap)), fromPassage(passage(PASSAGES.term, 2))]);
    expect(sources.map((s) => [s.n, s.file, s.pageStart])).toEqual([
      [1, 'Master Services Agreement.pdf', 5],
      [2, 'Master Services Agreement.pdf', 7],
    ]);
    expect(sources[0]!.before).toEqual([CLAUSES.capBefore]);
    expect(sources[0]!.after).toEqual([CLAUSES.capAfter]);
    expect(formatSources(sources)).toContain('[1] Master Services Agreement.pdf — p. 5 — § ARTICLE 12 LIMITATION OF LIABILITY › 12.2 Liability Cap');
  });

  it('keeps the context within 6,000 characters, cutting a long passage to its most relevant verbatim part', () => {
    const big = longClause(80);
    const candidates = [0, 1, 2, 3, 4].map((i) => fromPassage(passage({ doc: MSA, seq: 100 + i, text: i === 2 ? big : longClause(40 + i), page: 3 }, i + 1)));
    const sources = buildSources('What professional indemnity insurance must the supplier maintain?', candidates);
    expect(formatSources(sources).length).toBeLessThanOrEqual(MAX_CONTEXT_CHARS);
    expect(sources).toHaveLength(5);
    const cut = sources[2]!;
    expect(big.includes(cut.text)).toBe(true);
    expect(cut.text).toContain('professional indemnity insurance');
    expect(cut.before).toEqual([]);
  });

  it('drops a duplicate chunk and leads with a pinned passage', () => {
    const pinned = { ...fromPassage(passage(PASSAGES.law)), score: null, pinned: true };
    const sources = buildSources('and this one?', [pinned, fromPassage(passage(PASSAGES.law)), fromPassage(passage(PASSAGES.term, 2))]);
    expect(sources.map((s) => [s.n, s.chunkId, s.pinned])).toEqual([
      [1, 'msa:70', true],
      [2, 'msa:55', false],
    ]);
  });
});

describe('extractive answers', () => {
  it('quotes the sentences that answer the question, verbatim and cited', () => {
    const sources = buildSources('How much notice is needed to stop the renewal?', [fromPassage(passage(PASSAGES.cap)), fromPassage(passage(PASSAGES.term, 2)), fromPassage(passage(PASSAGES.law, 3))]);
    const text = composeExtractive('How much notice is needed to stop the renewal?', sources, 'en');
    // The value asked leads, from the source that states it; then the verbatim quotes.
    expect(text.split('\n\n').slice(0, 2)).toEqual(['Notice to stop a renewal: 90 days [2]', 'From the documents, verbatim:']);
    expect(text).toContain('> Thereafter it renews automatically for successive one (1) year periods unless either party gives written notice of non-renewal at least ninety (90) days before the end of the then-current term. [2]');
    const checked = checkAnswer(text, sources);
    expect(checked.verification).toMatchObject({ unresolvedCitations: 0, unverifiedQuotes: 0, ok: true });
    expect(checked.quotes.length).toBeGreaterThan(0);
    expect(checked.quotes.every((q) => q.status === 'verbatim')).toBe(true);
  });

  it('writes its lead in the reply language and cuts a very long sentence around the question terms', () => {
    const long = `${'Der Auftragnehmer erbringt die vereinbarten Leistungen mit der gebotenen Sorgfalt, '.repeat(8)}und haftet für Vorsatz und grobe Fahrlässigkeit unbeschränkt, ${'im Übrigen nach Maßgabe der gesetzlichen Vorschriften, '.repeat(6)}soweit nichts anderes vereinbart ist.`;
    const sources = buildSources('Haftet der Auftragnehmer für grobe Fahrlässigkeit?', [{ ...fromPassage(passage({ doc: { ...MSA, language: 'de' }, seq: 1, text: long })), language: 'de' }]);
    const text = composeExtractive('Haftet der Auftragnehmer für grobe Fahrlässigkeit?', sources, 'de');
    expect(text.startsWith('Aus den Dokumenten, wörtlich:')).toBe(true);
    expect(text).toContain('grobe Fahrlässigkeit');
    expect(text).toMatch(/…/);
    expect(checkAnswer(text, sources).verification.ok).toBe(true);
  });

  it('quotes a clause with its heading, never the heading alone', () => {
    const text = '3. Limitation of Liability 3.1 Exclusion. Neither party is liable for indirect loss. 3.2 Liability Cap. The total liability of each party shall not exceed the fees paid in the twelve (12) months before the claim.';
    const sources = buildSources('is there a cap on liability?', [fromPassage(passage({ doc: MSA, seq: 3, text }))]);
    const answer = composeExtractive('is there a cap on liability?', sources, 'en');
    expect(answer).toContain('> 3.2 Liability Cap. The total liability of each party shall not exceed the fees paid in the twelve (12) months before the claim. [1]');
    expect(checkAnswer(answer, sources).verification.ok).toBe(true);
  });

  it('says so when there is no passage at all', () => {
    expect(composeExtractive('anything', [], 'fr')).toBe('Aucun passage des documents ne correspond à cette question.');
  });
});
