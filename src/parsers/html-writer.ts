/**
 * The page builder behind html-text.ts: inline text collapses into paragraphs, paragraphs
 * gather into pages, forced page breaks start new pages (see the rules in html-text.ts).
 * A heading is written as a line of plain text and noted with its level on its page
 * (`pageHeadings`), so the chunker knows it without markers in the text users read.
 * Environment-neutral.
 */
import type { MarkedHeading } from '../core/types';

// eslint-disable-next-line no-misleading-character-class
export const INVISIBLE = /[\u00ad\u034f\u200b-\u200d\u2060\ufeff]/g;

/** Collapses whitespace like a browser does for normal text (NBSP included). */
export function collapseWhitespace(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\s+/g, ' ');
}

/** Collects paragraphs into pages. */
export class PageWriter {
  readonly pages: string[][] = [[]];
  /** The headings written on each page, in order (level 1–6 and the heading line's text). */
  readonly pageHeadings: MarkedHeading[][] = [[]];
  #pageHasContent = false;
  #breakPending = false;
  #parts: string[] = [];
  #label: string | null = null;
  #heading = 0;
  /** Indentation of the lines written now (nested list items). */
  indent = '';
  /** Inside `<pre>`: text is kept as written. */
  pre = false;
  /** The first headings written (level and text, list label included), for titles. */
  readonly headings: { readonly level: number; readonly text: string }[] = [];

  constructor(readonly flat = false) {}

  text(raw: string): void {
    const s = this.pre ? raw.replace(INVISIBLE, '').replace(/\r\n?/g, '\n') : collapseWhitespace(raw);
    if (s !== '') this.#parts.push(s);
  }

  br(): void {
    this.#parts.push('\n');
  }

  /** Page content without text (an image). */
  content(): void {
    this.#startContent();
  }

  /** The next paragraph is a heading of this level (1–6). */
  heading(level: number): void {
    this.flush();
    this.#heading = level;
  }

  /** The next paragraph starts with this list label. */
  label(label: string): void {
    this.flush();
    this.#label = label;
  }

  pageBreak(): void {
    this.flush();
    if (!this.flat && this.#pageHasContent) this.#breakPending = true;
  }

  /**
   * Ends the paragraph being written. A heading (or list label) with no text yet stays pending:
   * Word starts a page's first heading with its page break (`<h1><hr …>Title</h1>`).
   */
  flush(): void {
    const heading = this.#heading;
    const joined = this.#parts.join('');
    this.#parts = [];
    let lines = this.pre ? joined.replace(/^\n/, '').split('\n').map((l) => l.trimEnd()) : joined.split('\n').map((l) => l.replace(/ {2,}/g, ' ').trim());
    lines = lines.filter((l, i) => l !== '' || (i > 0 && lines[i - 1] !== ''));
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    if (lines.length === 0) return;
    this.#heading = 0;
    const label = this.#label;
    this.#label = null;
    if (heading > 0 && !this.flat) {
      const text = `${label ? `${label} ` : ''}${lines.filter((l) => l !== '').join(' ')}`;
      if (this.headings.length < 50) this.headings.push({ level: heading, text });
      this.#emit([text]);
      this.pageHeadings[this.pageHeadings.length - 1]!.push({ level: heading, text });
      return;
    }
    if (label) lines[0] = `${label} ${lines[0]}`;
    this.#emit(lines);
  }

  /** Writes a ready-made paragraph (table rows, preformatted text). */
  block(lines: readonly string[]): void {
    this.flush();
    const kept = lines.filter((l) => l.trim() !== '');
    if (kept.length > 0) this.#emit(kept);
  }

  /** Drops a label whose item had no text. */
  dropLabel(): void {
    this.#label = null;
  }

  /** Ends a heading element (one without text leaves nothing pending). */
  endHeading(): void {
    this.flush();
    this.#heading = 0;
  }

  #startContent(): void {
    if (this.#breakPending) {
      this.pages.push([]);
      this.pageHeadings.push([]);
      this.#breakPending = false;
    }
    this.#pageHasContent = true;
  }

  #emit(lines: string[]): void {
    this.#startContent();
    const indent = this.indent;
    this.pages[this.pages.length - 1]!.push(indent ? lines.map((l) => (l === '' ? l : indent + l)).join('\n') : lines.join('\n'));
  }

  /** The text of a flat writer: every line joined with a space. */
  flatText(): string {
    this.flush();
    return this.pages
      .flat()
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
}
