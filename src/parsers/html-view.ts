/**
 * The formatted view of a Word or HTML document: its HTML reduced to a small, inert set of
 * elements and split into the same pages as its text (html-text.ts), so the viewer can show
 * page N as formatted text with the cited passage highlighted. Runs in the parse worker
 * (htmlparser2, no DOM); the page still sanitises every block with DOMPurify before it
 * touches the document.
 *
 * What comes out (everything else is dropped or unwrapped):
 *   - blocks: p, div, h1–h6, blockquote, pre, ol/ul/li, dl/dt/dd, table (caption, tr, th, td
 *     with colspan/rowspan), hr; inline: strong, em, u, s, sub, sup, code, small, span, br;
 *   - attributes: `class` only from a fixed list (fmt-center, fmt-right, fmt-justify, fmt-bold,
 *     fmt-italic, fmt-underline, fmt-strike, fmt-link, fmt-cont, fmt-implicit; inline styles are
 *     mapped to these, since the CSP forbids style attributes), colspan/rowspan (1–100), and a
 *     list item's label as `data-label` (the same "(a)", "1.", "-" labels as the text, drawn by
 *     CSS so they are not in the text the highlight aligns with);
 *   - a heading element holding body text (a Word form styling its clauses as headings) becomes
 *     a paragraph (isBodyText);
 *   - text escaped; links become plain spans (nothing to click, nothing fetched); images,
 *     scripts, styles, forms, hidden elements and embedded media are dropped as in html-text.ts.
 * Pages follow html-text.ts exactly: the same break rules (CSS page breaks, counted once, none
 * before content, data-table breaks after the row), read through its exported predicates.
 * Blocks are bounded (~16 KB of HTML): a long paragraph, list or table is cut into several,
 * each a well-formed fragment (open elements are closed and reopened with `fmt-cont`), so the
 * page can render a huge document a few blocks at a time. Environment-neutral.
 */
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import {
  attr,
  BLOCKS,
  BREAK_AFTER,
  BREAK_BEFORE,
  cellsOf,
  intAttr,
  isElement,
  isHidden,
  isLayoutTable,
  isTextNode,
  listLabel,
  olStyle,
  PREFORMATTED,
  SKIP,
  tableRows,
} from './html-text';
import { ViewWriter } from './html-view-writer';
import type { HtmlView } from './html-view-types';

export { VIEW_BLOCK_CHARS } from './html-view-writer';

/** Classes a view may carry (the page's sanitiser allows these and nothing else). */
export const VIEW_CLASSES = ['fmt-center', 'fmt-right', 'fmt-justify', 'fmt-bold', 'fmt-italic', 'fmt-underline', 'fmt-strike', 'fmt-link', 'fmt-cont', 'fmt-implicit', 'fmt-list', 'fmt-table'] as const;
/** Elements a view may contain. */
export const VIEW_TAGS = ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ol', 'ul', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'tbody', 'tr', 'th', 'td', 'hr', 'strong', 'em', 'u', 's', 'sub', 'sup', 'code', 'small', 'span', 'br'] as const;
/** Attributes a view may carry. */
export const VIEW_ATTRIBUTES = ['class', 'colspan', 'rowspan', 'data-label'] as const;

/** How source block elements are written (null: unwrapped, its content written in place). */
const BLOCK_TAGS: Readonly<Record<string, string | null>> = {
  html: null,
  body: null,
  head: null,
  p: 'p',
  blockquote: 'blockquote',
  dl: 'dl',
  dt: 'dt',
  dd: 'dd',
};

const INLINE_TAGS: Readonly<Record<string, string>> = {
  b: 'strong',
  strong: 'strong',
  i: 'em',
  em: 'em',
  cite: 'em',
  dfn: 'em',
  var: 'em',
  u: 'u',
  ins: 'u',
  s: 's',
  strike: 's',
  del: 's',
  sub: 'sub',
  sup: 'sup',
  code: 'code',
  kbd: 'code',
  samp: 'code',
  tt: 'code',
  small: 'small',
  a: 'span',
  span: 'span',
  font: 'span',
};

/** Classes for the formatting an element's inline style or `align` gives it. */
export function formatClasses(el: Element): string[] {
  const out: string[] = [];
  const style = (attr(el, 'style') ?? '').toLowerCase();
  const align = /(?:^|;)\s*text-align\s*:\s*(center|right|justify)/.exec(style)?.[1] ?? attr(el, 'align')?.trim().toLowerCase();
  if (align === 'center' || align === 'right' || align === 'justify') out.push(`fmt-${align}`);
  if (/(?:^|;)\s*font-weight\s*:\s*(?:bold|bolder|[6-9]00)\b/.test(style)) out.push('fmt-bold');
  if (/(?:^|;)\s*font-style\s*:\s*(?:italic|oblique)\b/.test(style)) out.push('fmt-italic');
  if (/(?:^|;)\s*text-decoration(?:-line)?\s*:[^;]*\bunderline\b/.test(style)) out.push('fmt-underline');
  if (/(?:^|;)\s*text-decoration(?:-line)?\s*:[^;]*\bline-through\b/.test(style)) out.push('fmt-strike');
  if (el.name === 'a') out.push('fmt-link');
  if (el.name === 'center') out.push('fmt-center');
  return out;
}

interface Context {
  readonly olDepth: number;
  readonly listDepth: number;
}

const TOP: Context = { olDepth: 0, listDepth: 0 };

function walk(nodes: readonly ChildNode[], v: ViewWriter, ctx: Context): void {
  for (const node of nodes) {
    if (isTextNode(node)) v.text(node.data);
    else if (isElement(node)) element(node, v, ctx);
  }
}

function element(el: Element, v: ViewWriter, ctx: Context): void {
  const name = el.name;
  if (name === 'img') {
    if (!isHidden(el)) v.content();
    return;
  }
  if (SKIP.has(name) || isHidden(el)) return;
  const style = attr(el, 'style') ?? '';
  const before = style !== '' && BREAK_BEFORE.test(style);
  const after = style !== '' && BREAK_AFTER.test(style);
  if (before) v.pageBreak();
  if (name === 'br') v.empty('br');
  else if (name === 'hr') {
    if (!before && !after) v.empty('hr'); // a page-break rule marks a break, not a line
  } else if (/^h[1-6]$/.test(name)) wrap(isBodyText(el) ? 'p' : name, el, v, ctx);
  else if (PREFORMATTED.has(name)) wrap('pre', el, v, ctx);
  else if (name === 'ol' || name === 'ul') list(el, v, ctx);
  else if (name === 'table') table(el, v, ctx);
  else if (BLOCKS.has(name) || name === 'head') {
    const tag = name in BLOCK_TAGS ? BLOCK_TAGS[name]! : 'div';
    if (tag === null) walk(el.children, v, ctx);
    else wrap(tag, el, v, ctx);
  } else {
    const tag = INLINE_TAGS[name];
    const classes = formatClasses(el);
    if (tag && (tag !== 'span' || classes.length > 0)) wrap(tag, el, v, ctx, classes);
    else walk(el.children, v, ctx);
  }
  if (after) v.pageBreak();
}

/** The visible text of an element (for telling a heading from a paragraph styled as one). */
function textOf(node: ChildNode): string {
  if (isTextNode(node)) return node.data;
  if (!isElement(node) || SKIP.has(node.name) || isHidden(node)) return '';
  return node.children.map(textOf).join('');
}

/**
 * A paragraph a Word form styles as a heading ("Heading 2" on every clause of its body): long, or
 * a sentence followed by more ("2.2 Support. During the term the Provider shall…"). It is shown
 * as the paragraph it is, not as a large bold heading; a title stays a heading.
 */
export function isBodyText(el: Element): boolean {
  const text = el.children.map(textOf).join('').replace(/\s+/g, ' ').trim();
  const words = text.split(' ').filter(Boolean).length;
  return words > 24 || (text.length > 90 && /[.;:]\s+\p{L}/u.test(text.slice(0, -1)));
}

function wrap(tag: string, el: Element, v: ViewWriter, ctx: Context, classes = formatClasses(el), attrs: Readonly<Record<string, string>> = {}): void {
  v.open(tag, classes, attrs);
  walk(el.children, v, ctx);
  v.close();
}

function list(el: Element, v: ViewWriter, ctx: Context): void {
  const ordered = el.name === 'ol';
  const style = ordered ? olStyle(el, ctx.olDepth) : null;
  const items = el.children.filter((c): c is Element => isElement(c) && c.name === 'li');
  const reversed = ordered && attr(el, 'reversed') !== undefined;
  let n = intAttr(el, 'start') ?? (reversed ? items.length : 1);
  const inner: Context = { olDepth: ctx.olDepth + (ordered ? 1 : 0), listDepth: ctx.listDepth + 1 };
  v.open(el.name, ['fmt-list', ...formatClasses(el)]);
  for (const child of el.children) {
    if (!(isElement(child) && child.name === 'li')) {
      walk([child], v, inner);
      continue;
    }
    if (isHidden(child)) continue;
    n = intAttr(child, 'value') ?? n;
    const label = style === null ? '•' : listLabel(n, style, ctx.olDepth > 0);
    n += reversed ? -1 : 1;
    wrap('li', child, v, inner, formatClasses(child), label ? { 'data-label': label } : {});
  }
  v.close();
}

function span(cell: Element, name: 'colspan' | 'rowspan'): Record<string, string> {
  const n = intAttr(cell, name);
  return n !== null && n > 1 ? { [name]: String(Math.min(100, n)) } : {};
}

function table(el: Element, v: ViewWriter, ctx: Context): void {
  const rows = tableRows(el);
  // A data table's breaks wait for the end of their row (html-text.ts); a layout table is read
  // as blocks, where breaks apply as they come.
  const data = !isLayoutTable(el, rows);
  v.open('table', ['fmt-table', ...formatClasses(el)]);
  const caption = el.children.find((c): c is Element => isElement(c) && c.name === 'caption' && !isHidden(c));
  if (caption) {
    if (data) v.deferBreaks++;
    wrap('caption', caption, v, ctx);
    if (data) {
      v.deferBreaks--;
      v.deferredBreak = false; // html-text.ts ignores a break inside a data table's caption
    }
  }
  v.open('tbody');
  for (const row of rows) {
    if (data) v.deferBreaks++;
    v.open('tr');
    for (const cell of cellsOf(row)) wrap(cell.name, cell, v, data ? TOP : ctx, formatClasses(cell), { ...span(cell, 'colspan'), ...span(cell, 'rowspan') });
    v.close();
    if (data) {
      v.deferBreaks--;
      if (v.deferredBreak && v.deferBreaks === 0) {
        v.deferredBreak = false;
        v.pageBreak();
      }
    }
  }
  v.close();
  v.close();
}

/** The formatted view of an HTML document (see the top of this file). */
export function htmlToView(html: string): HtmlView {
  const doc = parseDocument(html, { decodeEntities: true });
  const writer = new ViewWriter();
  walk(doc.children, writer, TOP);
  return writer.finish();
}
