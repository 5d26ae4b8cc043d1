import { describe, expect, it } from 'vitest';
import { countTextPages, markdownTitle, normalizeNewlines, parseText, plainTextTitle, splitTextPages, tidyMarkdown } from '../../../src/parsers/text';
import type { ParsedItem } from '../../../src/core/ports';

async function collect(it: AsyncIterable<ParsedItem>): Promise<ParsedItem[]> {
  const out: ParsedItem[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('text pages', () => {
  it('normalises CRLF and CR to LF', () => {
    expect(normalizeNewlines('a\r\nb\rc\n')).toBe('a\nb\nc\n');
  });

  it('is one page without form feeds', () => {
    expect(splitTextPages('one\ntwo\n')).toEqual(['one\ntwo\n']);
  });

  it('splits pages on form feeds, keeps blank middle pages, drops a trailing one', () => {
    expect(splitTextPages('p1\r\n\fp2\n\f\fp4\n\f\n')).toEqual(['p1\n', 'p2\n', '', 'p4\n']);
  });

  it('counts pages like the split does, without splitting', () => {
    for (const text of ['one', 'p1\r\n\fp2\n\f\fp4\n\f\n', '\f\f\f', 'a\f', '\fa', ' \f \f ', 'a\f\f b \f\n\f']) expect(countTextPages(text), JSON.stringify(text)).toBe(splitTextPages(text).length);
  });

  it('caps pages like a PDF: 100,000 form feeds fail by name before the text is split', async () => {
    const text = 'page\f'.repeat(100_000);
    await expect(collect(parseText(text, 'text', 'feeds.txt'))).rejects.toMatchObject({
      code: 'file/limit',
      message: 'feeds.txt: the text has too many pages to read (100,000 pages separated by form feeds; the limit is 5,000)',
      details: { limit: 'maxPages', max: 5000, actual: 100_000 },
    });
    expect((await collect(parseText('page\f'.repeat(5000), 'text', 'ok.txt'))).length).toBe(5001);
  });

  it('yields info then numbered pages', async () => {
    const items = await collect(parseText('MUTUAL NDA\r\n1. Terms\fPage two', 'text', 'nda.txt'));
    expect(items).toEqual([
      { kind: 'info', info: { pages: 2, title: 'MUTUAL NDA', mediaType: 'text/plain' } },
      { kind: 'page', page: { page: 1, text: 'MUTUAL NDA\n1. Terms', ocr: false, confidence: null, needsOcr: false } },
      { kind: 'page', page: { page: 2, text: 'Page two', ocr: false, confidence: null, needsOcr: false } },
    ]);
  });

  it('stops between pages when cancelled', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const x of parseText('a\fb\fc', 'text', 'x.txt', controller.signal)) {
          if (x.kind === 'page') {
            seen.push(x.page.page);
            controller.abort();
          }
        }
      })(),
    ).rejects.toMatchObject({ code: 'job/aborted' });
    expect(seen).toEqual([1]);
  });
});

describe('titles', () => {
  it('takes the first level-1 Markdown heading, outside code fences', () => {
    expect(markdownTitle('```\n# not this\n```\n\n# Data **Retention** Policy #\n\n## Scope')).toBe('Data Retention Policy');
    expect(markdownTitle('Setext Title\n======\n')).toBe('Setext Title');
    expect(markdownTitle('## Only level two')).toBeNull();
  });

  it('reads a Markdown file’s front matter as metadata: not text of the document, its title when no heading names one', async () => {
    const md = '---\nTitle: Gesetz zum Schutz von Geschäftsgeheimnissen\njurabk: GeschGehG\nlayout: default\n\n---\n\n§ 1 Anwendungsbereich\n\nDieses Gesetz dient dem Schutz.';
    const items = await collect(parseText(md, 'markdown', 'geschgehg.md'));
    expect(items[0]).toMatchObject({ kind: 'info', info: { title: 'Gesetz zum Schutz von Geschäftsgeheimnissen' } });
    const page = items[1]!.kind === 'page' ? items[1]!.page.text : '';
    expect(page).not.toContain('jurabk');
    expect(page.trim().startsWith('§ 1 Anwendungsbereich')).toBe(true);
    // A heading names the document first; a rule that opens no metadata block is text.
    expect((await collect(parseText(`${md}\n\n# Heading Title`, 'markdown', 'a.md')))[0]).toMatchObject({ info: { title: 'Heading Title' } });
    const ruled = '---\nA thematic break, then prose.\n---\nMore prose.';
    expect((await collect(parseText(ruled, 'markdown', 'b.md')))[1]).toMatchObject({ page: { text: tidyMarkdown(ruled) } });
  });

  it('reads a front matter that never closes as text, without trying every way to read its lines', async () => {
    // Lines two alternatives of a pattern could read made a backtracking search of 2^n ways (22 lines: a minute).
    const open = `---\n${'  - item\n'.repeat(40)}${'- item\n'.repeat(40)}${'key: a: b: c\n'.repeat(40)}The body begins.`;
    const items = await collect(parseText(open, 'markdown', 'open.md'));
    expect(items[1]).toMatchObject({ page: { text: tidyMarkdown(open) } });
  });

  it('takes a short first line of a plain text, not a sentence', () => {
    expect(plainTextTitle('\n\n  MUTUAL NON-DISCLOSURE AGREEMENT  \n\nbody')).toBe('MUTUAL NON-DISCLOSURE AGREEMENT');
    expect(plainTextTitle('Dear Sir or Madam,\nbody')).toBeNull();
  });
});

describe('markdown headings (tidyMarkdown)', () => {
  it('a setext heading becomes an ATX heading, and a heading repeating the one above it is said once', () => {
    const md = '### Article 1101\n\nArticle 1101\n----\nLe contrat est une convention.\n\nTitre\n=====\nTexte.';
    expect(tidyMarkdown(md)).toBe('### Article 1101\n\nLe contrat est une convention.\n\n# Titre\nTexte.');
  });

  it('a heading after text, a list item and fenced code are left alone; a horizontal rule after a blank line stays', () => {
    const md = '## Article 2\n\nText.\n\n## Article 2\n\n- item\n---\n\n```\nA\n---\n```\n\n---\n';
    expect(tidyMarkdown(md)).toBe(md);
  });

  it('the parser gives the tidied page for Markdown, the text as is for plain text', async () => {
    const md = '# Code\n\n### Article 1\n\nArticle 1\n----\nTexte.';
    const items: ParsedItem[] = [];
    for await (const item of parseText(md, 'markdown', 'code.md')) items.push(item);
    expect(items[1]).toMatchObject({ kind: 'page', page: { text: '# Code\n\n### Article 1\n\nTexte.' } });
    const plain: ParsedItem[] = [];
    for await (const item of parseText(md, 'text', 'code.txt')) plain.push(item);
    expect(plain[1]).toMatchObject({ kind: 'page', page: { text: md } });
  });
});
