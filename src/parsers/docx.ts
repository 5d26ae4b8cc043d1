/**
 * Word documents (DOCX): zip guard → Word's numbers and page breaks written in → mammoth
 * (DOCX → HTML) → the HTML path (html-text.ts), so headings, numbered clauses and tables keep
 * their structure for the chunker.
 *
 *   1. zip-guard.ts reads the central directory and refuses zip bombs before anything inflates.
 *   2. The main part (from _rels/.rels, normally word/document.xml) must exist, else the file is
 *      `file/corrupt` ("not a Word document").
 *   3. Only the XML parts are inflated (counted while inflating, never past their declared size,
 *      CRC-32 checked); images, fonts and embedded files are never decompressed. A document
 *      part with more paragraphs than the budget (budgets.ts maxParagraphs) fails before
 *      mammoth builds its model of them (~8 KB a paragraph). docx-prepare.ts writes list numbers
 *      and page breaks into the document part; the parts are re-zipped without compression for
 *      mammoth, which therefore never inflates anything itself.
 *   4. Mammoth's HTML: Heading 1–6 → h1–h6, Title → h1, lists → ol/ul (bullets; numbered
 *      paragraphs already carry Word's numbers), tables, page breaks → `<hr>` with a CSS break.
 *      Footnotes and endnotes come last as a numbered list; images are dropped.
 *   5. Pages: Word's last layout when the file records it (w:lastRenderedPageBreak), else the
 *      explicit page and section breaks; one page when there are none.
 *
 * Title: docProps/core.xml `dc:title` unless it is junk ("Document1", a file name…), else the
 * first heading that is not a clause heading ("1. Definitions" names a part, not the document). Environment-neutral; mammoth is loaded on first use.
 */
import { zipSync } from 'fflate';
import type MammothModule from 'mammoth';
import { AbortedError, AppError, FileError } from '../core/errors';
import type { ParsedItem } from '../core/ports';
import { readWordNumbering } from './docx-numbering';
import { prepareDocumentXml } from './docx-prepare';
import { detectHeading } from '../core/ingest/headings';
import { budgetError, DEFAULT_BUDGETS, formatCount, type ParseBudgets } from './budgets';
import { htmlToText, type HtmlText } from './html-text';
import { withHeadings } from './html';
import { cleanPdfTitle } from './pdf';
import { DEFAULT_ZIP_LIMITS, extractZipEntries, inspectZip, type ZipLimits } from './zip-guard';

const DOCX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface DocxParseOptions {
  readonly signal?: AbortSignal | undefined;
  readonly zipLimits?: ZipLimits;
  readonly budgets?: Pick<ParseBudgets, 'maxParagraphs' | 'maxHtmlDepth'>;
}

type Mammoth = typeof MammothModule;
let mammothModule: Promise<Mammoth> | undefined;

/** Loads mammoth once (the promise is cached, so concurrent first calls share one load). */
function loadMammoth(): Promise<Mammoth> {
  // A CommonJS module: its exports are the default export (Node, Vite).
  mammothModule ??= import('mammoth').then((m) => m.default);
  return mammothModule;
}

const PAGE_BREAK_CLASS = 'casefile-page-break';

const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  'p.Title => h1:fresh',
  "p[style-name='Subtitle'] => p:fresh",
  "p[style-name='heading 7'] => h6:fresh",
  "p[style-name='heading 8'] => h6:fresh",
  "p[style-name='heading 9'] => h6:fresh",
  "p[style-name='Heading 7'] => h6:fresh",
  "p[style-name='Heading 8'] => h6:fresh",
  "p[style-name='Heading 9'] => h6:fresh",
  `br[type='page'] => hr.${PAGE_BREAK_CLASS}`,
];

const decoder = new TextDecoder('utf-8');

function text(part: Uint8Array | undefined): string | undefined {
  return part ? decoder.decode(part) : undefined;
}

/** Decodes the five XML entities and numeric references. */
function decodeXmlText(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(Number.parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(Number.parseInt(k.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[k] ?? m;
  });
}

/** `dc:title` of docProps/core.xml, or null. */
export function coreTitle(coreXml: string | undefined): string | null {
  const m = coreXml ? /<(?:[\w.-]+:)?title(?:\s[^>]*)?>([\s\S]*?)<\/(?:[\w.-]+:)?title>/.exec(coreXml) : null;
  return m?.[1] ? decodeXmlText(m[1]) : null;
}

/** Relationship targets of a .rels part by type (the last path segment of the type URI). */
function relationships(relsXml: string | undefined, baseDir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!relsXml) return out;
  for (const m of relsXml.matchAll(/<(?:[\w.-]+:)?Relationship\s([^>]*?)\/?>/g)) {
    const attrs = m[1] ?? '';
    const type = /\bType\s*=\s*["']([^"']*)["']/.exec(attrs)?.[1];
    const target = /\bTarget\s*=\s*["']([^"']*)["']/.exec(attrs)?.[1];
    const mode = /\bTargetMode\s*=\s*["']([^"']*)["']/.exec(attrs)?.[1];
    if (!type || !target || mode === 'External') continue;
    const key = type.slice(type.lastIndexOf('/') + 1);
    if (!out.has(key)) out.set(key, resolvePartName(baseDir, decodeXmlText(target)));
  }
  return out;
}

/** A relationship target as a zip entry name ("/word/document.xml" or relative to the source). */
function resolvePartName(baseDir: string, target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : baseDir ? `${baseDir}/${target}` : target;
  const parts: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

function dirOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return slash < 0 ? '' : part.slice(0, slash);
}

/**
 * The first heading that reads as a title: not a clause heading ("1. Definitions", "ARTICLE I",
 * "Exhibit A", "(a) …"), which names a part of the document, not the document.
 */
function headingTitle(headings: HtmlText['headings'], fileName?: string): string | null {
  for (const h of headings) {
    const clause = detectHeading(h.text);
    if (clause && clause.kind !== 'caps') continue;
    const title = cleanPdfTitle(h.text, fileName);
    if (title) return title;
  }
  return null;
}

/** Paragraphs (`w:p` elements, whatever the namespace prefix) in a WordprocessingML part. */
function countParagraphs(xml: string): number {
  let n = 0;
  for (const _ of xml.matchAll(/<(?:[\w.-]+:)?p[\s>/]/g)) n++;
  return n;
}

/** Mammoth's HTML with page breaks as CSS breaks and without the footnotes' back-links. */
function adaptMammothHtml(html: string): string {
  return html
    .replace(new RegExp(`<hr class="${PAGE_BREAK_CLASS}"\\s*/?>`, 'g'), '<hr style="page-break-after: always">')
    .replace(/\s*<a href="#(?:footnote|endnote|comment)-ref-[^"]*">↑<\/a>/g, '');
}

/** A Word document as HTML (steps 1–4 at the top), with its core properties part. */
export interface DocxHtml {
  readonly html: string;
  readonly coreXml: string | undefined;
}

/**
 * The HTML of a DOCX (what the text and the formatted view are both read from). Throws
 * FileError (`file/zip-bomb`, `file/corrupt`) or AbortedError.
 */
export async function docxToHtml(bytes: Uint8Array, fileName: string, options: DocxParseOptions = {}): Promise<DocxHtml> {
  const { signal } = options;
  const aborted = () => new AbortedError(`parsing ${fileName}`);
  if (signal?.aborted) throw aborted();

  const limits = options.zipLimits ?? DEFAULT_ZIP_LIMITS;
  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  const inspection = inspectZip(bytes, fileName, limits);
  const names = new Set(inspection.entries.map((e) => e.name));
  const xmlParts = extractZipEntries(bytes, fileName, inspection, (name) => /\.(xml|rels)$/i.test(name), limits);
  const packageRels = relationships(text(xmlParts['_rels/.rels']), '');
  const main = packageRels.get('officeDocument') ?? 'word/document.xml';
  const mainXml = text(xmlParts[main]);
  if (!names.has(main) || mainXml === undefined) {
    throw new FileError('file/corrupt', fileName, `not a Word document (${main} is missing)`, { details: { missing: main } });
  }
  const paragraphs = countParagraphs(mainXml);
  if (paragraphs > budgets.maxParagraphs) {
    throw budgetError(fileName, 'maxParagraphs', `the document has too many paragraphs to read (${formatCount(paragraphs)}; the limit is ${formatCount(budgets.maxParagraphs)})`, { max: budgets.maxParagraphs, actual: paragraphs });
  }
  const mainDir = dirOf(main);
  const mainRels = relationships(text(xmlParts[resolvePartName(mainDir, `_rels/${main.slice(main.lastIndexOf('/') + 1)}.rels`)]), mainDir);
  const numberingXml = text(xmlParts[mainRels.get('numbering') ?? resolvePartName(mainDir, 'numbering.xml')]);
  const stylesXml = text(xmlParts[mainRels.get('styles') ?? resolvePartName(mainDir, 'styles.xml')]);

  let html: string;
  try {
    const prepared = prepareDocumentXml(mainXml, readWordNumbering(numberingXml, stylesXml));
    const zipped = zipSync({ ...xmlParts, [main]: new TextEncoder().encode(prepared.xml) }, { level: 0 });
    const mammoth = await loadMammoth();
    if (signal?.aborted) throw aborted();
    // Node's mammoth reads `buffer`, the browser build `arrayBuffer`.
    const input = { buffer: zipped, arrayBuffer: zipped.buffer } as unknown as Parameters<Mammoth['convertToHtml']>[0];
    const result = await mammoth.convertToHtml(input, {
      styleMap: STYLE_MAP,
      includeDefaultStyleMap: true,
      ignoreEmptyParagraphs: true,
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
    });
    html = adaptMammothHtml(result.value);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new FileError('file/corrupt', fileName, 'the Word document is damaged and cannot be read (file is truncated or corrupt)', { cause: error, details: { detail } });
  }
  if (signal?.aborted) throw aborted();
  return { html, coreXml: text(xmlParts[packageRels.get('core-properties') ?? 'docProps/core.xml']) };
}

/**
 * Parses a DOCX: yields `info`, then its pages. Throws FileError (`file/zip-bomb`,
 * `file/corrupt`) or AbortedError.
 */
export async function* parseDocx(bytes: Uint8Array, fileName: string, options: DocxParseOptions = {}): AsyncGenerator<ParsedItem> {
  const { signal } = options;
  const aborted = () => new AbortedError(`parsing ${fileName}`);
  const { html, coreXml } = await docxToHtml(bytes, fileName, options);
  const rendered = htmlToText(html, { fileName, maxDepth: (options.budgets ?? DEFAULT_BUDGETS).maxHtmlDepth });
  const title = cleanPdfTitle(coreTitle(coreXml), fileName) ?? headingTitle(rendered.headings, fileName);
  yield { kind: 'info', info: { pages: rendered.pages.length, title, mediaType: DOCX_MEDIA_TYPE } };
  for (let i = 0; i < rendered.pages.length; i++) {
    if (signal?.aborted) throw aborted();
    yield { kind: 'page', page: withHeadings({ page: i + 1, text: rendered.pages[i]!, ocr: false, confidence: null, needsOcr: false }, rendered.pageHeadings[i]) };
  }
}
