/**
 * Drawing a passage's highlight on what the viewer shows of the original. The passage (a slice
 * of the stored page text) is aligned with the strings on screen (src/core/view/align.ts):
 * pdf.js's text-layer spans (the highlight is a set of rectangles over the canvas), the text
 * nodes of a formatted Word/HTML page (the matched text is wrapped in <mark>), or OCR word boxes.
 * Rectangles are kept in percent of the page box, so they follow zoom without recomputing.
 */
import { alignPassage } from '../../core/view/align';
import type { PageLayout } from '../../core/types';
import { passageBoxes } from '../../core/view/word-boxes';

/** A rectangle in percent of the page's box. */
interface Rect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface Highlight {
  readonly rects: Rect[];
  /** Share of the passage found on the page (0: not found; under 1: approximate). */
  readonly coverage: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Joins boxes of one line (vertical overlap over half, small gap) into one. */
function mergeLine(boxes: readonly Box[]): Box[] {
  const out: Box[] = [];
  for (const b of boxes) {
    const last = out[out.length - 1];
    if (last) {
      const overlap = Math.min(last.y1, b.y1) - Math.max(last.y0, b.y0);
      const height = Math.min(last.y1 - last.y0, b.y1 - b.y0);
      const gap = b.x0 - last.x1;
      if (overlap > 0.5 * height && gap < height && gap > -(last.x1 - last.x0)) {
        last.x0 = Math.min(last.x0, b.x0);
        last.y0 = Math.min(last.y0, b.y0);
        last.x1 = Math.max(last.x1, b.x1);
        last.y1 = Math.max(last.y1, b.y1);
        continue;
      }
    }
    out.push({ ...b });
  }
  return out;
}

function percent(b: Box, width: number, height: number): Rect {
  return { left: (100 * b.x0) / width, top: (100 * b.y0) / height, width: (100 * (b.x1 - b.x0)) / width, height: (100 * (b.y1 - b.y0)) / height };
}

/** The passage over pdf.js's text-layer spans of `page` (the element the spans are laid out in). */
export function textLayerHighlight(page: HTMLElement, spans: readonly HTMLElement[], passage: string, hint: number): Highlight {
  const { ranges, coverage } = alignPassage(passage, spans.map((s) => s.textContent ?? ''), { hint });
  const frame = page.getBoundingClientRect();
  if (frame.width === 0 || frame.height === 0) return { rects: [], coverage };
  const boxes: Box[] = [];
  const range = document.createRange();
  for (const r of ranges) {
    const node = spans[r.piece]?.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE) continue;
    range.setStart(node, Math.min(r.start, node.textContent!.length));
    range.setEnd(node, Math.min(r.end, node.textContent!.length));
    for (const c of range.getClientRects()) {
      if (c.width > 0 && c.height > 0) boxes.push({ x0: c.left - frame.left, y0: c.top - frame.top, x1: c.right - frame.left, y1: c.bottom - frame.top });
    }
  }
  return { rects: mergeLine(boxes).map((b) => percent(b, frame.width, frame.height)), coverage };
}

/** The passage over the OCR word boxes of a page picture. */
export function wordBoxHighlight(layout: PageLayout, passage: string, hint: number): Highlight {
  const { boxes, coverage } = passageBoxes(passage, layout, hint);
  return { rects: boxes.map((b) => percent({ ...b }, layout.width, layout.height)), coverage };
}

/**
 * Wraps the passage's text inside `container` (a formatted page's rendered blocks) in
 * <mark class="passage-mark"> elements (`className`: "focus-mark" for the words marked within
 * it); returns them in document order.
 */
export function markPassage(container: HTMLElement, passage: string, hint: number, className = 'passage-mark'): { marks: HTMLElement[]; coverage: number } {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  const { ranges, coverage } = alignPassage(passage, nodes.map((n) => n.data), { hint });
  const marks: HTMLElement[] = [];
  // Last to first: wrapping one text node leaves the others (and their offsets) as they were.
  for (const r of [...ranges].reverse()) {
    const node = nodes[r.piece]!;
    const range = document.createRange();
    range.setStart(node, r.start);
    range.setEnd(node, r.end);
    const mark = document.createElement('mark');
    mark.className = className;
    range.surroundContents(mark);
    marks.unshift(mark);
  }
  return { marks, coverage };
}
