import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanPages, furnitureKey, isTableRow, type CleanPage } from '../../../../src/core/ingest/clean';

const BODY: readonly string[] = [
  `MASTER SERVICES AGREEMENT

1. DEFINITIONS

1.1 "Services" means the services described in each Statement of Work.
1.2 "Fees" means the fees set out in Schedule 1.`,
  `2. SERVICES

2.1 The Supplier shall perform the Services with reasonable skill and care and in
accordance with good industry practice.
2.2 The Supplier shall comply with the Customer's policies notified in writing.`,
  `3. FEES AND PAYMENT

3.1 The Customer shall pay the Fees within thirty (30) days of receipt of a valid invoice.
3.2 Late payments bear interest at 4% above the base rate.`,
  `4. TERM AND TERMINATION

4.1 This Agreement starts on the Effective Date and continues for three years.
4.2 Either party may terminate this Agreement on ninety days' written notice.`,
  `5. LIMITATION OF LIABILITY

5.1 Neither party excludes liability for death or personal injury caused by negligence.
5.2 Each party's total liability is limited to the Fees paid in the previous year.`,
  `6. GOVERNING LAW

6.1 This Agreement is governed by the laws of England and Wales.

Signed for and on behalf of the Supplier`,
];

function contract(): CleanPage[] {
  return BODY.map((body, i) => ({
    page: i + 1,
    text: `ACME CORP – CONFIDENTIAL\n\n${body}\n\nPage ${i + 1} of 6`,
  }));
}

describe('cleanPages: running headers and footers', () => {
  it('removes a company header and a "Page n of 6" footer from a 6-page contract', () => {
    const { pages, report } = cleanPages(contract());
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6]);
    pages.forEach((p, i) => expect(p.text).toBe(BODY[i]));
    expect(report.removedLines).toBe(12);
    expect(report.headerFooterPatterns).toEqual(['ACME CORP – CONFIDENTIAL', 'Page # of #']);
  });

  it('keeps a heading that appears once at the top of a page', () => {
    const { pages } = cleanPages(contract());
    expect(pages[2]?.text.startsWith('3. FEES AND PAYMENT')).toBe(true);
    expect(pages[0]?.text.startsWith('MASTER SERVICES AGREEMENT')).toBe(true);
  });

  it('keeps clause headings whose number changes from page to page ("Article 5", "Article 6")', () => {
    const input = BODY.map((body, i) => ({ page: i + 1, text: `Article ${i + 1}\n\n${body.split('\n').slice(2).join('\n')}` }));
    const { pages, report } = cleanPages(input);
    expect(pages.map((p) => p.text)).toEqual(input.map((p) => p.text));
    expect(report.removedLines).toBe(0);
  });

  it('needs the line on half the pages and on at least three', () => {
    const twoPages = [
      { page: 1, text: 'ACME CONFIDENTIAL\nFirst page body.' },
      { page: 2, text: 'ACME CONFIDENTIAL\nSecond page body.' },
    ];
    expect(cleanPages(twoPages).report.headerFooterPatterns).toEqual([]);
    const rare = [...BODY, ...BODY.slice(0, 2)].map((body, i) => ({ page: i + 1, text: `${i < 3 ? 'Draft for discussion\n' : ''}${body}` }));
    expect(cleanPages(rare).report.removedLines).toBe(0);
  });

  it('removes running heads that alternate between odd and even pages after a cover page', () => {
    const input = [
      { page: 1, text: 'MASTER SERVICES AGREEMENT\n\nbetween Acme and Beta' },
      ...[...BODY, ...BODY.slice(0, 4)].map((body, i) => ({ page: i + 2, text: `${i % 2 === 0 ? 'Master Services Agreement' : 'Acme / Beta'}\n${body}` })),
    ];
    const { pages, report } = cleanPages(input);
    expect(report.headerFooterPatterns).toEqual(['Master Services Agreement', 'Acme / Beta']);
    expect(pages[0]?.text).toBe(input[0]?.text);
    expect(pages[1]?.text).toBe(BODY[0]);
  });

  it('never removes body text between the edge zones, even when it repeats', () => {
    const input = Array.from({ length: 5 }, (_, i) => ({
      page: i + 1,
      text: ['Header line', 'a', 'b', 'c', 'Subject to contract', 'd', 'e', 'f', `${i + 1}`].join('\n'),
    }));
    const { pages } = cleanPages(input);
    for (const p of pages) expect(p.text).toBe(['a', 'b', 'c', 'Subject to contract', 'd', 'e', 'f'].join('\n'));
  });

  it('leaves pages without furniture byte for byte', () => {
    const input = [
      { page: 1, text: '  Indented first line\n\n\nSecond paragraph.  \n' },
      { page: 2, text: 'Another page\r\nwith CRLF' },
    ];
    expect(cleanPages(input).pages).toEqual(input);
  });
});

describe('cleanPages: page-number lines', () => {
  const forms = ['3', '- 3 -', '– 3 –', 'Page 3', 'Page 3 of 12', '3/12', 'Seite 3 von 12', 'Page 3 sur 12', 'Página 3 de 12', '[3]'];
  it.each(forms)('removes "%s" at the bottom of a page', (form) => {
    const { pages, report } = cleanPages([
      { page: 1, text: 'One.' },
      { page: 2, text: 'Two.' },
      { page: 3, text: `Body of the third page.\n\n${form}` },
    ]);
    expect(pages[2]?.text).toBe('Body of the third page.');
    expect(report.pageNumberLines).toBe(1);
  });

  it('removes page numbers at the top, roman numerals in front matter, and keeps "IV" at the top', () => {
    const { pages } = cleanPages([
      { page: 1, text: 'iii\nTable of contents' },
      { page: 2, text: '2\nThe second page.' },
      { page: 3, text: 'IV\nTERMINATION\nEither party may terminate.' },
      { page: 4, text: 'Closing words.\n\nIV' },
    ]);
    expect(pages.map((p) => p.text)).toEqual(['Table of contents', 'The second page.', 'IV\nTERMINATION\nEither party may terminate.', 'Closing words.']);
  });

  it('only removes numbers at the very edge, and only plausible page labels', () => {
    const { pages } = cleanPages([
      { page: 1, text: 'Item\n12\nTotal\n7' },
      { page: 2, text: 'Total amount due\n4500' },
    ]);
    expect(pages[0]?.text).toBe('Item\n12\nTotal');
    expect(pages[1]?.text).toBe('Total amount due\n4500');
  });

  it('removes a printed page number between dashes wherever it sits (a filing whose pages do not match the PDF\'s)', () => {
    // Stamps.com's co-branding agreement: "… which form\n-4-\nshall include …" mid-page.
    const { pages, report } = cleanPages([
      { page: 1, text: 'The parties agree as follows.\nthe Securities and Exchange Commission.\n-2-\n(p) "MBE Center" shall mean each franchise.' },
      { page: 2, text: 'reasonably agreed upon by the parties, which form\n- 4 -\nshall include appropriate obligations.\n– 5 –\nThe rest.' },
    ]);
    expect(pages.map((p) => p.text)).toEqual([
      'The parties agree as follows.\nthe Securities and Exchange Commission.\n(p) "MBE Center" shall mean each franchise.',
      'reasonably agreed upon by the parties, which form\nshall include appropriate obligations.\nThe rest.',
    ]);
    expect(report.pageNumberLines).toBe(3);
    // A bare number, a dash alone or a number after one dash mid-page is not furniture.
    const kept = 'Item\n12\n-\n- 3\nTotal 7';
    expect(cleanPages([{ page: 1, text: `First line.\n${kept}\nLast line.` }]).pages[0]?.text).toBe(`First line.\n${kept}\nLast line.`);
  });

  it('removes a line of dashes alone (an EDGAR filing\'s underline) and keeps dashes inside a line', () => {
    // Stamps.com's co-branding agreement: "(c) Termination Period.\n------------------\n(i) …".
    const { pages } = cleanPages([
      { page: 1, text: '(c) Termination Period.\n------------------\n(i) Upon termination, the parties shall cooperate.\n- - - -----------\n— ——— ———\nBy: /s/ Jane Roe ------------ Title: CEO\nItem - --' },
    ]);
    expect(pages[0]?.text).toBe('(c) Termination Period.\n(i) Upon termination, the parties shall cooperate.\nBy: /s/ Jane Roe ------------ Title: CEO\nItem - --');
  });

  it('accepts a constant offset between page index and label (an excerpt starting at page 233)', () => {
    const input = Array.from({ length: 5 }, (_, i) => ({ page: i + 1, text: `Text of page ${i}.\n${233 + i}` }));
    expect(cleanPages(input).pages.every((p) => !/\n/.test(p.text))).toBe(true);
  });
});

describe('cleanPages: hyphenation', () => {
  const clean = (text: string, extra = ''): string => cleanPages([{ page: 1, text: text + extra }]).pages[0]?.text ?? '';

  it('joins a word broken across lines and keeps the rest of the line', () => {
    expect(clean('Upon termi-\nnation of this Agreement, the Supplier shall')).toBe('Upon termination\nof this Agreement, the Supplier shall');
    expect(clean('the prior termi-\nnation.')).toBe('the prior termination.');
  });

  it('keeps the hyphen when the second part starts with a capital', () => {
    expect(clean('the Datenschutz-\nGrundverordnung gilt')).toBe('the Datenschutz-Grundverordnung\ngilt');
    expect(clean('a Franco-\nGerman venture')).toBe('a Franco-German\nventure');
  });

  it('lets the document decide: a compound written with a hyphen elsewhere keeps it', () => {
    expect(clean('The non-\ncompete covenant', '\n\nThis non-compete clause survives.')).toBe('The non-compete\ncovenant\n\nThis non-compete clause survives.');
    expect(clean('The non-\ncompete covenant', '\n\nThis noncompete clause survives.')).toBe('The noncompete\ncovenant\n\nThis noncompete clause survives.');
    // Both parts are words of the document: a compound.
    expect(clean('any third-\nparty claim', '\n\nA third party may not enforce it.')).toBe('any third-party\nclaim\n\nA third party may not enforce it.');
    // No evidence: plain typesetting hyphenation.
    expect(clean('the confi-\ndentiality obligations')).toBe('the confidentiality\nobligations');
  });

  it('joins across CRLF line ends', () => {
    expect(clean('the confi-\r\ndentiality obligations\r')).toBe('the confidentiality\nobligations\r');
  });

  it('always joins at a soft hyphen', () => {
    expect(clean('the confi\u00AD\ndentiality')).toBe('the confidentiality');
  });

  it('leaves numbers, dashes, blank lines and table rows alone', () => {
    expect(clean('see Section 5-\n2 below')).toBe('see Section 5-\n2 below');
    expect(clean('Payment -\nthe Customer pays')).toBe('Payment -\nthe Customer pays');
    expect(clean('end of termi-\n\nnation')).toBe('end of termi-\n\nnation');
    expect(clean('Item    Qty    Descrip-\nnation  x')).toBe('Item    Qty    Descrip-\nnation  x');
  });

  it('joins across a page break after the footer is gone', () => {
    const input = Array.from({ length: 3 }, (_, i) => ({ page: i + 1, text: `Page ${i + 1}\nBody ${i}` }));
    input[0] = { page: 1, text: 'Page 1\nThe Customer may termi-' };
    input[1] = { page: 2, text: 'Page 2\nnate this Agreement at any time.' };
    const { pages, report } = cleanPages(input);
    expect(pages[0]?.text).toBe('The Customer may terminate');
    expect(pages[1]?.text).toBe('this Agreement at any time.');
    expect(report.joinedHyphens).toBe(1);
  });

  it('handles a word broken over three lines', () => {
    expect(clean('the inter-\nopera-\nbility of systems')).toBe('the interoperability\nof systems');
  });
});

describe('cleanPages: structure', () => {
  it('keeps tables, captions, blank lines and line order', () => {
    const table = ['Table 1 – Service levels', '', 'Service      Target      Credit', 'Uptime       99.9%       5%', 'Support | 4h | 2%'].join('\n');
    const input = [
      { page: 1, text: `Intro para-\ngraph.\n\n${table}\n\nAfter the table.` },
      { page: 2, text: 'Right column text\nLeft column text' },
    ];
    const { pages } = cleanPages(input);
    expect(pages[0]?.text).toBe(`Intro paragraph.\n\n${table}\n\nAfter the table.`);
    expect(pages[1]?.text).toBe('Right column text\nLeft column text');
  });

  it('recognises table rows', () => {
    expect(isTableRow('Service      Target      Credit')).toBe(true);
    expect(isTableRow('a | b | c')).toBe(true);
    expect(isTableRow('name\tvalue')).toBe(true);
    expect(isTableRow('An ordinary  sentence with one double space.')).toBe(false);
  });

  it('keys furniture with digits and lower-case roman numerals as #', () => {
    expect(furnitureKey('  Page 3 of  12 ')).toBe('Page # of #');
    expect(furnitureKey('Page iv')).toBe('Page #');
    expect(furnitureKey('ACME Corp – Confidential')).toBe('ACME Corp – Confidential');
  });
});

/** Whitespace and hyphens removed: what cleaning may only delete from, never add to or reorder. */
const strip = (s: string): string => s.replace(/[\s\-\u00AD\u2010]/g, '');

function isSubsequence(small: string, big: string): boolean {
  let j = 0;
  for (let i = 0; i < small.length; i++) {
    j = big.indexOf(small[i] as string, j);
    if (j < 0) return false;
    j++;
  }
  return true;
}

describe('cleanPages: properties', () => {
  const word = fc.stringMatching(/^[a-zA-Z]{1,9}-?$/);
  const line = fc.oneof(
    fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' ')),
    fc.integer({ min: 1, max: 40 }).map((n) => `Page ${n} of 40`),
    fc.constantFrom('ACME CORP – CONFIDENTIAL', '', '- 7 -', 'iii', 'Item    Qty    Price', 'Section 5-', '2 below'),
  );
  const page = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n'));
  const doc = fc.array(page, { maxLength: 10 }).map((texts) => texts.map((text, i) => ({ page: i + 1, text })));

  it('keeps page count and order and only deletes characters (hyphen joins aside)', () => {
    fc.assert(
      fc.property(doc, (input) => {
        const { pages, report } = cleanPages(input);
        expect(pages.map((p) => p.page)).toEqual(input.map((p) => p.page));
        expect(isSubsequence(strip(pages.map((p) => p.text).join('\n')), strip(input.map((p) => p.text).join('\n')))).toBe(true);
        expect(report.removedLines).toBeGreaterThanOrEqual(report.pageNumberLines);
      }),
      { numRuns: 300 },
    );
  });

  it('every output line is an input line, a part of one, or the merge of lines around hyphens', () => {
    fc.assert(
      fc.property(doc, (input) => {
        const inputLines = input.flatMap((p) => p.text.split('\n')).map(strip).filter(Boolean);
        // The line, whitespace and hyphens aside, is made of pieces of input lines.
        const pieces = (t: string, depth: number): boolean =>
          t === '' || (depth > 0 && Array.from({ length: t.length }, (_, k) => t.length - k).some((k) => inputLines.some((l) => l.includes(t.slice(0, k))) && pieces(t.slice(k), depth - 1)));
        // A word broken over several lines ("co-", "op-", "era-", "tion") joins into one: a piece per join.
        const { pages, report } = cleanPages(input);
        for (const p of pages) {
          for (const l of p.text.split('\n')) expect(pieces(strip(l), 4 + report.joinedHyphens)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('cleanPages keeps what it does not clean', () => {
  it('passes the headings a format marked through with their page', () => {
    const pages: CleanPage[] = [
      { page: 1, text: 'Recitals\n\nWhereas the parties wish to agree.', headings: [{ level: 2, text: 'Recitals' }] },
      { page: 2, text: 'Plain page.' },
    ];
    const out = cleanPages(pages).pages;
    expect(out[0]).toEqual(pages[0]);
    expect(out[1]).toEqual({ page: 2, text: 'Plain page.' });
  });
});
