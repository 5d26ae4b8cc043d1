/**
 * Turns the text-content items of one PDF page (as pdf.js returns them) into the page text.
 * Pure: no pdf.js import, so it is unit-tested with hand-made items.
 *
 * - Items keep pdf.js order (content-stream order, which keeps columns together), except on a
 *   single-column page whose content stream draws blocks out of reading order (e.g. indented
 *   list items after the paragraph that follows them): there lines are put top to bottom.
 * - A new line starts on `hasEOL`, on a baseline change, or when the text jumps backwards.
 * - Items on one line are joined with a space only when the horizontal gap is wide enough to be
 *   a space (a word drawn as several items stays one word).
 * - A blank line separates paragraphs: the vertical advance to the next line is clearly larger
 *   than the page's normal line spacing, or the text jumps up (a new column).
 * Output: lines joined by "\n", paragraphs by "\n\n", no trailing spaces, no blank lines at the
 * start or end.
 */

/** The fields of a pdf.js `TextItem` this module reads. */
export interface LayoutItem {
  readonly str: string;
  /** [a, b, c, d, e, f]: text space → user space; (e, f) is the start of the baseline. */
  readonly transform: readonly number[];
  readonly width: number;
  readonly height: number;
  readonly hasEOL: boolean;
}

export interface LayoutOptions {
  /** A gap wider than this share of the font size is a space. */
  readonly spaceGap?: number;
  /** A baseline shift larger than this share of the font size starts a new line. */
  readonly baselineShift?: number;
  /** A line advance above this multiple of the normal line spacing starts a paragraph. */
  readonly paragraphFactor?: number;
}

const DEFAULTS: Required<LayoutOptions> = { spaceGap: 0.15, baselineShift: 0.5, paragraphFactor: 1.25 };

interface Line {
  text: string;
  /** Baseline position across the writing direction (larger is higher on the page). */
  y: number;
  /** Start and end along the writing direction. */
  x0: number;
  x1: number;
  size: number;
  /** Writing direction as a unit vector. */
  ux: number;
  uy: number;
}

interface Placed {
  readonly str: string;
  readonly x: number;
  readonly y: number;
  readonly x1: number;
  readonly size: number;
  readonly ux: number;
  readonly uy: number;
  readonly hasEOL: boolean;
}

function place(item: LayoutItem): Placed {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
  let len = Math.hypot(a, b);
  let ux = len > 0 ? a / len : 1;
  let uy = len > 0 ? b / len : 0;
  if (!Number.isFinite(ux) || !Number.isFinite(uy)) {
    ux = 1;
    uy = 0;
    len = 1;
  }
  // Along the writing direction (u) and across it (v = u rotated by +90°).
  const x = e * ux + f * uy;
  const y = -e * uy + f * ux;
  const size = item.height > 0 ? item.height : Math.hypot(c, d) || len || 10;
  const width = Number.isFinite(item.width) && item.width > 0 ? item.width : 0;
  return { str: item.str, x, y, x1: x + width, size, ux, uy, hasEOL: item.hasEOL };
}

const isBlank = (s: string) => s.trim() === '';

/** Groups items into lines. */
function toLines(items: readonly LayoutItem[], o: Required<LayoutOptions>): Line[] {
  const lines: Line[] = [];
  let line: Line | null = null;
  let eol = false;
  let last: Placed | null = null;

  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    if (item.str === '') {
      // pdf.js emits empty items that only mark the end of a line.
      if (item.hasEOL) eol = true;
      continue;
    }
    const p = place(item);
    if (line && last && !eol) {
      const sameDirection = Math.abs(p.ux - line.ux) < 0.01 && Math.abs(p.uy - line.uy) < 0.01;
      const size = Math.max(p.size, last.size);
      const shifted = Math.abs(p.y - last.y) > o.baselineShift * size;
      const backwards = p.x < last.x - size;
      if (sameDirection && !shifted && !backwards) {
        // Same line. A fake-bold duplicate (same text drawn again on top) is dropped.
        if (p.str === last.str && Math.abs(p.x - last.x) < 0.5 && Math.abs(p.y - last.y) < 0.5) continue;
        const gap = p.x - last.x1;
        const needsSpace = gap > o.spaceGap * size && !/\s$/.test(line.text) && !/^\s/.test(p.str);
        line.text += (needsSpace ? ' ' : '') + p.str;
        line.x1 = Math.max(line.x1, p.x1);
        line.size = Math.max(line.size, p.size);
        last = p;
        eol = p.hasEOL;
        continue;
      }
    }
    if (isBlank(p.str) && !line) {
      eol = p.hasEOL;
      continue;
    }
    line = { text: p.str, y: p.y, x0: p.x, x1: p.x1, size: p.size, ux: p.ux, uy: p.uy };
    lines.push(line);
    last = p;
    eol = p.hasEOL;
  }
  // One space for any run of whitespace (items may carry their own spaces next to ours).
  for (const l of lines) l.text = l.text.replace(/\s+/g, ' ').trim();
  return lines.filter((l) => l.text !== '');
}

/** The normal distance between consecutive lines of a paragraph: the lower quartile of advances. */
function lineSpacing(lines: readonly Line[]): number | null {
  const advances: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const cur = lines[i]!;
    const adv = prev.y - cur.y;
    // Ignore jumps (columns, headers to body) and overlaps.
    if (adv > 0.5 * cur.size && adv < 4 * Math.max(prev.size, cur.size)) advances.push(adv);
  }
  if (advances.length === 0) return null;
  advances.sort((a, b) => a - b);
  return advances[Math.floor((advances.length - 1) / 4)]!;
}

/**
 * True when the horizontal lines form two columns: a vertical gutter that several lines on each
 * side stay clear of and almost no line crosses.
 */
function hasColumns(lines: readonly Line[]): boolean {
  const x0 = Math.min(...lines.map((l) => l.x0));
  const x1 = Math.max(...lines.map((l) => l.x1));
  const width = x1 - x0;
  if (width <= 0) return false;
  for (const share of [0.4, 0.45, 0.5, 0.55, 0.6]) {
    const gutter = x0 + share * width;
    let left = 0;
    let right = 0;
    let crossing = 0;
    for (const l of lines) {
      if (l.x1 <= gutter) left++;
      else if (l.x0 >= gutter) right++;
      else crossing++;
    }
    if (left >= 4 && right >= 4 && crossing <= 0.15 * lines.length) return true;
  }
  return false;
}

/**
 * Puts the lines of a single-column page in reading order (top to bottom, then left to right)
 * when the content stream jumped back up the page. Multi-column pages and rotated text keep
 * pdf.js's order, which follows the columns.
 */
function readingOrder(lines: Line[]): Line[] {
  if (lines.length < 3) return lines;
  if (lines.some((l) => Math.abs(l.ux - 1) > 0.01 || Math.abs(l.uy) > 0.01)) return lines;
  const jumpsUp = lines.some((l, i) => i > 0 && l.y - lines[i - 1]!.y > 2 * Math.max(l.size, lines[i - 1]!.size));
  if (!jumpsUp || hasColumns(lines)) return lines;
  return lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => {
      const tolerance = 0.5 * Math.max(a.line.size, b.line.size);
      if (Math.abs(a.line.y - b.line.y) > tolerance) return b.line.y - a.line.y;
      return a.line.x0 - b.line.x0 || a.index - b.index;
    })
    .map((e) => e.line);
}

/** The text of one page from its pdf.js text items. */
export function layoutPage(items: readonly LayoutItem[], options: LayoutOptions = {}): string {
  const o = { ...DEFAULTS, ...options };
  const lines = readingOrder(toLines(items, o));
  if (lines.length === 0) return '';
  const spacing = lineSpacing(lines);
  let out = lines[0]!.text;
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const cur = lines[i]!;
    const adv = prev.y - cur.y;
    const size = Math.max(prev.size, cur.size);
    const normal = spacing ?? 1.2 * size;
    const paragraph =
      adv < -0.5 * size || // jumped up: a new column or a block placed out of order
      adv > Math.max(o.paragraphFactor * normal, normal + 0.25 * size);
    out += (paragraph ? '\n\n' : '\n') + cur.text;
  }
  return out;
}

/** Characters that are not whitespace (the "has text" measure of a page). */
export function countNonSpace(text: string): number {
  // By character code (a regex per character cost seconds on a 50 MB page); a surrogate pair is
  // one character and never a space.
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (c !== 32 && (c < 9 || c > 13)) n++;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n++;
      i++;
    } else if (!/\s/.test(text[i]!)) n++;
  }
  return n;
}
