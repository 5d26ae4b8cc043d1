/**
 * The writer behind html-view.ts: balanced blocks of inert HTML, cut when they grow past
 * VIEW_BLOCK_CHARS and split into pages where html-text.ts starts a new page (a pending break
 * takes effect at the next element or content; a page counts once it has content). A cut
 * closes the open elements and reopens them as continuations (`fmt-cont`) in the next block;
 * elements opened just before the cut, still empty, move there whole. Environment-neutral.
 */
import type { HtmlView } from './html-view-types';
import { INVISIBLE } from './html-writer';

/** Blocks are cut once their HTML passes this many characters (at the next element boundary or text piece). */
const VIEW_BLOCK_CHARS = 16_384;
const TEXT_PIECE = 4_096;

/** Block-level elements of a view (inline content outside them goes in an implicit paragraph). */
const BLOCK_OUTPUT = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ol', 'ul', 'li', 'dl', 'dt', 'dd', 'table', 'hr']);

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;');
}

interface OpenElement {
  readonly tag: string;
  /** The opening tag as first written, and as written again when a block or page is cut inside it. */
  readonly first: string;
  readonly again: string;
  /** Index of its opening tag in the block's parts. */
  at: number;
}

function openTag(tag: string, classes: readonly string[], attrs: Readonly<Record<string, string>>): string {
  let s = `<${tag}`;
  if (classes.length > 0) s += ` class="${classes.join(' ')}"`;
  for (const [k, v] of Object.entries(attrs)) s += ` ${k}="${escapeAttr(v)}"`;
  return `${s}>`;
}

interface ViewPageDraft {
  readonly blocks: string[];
  readonly textLengths: number[];
  hasText: boolean;
}

/** Writes the view: blocks of balanced HTML, pages split where html-text.ts splits them. */
export class ViewWriter {
  readonly pages: ViewPageDraft[] = [{ blocks: [], textLengths: [], hasText: false }];
  #parts: string[] = [];
  #size = 0;
  #text = 0;
  #stack: OpenElement[] = [];
  #pageHasContent = false;
  #breakPending = false;

  open(tag: string, classes: readonly string[] = [], attrs: Readonly<Record<string, string>> = {}): void {
    this.#newPageIfPending();
    if (this.#stack.length === 0 && !BLOCK_OUTPUT.has(tag)) this.#implicitParagraph();
    else if (this.#stack.length === 1 && this.#stack[0]!.tag === 'p' && this.#stack[0]!.first.includes('fmt-implicit') && BLOCK_OUTPUT.has(tag)) this.#closeAll();
    const { 'data-label': _label, ...kept } = attrs;
    this.#push({ tag, first: openTag(tag, classes, attrs), again: openTag(tag, [...classes, 'fmt-cont'], kept), at: 0 });
  }

  close(): void {
    const element = this.#stack.pop();
    if (!element) return;
    this.#write(`</${element.tag}>`);
    if (this.#stack.length === 0) this.#endBlock();
    else if (this.#size > VIEW_BLOCK_CHARS) this.#cut(false);
  }

  /** A void element (br, hr). */
  empty(tag: 'br' | 'hr'): void {
    this.#newPageIfPending();
    if (this.#stack.length === 0 && tag === 'br') this.#implicitParagraph();
    this.#write(`<${tag}>`);
    if (this.#stack.length === 0) this.#endBlock();
  }

  text(raw: string): void {
    const hasText = raw.replace(INVISIBLE, '').trim() !== '';
    if (!hasText && this.#stack.length === 0) return; // whitespace between blocks
    if (hasText) this.#content(true);
    if (this.#stack.length === 0) this.#implicitParagraph();
    for (let at = 0; at < raw.length; at += TEXT_PIECE) {
      const piece = raw.slice(at, at + TEXT_PIECE);
      this.#write(escapeText(piece));
      this.#text += piece.length;
      if (this.#size > VIEW_BLOCK_CHARS && at + TEXT_PIECE < raw.length) this.#cut(false);
    }
  }

  /** Page content without text (an image): it keeps a picture-only page. */
  content(): void {
    this.#content(false);
  }

  pageBreak(): void {
    if (this.#pageHasContent) this.#breakPending = true;
  }

  finish(): HtmlView {
    this.#closeAll();
    // Trailing pages without text go, as html-text.ts drops trailing blank pages.
    while (this.pages.length > 1 && !this.pages[this.pages.length - 1]!.hasText) this.pages.pop();
    return {
      pages: this.pages.map((p) => {
        const blockEnds = new Uint32Array(p.blocks.length);
        const textEnds = new Uint32Array(p.blocks.length);
        let end = 0;
        let text = 0;
        p.blocks.forEach((b, i) => {
          end += b.length;
          text += p.textLengths[i]!;
          blockEnds[i] = end;
          textEnds[i] = text;
        });
        return { html: p.blocks.join(''), blockEnds, textEnds };
      }),
    };
  }

  #content(text: boolean): void {
    this.#newPageIfPending();
    this.#pageHasContent = true;
    if (text) this.pages[this.pages.length - 1]!.hasText = true;
  }

  /**
   * After a break, the next page starts with whatever comes next (an element or content); it
   * counts as a page once it has content, as in html-text.ts, and trailing pages without text
   * are dropped at the end.
   */
  #newPageIfPending(): void {
    if (!this.#breakPending) return;
    this.#breakPending = false;
    this.#pageHasContent = false;
    this.#cut(true);
  }

  #implicitParagraph(): void {
    this.#push({ tag: 'p', first: '<p class="fmt-implicit">', again: '<p class="fmt-implicit fmt-cont">', at: 0 });
  }

  #push(element: OpenElement): void {
    element.at = this.#parts.length;
    this.#stack.push(element);
    this.#write(element.first);
  }

  #closeAll(): void {
    while (this.#stack.length > 0) this.#write(`</${this.#stack.pop()!.tag}>`);
    this.#endBlock();
  }

  #write(s: string): void {
    this.#parts.push(s);
    this.#size += s.length;
  }

  #endBlock(): void {
    if (this.#parts.length === 0) return;
    const page = this.pages[this.pages.length - 1]!;
    page.blocks.push(this.#parts.join(''));
    page.textLengths.push(this.#text);
    this.#parts = [];
    this.#size = 0;
    this.#text = 0;
  }

  /**
   * Ends the block (and the page) here. Open elements that already hold something are closed
   * and reopened as continuations in the next block; those opened just now (nothing inside
   * yet: a heading whose first run starts with Word's page break) move there whole.
   */
  #cut(page: boolean): void {
    const open = this.#stack;
    let fresh = open.length;
    while (fresh > 0 && this.#parts.length - open[fresh - 1]!.at === open.length - (fresh - 1)) fresh--;
    const moved = fresh < open.length ? this.#parts.splice(open[fresh]!.at) : [];
    for (const s of moved) this.#size -= s.length;
    for (let i = fresh - 1; i >= 0; i--) this.#write(`</${open[i]!.tag}>`);
    this.#endBlock();
    if (page) this.pages.push({ blocks: [], textLengths: [], hasText: false });
    open.forEach((e, i) => {
      e.at = this.#parts.length;
      this.#write(i < fresh ? e.again : e.first);
    });
  }
}
