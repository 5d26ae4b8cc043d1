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
 * Pages follow html-text.ts exactly: both are written from the one walk of html-walk.ts (CSS page
 * breaks, counted once, none before content, data-table breaks after the row); this file is the
 * view's writer for it.
 * Blocks are bounded (~16 KB of HTML): a long paragraph, list or table is cut into several,
 * each a well-formed fragment (open elements are closed and reopened with `fmt-cont`), so the
 * page can render a huge document a few blocks at a time. Environment-neutral.
 */
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { attr, intAttr, isElement, isHidden, isTextNode, SKIP, walkHtml, type HtmlSink } from './html-walk';
import { ViewWriter } from './html-view-writer';
import type { HtmlView } from './html-view-types';

;

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
function formatClasses(el: Element): string[] {
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
function isBodyText(el: Element): boolean {
  const text = el.children.map(textOf).join('').replace(/\s+/g, ' ').trim();
  const words = text.split(' ').filter(Boolean).length;
  return words > 24 || (text.length > 90 && /[.;:]\s+\p{L}/u.test(text.slice(0, -1)));
}

function span(cell: Element, name: 'colspan' | 'rowspan'): Record<string, string> {
  const n = intAttr(cell, name);
  return n !== null && n > 1 ? { [name]: String(Math.min(100, n)) } : {};
}

/** The view's writer for the walk: each element the walk reads becomes its inert counterpart. */
class ViewSink implements HtmlSink {
  /** Whether each inline element being read was written (a plain span is unwrapped). */
  readonly #inline: boolean[] = [];

  constructor(readonly v: ViewWriter) {}

  text(raw: string): void {
    this.v.text(raw);
  }
  image(): void {
    this.v.content();
  }
  lineBreak(): void {
    this.v.empty('br');
  }
  rule(_el: Element, pageBreak: boolean): void {
    if (!pageBreak) this.v.empty('hr'); // a page-break rule marks a break, not a line
  }
  pageBreak(): void {
    this.v.pageBreak();
  }
  heldBreak(): void {}
  beginBlock(el: Element): void {
    const tag = blockTag(el.name);
    if (tag !== null) this.v.open(tag, formatClasses(el));
  }
  endBlock(el: Element): void {
    if (blockTag(el.name) !== null) this.v.close();
  }
  beginInline(el: Element): void {
    const tag = INLINE_TAGS[el.name];
    const classes = tag ? formatClasses(el) : [];
    const written = tag !== undefined && (tag !== 'span' || classes.length > 0);
    if (written) this.v.open(tag, classes);
    this.#inline.push(written);
  }
  endInline(): void {
    if (this.#inline.pop()) this.v.close();
  }
  beginHeading(el: Element): void {
    this.v.open(isBodyText(el) ? 'p' : el.name, formatClasses(el));
  }
  endHeading(): void {
    this.v.close();
  }
  beginPre(el: Element): void {
    this.v.open('pre', formatClasses(el));
  }
  endPre(): void {
    this.v.close();
  }
  beginList(el: Element): void {
    this.v.open(el.name, ['fmt-list', ...formatClasses(el)]);
  }
  endList(): void {
    this.v.close();
  }
  beginItem(el: Element, label: string | null): void {
    const shown = label ?? '•';
    this.v.open('li', formatClasses(el), shown ? { 'data-label': shown } : {});
  }
  endItem(): void {
    this.v.close();
  }
  beginTable(el: Element): void {
    this.v.open('table', ['fmt-table', ...formatClasses(el)]);
  }
  beginCaption(el: Element): void {
    this.v.open('caption', formatClasses(el));
  }
  endCaption(): void {
    this.v.close();
  }
  beginRows(): void {
    this.v.open('tbody');
  }
  beginRow(): void {
    this.v.open('tr');
  }
  endRow(): void {
    this.v.close();
  }
  beginCell(cell: Element): void {
    this.v.open(cell.name, formatClasses(cell), { ...span(cell, 'colspan'), ...span(cell, 'rowspan') });
  }
  endCell(): void {
    this.v.close();
  }
  endTable(): void {
    this.v.close();
    this.v.close();
  }
}

/** The view element of a source block element (null: unwrapped). */
function blockTag(name: string): string | null {
  return name in BLOCK_TAGS ? BLOCK_TAGS[name]! : 'div';
}

/** The formatted view of an HTML document (see the top of this file). */
export function htmlToView(html: string): HtmlView {
  const doc = parseDocument(html, { decodeEntities: true });
  const writer = new ViewWriter();
  walkHtml(doc.children, new ViewSink(writer));
  return writer.finish();
}
