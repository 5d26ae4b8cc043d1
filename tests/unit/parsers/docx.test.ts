/**
 * DOCX parsing on generated Word files: pages, Word numbering, bad input, the parser and worker
 * session API, speed. Length: just over 400 lines, one case per Word construct or failure.
 */
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../../src/core/ingest/analyze';
import type { PageText } from '../../../src/core/ingest/chunker';
import { viewerDocx } from '../../fixtures/viewer';
import { memorySourceFile } from '../../../src/cli/node-source-file';
import { FileError } from '../../../src/core/errors';
import type { ParsedItem, ParsedPage, SourceFile } from '../../../src/core/ports';
import { compoundKind } from '../../../src/parsers/cfb';
import { coreTitle, parseDocx } from '../../../src/parsers/docx';
import { formatWordNumber, readWordNumbering, WordCounter } from '../../../src/parsers/docx-numbering';
import { prepareDocumentXml } from '../../../src/parsers/docx-prepare';
import { InProcessParser } from '../../../src/parsers/parser';
import { createParseSessions } from '../../../src/parsers/sessions';
import { sniff } from '../../../src/parsers/sniff';
import { coreXml, DOCX_SKELETON, documentXml, fakeCompoundFile, flipEntryBit, handZip, makeDocx, makeZip, NUMBERING_XML, p, STYLES_XML, table } from './helpers/office';

const parser = new InProcessParser();

async function collect(items: AsyncIterable<ParsedItem>): Promise<ParsedItem[]> {
  const out: ParsedItem[] = [];
  for await (const x of items) out.push(x);
  return out;
}

const pagesOf = (items: ParsedItem[]): ParsedPage[] => items.flatMap((i) => (i.kind === 'page' ? [i.page] : []));

async function failure(file: SourceFile): Promise<FileError> {
  try {
    await collect(parser.parse(file));
  } catch (error) {
    return error as FileError;
  }
  throw new Error(`expected ${file.name} to fail`);
}

/** The agreement used by most tests: numbered headings, a clause list, a table, two pages. */
const AGREEMENT = [
  p('Master Services Agreement', { style: 'Title' }),
  p('This Agreement is made between Acme Corp. ("Supplier") and Beta LLC ("Customer").'),
  p('Definitions', { style: 'Heading1' }),
  p('Interpretation', { style: 'Heading2' }),
  p('In this Agreement:'),
  p('"Affiliate" means any entity that controls a party;', { numId: 2 }),
  p('"Services" means:', { numId: 2 }),
  p('hosting; and', { numId: 2, ilvl: 1 }),
  p('support.', { numId: 2, ilvl: 1 }),
  p('"Term" has the meaning in Section 5.', { numId: 2, breakAfter: true }),
  p('Fees', { style: 'Heading1' }),
  p('Payment Terms', { style: 'Heading2' }),
  table([
    ['Service', 'Fee'],
    ['Hosting', '$100 per month'],
    ['Support', '$50 & up'],
  ]),
  p('Invoices are due in 30 days.', { numId: 4 }),
  p('Late payments bear interest.', { numId: 4 }),
  p('Applicable law', { numId: 3 }),
  p('Venue', { numId: 3 }),
].join('');

describe('DOCX → pages', () => {
  it('keeps heading levels, Word numbers, tables as rows; page breaks split pages; title from core.xml', async () => {
    const items = await collect(parseDocx(makeDocx({ body: AGREEMENT, title: 'Master Services Agreement' }), 'msa.docx'));
    expect(items[0]).toEqual({ kind: 'info', info: { pages: 2, title: 'Master Services Agreement', mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } });
    const pages = pagesOf(items);
    expect(pages.map((x) => x.text)).toEqual([
      [
        'Master Services Agreement',
        'This Agreement is made between Acme Corp. ("Supplier") and Beta LLC ("Customer").',
        '1. Definitions',
        '1.1 Interpretation',
        'In this Agreement:',
        '1. "Affiliate" means any entity that controls a party;',
        '2. "Services" means:',
        '(a) hosting; and',
        '(b) support.',
        '3. "Term" has the meaning in Section 5.',
      ].join('\n\n'),
      [
        '2. Fees',
        '2.1 Payment Terms',
        'Service | Fee\nHosting | $100 per month\nSupport | $50 & up',
        // numId 4 is the clause list again, restarted by startOverride.
        '1. Invoices are due in 30 days.',
        '2. Late payments bear interest.',
        '- Applicable law',
        '- Venue',
      ].join('\n\n'),
    ]);
    expect(pages.every((x) => !x.needsOcr && !x.ocr && x.confidence === null)).toBe(true);
    // No markdown markers in the text: the heading levels travel beside it.
    expect(pages.map((x) => x.headings)).toEqual([
      [
        { level: 1, text: 'Master Services Agreement' },
        { level: 1, text: '1. Definitions' },
        { level: 2, text: '1.1 Interpretation' },
      ],
      [
        { level: 1, text: '2. Fees' },
        { level: 2, text: '2.1 Payment Terms' },
      ],
    ]);
  });

  it('uses Word\'s last layout for pages when the file records it (explicit breaks then count once)', async () => {
    const body = [
      p('First page text.', { breakAfter: true }),
      p('Second page starts here and runs on', { renderedBreakBefore: true }),
      p('to the third page.', { renderedBreakBefore: true }),
    ].join('');
    const pages = pagesOf(await collect(parseDocx(makeDocx({ body }), 'layout.docx')));
    expect(pages.map((x) => x.text)).toEqual(['First page text.', 'Second page starts here and runs on', 'to the third page.']);
  });

  it('without a recorded layout, breaks pages at page breaks, pageBreakBefore and section breaks (not continuous ones)', async () => {
    const body = [
      '<w:p><w:pPr><w:sectPr><w:type w:val="nextPage"/></w:sectPr></w:pPr><w:r><w:t>Cover page</w:t></w:r></w:p>',
      '<w:p><w:pPr><w:sectPr><w:type w:val="continuous"/></w:sectPr></w:pPr><w:r><w:t>Same page</w:t></w:r></w:p>',
      '<w:p><w:pPr><w:pageBreakBefore/></w:pPr><w:r><w:t>Page three</w:t></w:r></w:p>',
      '<w:p><w:pPr><w:pageBreakBefore w:val="0"/></w:pPr><w:r><w:t>Still three</w:t></w:r></w:p>',
    ].join('');
    const pages = pagesOf(await collect(parseDocx(makeDocx({ body }), 'sections.docx')));
    expect(pages.map((x) => x.text)).toEqual(['Cover page', 'Same page', 'Page three\n\nStill three']);
  });

  it('falls back to the first heading that is not a clause heading when core.xml has a junk title', async () => {
    const body = [p('Preamble text.'), p('Definitions', { style: 'Heading1' }), p('Schedule of Works', { style: 'Heading3' }), p('The Landlord lets the Premises.')].join('');
    const items = await collect(parseDocx(makeDocx({ body, title: 'Document1' }), 'lease.docx'));
    // "1. Definitions" is a numbered clause heading; the unnumbered Heading 3 is the title.
    expect(items[0]).toMatchObject({ info: { title: 'Schedule of Works' } });
    const titled = [p('LEASE AGREEMENT', { style: 'Title' }), body].join('');
    expect((await collect(parseDocx(makeDocx({ body: titled, title: 'lease.docx' }), 'lease.docx')))[0]).toMatchObject({ info: { title: 'LEASE AGREEMENT' } });
  });

  it('reads a package without styles, numbering or core properties', async () => {
    const items = await collect(parseDocx(makeDocx({ body: p('Just one paragraph.', { numId: 7 }), styles: null, numbering: null }), 'bare.docx'));
    expect(items).toEqual([
      { kind: 'info', info: { pages: 1, title: null, mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } },
      { kind: 'page', page: { page: 1, text: 'Just one paragraph.', ocr: false, confidence: null, needsOcr: false } },
    ]);
  });

  it('splits a table that runs across a page break after the row where the page ends', async () => {
    const cell = (text: string, rendered = false) => `<w:tc>${p(text, { renderedBreakBefore: rendered })}</w:tc>`;
    const body = p('Schedule of fees') + `<w:tbl><w:tr>${cell('Item')}${cell('Fee')}</w:tr><w:tr>${cell('Hosting')}${cell('$100')}</w:tr><w:tr>${cell('Support', true)}${cell('$50')}</w:tr><w:tr>${cell('Training')}${cell('$20')}</w:tr></w:tbl>` + p('After the table.');
    const pages = pagesOf(await collect(parseDocx(makeDocx({ body }), 'fees.docx')));
    // Word's break sits in the row that starts page 2; rows stay whole, the page count stays right.
    expect(pages.map((x) => x.text)).toEqual(['Schedule of fees\n\nItem | Fee\nHosting | $100\nSupport | $50', 'Training | $20\n\nAfter the table.']);
  });

  it('writes bullets that come from the paragraph style, and keeps footnotes at the end without back-links', async () => {
    const styles = STYLES_XML.replace('</w:styles>', '<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/><w:pPr><w:numPr><w:numId w:val="3"/></w:numPr></w:pPr></w:style></w:styles>');
    const footnotes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1"><w:p><w:r><w:t>As amended in 2020.</w:t></w:r></w:p></w:footnote></w:footnotes>`;
    const body = p('Bulleted by its style', { style: 'ListBullet' }) + '<w:p><w:r><w:t>The Act applies.</w:t></w:r><w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r></w:p>';
    const bytes = makeDocx({
      body,
      styles,
      extra: {
        'word/footnotes.xml': footnotes,
        'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/></Relationships>`,
      },
    });
    const pages = pagesOf(await collect(parseDocx(bytes, 'notes.docx')));
    expect(pages.map((x) => x.text)).toEqual(['- Bulleted by its style\n\nThe Act applies.[1]\n\n1. As amended in 2020.']);
  });

  it('never inflates images', async () => {
    // A "picture" that is a 300 MB bomb inside an otherwise fine package would be refused by the
    // guard; a big but honest image is simply never decompressed.
    const image = new Uint8Array(2_000_000).map((_, i) => (i * 7919) % 251);
    const bytes = makeDocx({ body: p('Text with a picture somewhere.'), extra: { 'word/media/image1.png': image } });
    expect(pagesOf(await collect(parseDocx(bytes, 'pic.docx')))[0]!.text).toBe('Text with a picture somewhere.');
  });
});

describe('Word numbering', () => {
  it('formats Word number formats', () => {
    expect(['decimal', 'decimalZero', 'lowerLetter', 'upperLetter', 'lowerRoman', 'upperRoman', 'ordinal', 'none', 'cardinalText'].map((f) => formatWordNumber(4, f))).toEqual(['4', '04', 'd', 'D', 'iv', 'IV', '4th', '', '4']);
    expect(formatWordNumber(28, 'lowerLetter')).toBe('bb');
    expect(formatWordNumber(12, 'ordinal')).toBe('12th');
  });

  it('counts per abstract list: continues across nums, restarts lower levels, honours startOverride, isLgl and lvlRestart', () => {
    const numbering = `<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
      <w:abstractNum w:abstractNumId="0">
        <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="ARTICLE %1"/></w:lvl>
        <w:lvl w:ilvl="1"><w:start w:val="1"/><w:isLgl/><w:numFmt w:val="decimal"/><w:lvlText w:val="Section %1.%2"/></w:lvl>
        <w:lvl w:ilvl="2"><w:start w:val="1"/><w:lvlRestart w:val="0"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="(%3)"/></w:lvl>
      </w:abstractNum>
      <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
      <w:num w:numId="2"><w:abstractNumId w:val="0"/></w:num>
      <w:num w:numId="3"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="7"/></w:lvlOverride></w:num>
    </w:numbering>`;
    const counter = new WordCounter(readWordNumbering(numbering, undefined));
    const c = { next: (...args: Parameters<WordCounter['next']>) => counter.next(...args)?.text ?? null };
    const seq = [
      c.next(null, '1', 0),
      c.next(null, '1', 1),
      c.next(null, '1', 2),
      c.next(null, '2', 0), // another num of the same list continues it
      c.next(null, '2', 1),
      c.next(null, '2', 2), // lvlRestart 0: (b), not (a)
      c.next(null, '3', 0), // startOverride restarts at VII
      c.next(null, '0', 0), // numId 0: numbering switched off
      c.next(null, '9', 0), // unknown num
    ];
    expect(seq).toEqual(['ARTICLE I', 'Section 1.1', '(a)', 'ARTICLE II', 'Section 2.1', '(b)', 'ARTICLE VII', null, null]);
  });

  it('takes numbering from the paragraph style chain and leaves bullets to mammoth', () => {
    const c = new WordCounter(readWordNumbering(NUMBERING_XML, STYLES_XML));
    expect([c.next('Heading1', null, null), c.next('Heading2', null, null), c.next('Heading2', null, null), c.next('Heading1', null, null), c.next(null, '3', 0), c.next('Normal', null, null)]).toEqual([
      { text: '1.', bullet: false },
      { text: '1.1', bullet: false },
      { text: '1.2', bullet: false },
      { text: '2.', bullet: false },
      { text: '-', bullet: true },
      null,
    ]);
  });

  it('writes numbers into document.xml without touching the rest', () => {
    const xml = documentXml(p('Clause', { numId: 2 }) + p('Plain'));
    const prepared = prepareDocumentXml(xml, readWordNumbering(NUMBERING_XML, STYLES_XML));
    expect(prepared.labels).toBe(1);
    expect(prepared.xml).toContain('<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="0"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">1. </w:t></w:r><w:r><w:t xml:space="preserve">Clause</w:t></w:r></w:p>');
    expect(prepared.xml).toContain('<w:p><w:r><w:t xml:space="preserve">Plain</w:t></w:r></w:p>');
  });

  it('counts an empty numbered paragraph but writes no number for it', () => {
    const body = p('one', { numId: 2 }) + '<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr></w:pPr></w:p>' + p('three', { numId: 2 });
    const prepared = prepareDocumentXml(documentXml(body), readWordNumbering(NUMBERING_XML, STYLES_XML));
    expect(prepared.labels).toBe(2);
    expect(prepared.xml).toContain('>3. </w:t>');
  });

  it('reads dc:title', () => {
    expect(coreTitle(coreXml('Lease & Licence'))).toBe('Lease & Licence');
    expect(coreTitle('<cp:coreProperties><dc:title/></cp:coreProperties>')).toBeNull();
    expect(coreTitle(undefined)).toBeNull();
  });
});

describe('bad DOCX input', () => {
  it('a zip bomb (300 MB of zeros in document.xml) is file/zip-bomb, refused without inflating', async () => {
    const bomb = handZip([...DOCX_SKELETON, { name: 'word/document.xml', zeros: 300 * 1024 * 1024 }]);
    expect(bomb.length).toBeLessThan(400_000);
    const start = performance.now();
    const error = await failure(memorySourceFile('bomb.docx', bomb));
    expect(performance.now() - start).toBeLessThan(500);
    expect(error).toBeInstanceOf(FileError);
    expect(error.code).toBe('file/zip-bomb');
    expect(error.message).toBe('bomb.docx: the document expands to more than 300 MB (the limit is 200 MB); it looks like a zip bomb');
  });

  it('a bomb that lies about its size is stopped at the declared size while inflating (4 GiB claimed as 1,000 bytes)', async () => {
    const liar = handZip([...DOCX_SKELETON, { name: 'word/document.xml', zeros: 4 * 1024 ** 3 - 1, declaredSize: 1000, crc: 0 }]);
    const start = performance.now();
    const error = await failure(memorySourceFile('liar.docx', liar));
    expect(performance.now() - start).toBeLessThan(2000);
    expect(error).toMatchObject({ code: 'file/zip-bomb', details: { limit: 'inflatedBytes', max: 1000 } });
    expect(error.message).toBe('liar.docx: word/document.xml inflates past the 1,000 bytes its zip directory declares (stopped there; a zip bomb or a damaged file)');
  });

  it('a bit-flipped word/document.xml fails its CRC-32 instead of being read with garbled words', async () => {
    const bytes = makeDocx({ body: p('Alpha Holdings Limited shall indemnify the Customer.') });
    const flipped = flipEntryBit(bytes, 'word/document.xml');
    const error = await failure(memorySourceFile('flipped.docx', flipped));
    expect(error.code).toBe('file/corrupt');
    expect(error.message).toBe('flipped.docx: the archive data is damaged (word/document.xml fails its CRC-32 check; the file was altered or truncated)');
  });

  it('a document with more paragraphs than the budget fails before mammoth (200,000 paragraphs)', async () => {
    const bytes = makeDocx({ body: Array.from({ length: 200_000 }, (_, i) => p(`Clause ${i} applies.`)).join('') });
    const start = performance.now();
    const error = await failure(memorySourceFile('long.docx', bytes));
    expect(performance.now() - start).toBeLessThan(5000);
    expect(error).toMatchObject({ code: 'file/limit', details: { limit: 'maxParagraphs', max: 50_000, actual: 200_000 } });
    expect(error.message).toBe('long.docx: the document has too many paragraphs to read (200,000; the limit is 50,000)');
  });

  it('a truncated DOCX is file/corrupt', async () => {
    const bytes = makeDocx({ body: AGREEMENT, title: 'MSA' });
    const error = await failure(memorySourceFile('cut.docx', bytes.subarray(0, Math.floor(bytes.length * 0.6))));
    expect(error.code).toBe('file/corrupt');
    expect(error.message).toBe('cut.docx: the file is damaged or truncated (its zip directory is missing or unreadable)');
    // Cut before any Word part is named: still a damaged Word document, not "a zip archive".
    const early = await failure(memorySourceFile('early.docx', bytes.subarray(0, 200)));
    expect(early.code).toBe('file/corrupt');
    expect(early.message).toBe('early.docx: the Word document is damaged or truncated (its zip directory is missing or unreadable)');
  });

  it('a DOCX with damaged XML is file/corrupt', async () => {
    const bytes = makeZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document xmlns:w="x"><w:body><w:p><w:r><w:t>cut' });
    const error = await failure(memorySourceFile('broken.docx', bytes));
    expect(error.code).toBe('file/corrupt');
  });

  it('a zip with word/ parts but no document part is file/corrupt: not a Word document', async () => {
    const bytes = makeDocx({ body: p('x'), omit: ['word/document.xml'] });
    const error = await failure(memorySourceFile('hollow.docx', bytes));
    expect(error.code).toBe('file/corrupt');
    expect(error.message).toBe('hollow.docx: not a Word document (word/document.xml is missing)');
  });

  it('an encrypted (password-protected) DOCX is file/encrypted; a legacy .doc is file/unsupported', async () => {
    const encrypted = fakeCompoundFile(['\u0006DataSpaces', 'EncryptionInfo', 'EncryptedPackage']);
    expect(compoundKind(encrypted)).toBe('encrypted-ooxml');
    const error = await failure(memorySourceFile('secret.docx', encrypted));
    expect(error.code).toBe('file/encrypted');
    expect(error.message).toBe('secret.docx: the document is password-protected (an encrypted Office file); remove the password in Word and save it again, or save it as PDF');
    const doc = await failure(memorySourceFile('old.doc', fakeCompoundFile(['WordDocument', '1Table', '\u0005SummaryInformation'])));
    expect(doc.code).toBe('file/unsupported');
    expect(doc.message).toBe('old.doc: legacy Word 97–2003 documents (.doc) are not supported; save it as .docx or PDF');
    const unknown = await failure(memorySourceFile('mystery.docx', fakeCompoundFile(['Something'])));
    expect(unknown.code).toBe('file/encrypted');
    expect(unknown.message).toMatch(/password-protected or an old \.doc/);
    expect(compoundKind(fakeCompoundFile(['__substg1.0_0037001F']))).toBe('msg');
  });

  it('an XLSX, PPTX or ODT is file/unsupported naming the type', async () => {
    const xlsx = makeZip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': '<worksheet/>' });
    expect((await failure(memorySourceFile('figures.docx', xlsx))).message).toBe('figures.docx: Excel workbooks (XLSX) are not supported (named .docx, but the content is an Excel workbook (XLSX))');
    const pptx = makeZip({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p/>' });
    expect((await failure(memorySourceFile('deck.pptx', pptx))).code).toBe('file/unsupported');
    const odt = makeZip({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<office:document-content/>' });
    expect((await failure(memorySourceFile('letter.odt', odt))).message).toBe('letter.odt: OpenDocument files are not supported');
  });
});

describe('DOCX through the parser and the worker session API', () => {
  it('sniffs DOCX by content: a DOCX named .pdf is parsed as DOCX', async () => {
    const bytes = makeDocx({ body: AGREEMENT, title: 'MSA' });
    expect(sniff(bytes, 'contract.pdf').kind).toBe('docx');
    const items = await collect(parser.parse(memorySourceFile('contract.pdf', bytes)));
    expect(items[0]).toMatchObject({ kind: 'info', info: { pages: 2, title: 'MSA' } });
  });

  it('a DOCX without text is file/empty', async () => {
    const error = await failure(memorySourceFile('blank.docx', makeDocx({ body: '<w:p/><w:p><w:r><w:t> </w:t></w:r></w:p>' })));
    expect(error.code).toBe('file/empty');
  });

  it('streams the pages through createParseSessions', async () => {
    const api = createParseSessions(parser);
    const bytes = makeDocx({ body: AGREEMENT, title: 'MSA' });
    const { streamId } = api.open(bytes.slice().buffer, { name: 'msa.docx', path: 'msa.docx', mediaType: '', lastModified: null });
    const items: ParsedItem[] = [];
    for (let r = await api.next(streamId); !r.done; r = await api.next(streamId)) items.push(r.value as ParsedItem);
    expect(items.map((i) => (i.kind === 'info' ? 'info' : i.page.page))).toEqual(['info', 1, 2]);
    expect(pagesOf(items)[1]!.text).toContain('Hosting | $100 per month');
    expect(api.openStreams()).toBe(0);
  });

  it('a zip bomb fails through the stream API with its FileError', async () => {
    const api = createParseSessions(parser);
    const bomb = handZip([...DOCX_SKELETON, { name: 'word/document.xml', zeros: 300 * 1024 * 1024 }]);
    const { streamId } = api.open(bomb.slice().buffer, { name: 'bomb.docx', path: 'bomb.docx', mediaType: '', lastModified: null });
    await expect(api.next(streamId)).rejects.toMatchObject({ name: 'FileError', code: 'file/zip-bomb' });
  });
});

describe('speed', () => {
  it('parses a 50-page-equivalent DOCX', async () => {
    const section = (i: number) =>
      [
        p(`Clause heading ${i}`, { style: 'Heading1' }),
        p(`Sub-clause ${i}`, { style: 'Heading2' }),
        ...Array.from({ length: 4 }, (_, k) => p(`The Supplier shall perform obligation ${i}.${k} with reasonable skill and care, in accordance with Good Industry Practice and the Service Levels set out in Schedule ${i}, and shall notify the Customer promptly of any failure.`, { numId: 2, ilvl: k % 2 })),
        table([
          ['Item', 'Fee', 'Due'],
          [`Service ${i}`, `$${i * 100}`, '30 days'],
        ]),
      ].join('');
    // ~500 words a page: 50 pages ≈ 25,000 words.
    const body = Array.from({ length: 200 }, (_, i) => section(i + 1) + (i % 4 === 3 ? p('', { breakAfter: true }) : '')).join('');
    const bytes = makeDocx({ body, title: 'Long Agreement' });
    const start = performance.now();
    const pages = pagesOf(await collect(parser.parse(memorySourceFile('long.docx', bytes))));
    const ms = performance.now() - start;
    const words = pages.reduce((n, x) => n + x.text.split(/\s+/).length, 0);
    expect(pages.length).toBe(50);
    expect(pages[49]!.text).toContain('\n\n200. Clause heading 200\n\n');
    expect(pages[49]!.headings).toContainEqual({ level: 1, text: '200. Clause heading 200' });
    expect(ms).toBeLessThan(15_000); // generous: shared CI machines; the figure is logged
    console.info(`docx: ${(bytes.length / 1024).toFixed(0)} KB, ${pages.length} pages, ${words} words in ${ms.toFixed(0)} ms`);
  });
});

describe('DOCX → chunks', () => {
  it('chunks along Word’s heading styles, with no markers in the text, on the part each heading starts', async () => {
    const pages: PageText[] = [];
    for await (const item of parseDocx(viewerDocx(), 'escrow.docx')) if (item.kind === 'page') pages.push(item.page);
    const { chunks } = analyzeDocument(pages, { fileName: 'escrow.docx', declaredTitle: null });
    for (const c of chunks) expect(c.text).not.toContain('#');
    const release = chunks.find((c) => c.text.includes('joint written instructions'))!;
    expect(release.sectionPath).toEqual(['2 Release of the Deposit']);
    expect([release.pageStart, release.pageEnd]).toEqual([2, 2]);
    expect(release.text.startsWith('2. Release of the Deposit')).toBe(true);
  });
});
