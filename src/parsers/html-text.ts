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
 *   - The formatted view of the same HTML (html-view.ts) follows these rules through the
 *     predicates exported here, so its pages are these pages.
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
import type { AnyNode, ChildNode, Element, Text } from 'domhandler';
import { budgetError, DEFAULT_BUDGETS, formatCount } from './budgets';
import type { MarkedHeading } from '../core/types';
import { collapseWhitespace, PageWriter } from './html-writer';
import { alphaLabel, toRoman } from './numerals';

/** domutils 4 no longer re-exports domhandler's guards; these compare the node type. */
export function isElement(node: AnyNode | null): node is Element {
  const type = node?.type as string | undefined;
  return type === 'tag' || type === 'script' || type === 'style';
}

export function isTextNode(node: AnyNode): node is Text {
  return (node.type as string) === 'text';
}

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

/** Elements whose content is never text for a reader. */
export const SKIP = new Set([
  'script', 'style', 'noscript', 'template', 'title', 'meta', 'link', 'base', 'nav',
  'button', 'select', 'datalist', 'input', 'option', 'optgroup',
  'img', 'svg', 'math', 'canvas', 'iframe', 'frame', 'frameset', 'object', 'embed', 'video', 'audio', 'map', 'area', 'picture', 'source', 'track',
]);

/** Elements that make a paragraph of their own. */
export const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'header', 'hgroup', 'html', 'legend', 'main', 'p', 'section', 'summary', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption', 'li', 'menu',
]);

export const PREFORMATTED = new Set(['pre', 'textarea', 'listing', 'xmp', 'plaintext']);

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|mso-hide\s*:\s*all)\s*(?:!\s*important\s*)?(?=;|$)/i;
export const BREAK_BEFORE = /(?:^|;)\s*(?:page-break-before\s*:\s*(?:always|left|right|page)|break-before\s*:\s*(?:page|left|right|recto|verso))\b/i;
export const BREAK_AFTER = /(?:^|;)\s*(?:page-break-after\s*:\s*(?:always|left|right|page)|break-after\s*:\s*(?:page|left|right|recto|verso))\b/i;

export type ListStyle = 'decimal' | 'lower-alpha' | 'upper-alpha' | 'lower-roman' | 'upper-roman' | 'none';
const DEFAULT_STYLES: readonly ListStyle[] = ['decimal', 'lower-alpha', 'lower-roman', 'upper-alpha', 'decimal'];
const TYPE_ATTRIBUTE: Readonly<Record<string, ListStyle>> = { '1': 'decimal', a: 'lower-alpha', A: 'upper-alpha', i: 'lower-roman', I: 'upper-roman' };
const CSS_STYLES: Readonly<Record<string, ListStyle>> = {
  decimal: 'decimal',
  'decimal-leading-zero': 'decimal',
  'lower-alpha': 'lower-alpha',
  'lower-latin': 'lower-alpha',
  'upper-alpha': 'upper-alpha',
  'upper-latin': 'upper-alpha',
  'lower-roman': 'lower-roman',
  'upper-roman': 'upper-roman',
  none: 'none',
};

/** The label of item `n` of an ordered list (see the rules at the top). */
export function listLabel(n: number, style: ListStyle, nested: boolean): string {
  if (style === 'none') return '';
  if (style === 'decimal' || n <= 0 || (n > 3999 && style.endsWith('roman'))) return nested ? `(${n})` : `${n}.`;
  switch (style) {
    case 'lower-alpha':
      return `(${alphaLabel(n).toLowerCase()})`;
    case 'upper-alpha':
      return `(${alphaLabel(n)})`;
    case 'lower-roman':
      return `(${toRoman(n).toLowerCase()})`;
    case 'upper-roman':
      return `${toRoman(n)}.`;
  }
}

export function attr(el: Element, name: string): string | undefined {
  return el.attribs[name];
}

export function isHidden(el: Element): boolean {
  if (attr(el, 'hidden') !== undefined) return true;
  if (attr(el, 'aria-hidden')?.trim().toLowerCase() === 'true') return true;
  if (el.name === 'dialog' && attr(el, 'open') === undefined) return true;
  const style = attr(el, 'style');
  return style !== undefined && HIDDEN_STYLE.test(style);
}

export function olStyle(el: Element, depth: number): ListStyle {
  const css = /list-style(?:-type)?\s*:[^;]*?\b(decimal-leading-zero|decimal|lower-alpha|lower-latin|upper-alpha|upper-latin|lower-roman|upper-roman|none)\b/i.exec(attr(el, 'style') ?? '');
  if (css?.[1]) return CSS_STYLES[css[1].toLowerCase()] ?? 'decimal';
  const type = attr(el, 'type')?.trim();
  if (type && TYPE_ATTRIBUTE[type]) return TYPE_ATTRIBUTE[type];
  return DEFAULT_STYLES[Math.min(depth, DEFAULT_STYLES.length - 1)]!;
}

export function intAttr(el: Element, name: string): number | null {
  const v = attr(el, name);
  if (v === undefined || !/^\s*[+-]?\d+\s*$/.test(v)) return null;
  return Number.parseInt(v, 10);
}

interface Context {
  /** Ordered lists around this node. */
  readonly olDepth: number;
  /** Lists (any) around this node. */
  readonly listDepth: number;
}

const TOP: Context = { olDepth: 0, listDepth: 0 };

function walk(nodes: readonly ChildNode[], w: PageWriter, ctx: Context): void {
  for (const node of nodes) {
    if (isTextNode(node)) {
      w.text(node.data);
    } else if (isElement(node)) {
      element(node, w, ctx);
    }
  }
}

function element(el: Element, w: PageWriter, ctx: Context): void {
  const name = el.name;
  if (name === 'img') {
    if (!isHidden(el)) w.content();
    return;
  }
  if (SKIP.has(name) || isHidden(el)) return;
  const style = attr(el, 'style') ?? '';
  if (style && BREAK_BEFORE.test(style)) w.pageBreak();
  if (name === 'br') {
    w.br();
  } else if (name === 'hr') {
    w.flush();
  } else if (/^h[1-6]$/.test(name)) {
    w.heading(Number(name[1]));
    walk(el.children, w, ctx);
    w.endHeading();
  } else if (PREFORMATTED.has(name)) {
    w.flush();
    const outer = w.pre;
    w.pre = true;
    walk(el.children, w, ctx);
    w.flush();
    w.pre = outer;
  } else if (name === 'ol' || name === 'ul') {
    list(el, w, ctx);
  } else if (name === 'table') {
    table(el, w, ctx);
  } else if (BLOCKS.has(name) || name === 'head') {
    w.flush();
    walk(el.children, w, ctx);
    w.flush();
  } else {
    walk(el.children, w, ctx);
  }
  if (style && BREAK_AFTER.test(style)) w.pageBreak();
}

function list(el: Element, w: PageWriter, ctx: Context): void {
  w.flush();
  const ordered = el.name === 'ol';
  const style = ordered ? olStyle(el, ctx.olDepth) : null;
  const items = el.children.filter((c): c is Element => isElement(c) && c.name === 'li');
  const reversed = ordered && attr(el, 'reversed') !== undefined;
  let n = intAttr(el, 'start') ?? (reversed ? items.length : 1);
  const inner: Context = { olDepth: ctx.olDepth + (ordered ? 1 : 0), listDepth: ctx.listDepth + 1 };
  const indent = w.indent;
  w.indent = '  '.repeat(ctx.listDepth);
  for (const child of el.children) {
    if (!(isElement(child) && child.name === 'li')) {
      walk([child], w, inner);
      continue;
    }
    if (isHidden(child)) continue;
    n = intAttr(child, 'value') ?? n;
    const label = style === null ? '-' : listLabel(n, style, ctx.olDepth > 0);
    n += reversed ? -1 : 1;
    w.label(label);
    walk(child.children, w, inner);
    w.flush();
    w.dropLabel();
  }
  w.indent = indent;
}

/** Rows of a table in reading order: header rows, body rows, footer rows (not nested tables'). */
export function tableRows(table: Element): Element[] {
  const head: Element[] = [];
  const body: Element[] = [];
  const foot: Element[] = [];
  for (const child of table.children) {
    if (!isElement(child) || isHidden(child)) continue;
    if (child.name === 'tr') body.push(child);
    else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') {
      const target = child.name === 'thead' ? head : child.name === 'tfoot' ? foot : body;
      for (const row of child.children) if (isElement(row) && row.name === 'tr' && !isHidden(row)) target.push(row);
    }
  }
  return [...head, ...body, ...foot];
}

export function cellsOf(row: Element): Element[] {
  return row.children.filter((c): c is Element => isElement(c) && (c.name === 'td' || c.name === 'th') && !isHidden(c));
}

export function isLayoutTable(table: Element, rows: readonly Element[]): boolean {
  const role = attr(table, 'role')?.trim().toLowerCase();
  if (role === 'presentation' || role === 'none') return true;
  let maxCells = 0;
  for (const row of rows) {
    const cells = cellsOf(row);
    maxCells = Math.max(maxCells, cells.length);
    if (cells.some((cell) => DomUtils.findOne((e) => e.name === 'table', cell.children, true) !== null)) return true;
  }
  return maxCells <= 1;
}

function table(el: Element, w: PageWriter, ctx: Context): void {
  const rows = tableRows(el);
  w.flush();
  if (isLayoutTable(el, rows)) {
    const caption = el.children.find((c): c is Element => isElement(c) && c.name === 'caption');
    if (caption) element(caption, w, ctx);
    for (const row of rows) {
      for (const cell of cellsOf(row)) {
        w.flush();
        walk(cell.children, w, ctx);
        w.flush();
      }
    }
    return;
  }
  let lines: string[] = [];
  const caption = el.children.find((c): c is Element => isElement(c) && c.name === 'caption' && !isHidden(c));
  if (caption) lines.push(cellText(caption).text);
  for (const row of rows) {
    const cells = cellsOf(row).map(cellText);
    const texts = cells.map((c) => c.text);
    if (texts.some((t) => t !== '')) lines.push(texts.join(' | ').trim());
    // A page break inside a row (a table across pages) ends the page after that row.
    if (cells.some((c) => c.sawBreak)) {
      w.block(lines);
      lines = [];
      w.pageBreak();
    }
  }
  w.block(lines);
}

function cellText(cell: Element): { text: string; sawBreak: boolean } {
  const sub = new PageWriter(true);
  walk(cell.children, sub, TOP);
  return { text: sub.flatText(), sawBreak: sub.sawBreak };
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
  walk(doc.children, writer, TOP);
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
