import { describe, expect, it } from 'vitest';
import { memorySourceFile } from '../../../src/cli/node-source-file';
import type { ParsedItem, SourceFile } from '../../../src/core/ports';
import { declaredCharset, decodeHtml, parseHtml } from '../../../src/parsers/html';
import { htmlToText } from '../../../src/parsers/html-text';
import { listLabel } from '../../../src/parsers/html-walk';
import { InProcessParser } from '../../../src/parsers/parser';
import { tryDecodeText } from '../../../src/parsers/sniff';

async function collect(it: AsyncIterable<ParsedItem>): Promise<ParsedItem[]> {
  const out: ParsedItem[] = [];
  for await (const x of it) out.push(x);
  return out;
}

const text = (html: string) => htmlToText(html).pages.join('\f');

describe('HTML → text: blocks, headings, whitespace, entities', () => {
  it('writes headings as plain lines, noted with their level, and blocks as paragraphs', () => {
    const html = '<h1>Master  Services\n Agreement</h1><p>This <b>Agreement</b>\n is made.</p><div>Second block</div><h3>Section 5.2 <i>Limitation</i></h3>';
    expect(text(html)).toBe('Master Services Agreement\n\nThis Agreement is made.\n\nSecond block\n\nSection 5.2 Limitation');
    expect(htmlToText(html).pageHeadings).toEqual([
      [
        { level: 1, text: 'Master Services Agreement' },
        { level: 3, text: 'Section 5.2 Limitation' },
      ],
    ]);
  });

  it('keeps a heading that starts with a page break (Word’s first heading of a page) a heading', () => {
    const html = '<p>Page one.</p><h1><hr style="page-break-after: always">2. Release</h1><p>Text.</p><h2></h2><p>Not a heading.</p>';
    const result = htmlToText(html);
    expect(result.pages).toEqual(['Page one.', '2. Release\n\nText.\n\nNot a heading.']);
    expect(result.pageHeadings).toEqual([[], [{ level: 1, text: '2. Release' }]]);
  });

  it('notes the headings of each page separately', () => {
    const html = '<h2>Recitals</h2><p>Whereas.</p><p style="page-break-before: always">Body.</p><h2>1. Definitions</h2>';
    expect(htmlToText(html).pageHeadings).toEqual([[{ level: 2, text: 'Recitals' }], [{ level: 2, text: '1. Definitions' }]]);
  });

  it('keeps <br> as a line break and collapses whitespace, NBSP included, inside blocks', () => {
    expect(text('<p>Acme&nbsp;&nbsp;Corp.<br>\n   100 Main St.<br/><br>Springfield</p>')).toBe('Acme Corp.\n100 Main St.\n\nSpringfield');
  });

  it('decodes entities (named, numeric, hex) and drops zero-width characters', () => {
    expect(text('<p>&lt;Tom &amp; Jerry&gt; &eacute;t&eacute; &#8212; &#x20AC;5 &copy; &quot;x&quot; a&shy;b c&#8203;d</p>')).toBe('<Tom & Jerry> été — €5 © "x" ab cd');
  });

  it('keeps <pre> as written', () => {
    expect(text('<p>Before</p><pre>  Clause   1\n    indented\n</pre><p>After</p>')).toBe('Before\n\n  Clause   1\n    indented\n\nAfter');
  });

  it('drops script, style, noscript, template, nav, head content, forms and media', () => {
    const html = `<!DOCTYPE html><html><head><title>T</title><meta charset="utf-8"><style>p { color: red }</style><script>alert("x")</script></head>
      <body><nav><a href="/">Home</a> | <a href="/about">About</a></nav><noscript>Enable JavaScript</noscript><template><p>tpl</p></template>
      <p>Body text.</p><script type="application/ld+json">{"a":1}</script><button>Click me</button><select><option>One</option></select>
      <img src="logo.png" alt="Logo"><svg><title>icon</title><text>svg text</text></svg><iframe>frame</iframe></body></html>`;
    expect(text(html)).toBe('Body text.');
  });

  it('drops hidden elements: hidden, aria-hidden, display:none, visibility:hidden, mso-hide, closed dialog', () => {
    const html = `<p>Visible</p><div hidden>h1</div><span aria-hidden="true">h2</span><span aria-hidden="false">shown</span>
      <p style="color:red; display : none !important">h3</p><p style="visibility:hidden">h4</p><div style="mso-hide:all">h5</div><dialog>h6</dialog>
      <p style="display:block">also shown</p>`;
    expect(text(html)).toBe('Visible\n\nshown\n\nalso shown');
  });

  it('takes the title from <title>, else the first h1', () => {
    expect(htmlToText('<title> Lease\n Agreement </title><h1>Other</h1>').title).toBe('Lease Agreement');
    const noTitle = htmlToText('<h2>Intro</h2><h1 hidden>Hidden</h1><h1>Real <em>Title</em></h1>');
    expect(noTitle.title).toBe('');
    expect(noTitle.headings).toEqual([
      { level: 2, text: 'Intro' },
      { level: 1, text: 'Real Title' },
    ]);
  });
});

describe('HTML → text: lists', () => {
  it('numbers ordered lists and nests them 1. → (a) → (i), indenting nested items', () => {
    const html = '<ol><li>Definitions<ol><li>first</li><li>second<ol><li>deep</li><li>deeper</li></ol></li></ol></li><li>Payment</li></ol>';
    expect(text(html)).toBe('1. Definitions\n\n  (a) first\n\n  (b) second\n\n    (i) deep\n\n    (ii) deeper\n\n2. Payment');
  });

  it('honours start, reversed, li value, type and list-style-type', () => {
    expect(text('<ol start="4"><li>four</li><li>five</li></ol>')).toBe('4. four\n\n5. five');
    expect(text('<ol reversed><li>c</li><li>b</li><li>a</li></ol>')).toBe('3. c\n\n2. b\n\n1. a');
    expect(text('<ol><li>one</li><li value="10">ten</li><li>eleven</li></ol>')).toBe('1. one\n\n10. ten\n\n11. eleven');
    expect(text('<ol type="I"><li>Parties</li><li>Recitals</li></ol>')).toBe('I. Parties\n\nII. Recitals');
    expect(text('<ol type="a"><li>x</li><li>y</li></ol>')).toBe('(a) x\n\n(b) y');
    expect(text('<ol style="list-style-type: upper-alpha"><li>x</li></ol>')).toBe('(A) x');
    expect(text('<ol style="list-style: none"><li>x</li></ol>')).toBe('x');
  });

  it('writes unordered items with "- ", nested ones indented', () => {
    expect(text('<ul><li>alpha<ul><li>beta</li></ul></li><li>gamma</li></ul>')).toBe('- alpha\n\n  - beta\n\n- gamma');
  });

  it('puts the label of an item whose content is a paragraph or heading on that line', () => {
    expect(text('<ol><li><p>First para</p><p>Second para</p></li><li><h2>Term</h2></li></ol>')).toBe('1. First para\n\nSecond para\n\n2. Term');
  });

  it('formats labels: letters past z, roman numerals, nested decimals', () => {
    expect(listLabel(27, 'lower-alpha', true)).toBe('(aa)');
    expect(listLabel(14, 'lower-roman', true)).toBe('(xiv)');
    expect(listLabel(3, 'decimal', true)).toBe('(3)');
    expect(listLabel(0, 'lower-alpha', false)).toBe('0.');
  });
});

describe('HTML → text: tables', () => {
  it('writes the caption, then one row per line with cells joined by " | ", header rows first', () => {
    const html = `<p>Before</p><table><caption>Fee Schedule</caption>
      <tfoot><tr><td>Total</td><td>$150</td></tr></tfoot>
      <thead><tr><th>Service</th><th>Fee</th></tr></thead>
      <tbody><tr><td><p>Hosting</p><p>(monthly)</p></td><td>$100</td></tr><tr><td> </td><td></td></tr><tr><td>Support</td><td>$50</td></tr></tbody></table><p>After</p>`;
    expect(text(html)).toBe('Before\n\nFee Schedule\nService | Fee\nHosting (monthly) | $100\nSupport | $50\nTotal | $150\n\nAfter');
  });

  it('reads layout tables (nested tables, role=presentation, one cell per row) as blocks', () => {
    const html = `<table role="presentation"><tr><td>Left column</td><td>Right column</td></tr></table>
      <table><tr><td><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table></td><td>Side</td></tr></table>
      <table><tr><td><p>Only cell</p></td></tr><tr><td>Next row</td></tr></table>`;
    expect(text(html)).toBe('Left column\n\nRight column\n\nA | B\n1 | 2\n\nSide\n\nOnly cell\n\nNext row');
  });
});

describe('HTML → pages', () => {
  it('splits pages on CSS page breaks; adjacent breaks count once; a leading break is ignored', () => {
    const html = `<div style="page-break-before: always">Cover</div><div style="page-break-after:always">Page one</div>
      <p style="break-before: page">Page two</p><hr style="page-break-after: always"><p>Page three</p><div style="page-break-before:always"></div>`;
    expect(htmlToText(html).pages).toEqual(['Cover\n\nPage one', 'Page two', 'Page three']);
  });

  it('keeps a picture-only page (its number counts) but drops trailing blank pages', () => {
    const html = '<p>One</p><hr style="page-break-after:always"><img src="x.png"><hr style="page-break-after:always"><p>Three</p><hr style="page-break-after:always">';
    expect(htmlToText(html).pages).toEqual(['One', '', 'Three']);
  });

  it('gives one empty page for a page without text', () => {
    expect(htmlToText('<html><head><title>x</title></head><body> </body></html>').pages).toEqual(['']);
  });
});

const EMAIL = `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>RE: Draft lease &ndash; clause 7</title>
<style type="text/css">body { font-family: Calibri } .MsoNormal { margin: 0 }</style>
<!--[if gte mso 9]><xml><o:shapedefaults v:ext="edit" spidmax="1026" /></xml><![endif]--></head>
<body lang="EN-US">
<div style="display:none;max-height:0;overflow:hidden">Preview text the reader never sees&zwnj;&nbsp;&zwnj;&nbsp;</div>
<table class="header" border="0" cellpadding="0" cellspacing="0">
<tr><th align="left">From:</th><td>Jane Smith &lt;jane.smith@lawfirm.example&gt;</td></tr>
<tr><th align="left">Sent:</th><td>Tuesday, March 5, 2024 10:14 AM</td></tr>
<tr><th align="left">To:</th><td>Bob Jones &lt;bob@client.example&gt;</td></tr>
<tr><th align="left">Subject:</th><td>RE: Draft lease &ndash; clause 7</td></tr>
</table>
<div class="WordSection1">
<p class="MsoNormal">Hi Bob,<o:p></o:p></p>
<p class="MsoNormal"><o:p>&nbsp;</o:p></p>
<p class="MsoNormal">Please see my comments on clause&nbsp;7.2 (<b>Rent Review</b>):<o:p></o:p></p>
<ol><li>The review date should be the 5th anniversary.</li><li>The cap of 3% per annum stays.</li></ol>
<p class="MsoNormal">Best regards,<br>Jane<o:p></o:p></p>
<table role="presentation"><tr><td><img src="cid:logo" alt="Law Firm LLP" width="120"></td><td><p>Jane Smith | Partner<br>Law Firm LLP</p></td></tr></table>
<img src="https://track.example/pixel.gif" width="1" height="1" style="display:none">
<blockquote style="border-left:1px solid #ccc"><p><b>From:</b> Bob Jones<br><b>Sent:</b> Monday, March 4, 2024<br><b>Subject:</b> Draft lease</p><p>Jane, draft attached.</p></blockquote>
</div></body></html>`;

describe('an exported e-mail and a saved web page', () => {
  it('gives clean text for an e-mail saved as HTML', async () => {
    const items = await collect(parseHtml(EMAIL, 'email.html'));
    expect(items[0]).toEqual({ kind: 'info', info: { pages: 1, title: 'RE: Draft lease – clause 7', mediaType: 'text/html' } });
    const second = items[1]!;
    const page = second.kind === 'page' ? second.page.text : '';
    expect(page).toBe(
      [
        'From: | Jane Smith <jane.smith@lawfirm.example>\nSent: | Tuesday, March 5, 2024 10:14 AM\nTo: | Bob Jones <bob@client.example>\nSubject: | RE: Draft lease – clause 7',
        'Hi Bob,',
        'Please see my comments on clause 7.2 (Rent Review):',
        '1. The review date should be the 5th anniversary.',
        '2. The cap of 3% per annum stays.',
        'Best regards,\nJane',
        'Jane Smith | Partner\nLaw Firm LLP',
        'From: Bob Jones\nSent: Monday, March 4, 2024\nSubject: Draft lease',
        'Jane, draft attached.',
      ].join('\n\n'),
    );
    expect(page).not.toMatch(/Preview|font-family|shapedefaults|mso/);
  });

  it('gives clean text for a saved web page (nav, cookie banner, footer scripts)', () => {
    const html = `<!doctype html><html lang="en"><head><title>Terms of Service | Example Inc.</title><link rel="stylesheet" href="s.css"></head><body>
      <header><nav aria-label="Main"><ul><li><a href="/">Home</a></li><li><a href="/pricing">Pricing</a></li></ul></nav></header>
      <div class="cookie-banner" hidden>We use cookies <button>Accept</button></div>
      <main><article><h1>Terms of Service</h1><p>Last updated: 1&nbsp;January&nbsp;2024</p>
      <h2 id="s1">1. Acceptance</h2><p>By using the Service you agree to these Terms.</p>
      <h2>2. Fees</h2><p>Fees are listed on the <a href="/pricing">pricing page</a>.</p></article></main>
      <footer><p>&copy; 2024 Example Inc.</p><script src="analytics.js"></script></footer></body></html>`;
    expect(text(html)).toBe('Terms of Service\n\nLast updated: 1 January 2024\n\n1. Acceptance\n\nBy using the Service you agree to these Terms.\n\n2. Fees\n\nFees are listed on the pricing page.\n\n© 2024 Example Inc.');
    expect(htmlToText(html).title).toBe('Terms of Service | Example Inc.');
  });
});

describe('decoding', () => {
  it('reads a declared charset when the bytes are not UTF-8', () => {
    // "Łódź" in ISO-8859-2: Ł = A3, ó = F3, d, ź = BC.
    const bytes = Uint8Array.from([...new TextEncoder().encode('<html><head><meta charset="iso-8859-2"></head><body><p>'), 0xa3, 0xf3, 0x64, 0xbc, ...new TextEncoder().encode('</p></body></html>')]);
    expect(declaredCharset(bytes)).toBe('iso-8859-2');
    const html = decodeHtml(bytes, tryDecodeText(bytes)!);
    expect(text(html)).toBe('Łódź');
  });

  it('keeps UTF-8 when the bytes are UTF-8 whatever the page declares', () => {
    const bytes = new TextEncoder().encode('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><p>café</p>');
    expect(text(decodeHtml(bytes, tryDecodeText(bytes)!))).toBe('café');
  });
});

describe('through InProcessParser', () => {
  const parser = new InProcessParser();
  const run = async (file: SourceFile) => collect(parser.parse(file));

  it('detects HTML by content whatever the extension', async () => {
    for (const name of ['page.htm', 'page.html', 'notes.txt', 'contract.pdf', 'noext']) {
      const items = await run(memorySourceFile(name, '<!DOCTYPE html><html><head><title>Lease</title></head><body><h1>Lease</h1><p>Rent is due monthly.</p></body></html>'));
      expect(items[0]).toEqual({ kind: 'info', info: { pages: 1, title: 'Lease', mediaType: 'text/html' } });
      expect(items[1]).toMatchObject({ kind: 'page', page: { page: 1, text: 'Lease\n\nRent is due monthly.', needsOcr: false, headings: [{ level: 1, text: 'Lease' }] } });
    }
  });

  it('detects HTML that starts with head elements or a BOM, but not prose that mentions tags', async () => {
    const mail = await run(memorySourceFile('message', '<meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>Re: NDA</title><div>Signed copy attached.</div>'));
    expect(mail[1]).toMatchObject({ page: { text: 'Signed copy attached.' } });
    expect(mail[0]).toMatchObject({ info: { title: 'Re: NDA', mediaType: 'text/html' } });
    expect((await run(memorySourceFile('x.txt', '\uFEFF<body><p>BOM page</p></body>')))[0]).toMatchObject({ info: { mediaType: 'text/html' } });
    expect((await run(memorySourceFile('notes.txt', 'Use the <html> element to start a page.')))[0]).toMatchObject({ info: { mediaType: 'text/plain' } });
  });

  it('an HTML page without text is file/empty', async () => {
    await expect(run(memorySourceFile('blank.html', '<html><head><title>Blank</title><script>x()</script></head><body>  </body></html>'))).rejects.toMatchObject({
      code: 'file/empty',
      message: 'blank.html: the document contains no text (all 1 pages are blank)',
    });
  });

  it('drops junk titles', async () => {
    const items = await run(memorySourceFile('a.html', '<html><head><title>Untitled</title></head><body><p>Some text here.</p></body></html>'));
    expect(items[0]).toMatchObject({ info: { title: null } });
  });
});

describe('speed', () => {
  it('renders a 1 MB page quickly', () => {
    const section = (i: number) =>
      `<h2>Section ${i}. Heading</h2><p>The Supplier shall <b>provide</b> the Services in accordance with &ldquo;Schedule ${i}&rdquo; and applicable law.</p><ol><li>first duty</li><li>second duty</li></ol><table><tr><td>Item ${i}</td><td>$${i}.00</td></tr></table>`;
    let html = '<html><body>';
    for (let i = 1; html.length < 1024 * 1024; i++) html += section(i);
    html += '</body></html>';
    const start = performance.now();
    const result = htmlToText(html);
    const ms = performance.now() - start;
    expect(result.pages[0]).toMatch(/^Section 1. Heading\n\n/);
    expect(result.pageHeadings[0]![0]).toEqual({ level: 2, text: 'Section 1. Heading' });
    expect(ms).toBeLessThan(5000); // generous: shared CI machines; the figure is logged
    console.info(`html: ${(html.length / 1024 / 1024).toFixed(2)} MB → ${result.pages[0]!.length} chars in ${ms.toFixed(0)} ms`);
  });
});
