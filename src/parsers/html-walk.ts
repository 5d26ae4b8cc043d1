/**
 * The one walk over parsed HTML behind both the page text (html-text.ts) and the formatted view
 * (html-view.ts): it decides what is read (hidden and active elements dropped), what is a block,
 * a heading, a list item with its label, a data or a layout table, and where pages break. Each
 * output is an HtmlSink that only writes what the walk tells it, so the view's pages are the
 * text's pages by construction. The rules are listed at the top of html-text.ts.
 * Environment-neutral.
 */
import { DomUtils } from 'htmlparser2';
import type { AnyNode, ChildNode, Element, Text } from 'domhandler';
import { alphaLabel, toRoman } from './numerals';

/** domutils 4 no longer re-exports domhandler's guards; these compare the node type. */
export function isElement(node: AnyNode | null): node is Element {
  const type = node?.type as string | undefined;
  return type === 'tag' || type === 'script' || type === 'style';
}

export function isTextNode(node: AnyNode): node is Text {
  return (node.type as string) === 'text';
}

/** Elements whose content is never text for a reader. */
export const SKIP = new Set([
  'script', 'style', 'noscript', 'template', 'title', 'meta', 'link', 'base', 'nav',
  'button', 'select', 'datalist', 'input', 'option', 'optgroup',
  'img', 'svg', 'math', 'canvas', 'iframe', 'frame', 'frameset', 'object', 'embed', 'video', 'audio', 'map', 'area', 'picture', 'source', 'track',
]);

/** Elements that make a paragraph of their own. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'header', 'hgroup', 'html', 'legend', 'main', 'p', 'section', 'summary', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption', 'li', 'menu',
]);

const PREFORMATTED = new Set(['pre', 'textarea', 'listing', 'xmp', 'plaintext']);

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|mso-hide\s*:\s*all)\s*(?:!\s*important\s*)?(?=;|$)/i;
const BREAK_BEFORE = /(?:^|;)\s*(?:page-break-before\s*:\s*(?:always|left|right|page)|break-before\s*:\s*(?:page|left|right|recto|verso))\b/i;
const BREAK_AFTER = /(?:^|;)\s*(?:page-break-after\s*:\s*(?:always|left|right|page)|break-after\s*:\s*(?:page|left|right|recto|verso))\b/i;

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

/** The label of item `n` of an ordered list (see the rules at the top of html-text.ts). */
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

function olStyle(el: Element, depth: number): ListStyle {
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

/** Rows of a table in reading order: header rows, body rows, footer rows (not nested tables'). */
function tableRows(table: Element): Element[] {
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

function cellsOf(row: Element): Element[] {
  return row.children.filter((c): c is Element => isElement(c) && (c.name === 'td' || c.name === 'th') && !isHidden(c));
}

function isLayoutTable(table: Element, rows: readonly Element[]): boolean {
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

/**
 * What the walk tells an output. `begin…`/`end…` come in pairs around the element's content;
 * `data` says a table is a data table (one line per row in the text) rather than layout.
 */
export interface HtmlSink {
  text(raw: string): void;
  /** Page content without text (a visible image). */
  image(): void;
  lineBreak(): void;
  /** An `<hr>`; `pageBreak`: it carries a CSS page break (it marks the break, not a line). */
  rule(el: Element, pageBreak: boolean): void;
  /** A new page starts here (if the page has content). */
  pageBreak(): void;
  /** A break inside a data-table row or caption: it waits for the end of the row (caption: dropped). */
  heldBreak(): void;
  beginBlock(el: Element): void;
  endBlock(el: Element): void;
  beginInline(el: Element): void;
  endInline(el: Element): void;
  beginHeading(el: Element, level: number): void;
  endHeading(el: Element): void;
  beginPre(el: Element): void;
  endPre(el: Element): void;
  /** `depth`: lists around this one. */
  beginList(el: Element, depth: number): void;
  endList(el: Element): void;
  /** `label`: the ordered item's label ("" for list-style none); null for a bullet. */
  beginItem(el: Element, label: string | null): void;
  endItem(el: Element): void;
  beginTable(el: Element, data: boolean): void;
  beginCaption(el: Element, data: boolean): void;
  endCaption(el: Element, data: boolean): void;
  /** The rows follow (after the caption, if any). */
  beginRows(data: boolean): void;
  beginRow(row: Element, data: boolean): void;
  endRow(row: Element, data: boolean): void;
  beginCell(cell: Element, data: boolean): void;
  endCell(cell: Element, data: boolean): void;
  endTable(el: Element, data: boolean): void;
}

interface Context {
  /** Ordered lists around this node. */
  readonly olDepth: number;
  /** Lists (any) around this node. */
  readonly listDepth: number;
}

const TOP: Context = { olDepth: 0, listDepth: 0 };

/** Walks parsed HTML into `sink` (see the top of this file). */
export function walkHtml(nodes: readonly ChildNode[], sink: HtmlSink): void {
  new Walk(sink).nodes(nodes, TOP);
}

class Walk {
  /** Inside data-table rows or captions: breaks wait. */
  #holding = 0;
  #held = false;

  constructor(readonly sink: HtmlSink) {}

  nodes(nodes: readonly ChildNode[], ctx: Context): void {
    for (const node of nodes) {
      if (isTextNode(node)) this.sink.text(node.data);
      else if (isElement(node)) this.element(node, ctx);
    }
  }

  #break(): void {
    if (this.#holding > 0) {
      this.#held = true;
      this.sink.heldBreak();
    } else this.sink.pageBreak();
  }

  element(el: Element, ctx: Context): void {
    const name = el.name;
    const sink = this.sink;
    if (name === 'img') {
      if (!isHidden(el)) sink.image();
      return;
    }
    if (SKIP.has(name) || isHidden(el)) return;
    const style = attr(el, 'style') ?? '';
    const before = style !== '' && BREAK_BEFORE.test(style);
    const after = style !== '' && BREAK_AFTER.test(style);
    if (before) this.#break();
    if (name === 'br') {
      sink.lineBreak();
    } else if (name === 'hr') {
      sink.rule(el, before || after);
    } else if (/^h[1-6]$/.test(name)) {
      sink.beginHeading(el, Number(name[1]));
      this.nodes(el.children, ctx);
      sink.endHeading(el);
    } else if (PREFORMATTED.has(name)) {
      sink.beginPre(el);
      this.nodes(el.children, ctx);
      sink.endPre(el);
    } else if (name === 'ol' || name === 'ul') {
      this.list(el, ctx);
    } else if (name === 'table') {
      this.table(el, ctx);
    } else if (BLOCKS.has(name) || name === 'head') {
      sink.beginBlock(el);
      this.nodes(el.children, ctx);
      sink.endBlock(el);
    } else {
      sink.beginInline(el);
      this.nodes(el.children, ctx);
      sink.endInline(el);
    }
    if (after) this.#break();
  }

  list(el: Element, ctx: Context): void {
    const ordered = el.name === 'ol';
    const style = ordered ? olStyle(el, ctx.olDepth) : null;
    const items = el.children.filter((c): c is Element => isElement(c) && c.name === 'li');
    const reversed = ordered && attr(el, 'reversed') !== undefined;
    let n = intAttr(el, 'start') ?? (reversed ? items.length : 1);
    const inner: Context = { olDepth: ctx.olDepth + (ordered ? 1 : 0), listDepth: ctx.listDepth + 1 };
    this.sink.beginList(el, ctx.listDepth);
    for (const child of el.children) {
      if (!(isElement(child) && child.name === 'li')) {
        this.nodes([child], inner);
        continue;
      }
      if (isHidden(child)) continue;
      n = intAttr(child, 'value') ?? n;
      const label = style === null ? null : listLabel(n, style, ctx.olDepth > 0);
      n += reversed ? -1 : 1;
      this.sink.beginItem(child, label);
      this.nodes(child.children, inner);
      this.sink.endItem(child);
    }
    this.sink.endList(el);
  }

  /**
   * A data table is read row by row (its cells out of any list around it); a page break inside
   * a row ends the page after that row, one inside its caption is dropped. A layout table is read
   * as blocks, cell by cell, where breaks apply as they come.
   */
  table(el: Element, ctx: Context): void {
    const sink = this.sink;
    const rows = tableRows(el);
    const data = !isLayoutTable(el, rows);
    sink.beginTable(el, data);
    if (data) {
      const caption = el.children.find((c): c is Element => isElement(c) && c.name === 'caption' && !isHidden(c));
      if (caption) {
        this.#holding++;
        sink.beginCaption(caption, true);
        this.nodes(caption.children, TOP);
        sink.endCaption(caption, true);
        this.#holding--;
        this.#held = false;
      }
    } else {
      const caption = el.children.find((c): c is Element => isElement(c) && c.name === 'caption');
      if (caption && !isHidden(caption)) {
        const style = attr(caption, 'style') ?? '';
        if (style !== '' && BREAK_BEFORE.test(style)) this.#break();
        sink.beginCaption(caption, false);
        this.nodes(caption.children, ctx);
        sink.endCaption(caption, false);
        if (style !== '' && BREAK_AFTER.test(style)) this.#break();
      }
    }
    sink.beginRows(data);
    for (const row of rows) {
      if (data) this.#holding++;
      sink.beginRow(row, data);
      for (const cell of cellsOf(row)) {
        sink.beginCell(cell, data);
        this.nodes(cell.children, data ? TOP : ctx);
        sink.endCell(cell, data);
      }
      sink.endRow(row, data);
      if (data) {
        this.#holding--;
        if (this.#held && this.#holding === 0) {
          this.#held = false;
          sink.pageBreak();
        }
      }
    }
    sink.endTable(el, data);
  }
}
