/**
 * The formatted view of Word and HTML documents: inert markup only, and exactly the pages of
 * the text (html-text.ts), so page N of the view is the page N a citation names.
 */
import { describe, expect, it } from 'vitest';
import { prng } from '../../../src/core/prng';
import { alignPassage, fold } from '../../../src/core/view/align';
import { parseDocx } from '../../../src/parsers/docx';
import { htmlToText } from '../../../src/parsers/html-text';
import { htmlToView, VIEW_ATTRIBUTES, VIEW_CLASSES, VIEW_TAGS } from '../../../src/parsers/html-view';
import type { HtmlView } from '../../../src/parsers/html-view-types';
import { documentView } from '../../../src/parsers/views';
import { makeDocx, p } from './helpers/office';

const blocks = (view: HtmlView, page = 0) => {
  const pg = view.pages[page]!;
  return [...pg.blockEnds].map((end, i) => pg.html.slice(i === 0 ? 0 : pg.blockEnds[i - 1], end));
};
const pageHtml = (view: HtmlView, page = 0) => view.pages[page]!.html;
/** The text a browser would give as textContent (tags out, the four escapes back). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** Every tag, attribute and class in the view is one the page's sanitiser allows. */
function expectInert(view: HtmlView): void {
  for (const page of view.pages) {
    for (const m of page.html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)) {
      expect(VIEW_TAGS).toContain(m[1]);
      for (const a of (m[2] ?? '').matchAll(/\s([a-z-]+)="([^"]*)"/g)) {
        expect(VIEW_ATTRIBUTES).toContain(a[1]);
        if (a[1] === 'class') for (const c of a[2]!.split(' ')) expect(VIEW_CLASSES).toContain(c);
      }
    }
  }
}

describe('htmlToView: what is kept', () => {
  it('keeps structure and emphasis, maps inline styles to classes, drops everything active', () => {
    const view = htmlToView(
      '<html><head><title>T</title><style>p{}</style><script>alert(1)</script></head><body>' +
        '<h1 onclick="x()">Lease</h1><p style="text-align: center; font-weight: bold">Centred <b>bold</b> <i>it</i> <a href="https://evil.example/">link</a></p>' +
        '<img src="https://evil.example/pixel.png"><div hidden>secret</div><iframe src="x"></iframe><p>&lt;script&gt; as text</p></body></html>',
    );
    expect(pageHtml(view)).toBe(
      '<h1>Lease</h1><p class="fmt-center fmt-bold">Centred <strong>bold</strong> <em>it</em> <span class="fmt-link">link</span></p><p>&lt;script&gt; as text</p>',
    );
    expectInert(view);
  });

  it('shows a clause a Word form styled as a heading as a paragraph; a title stays a heading', () => {
    const view = htmlToView(
      '<h1>Cloud Service Agreement</h1><h2>2.2 Support. During the Subscription Period the Provider will provide the support described in the Order Form.</h2>' +
        '<h2>3. Restrictions</h2><h3>Customer will not reverse engineer, sell, resell, sublicense or otherwise transfer the Product to any third party or use it to build a competing product.</h3>',
    );
    expect(pageHtml(view)).toBe(
      '<h1>Cloud Service Agreement</h1><p>2.2 Support. During the Subscription Period the Provider will provide the support described in the Order Form.</p>' +
        '<h2>3. Restrictions</h2><p>Customer will not reverse engineer, sell, resell, sublicense or otherwise transfer the Product to any third party or use it to build a competing product.</p>',
    );
  });

  it('writes list labels as data the stylesheet draws, as the text writes them', () => {
    const view = htmlToView('<ol><li>first</li><li>second<ol><li>nested</li></ol></li></ol><ul><li>bullet</li></ul>');
    expect(pageHtml(view)).toBe(
      '<ol class="fmt-list"><li data-label="1.">first</li><li data-label="2.">second<ol class="fmt-list"><li data-label="(a)">nested</li></ol></li></ol><ul class="fmt-list"><li data-label="•">bullet</li></ul>',
    );
  });

  it('keeps tables with their spans', () => {
    const view = htmlToView('<table><caption>Fees</caption><tr><th>Service</th><th>Fee</th></tr><tr><td colspan="2">Hosting: $100</td></tr></table>');
    expect(pageHtml(view)).toBe('<table class="fmt-table"><caption>Fees</caption><tbody><tr><th>Service</th><th>Fee</th></tr><tr><td colspan="2">Hosting: $100</td></tr></tbody></table>');
  });

  it('cuts a huge paragraph into bounded, well-formed blocks that give back all of its text', () => {
    const sentence = 'The Supplier shall indemnify the Customer against all losses & damages. ';
    const long = sentence.repeat(2000);
    const view = htmlToView(`<p><strong>${long}</strong></p>`);
    const parts = blocks(view);
    expect(parts.length).toBeGreaterThan(5);
    for (const b of parts) {
      expect(b.length).toBeLessThan(16_384 + 5_000);
      expect(b).toMatch(/^<p( class="fmt-implicit fmt-cont"| class="fmt-cont")?>/);
      expect(b.match(/<(p|strong)[ >]/g)?.length).toBe(b.match(/<\/(p|strong)>/g)?.length);
    }
    expect(parts.map(textOf).join('')).toBe(long);
    expect(view.pages[0]!.textEnds.at(-1)).toBe(long.length);
  });
});

describe('htmlToView: the same pages as the text', () => {
  /** A text page without the list labels and cell separators the text writes (the view draws them with CSS). */
  const unlabelled = (text: string) => text.replace(/^\s*(?:\d+\.|\([a-z0-9]+\)|[IVXLC]+\.|-)\s/gim, '').replace(/ \| /g, ' ');
  const samePages = (html: string) => {
    const text = htmlToText(html);
    const view = htmlToView(html);
    expect(view.pages.length).toBe(text.pages.length);
    view.pages.forEach((page, i) => {
      // Each view page holds its text page (labels and table separators aside) and nothing of the others.
      const found = alignPassage(unlabelled(text.pages[i]!), [textOf(page.html)]);
      expect(found.coverage, `page ${i + 1}: ${text.pages[i]} vs ${textOf(page.html)}`).toBeGreaterThan(0.9);
      expect(fold(textOf(page.html)).chars.length).toBeLessThanOrEqual(fold(text.pages[i]!).chars.length);
    });
    expectInert(view);
    return view;
  };

  it('splits at CSS page breaks, once for several, never before content', () => {
    const view = samePages('<p style="page-break-before: always">one</p><p style="page-break-before:always">two</p><div style="break-after: page"><p>three</p></div><hr style="page-break-after: always"><p>four</p>');
    // "three" has no break before it (its div breaks after it): it shares the page with "two".
    expect(view.pages.map((p) => textOf(p.html))).toEqual(['one', 'twothree', 'four']);
  });

  it('splits a paragraph that Word broke across pages, reopening its elements on the next page', () => {
    const view = samePages('<p>one <strong>two<hr style="page-break-after: always">three</strong> four</p>');
    expect(view.pages.map((p) => p.html)).toEqual(['<p>one <strong>two</strong></p>', '<p class="fmt-cont"><strong class="fmt-cont">three</strong> four</p>']);
    // A list item that a break opens moves whole, label included.
    const list = samePages('<ol><li>first item</li><li><p style="page-break-before:always">second item</p></li></ol>');
    expect(list.pages[1]!.html).toBe('<ol class="fmt-list fmt-cont"><li data-label="2."><p>second item</p></li></ol>');
  });

  it('breaks a data table after the row that holds a break, and a layout table where it falls', () => {
    const data = samePages(
      '<table><tr><td>alpha</td><td>bravo</td></tr><tr><td><p style="page-break-before:always">charlie</p></td><td>delta</td></tr><tr><td>echo</td><td>foxtrot</td></tr></table>',
    );
    expect(data.pages.map((p) => textOf(p.html))).toEqual(['alphabravocharliedelta', 'echofoxtrot']);
    const layout = samePages('<table role="presentation"><tr><td><p>alpha bravo</p><p style="page-break-before:always">charlie delta</p></td></tr></table>');
    expect(layout.pages.map((p) => textOf(p.html))).toEqual(['alpha bravo', 'charlie delta']);
  });

  it('keeps a picture-only page in the middle and drops trailing pages without text', () => {
    samePages('<p>one</p><img style="page-break-before:always" src="x"><p style="page-break-before:always">three</p><p style="page-break-before:always"><img src="y"></p>');
  });

  it('agrees with the text on generated documents with breaks everywhere', () => {
    const rand = prng(13);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const brk = () => (rand() < 0.3 ? pick([' style="page-break-before:always"', ' style="break-after:page"', ' style="page-break-after: always"']) : '');
    const word = () => pick(['lease', 'rent', 'tenant', 'notice', 'term', '', ' ']);
    const inline = (): string => pick([word(), `<b${brk()}>${word()}</b>`, `<span${brk()}>${word()} ${word()}</span>`, '<br>', `<img${brk()} src="x">`]);
    const block = (depth: number): string => {
      const inner = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => (depth < 2 && rand() < 0.4 ? block(depth + 1) : inline())).join(' ');
      return pick([
        `<p${brk()}>${inner}</p>`,
        `<div${brk()}>${inner}</div>`,
        `<h2${brk()}>${word()} ${word()}</h2>`,
        `<ol${brk()}><li>${inner}</li><li${brk()}>${word()}</li></ol>`,
        `<table><tr><td${brk()}>${inner}</td><td>${word()}</td></tr><tr><td>${word()}</td></tr></table>`,
        `<hr${brk()}>`,
      ]);
    };
    for (let n = 0; n < 300; n++) {
      const html = Array.from({ length: 2 + Math.floor(rand() * 6) }, () => block(0)).join('');
      const text = htmlToText(html);
      if (text.pages.every((p) => p.trim() === '')) continue;
      expect(htmlToView(html).pages.length, html).toBe(text.pages.length);
    }
  });
});

describe('documentView', () => {
  it('gives a Word document the pages its import found, formatted', async () => {
    const body = [
      p('Master Services Agreement', { style: 'Title' }),
      p('Definitions', { style: 'Heading1' }),
      '<w:p><w:r><w:t xml:space="preserve">The </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>Services</w:t></w:r><w:r><w:t xml:space="preserve"> are described in each order.</w:t></w:r></w:p>',
      p('Fees', { style: 'Heading1', renderedBreakBefore: true }),
      p('Fees are due within thirty days.'),
    ].join('');
    const bytes = makeDocx({ body });
    const pages: string[] = [];
    for await (const item of parseDocx(bytes.slice(), 'msa.docx')) if (item.kind === 'page') pages.push(item.page.text);
    const view = await documentView(bytes, 'msa.docx');
    expect(view.pages.length).toBe(pages.length);
    expect(view.pages.length).toBe(2);
    // The heading's number stays with it on the page Word started with it.
    expect(pages[1]).toMatch(/^2\. Fees\n/);
    expect(pageHtml(view, 0)).toContain('<h1>Master Services Agreement</h1>');
    expect(pageHtml(view, 0)).toContain('The <strong>Services</strong> are described in each order.');
    // Word's page break starts the heading's run: the heading moves to page 2 whole.
    expect(pageHtml(view, 0)).not.toContain('<h1></h1>');
    expect(pageHtml(view, 1)).toMatch(/^<h1>2\. Fees<\/h1>/);
    expect(textOf(pageHtml(view))).not.toContain('#');
  });

  it('refuses kinds without a formatted view', async () => {
    await expect(documentView(new TextEncoder().encode('plain notes'), 'notes.txt')).rejects.toMatchObject({ code: 'file/unsupported', message: 'notes.txt: there is no formatted view of plain text files' });
  });
});

describe('speed', () => {
  it('builds the formatted view of a 50-page DOCX about as fast as its import parses it', async () => {
    const section = (i: number) =>
      [
        p(`Clause heading ${i}`, { style: 'Heading1' }),
        ...Array.from({ length: 4 }, (_, k) => p(`The Supplier shall perform obligation ${i}.${k} with reasonable skill and care, in accordance with Good Industry Practice and the Service Levels set out in Schedule ${i}, and shall notify the Customer promptly of any failure.`, { numId: 2, ilvl: k % 2 })),
      ].join('');
    const body = Array.from({ length: 200 }, (_, i) => section(i + 1) + (i % 4 === 3 ? p('', { breakAfter: true }) : '')).join('');
    const bytes = makeDocx({ body, title: 'Long Agreement' });
    await documentView(bytes.slice(), 'warm.docx'); // loads mammoth
    let t = performance.now();
    let pages = 0;
    for await (const item of parseDocx(bytes.slice(), 'long.docx')) if (item.kind === 'page') pages++;
    const parseMs = performance.now() - t;
    t = performance.now();
    const view = await documentView(bytes.slice(), 'long.docx');
    const viewMs = performance.now() - t;
    expect(view.pages.length).toBe(pages);
    expect(viewMs).toBeLessThan(15_000); // generous: shared CI machines; the figure is logged
    const html = view.pages.reduce((n, pg) => n + pg.html.length, 0);
    console.info(`docx view: ${(bytes.length / 1024).toFixed(0)} KB, ${pages} pages: parse ${parseMs.toFixed(0)} ms, formatted view ${viewMs.toFixed(0)} ms, ${(html / 1024).toFixed(0)} KB of view HTML`);
  }, 60_000);
});
