/**
 * HTML → page text that keeps the structure the chunker reads (src/core/ingest/headings.ts).
 * Parsed with htmlparser2 (works in a worker: no DOMParser). Environment-neutral.
 *
 * Rules:
 *   - Blocks (p, div, li, blockquote, section, …) are paragraphs separated by a blank line;
 *     inside a block whitespace collapses to one space (NBSP included), `<br>` is a line break,
 *     `<pre>` keeps its lines. Zero-width characters and soft hyphens are removed.
 *   - h1–h6 are one line each, written as plain text; `pageHeadings` tells the chunker each
 *     page's headings and their levels (ranked like markdown headings), so no marker shows.
 *   - Lists: every item is a paragraph; nested lists are indented two spaces per level.
 *     `<ul>` items start with "- ". `<ol>` items are numbered from `start` (or counted down when
 *     `reversed`), `<li value>` resets the count; the style comes from `type` or inline CSS
 *     `list-style-type`, else from the nesting of ordered lists: 1. → (a) → (i) → (A) → (1).
 *     Labels are written the way legal drafting (and the chunker) reads them: decimal "1." at the
 *     first ordered level and "(1)" when nested, letters and lower-case roman numerals in
 *     parentheses "(a)" "(iv)" "(B)", upper-case roman numerals "IV.".
 *   - Data tables: the caption is a line right before the rows, then one line per `<tr>` (header
 *     rows first, footer rows last), cells joined with " | " (a cell's own paragraphs joined with
 *     a space); rows without text are dropped. Layout tables (role=presentation, a table nested in
 *     a cell, or one cell per row, as in e-mails) are read as plain blocks, cell by cell.
 *   - Dropped: script, style, noscript, template, head elements (the title is read separately),
 *     nav, forms' controls, embedded media (img, svg, iframe, object, video…), comments, and hidden
 *     elements: `hidden`, `aria-hidden="true"`, closed `<dialog>`, inline `display:none`,
 *     `visibility:hidden` or `mso-hide:all`.
 *   - The walk that applies these rules is html-walk.ts, shared with the formatted view
 *     (html-view.ts), so the view's pages are these pages; this file is the text's writer.
 *   - Pages: CSS forced breaks (`page-break-before/after: always|left|right|page`,
 *     `break-before/after: page|left|right`) start a new page; several breaks with nothing
 *     between them count once, a break before any content is ignored. An `<img>` counts as page
 *     content (a picture-only page keeps its number) but adds no text. Trailing blank pages are
 *     dropped.
 *   - Depth: a page nesting elements deeper than `maxDepth` (default 512, where browsers stop
 *     nesting too) fails with a budget error while it is parsed, before the recursive walk.
 *     Stopping early matters: htmlparser2 keeps its open elements in an array it unshifts, so
 *     each unclosed tag costs time in proportion to the depth (100,000 unclosed tags: seconds).
 */
import { DomHandler, DomUtils, Parser } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { budgetError, DEFAULT_BUDGETS, formatCount } from './budgets';
import type { MarkedHeading } from '../core/types';
import { isElement, walkHtml, type HtmlSink } from './html-walk';
import { collapseWhitespace, PageWriter } from './html-writer';

export interface HtmlText {
  /** One text per page (at least one). */
  readonly pages: string[];
  /** Text of the `<title>` element, whitespace-collapsed ("" when absent). */
  readonly title: string;
  /** The first (up to 50) visible headings in reading order: level 1–6 and text. */
  readonly headings: readonly { readonly level: number; readonly text: string }[];
  /** Every heading of each page (parallel to `pages`), for the chunker. */
  readonly pageHeadings: readonly (readonly MarkedHeading[])[];
}

interface TableState {
  readonly data: boolean;
  /** A data table's lines so far (caption, then one per row with text). */
  lines: string[];
  /** The texts of the row's cells so far. */
  cells: string[];
}

/**
 * The text's writer for the walk: paragraphs into the PageWriter; a data table's caption and
 * cells are written flat into writers of their own and joined into one line per row.
 */
class TextSink implements HtmlSink {
  #w: PageWriter;
  /** Writers set aside while a data-table cell or caption is written flat. */
  readonly #outer: PageWriter[] = [];
  readonly #tables: TableState[] = [];
  readonly #indents: string[] = [];
  readonly #pre: boolean[] = [];

  constructor(writer: PageWriter) {
    this.#w = writer;
  }

  text(raw: string): void {
    this.#w.text(raw);
  }
  image(): void {
    this.#w.content();
  }
  lineBreak(): void {
    this.#w.br();
  }
  rule(): void {
    this.#w.flush();
  }
  pageBreak(): void {
    const table = this.#tables.at(-1);
    // Between the rows of a data table: the rows so far end the page.
    if (table?.data) {
      this.#w.block(table.lines);
      table.lines = [];
    }
    this.#w.pageBreak();
  }
  heldBreak(): void {
    this.#w.flush();
  }
  beginBlock(): void {
    this.#w.flush();
  }
  endBlock(): void {
    this.#w.flush();
  }
  beginInline(): void {}
  endInline(): void {}
  beginHeading(_el: Element, level: number): void {
    this.#w.heading(level);
  }
  endHeading(): void {
    this.#w.endHeading();
  }
  beginPre(): void {
    this.#w.flush();
    this.#pre.push(this.#w.pre);
    this.#w.pre = true;
  }
  endPre(): void {
    this.#w.flush();
    this.#w.pre = this.#pre.pop()!;
  }
  beginList(_el: Element, depth: number): void {
    this.#w.flush();
    this.#indents.push(this.#w.indent);
    this.#w.indent = '  '.repeat(depth);
  }
  endList(): void {
    this.#w.indent = this.#indents.pop()!;
  }
  beginItem(_el: Element, label: string | null): void {
    this.#w.label(label ?? '-');
  }
  endItem(): void {
    this.#w.flush();
    this.#w.dropLabel();
  }
  beginTable(_el: Element, data: boolean): void {
    this.#w.flush();
    this.#tables.push({ data, lines: [], cells: [] });
  }
  beginCaption(_el: Element, data: boolean): void {
    if (data) this.#flat();
    else this.#w.flush();
  }
  endCaption(_el: Element, data: boolean): void {
    if (data) this.#tables.at(-1)!.lines.push(this.#unflat());
    else this.#w.flush();
  }
  beginRows(): void {}
  beginRow(_row: Element, data: boolean): void {
    if (data) this.#tables.at(-1)!.cells = [];
  }
  endRow(_row: Element, data: boolean): void {
    if (!data) return;
    const table = this.#tables.at(-1)!;
    if (table.cells.some((t) => t !== '')) table.lines.push(table.cells.join(' | ').trim());
  }
  beginCell(_cell: Element, data: boolean): void {
    if (data) this.#flat();
    else this.#w.flush();
  }
  endCell(_cell: Element, data: boolean): void {
    if (data) this.#tables.at(-1)!.cells.push(this.#unflat());
    else this.#w.flush();
  }
  endTable(_el: Element, data: boolean): void {
    const table = this.#tables.pop()!;
    if (data) this.#w.block(table.lines);
  }

  #flat(): void {
    this.#outer.push(this.#w);
    this.#w = new PageWriter(true);
  }

  #unflat(): string {
    const text = this.#w.flatText();
    this.#w = this.#outer.pop()!;
    return text;
  }
}

export interface HtmlToTextOptions {
  /** Names the file in a budget error. */
  readonly fileName?: string;
  /** Deepest element nesting read (default 512). */
  readonly maxDepth?: number;
}

/** Thrown from the DOM builder when the nesting passes the limit. */
class TooDeep extends Error {}

/** htmlparser2's DOM builder, stopped when elements nest deeper than `maxDepth`. */
class DepthLimitedHandler extends DomHandler {
  #depth = 0;
  constructor(readonly maxDepth: number) {
    super(undefined, { withStartIndices: false });
  }
  override onopentag(name: string, attribs: Record<string, string>): void {
    if (++this.#depth > this.maxDepth) throw new TooDeep();
    super.onopentag(name, attribs);
  }
  override onclosetag(): void {
    this.#depth--;
    super.onclosetag();
  }
}

/** Parses HTML into a DOM, failing with a budget error past `maxDepth` levels of elements. */
function parseBounded(html: string, maxDepth: number, fileName: string): ChildNode[] {
  const handler = new DepthLimitedHandler(maxDepth);
  try {
    new Parser(handler, { decodeEntities: true }).end(html);
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    throw budgetError(fileName, 'maxHtmlDepth', `the page nests its elements too deeply to read (more than ${formatCount(maxDepth)} levels)`, { max: maxDepth });
  }
  return handler.root.children;
}

/** Renders HTML as page texts (see the rules at the top of this file). */
export function htmlToText(html: string, options: HtmlToTextOptions = {}): HtmlText {
  const doc = { children: parseBounded(html, options.maxDepth ?? DEFAULT_BUDGETS.maxHtmlDepth, options.fileName ?? 'page') };
  const titleEl = DomUtils.findOne((e) => e.name === 'title' && !hasAncestor(e, 'svg'), doc.children, true);
  const title = titleEl ? collapseWhitespace(DomUtils.textContent(titleEl)).trim() : '';
  const writer = new PageWriter();
  walkHtml(doc.children, new TextSink(writer));
  writer.flush();
  const pages = writer.pages.map((paragraphs) => paragraphs.join('\n\n'));
  while (pages.length > 1 && pages[pages.length - 1] === '') pages.pop();
  return {
    pages,
    title,
    headings: writer.headings,
    pageHeadings: writer.pageHeadings.slice(0, pages.length),
  };
}

function hasAncestor(el: Element, name: string): boolean {
  for (let p = el.parent; p; p = p.parent) if (isElement(p) && p.name === name) return true;
  return false;
}
