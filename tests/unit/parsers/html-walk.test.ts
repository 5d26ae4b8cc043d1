/**
 * The one walk of html-walk.ts writes both the page text (html-text.ts) and the formatted view
 * (html-view.ts): the outputs stay what the two walkers they replaced gave, and the view's pages
 * are the text's pages — same count, same text on each — on Word (mammoth) and web-shaped HTML.
 */
import { describe, expect, it } from 'vitest';
import { prng } from '../../../src/core/prng';
import { docxToHtml } from '../../../src/parsers/docx';
import { htmlToText } from '../../../src/parsers/html-text';
import { htmlToView } from '../../../src/parsers/html-view';
import { makeDocx, p, table } from './helpers/office';

const INPUTS: Readonly<Record<string, string>> = {
  email:
    '<html><head><title>Notice of renewal</title><style>td{}</style></head><body><table role="presentation"><tr><td><p>Dear Tenant,</p><p>The lease&nbsp;renews on <b>1 May</b>.</p></td></tr>' +
    '<tr><td><table><tr><td>Rent</td><td>$1,200</td></tr><tr><td>Deposit</td><td>$2,400</td></tr></table></td></tr><tr><td><p style="page-break-before:always">Regards,<br>The Landlord</p><div hidden>tracking</div></td></tr></table></body></html>',
  clauses:
    '<h1>Lease</h1><ol><li>Definitions<ol type="a"><li>“Premises” means the flat.</li><li value="4">“Term” means one year.</li></ol></li><li style="page-break-before:always">Rent<ul><li>monthly</li><li style="display:none">secret</li></ul></li></ol>' +
    '<ol reversed start="3"><li>three</li><li>two</li></ol><ol style="list-style-type: upper-roman"><li>first</li><li>second</li></ol><pre>  kept   as\n  written</pre>',
  schedule:
    '<p>Schedule 1</p><table><caption>Fees</caption><thead><tr><th>Service</th><th>Fee</th></tr></thead><tfoot><tr><td>Total</td><td>$300</td></tr></tfoot>' +
    '<tbody><tr><td>Hosting</td><td colspan="1">$100</td></tr><tr><td><p style="page-break-before:always">Support</p></td><td>$200</td></tr><tr><td>Training</td><td></td></tr></tbody></table><p>After the table</p>',
  word:
    '<p>Cover page</p><h1><hr style="page-break-before: always">1. Definitions</h1><p>In this Agreement:</p><p>one <strong>two<hr style="page-break-after: always">three</strong> four</p>' +
    '<p style="break-after: page"><img src="x"></p><p style="page-break-before:always"><img src="y"></p><h2>2.2 Support. During the Subscription Period the Provider will provide the support described in the Order Form.</h2><p style="page-break-before:always"></p>',
};

function docxBody(): string {
  return [
    p('Master Services Agreement', { style: 'Title' }),
    p('Definitions', { style: 'Heading1' }),
    '<w:p><w:r><w:t xml:space="preserve">The </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>Services</w:t></w:r><w:r><w:t xml:space="preserve"> are described in each order.</w:t></w:r></w:p>',
    p('The Supplier shall perform the Services.', { numId: 2, ilvl: 0 }),
    p('with reasonable skill and care;', { numId: 2, ilvl: 1 }),
    p('Fees', { style: 'Heading1', renderedBreakBefore: true }),
    table([['Item', 'Fee'], ['Hosting', '$100'], ['Support', '$200']]),
    p('Fees are due within thirty days.', { breakAfter: true }),
    p('Signatures', { style: 'Heading1' }),
  ].join('');
}

/** What the two walkers gave before they became one (captured from them). */
const EXPECTED: Readonly<Record<string, { readonly text: readonly string[]; readonly view: readonly string[] }>> = {
  email: {
    text: ["Dear Tenant,\n\nThe lease renews on 1 May.\n\nRent | $1,200\nDeposit | $2,400", "Regards,\nThe Landlord"],
    view: ["<table class=\"fmt-table\"><tbody><tr><td><p>Dear Tenant,</p><p>The lease renews on <strong>1 May</strong>.</p></td></tr><tr><td><table class=\"fmt-table\"><tbody><tr><td>Rent</td><td>$1,200</td></tr><tr><td>Deposit</td><td>$2,400</td></tr></tbody></table></td></tr></tbody></table>", "<table class=\"fmt-table fmt-cont\"><tbody class=\"fmt-cont\"><tr><td><p>Regards,<br>The Landlord</p></td></tr></tbody></table>"],
  },
  clauses: {
    text: ["Lease\n\n1. Definitions\n\n  (a) “Premises” means the flat.\n\n  (d) “Term” means one year.\n\n2. Rent\n\n  - monthly\n\n3. three\n\n2. two\n\nI. first\n\nII. second\n\n  kept   as\n  written"],
    view: ["<h1>Lease</h1><ol class=\"fmt-list\"><li data-label=\"1.\">Definitions<ol class=\"fmt-list\"><li data-label=\"(a)\">“Premises” means the flat.</li><li data-label=\"(d)\">“Term” means one year.</li></ol></li><li data-label=\"2.\">Rent<ul class=\"fmt-list\"><li data-label=\"•\">monthly</li></ul></li></ol><ol class=\"fmt-list\"><li data-label=\"3.\">three</li><li data-label=\"2.\">two</li></ol><ol class=\"fmt-list\"><li data-label=\"I.\">first</li><li data-label=\"II.\">second</li></ol><pre>  kept   as\n  written</pre>"],
  },
  schedule: {
    text: ["Schedule 1\n\nFees\nService | Fee\nHosting | $100\nSupport | $200", "Training |\nTotal | $300\n\nAfter the table"],
    view: ["<p>Schedule 1</p><table class=\"fmt-table\"><caption>Fees</caption><tbody><tr><th>Service</th><th>Fee</th></tr><tr><td>Hosting</td><td>$100</td></tr><tr><td><p>Support</p></td><td>$200</td></tr></tbody></table>", "<table class=\"fmt-table fmt-cont\"><tbody class=\"fmt-cont\"><tr><td>Training</td><td></td></tr><tr><td>Total</td><td>$300</td></tr></tbody></table><p>After the table</p>"],
  },
  word: {
    text: ["Cover page", "1. Definitions\n\nIn this Agreement:\n\none two", "three four", "2.2 Support. During the Subscription Period the Provider will provide the support described in the Order Form."],
    view: ["<p>Cover page</p>", "<h1>1. Definitions</h1><p>In this Agreement:</p><p>one <strong>two</strong></p>", "<p class=\"fmt-cont\"><strong class=\"fmt-cont\">three</strong> four</p><p></p>", "<p></p><p>2.2 Support. During the Subscription Period the Provider will provide the support described in the Order Form.</p>"],
  },
  docx: {
    text: ["Master Services Agreement\n\n1. Definitions\n\nThe Services are described in each order.\n\n1. The Supplier shall perform the Services.\n\n(a) with reasonable skill and care;", "2. Fees\n\nItem | Fee\nHosting | $100\nSupport | $200\n\nFees are due within thirty days.\n\n3. Signatures"],
    view: ["<h1>Master Services Agreement</h1><h1>1. Definitions</h1><p>The <strong>Services</strong> are described in each order.</p><p>1. The Supplier shall perform the Services.</p><p>(a) with reasonable skill and care;</p>", "<h1>2. Fees</h1><table class=\"fmt-table\"><tbody><tr><th><p>Item</p></th><th><p>Fee</p></th></tr><tr><td><p>Hosting</p></td><td><p>$100</p></td></tr><tr><td><p>Support</p></td><td><p>$200</p></td></tr></tbody></table><p>Fees are due within thirty days.</p><h1>3. Signatures</h1>"],
  },
};

const docxHtml = async () => (await docxToHtml(makeDocx({ body: docxBody(), title: 'Services Agreement' }), 'msa.docx')).html;

/** The text a browser would give as textContent (tags out, the escapes back). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
/** A view page's text with its list labels, which the stylesheet draws from `data-label` (a bullet is the text's "-"). */
const viewText = (html: string) => textOf(html.replace(/<li\b[^>]*?data-label="([^"]*)"[^>]*>/g, (_, label: string) => `${label === '•' ? '-' : label} `));
/** Text without whitespace, invisible characters and table cell separators. */
// eslint-disable-next-line no-misleading-character-class
const bare = (text: string) => text.replace(/[\s\u00ad\u034f\u200b-\u200d\u2060\ufeff|]/g, '');

/** The view has the text's pages: as many, and each page's text is the text page's. */
function expectSamePages(html: string): void {
  const text = htmlToText(html);
  const view = htmlToView(html);
  expect(view.pages.length, html).toBe(text.pages.length);
  view.pages.forEach((page, i) => expect(bare(viewText(page.html)), `page ${i + 1} of ${html}`).toBe(bare(text.pages[i]!)));
}

describe('one walk, two writers', () => {
  it('gives the text and the view the two walkers gave', async () => {
    const inputs = { ...INPUTS, docx: await docxHtml() };
    for (const [name, html] of Object.entries(inputs)) {
      expect({ name, text: htmlToText(html).pages }).toEqual({ name, text: EXPECTED[name]!.text });
      expect({ name, view: htmlToView(html).pages.map((page) => page.html) }).toEqual({ name, view: EXPECTED[name]!.view });
    }
  });

  it('gives the view the pages of the text on Word and web documents', async () => {
    for (const html of [...Object.values(INPUTS), await docxHtml()]) expectSamePages(html);
  });

  it('breaks the view where the text breaks at a layout table caption, and labels a data caption list as the text does', () => {
    // The view used to ignore a layout table caption's own page break, which the text honours.
    expectSamePages('<p>before</p><table role="presentation"><caption style="page-break-after: always">Notice</caption><tr><td>after</td></tr></table>');
    expect(htmlToView('<p>before</p><table role="presentation"><caption style="page-break-before: always">Notice</caption><tr><td>after</td></tr></table>').pages).toHaveLength(2);
    const view = htmlToView('<ol><li><table><caption><ol><li>inner</li></ol></caption><tr><td>a</td><td>b</td></tr></table></li></ol>');
    // The text reads a data table's caption out of the list around it: "1." as at the top.
    expect(htmlToText('<ol><li><table><caption><ol><li>inner</li></ol></caption><tr><td>a</td><td>b</td></tr></table></li></ol>').pages[0]).toContain('1. inner');
    expect(view.pages[0]!.html).toContain('<caption><ol class="fmt-list"><li data-label="1.">inner</li></ol></caption>');
  });

  it('agrees on generated documents with breaks in captions, cells, lists and headings', () => {
    const rand = prng(19);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const brk = () => (rand() < 0.3 ? pick([' style="page-break-before:always"', ' style="break-after:page"', ' hidden', ' style="font-weight:bold"']) : '');
    const word = () => pick(['lease', 'rent', 'tenant', 'notice', 'term']);
    const inline = (): string => pick([word(), `<b${brk()}>${word()}</b>`, `<span${brk()}>${word()} ${word()}</span>`, '<br>']);
    const block = (depth: number): string => {
      // Every block starts with a word: a list item without text has no label in the text.
      const inner = [word(), ...Array.from({ length: Math.floor(rand() * 3) }, () => (depth < 2 && rand() < 0.4 ? block(depth + 1) : inline()))].join(' ');
      return pick([
        `<p${brk()}>${inner}</p>`,
        `<div${brk()}>${inner}</div>`,
        `<h2${brk()}>${word()} ${word()}</h2>`,
        `<ol${brk()}><li>${inner}</li><li${brk()}>${word()}</li></ol>`,
        `<ul><li${brk()}>${inner}</li></ul>`,
        `<table${pick(['', ' role="presentation"'])}><caption${brk()}>${word()}</caption><tr><td${brk()}>${inner}</td><td>${word()}</td></tr><tr><td>${word()}</td></tr></table>`,
        `<pre${brk()}>${word()}\n${word()}</pre>`,
      ]);
    };
    for (let n = 0; n < 300; n++) {
      const html = Array.from({ length: 2 + Math.floor(rand() * 6) }, () => block(0)).join('');
      expectSamePages(html);
    }
  });
});
