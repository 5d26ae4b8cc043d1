import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memorySourceFile, nodeSourceFile } from '../../../src/cli/node-source-file';
import { AbortedError, FileError } from '../../../src/core/errors';
import type { ParsedItem, ParsedPage, ParseOptions, SourceFile } from '../../../src/core/ports';
import { InProcessParser } from '../../../src/parsers/parser';
import { loadPdfJsNode } from '../../../src/parsers/pdfjs-node';
import { makeEncryptedPdf } from './helpers/encrypted-pdf';
import { makePdf, SAMPLES_DIR } from './helpers/fixtures';

const parser = new InProcessParser({ pdfjs: loadPdfJsNode });
const MSA = join(SAMPLES_DIR, 'master-services-agreement.pdf');

async function collect(file: SourceFile, options?: ParseOptions, p = parser): Promise<ParsedItem[]> {
  const out: ParsedItem[] = [];
  for await (const item of p.parse(file, options)) out.push(item);
  return out;
}

/** A phrase as a regex that allows any line break or spacing between its words. */
const phrase = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));

const pagesOf = (items: ParsedItem[]): ParsedPage[] => items.flatMap((i) => (i.kind === 'page' ? [i.page] : []));

/** Runs the parse and returns what it threw. */
async function failure(file: SourceFile, options?: ParseOptions, p = parser): Promise<FileError> {
  try {
    await collect(file, options, p);
  } catch (error) {
    return error as FileError;
  }
  throw new Error(`expected ${file.name} to fail`);
}

describe('the sample agreement (PDF, Node, page by page)', () => {
  it('yields info first, then 7 pages in order, with the metadata title', async () => {
    const items = await collect(await nodeSourceFile(MSA));
    expect(items[0]).toEqual({ kind: 'info', info: { pages: 7, title: 'Master Services Agreement', mediaType: 'application/pdf' } });
    const pages = pagesOf(items);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const p of pages) {
      expect(p.text).toContain(`Page ${p.page} of 7`);
      expect(p).toMatchObject({ ocr: false, confidence: null, needsOcr: false });
      expect(p.text.split('\n').every((line) => line === line.trimEnd())).toBe(true);
    }
  });

  it('has the liability cap on page 5, section 5 across the break from page 2 to 3, and Exhibit A last', async () => {
    const pages = pagesOf(await collect(await nodeSourceFile(MSA)));
    const onPage = (re: RegExp) => pages.filter((p) => re.test(p.text)).map((p) => p.page);
    expect(onPage(phrase('the fees paid in the twelve (12) months preceding the claim'))).toEqual([5]);
    expect(onPage(/12\. LIMITATION OF LIABILITY/)).toEqual([5]);
    expect(onPage(/^5\. TERMINATION$/m)).toEqual([2]);
    expect(onPage(/^5\.4 Effect of Termination/m)).toEqual([2]);
    // 5.4 continues on page 3, right under the running header (drawn last, placed by reading order).
    expect(pages[2]!.text).toMatch(/^Master Services Agreement — .*\n\nCustomer Data available for export/);
    expect(onPage(phrase('governed by the laws of the State of New York'))).toEqual([5]);
    expect(onPage(/EXHIBIT A — FEE SCHEDULE/)).toEqual([7]);
    // Paragraphs are separated by a blank line, lines of one paragraph by a newline.
    expect(pages[4]!.text).toMatch(/\n\n12\.2 Liability Cap\. .+\n.+/);
  });
});

describe('PDF failures', () => {
  it('a truncated PDF fails as file/corrupt naming the file', async () => {
    const bytes = await readFile(MSA);
    const error = await failure(memorySourceFile('contract.pdf', bytes.subarray(0, Math.floor(bytes.length / 2))));
    expect(error).toBeInstanceOf(FileError);
    expect(error.code).toBe('file/corrupt');
    expect(error.message).toBe('contract.pdf: not a valid PDF (file is truncated or corrupt)');
  });

  it('an encrypted PDF without a password fails as file/encrypted saying a password is needed', async () => {
    const error = await failure(memorySourceFile('sealed.pdf', makeEncryptedPdf('s3cret', 'Top secret settlement terms')));
    expect(error.code).toBe('file/encrypted');
    expect(error.message).toMatch(/^sealed\.pdf: .*password is needed/);
    expect(error.details).toMatchObject({ reason: 'password-required' });
  });

  it('a wrong password fails as file/encrypted; the right one opens it', async () => {
    const file = memorySourceFile('sealed.pdf', makeEncryptedPdf('s3cret', 'Top secret settlement terms'));
    const wrong = await failure(file, { password: 'guess' });
    expect(wrong.code).toBe('file/encrypted');
    expect(wrong.message).toMatch(/password is incorrect/);
    const items = await collect(file, { password: 's3cret' });
    expect(items[0]).toEqual({ kind: 'info', info: { pages: 1, title: 'Sealed Settlement', mediaType: 'application/pdf' } });
    expect(pagesOf(items)[0]!.text).toBe('Top secret settlement terms');
  });

  it('a .pdf of random bytes fails as file/corrupt', async () => {
    const noise = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 251);
    const error = await failure(memorySourceFile('scan.pdf', noise));
    expect(error.code).toBe('file/corrupt');
    expect(error.message).toMatch(/^scan\.pdf: not a valid PDF/);
  });
});

describe('pages without text', () => {
  it('flags image-only and outline-only pages for OCR, not text pages or blank ones', async () => {
    const bytes = await makePdf([{ text: 'A normal page with enough words on it to count as text.' }, { image: true }, { image: true, text: 'p. 3' }, { shape: true }, {}]);
    const pages = pagesOf(await collect(memorySourceFile('mixed.pdf', bytes)));
    expect(pages.map((p) => p.needsOcr)).toEqual([false, true, true, true, false]);
    expect(pages[2]!.text).toBe('p. 3');
  });

  it('a PDF whose pages are all blank is file/empty', async () => {
    const error = await failure(memorySourceFile('blank.pdf', await makePdf([{}, {}])));
    expect(error.code).toBe('file/empty');
    expect(error.message).toBe('blank.pdf: the document contains no text (all 2 pages are blank)');
  });

  it('ignores junk titles such as "Microsoft Word - x.docx"', async () => {
    const items = await collect(memorySourceFile('x.pdf', await makePdf([{ text: 'Some text on the page for the test.' }], 'Microsoft Word - x.docx')));
    expect(items[0]).toMatchObject({ kind: 'info', info: { title: null } });
  });
});

describe('cancellation', () => {
  it('stops between pages with AbortedError', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    let error: unknown;
    try {
      for await (const item of parser.parse(await nodeSourceFile(MSA), { signal: controller.signal })) {
        if (item.kind === 'page') {
          seen.push(item.page.page);
          if (item.page.page === 2) controller.abort();
        }
      }
    } catch (e) {
      error = e;
    }
    expect(seen).toEqual([1, 2]);
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({ code: 'job/aborted' });
  });

  it('does not start when the signal has already fired', async () => {
    await expect(collect(await nodeSourceFile(MSA), { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
  });
});

describe('files that are not what they say', () => {
  it('a zero-byte file is file/empty', async () => {
    const error = await failure(memorySourceFile('empty.pdf', new Uint8Array()));
    expect(error.code).toBe('file/empty');
    expect(error.message).toBe('empty.pdf: the file is empty (0 bytes)');
  });

  it('a text file of whitespace is file/empty', async () => {
    expect((await failure(memorySourceFile('blank.txt', ' \r\n\t\n'))).code).toBe('file/empty');
  });

  it('binary garbage named .txt is file/unsupported', async () => {
    const noise = Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 256);
    const error = await failure(memorySourceFile('notes.txt', noise));
    expect(error.code).toBe('file/unsupported');
    expect(error.message).toBe('notes.txt: not a text file: the content is binary data, not text (declared as .txt)');
  });

  it('report.pdf that is plain text is parsed as text', async () => {
    const items = await collect(memorySourceFile('report.pdf', 'Quarterly report\n\nRevenue grew.'));
    expect(items[0]).toEqual({ kind: 'info', info: { pages: 1, title: 'Quarterly report', mediaType: 'text/plain' } });
  });

  it('notes.txt that is a PDF is parsed as a PDF', async () => {
    const items = await collect(memorySourceFile('notes.txt', await makePdf([{ text: 'Hidden PDF content that is long enough.' }])));
    expect(items[0]).toMatchObject({ kind: 'info', info: { mediaType: 'application/pdf' } });
  });

  it('a zip, DOCX or image (any name) is sniffed by content: a fake one is file/corrupt, GIF is not supported yet', async () => {
    // DOCX, PNG and JPEG have parsers now (docx.test.ts, image.test.ts): these are only their magic numbers.
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('....word/document.xml....')]);
    const error = await failure(memorySourceFile('report.pdf', zip));
    expect(error.code).toBe('file/corrupt');
    expect(error.message).toBe('report.pdf: the file is damaged or truncated (its zip directory is missing or unreadable)');
    const png = await failure(memorySourceFile('scan.png', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])));
    expect(png.message).toBe('scan.png: not a valid PNG image: the file ends inside the header (file is truncated)');
    const jpg = await failure(memorySourceFile('photo.JPG', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2])));
    expect(jpg.message).toBe('photo.JPG: not a valid JPEG image: the file ends inside the header (file is truncated)');
    const gif = await failure(memorySourceFile('anim.png', new TextEncoder().encode('GIF89a....')));
    expect(gif.message).toBe('anim.png: GIF images are not supported yet (named .png, but the content is a GIF image)');
  });

  it('enforces maxBytes as file/too-large', async () => {
    const small = new InProcessParser({ pdfjs: loadPdfJsNode, maxBytes: 1024 });
    const error = await failure(memorySourceFile('big.txt', 'x'.repeat(3 * 1024 * 1024)), undefined, small);
    expect(error.code).toBe('file/too-large');
    expect(error.message).toBe('big.txt: the file is too large (3.0 MB; the limit is 0.0 MB)');
  });

  it('a parser without pdf.js refuses PDFs clearly', async () => {
    const error = await failure(await nodeSourceFile(MSA), undefined, new InProcessParser());
    expect(error.code).toBe('file/unsupported');
    expect(error.message).toMatch(/^master-services-agreement\.pdf: PDF files cannot be read here/);
  });
});

describe('text files', () => {
  it('decodes UTF-16 LE with BOM and windows-1252', async () => {
    const text = 'Clause 1 — “Term”: €5,000\r\nsecond line';
    const le = Uint8Array.from([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
    expect(pagesOf(await collect(memorySourceFile('u16.txt', le)))[0]!.text).toBe('Clause 1 — “Term”: €5,000\nsecond line');
    const cp1252 = Uint8Array.from([0x93, 0x54, 0x65, 0x72, 0x6d, 0x94, 0x20, 0x80, 0x35]);
    expect(pagesOf(await collect(memorySourceFile('win.txt', cp1252)))[0]!.text).toBe('“Term” €5');
  });

  it('splits pages on form feeds', async () => {
    const items = await collect(memorySourceFile('print.txt', 'page one\r\n\fpage two\n\fpage three\n'));
    expect(items[0]).toMatchObject({ info: { pages: 3 } });
    expect(pagesOf(items).map((p) => p.text)).toEqual(['page one\n', 'page two\n', 'page three\n']);
  });

  it('parses the sample NDA and policy', async () => {
    const nda = await collect(await nodeSourceFile(join(SAMPLES_DIR, 'mutual-nda.txt')));
    expect(nda[0]).toEqual({ kind: 'info', info: { pages: 1, title: 'MUTUAL NON-DISCLOSURE AGREEMENT', mediaType: 'text/plain' } });
    expect(pagesOf(nda)[0]!.text).toMatch(phrase('continues for a term of three (3) years'));
    const policy = await collect(await nodeSourceFile(join(SAMPLES_DIR, 'data-retention-policy.md')));
    expect(policy[0]).toEqual({ kind: 'info', info: { pages: 1, title: 'Data Retention Policy', mediaType: 'text/markdown' } });
  });
});
