/**
 * A pre-scan of a PDF's streams before pdf.js opens it, for decompression bombs.
 *
 * pdf.js decodes a stream synchronously, keeps every decoded byte of it (and of every stage of a
 * filter chain) in one growing buffer, and cannot be interrupted meanwhile: a 2.4 KB PDF whose
 * page content is compressed twice decodes to 1 GiB, taking ~30 s and ~2.5 GB. So the streams
 * are measured here first, with fflate's streaming inflate and a running counter that stops at
 * the budget: any one stream past `maxStreamBytes`, or all of them past `maxDecodedBytes`, fails
 * the file before pdf.js sees it.
 *
 * What is measured: streams whose filters are all FlateDecode (one or a chain), the filter of
 * nearly every content, font and object stream. Image streams are left to pdf.js, which reads
 * only the bytes the image's declared size needs (and skips images over `maxImageSize`). Streams
 * behind other filters (LZW, ASCII85 before Flate) and encrypted streams cannot be decoded here
 * and are left to the worker's hard limits (terminate and recycle). Streams are found by their
 * `stream` keyword after a dictionary; the data ends at `/Length` when it is direct, else at
 * `endstream`. Environment-neutral.
 */
import { Unzlib } from 'fflate';
import { budgetError, formatAmount, type ParseBudgets } from './budgets';

export interface StreamScan {
  /** Streams found. */
  readonly streams: number;
  /** Streams decoded here (all-Flate, not images). */
  readonly measured: number;
  /** Their decoded bytes, every stage of a chain counted (pdf.js keeps each stage). */
  readonly decodedBytes: number;
  /** Images whose declared size is over `maxImagePixels` (pdf.js skips them), largest first. */
  readonly oversizedImages: readonly { readonly width: number; readonly height: number }[];
}

const STREAM = [0x73, 0x74, 0x72, 0x65, 0x61, 0x6d]; // "stream"
const ENDSTREAM = Uint8Array.from('endstream', (c) => c.charCodeAt(0));
/** How far back from `stream` a dictionary may start. */
const DICT_WINDOW = 64 * 1024;
const SLICE = 16 * 1024;

function isSpace(b: number | undefined): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00;
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i += 8192) s += String.fromCharCode(...bytes.subarray(i, Math.min(end, i + 8192)));
  return s;
}

/** Index of `needle` in `bytes` from `from`, or -1. */
function indexOf(bytes: Uint8Array, needle: Uint8Array | readonly number[], from: number): number {
  const first = needle[0]!;
  for (let i = bytes.indexOf(first, from); i >= 0 && i + needle.length <= bytes.length; i = bytes.indexOf(first, i + 1)) {
    let k = 1;
    while (k < needle.length && bytes[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  return -1;
}

/** The `<< … >>` dictionary that ends just before `at` (the `stream` keyword), or null. */
function dictionaryBefore(bytes: Uint8Array, at: number): { start: number; text: string } | null {
  let end = at - 1;
  while (end > 0 && isSpace(bytes[end])) end--;
  if (bytes[end] !== 0x3e || bytes[end - 1] !== 0x3e) return null; // ">>"
  let depth = 0;
  for (let i = end; i > 0 && i > at - DICT_WINDOW; i--) {
    if (bytes[i] === 0x3e && bytes[i - 1] === 0x3e) {
      depth++;
      i--;
    } else if (bytes[i] === 0x3c && bytes[i - 1] === 0x3c) {
      depth--;
      i--;
      if (depth === 0) return { start: i, text: latin1(bytes, i, end + 1) };
    }
  }
  return null;
}

/** "object 12" for the `12 0 obj` right before the dictionary, else "". */
function objectName(bytes: Uint8Array, dictStart: number): string {
  const m = /(?<!\d)(\d+)\s+\d+\s+obj\s*$/.exec(latin1(bytes, Math.max(0, dictStart - 40), dictStart));
  return m ? `object ${m[1]}` : '';
}

/** The filter names of a stream dictionary ("FlateDecode", …), in order. */
export function streamFilters(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(dict);
  return m ? [...m[1]!.matchAll(/\/([^\s/<>[\]()]+)/g)].map((x) => x[1]!) : [];
}

/** Thrown from the data callback when a stream passes its budget. */
class Over extends Error {}

/**
 * Decoded bytes of a chain of Flate filters (zlib streams) over `data`, every stage counted, never decoding
 * past `max` (throws Over). A damaged stream counts what decoded before the damage.
 */
function inflatedSize(data: Uint8Array, stages: number, max: number): number {
  let total = 0;
  const count = (n: number) => {
    total += n;
    if (total > max) throw new Over();
  };
  // The last stage only counts; each earlier one feeds the next.
  let sink: (chunk: Uint8Array, final: boolean) => void = (chunk) => count(chunk.length);
  for (let s = 1; s < stages; s++) {
    const next = sink;
    const inflater = new Unzlib((chunk, final) => next(chunk, final));
    sink = (chunk, final) => {
      count(chunk.length);
      for (let at = 0; at < chunk.length; at += SLICE) inflater.push(chunk.subarray(at, Math.min(chunk.length, at + SLICE)), final && at + SLICE >= chunk.length);
    };
  }
  const first = new Unzlib((chunk, final) => sink(chunk, final));
  try {
    for (let at = 0; at < data.length; at += SLICE) first.push(data.subarray(at, Math.min(data.length, at + SLICE)), at + SLICE >= data.length);
  } catch (error) {
    if (error instanceof Over) throw error;
    // Damaged or encrypted data: pdf.js will decide what to make of it.
  }
  return total;
}

const FLATE = new Set(['FlateDecode', 'Fl']);

/**
 * Measures the Flate streams of a PDF against the budgets; throws a budget FileError
 * (`file/limit`, details.limit `maxStreamBytes` or `maxDecodedBytes`) for a bomb.
 */
export function scanPdfStreams(bytes: Uint8Array, fileName: string, budgets: Pick<ParseBudgets, 'maxStreamBytes' | 'maxDecodedBytes'> & Partial<Pick<ParseBudgets, 'maxImagePixels'>>): StreamScan {
  const oversizedImages: { width: number; height: number }[] = [];
  let streams = 0;
  let measured = 0;
  let decoded = 0;
  for (let at = indexOf(bytes, STREAM, 0); at >= 0; at = indexOf(bytes, STREAM, at + 1)) {
    // "stream" followed by an end of line, not the tail of "endstream".
    const eol = bytes[at + 6];
    if (eol !== 0x0a && eol !== 0x0d) continue;
    if (at >= 3 && bytes[at - 1] === 0x64 && bytes[at - 2] === 0x6e && bytes[at - 3] === 0x65) continue;
    const dict = dictionaryBefore(bytes, at);
    if (!dict) continue;
    streams++;
    const start = at + 6 + (eol === 0x0d && bytes[at + 7] === 0x0a ? 2 : 1);
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict.text);
    const declared = length ? Number(length[1]) : -1;
    let end = declared >= 0 && start + declared <= bytes.length ? start + declared : indexOf(bytes, ENDSTREAM, start);
    if (end < 0) end = bytes.length;
    const filters = streamFilters(dict.text);
    const image = /\/Subtype\s*\/Image\b/.test(dict.text);
    if (image && budgets.maxImagePixels !== undefined) {
      const width = Number(/\/Width\s+(\d+)/.exec(dict.text)?.[1] ?? 0);
      const height = Number(/\/Height\s+(\d+)/.exec(dict.text)?.[1] ?? 0);
      if (width * height > budgets.maxImagePixels) oversizedImages.push({ width, height });
    }
    if (!image && filters.length > 0 && filters.every((f) => FLATE.has(f))) {
      measured++;
      const max = Math.min(budgets.maxStreamBytes, budgets.maxDecodedBytes - decoded);
      try {
        decoded += inflatedSize(bytes.subarray(start, end), filters.length, max);
      } catch (error) {
        if (!(error instanceof Over)) throw error;
        const what = [objectName(bytes, dict.start), filters.length > 1 ? `compressed ${filters.length} times` : ''].filter(Boolean).join(', ');
        if (max < budgets.maxStreamBytes) {
          throw budgetError(fileName, 'maxDecodedBytes', `the PDF's streams decompress past the ${formatAmount(budgets.maxDecodedBytes)} limit (stopped there; a decompression bomb or a damaged file)`, { max: budgets.maxDecodedBytes });
        }
        throw budgetError(fileName, 'maxStreamBytes', `a stream${what ? ` (${what})` : ''} decompresses past the ${formatAmount(budgets.maxStreamBytes)} limit (stopped there; a decompression bomb or a damaged file)`, { max: budgets.maxStreamBytes }, { details: { filters } });
      }
    }
    at = Math.max(at, end - 1);
  }
  oversizedImages.sort((a, b) => b.width * b.height - a.width * a.height);
  return { streams, measured, decodedBytes: decoded, oversizedImages };
}

const COUNT = Uint8Array.from('/Count', (c) => c.charCodeAt(0));
const OBJ = Uint8Array.from('obj', (c) => c.charCodeAt(0));
const ENDOBJ = Uint8Array.from('endobj', (c) => c.charCodeAt(0));
/** How far from a `/Count` its object's start and end are looked for (a 20,000-page /Kids array is ~200 KB). */
const OBJECT_WINDOW = 1024 * 1024;
/** Page-tree nodes looked at; outlines also use /Count, and a hostile file may repeat it. */
const MAX_COUNTS = 64;

function lastIndexOf(bytes: Uint8Array, needle: Uint8Array, before: number, limit: number): number {
  for (let i = before - needle.length; i >= Math.max(0, before - limit); i--) {
    let k = 0;
    while (k < needle.length && bytes[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  return -1;
}

/**
 * The largest page count a page-tree node declares (`<< /Type /Pages /Count n … >>`) in the
 * file's plain objects, or null when none is visible (page trees inside compressed object
 * streams). pdf.js must parse the whole cross-reference and page tree before it reports its
 * page count (~5 s for 20,000 pages), so a file that declares more pages than the budget is
 * refused here, in a byte scan; one that declares fewer is still checked after pdf.js opens it.
 */
export function declaredPageCount(bytes: Uint8Array): number | null {
  let max: number | null = null;
  let seen = 0;
  for (let at = indexOf(bytes, COUNT, 0); at >= 0 && seen < MAX_COUNTS; at = indexOf(bytes, COUNT, at + COUNT.length)) {
    let i = at + COUNT.length;
    while (isSpace(bytes[i])) i++;
    let n = 0;
    let digits = 0;
    while (digits < 10 && bytes[i] !== undefined && bytes[i]! >= 0x30 && bytes[i]! <= 0x39) {
      n = n * 10 + (bytes[i]! - 0x30);
      i++;
      digits++;
    }
    if (digits === 0) continue;
    seen++;
    const start = lastIndexOf(bytes, OBJ, at, OBJECT_WINDOW);
    const endAt = indexOf(bytes.subarray(0, Math.min(bytes.length, at + OBJECT_WINDOW)), ENDOBJ, at);
    const object = latin1(bytes, start < 0 ? Math.max(0, at - OBJECT_WINDOW) : start, endAt < 0 ? Math.min(bytes.length, at + OBJECT_WINDOW) : endAt);
    if (!/\/Type\s*\/Pages\b/.test(object)) continue;
    max = Math.max(max ?? 0, n);
  }
  return max;
}
