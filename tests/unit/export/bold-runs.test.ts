/** `**bold**` as the screen and the exports read it: pairs around text, never a contract's redaction marks. */
import { describe, expect, it } from 'vitest';
import { boldRuns } from '../../../src/export/bold-runs';
import { escapeMarkdownKeepingBold } from '../../../src/export/markdown';

describe('bold runs', () => {
  it('reads a pair around text as bold, the rest as text', () => {
    expect(boldRuns('**New York** law governs [1]')).toEqual([{ text: 'New York', bold: true }, { text: ' law governs [1]', bold: false }]);
    expect(boldRuns('The **cap** and the **notice**.').filter((r) => r.bold).map((r) => r.text)).toEqual(['cap', 'notice']);
    // An unpaired marker stays as written.
    expect(boldRuns('a ** b')).toEqual([{ text: 'a ** b', bold: false }]);
  });

  it('leaves redaction marks as written, and the words between two of them plain', () => {
    const quote = 'FUSION may terminate: (a) [***] following the Effective Date, without cause by providing CPDC with [***] prior written notice.';
    expect(boldRuns(quote)).toEqual([{ text: quote, bold: false }]);
    for (const marks of ['***** and *****', '[...***...] ([...***...]) years', '[*] or [**]']) expect(boldRuns(marks)).toEqual([{ text: marks, bold: false }]);
    // The Markdown export escapes them instead of pairing them.
    expect(escapeMarkdownKeepingBold('with [***] notice and [***] days')).toBe('with \\[\\*\\*\\*\\] notice and \\[\\*\\*\\*\\] days');
    expect(escapeMarkdownKeepingBold('**The cap** is [***]')).toBe('**The cap** is \\[\\*\\*\\*\\]');
  });
});
