/**
 * Finds a passage of the stored page text in what the viewer draws from the original: the
 * strings of pdf.js's text layer, the words OCR read with their boxes, the text nodes of a
 * formatted Word/HTML page. The stored text went through layout, cleaning and structure
 * (src/core/ingest: lines joined, hyphenated words joined, headers and page numbers removed,
 * list labels and table separators written in, lines put in reading order), so offsets differ
 * and plain substring search is not enough.
 *
 * Both sides are folded into "comparable characters" (NFKC, so ligatures become letters; lower
 * case; whitespace, hyphens, soft hyphens and zero-width characters dropped), each remembering
 * where it came from. Then:
 *   1. the whole folded passage is looked up in the folded target (the occurrence nearest the
 *      `hint` wins): the common case, exact and linear;
 *   2. otherwise the passage is covered greedily by the longest runs found in the target
 *      (each run continues where the previous one ended when it can, else the nearest
 *      occurrence of the longest run of at least `minRun` characters): text removed on one
 *      side (a running header inside the passage, a list label, a table separator) is skipped,
 *      text moved by reading order is found where it is.
 * The result names the pieces and the character ranges in them, and how much of the passage
 * was found (`coverage`), so a caller can tell an exact highlight from an approximate one.
 * Pure: runs in Node tests, in workers and on the page.
 */

/** A run of matched characters in one piece of the target: `pieces[piece].slice(start, end)`. */
export interface PieceRange {
  readonly piece: number;
  readonly start: number;
  readonly end: number;
}

export interface Alignment {
  /** Matched ranges in target order, one per piece touched (adjacent runs merged). */
  readonly ranges: PieceRange[];
  /** Share of the passage's comparable characters that were found, 0..1 (1 for an empty passage). */
  readonly coverage: number;
}

export interface AlignOptions {
  /** Where the passage is expected in the target, as a share of it (0..1): breaks ties between equal occurrences. */
  readonly hint?: number;
  /** Shortest run accepted anywhere in the target (a continuation of the previous run may be shorter). Default 6. */
  readonly minRun?: number;
}

/** Text folded to comparable characters, each mapped back to its source range. */
export interface Folded {
  readonly chars: string;
  /** Source index of the character each comparable character came from. */
  readonly from: Uint32Array;
  /** Source end (exclusive) of that character. */
  readonly to: Uint32Array;
}

// eslint-disable-next-line no-misleading-character-class
const DROPPED = /[\s\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufe00-\ufe0f\ufeff\-\u2010\u2011\u2012\u2013\u2014\u2212]/u;

/** Folds `text` to comparable characters (see the top of this file). */
export function fold(text: string): Folded {
  const chars: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    if (code < 0x80) {
      // ASCII fast path: letters, digits and punctuation kept (lower-cased), whitespace and "-" dropped.
      if (code > 0x20 && code !== 0x2d && code !== 0x7f) {
        chars.push(code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : text[i]!);
        from.push(i);
        to.push(i + 1);
      }
    } else {
      const ch = text.slice(i, i + width);
      if (!DROPPED.test(ch)) {
        for (const out of ch.normalize('NFKC').toLowerCase()) {
          if (DROPPED.test(out)) continue;
          chars.push(out);
          from.push(i);
          to.push(i + width);
        }
      }
    }
    i += width;
  }
  return { chars: chars.join(''), from: Uint32Array.from(from), to: Uint32Array.from(to) };
}

/** Length of the common prefix of a[i..] and b[j..]. */
function commonPrefix(a: string, i: number, b: string, j: number): number {
  let n = 0;
  while (i + n < a.length && j + n < b.length && a.charCodeAt(i + n) === b.charCodeAt(j + n)) n++;
  return n;
}

/** The occurrence of `needle` in `hay` nearest `near` (at most `limit` occurrences looked at), or -1. */
function nearestOccurrence(hay: string, needle: string, near: number, limit = 64): number {
  let best = -1;
  let at = hay.indexOf(needle);
  for (let seen = 0; at >= 0 && seen < limit; seen++) {
    if (best < 0 || Math.abs(at - near) < Math.abs(best - near)) best = at;
    if (at > near) break; // later ones are further away
    at = hay.indexOf(needle, at + 1);
  }
  return best;
}

interface Run {
  readonly at: number;
  readonly length: number;
}

/** Covers the folded passage with runs found in the folded target (step 2 at the top). */
function greedyRuns(p: string, t: string, near: number, minRun: number): { runs: Run[]; matched: number } {
  const runs: Run[] = [];
  let matched = 0;
  let i = 0;
  let expected = near;
  while (i < p.length) {
    const continued = commonPrefix(p, i, t, expected);
    if (continued >= Math.min(3, p.length - i) && continued > 0) {
      runs.push({ at: expected, length: continued });
      matched += continued;
      i += continued;
      expected += continued;
      continue;
    }
    const rest = p.length - i;
    if (rest < minRun) {
      // A short tail: accept it only right after the previous run (allowing a few skipped target characters).
      const window = t.slice(expected, expected + rest + 8);
      const k = window.indexOf(p.slice(i));
      if (k >= 0) {
        runs.push({ at: expected + k, length: rest });
        matched += rest;
      }
      break;
    }
    // Longest run starting at i that occurs somewhere: occurrence is monotone in length.
    let lo = minRun;
    let hi = rest;
    let found = -1;
    let foundLength = 0;
    const first = nearestOccurrence(t, p.slice(i, i + lo), expected);
    if (first >= 0) {
      found = first;
      foundLength = lo;
      lo++;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const at = nearestOccurrence(t, p.slice(i, i + mid), expected);
        if (at >= 0) {
          found = at;
          foundLength = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
    }
    if (found < 0) {
      i++; // a character the target does not have (a list label, a table separator, an OCR slip)
      continue;
    }
    runs.push({ at: found, length: foundLength });
    matched += foundLength;
    i += foundLength;
    expected = found + foundLength;
  }
  return { runs, matched };
}

/**
 * Where `passage` is in `pieces` (concatenated in order; a piece boundary is no character).
 * See the top of this file.
 */
export function alignPassage(passage: string, pieces: readonly string[], options: AlignOptions = {}): Alignment {
  const p = fold(passage).chars;
  if (p.length === 0) return { ranges: [], coverage: 1 };
  const parts = pieces.map(fold);
  const t = parts.map((f) => f.chars).join('');
  if (t.length === 0) return { ranges: [], coverage: 0 };
  // Which piece each folded target character belongs to.
  const pieceOf = new Uint32Array(t.length);
  const starts: number[] = [];
  let offset = 0;
  parts.forEach((f, k) => {
    starts.push(offset);
    pieceOf.fill(k, offset, offset + f.chars.length);
    offset += f.chars.length;
  });
  const near = Math.round(Math.min(1, Math.max(0, options.hint ?? 0)) * Math.max(0, t.length - p.length));

  let runs: Run[];
  let matched: number;
  const exact = nearestOccurrence(t, p, near);
  if (exact >= 0) {
    runs = [{ at: exact, length: p.length }];
    matched = p.length;
  } else {
    ({ runs, matched } = greedyRuns(p, t, near, Math.max(2, options.minRun ?? 6)));
  }
  return { ranges: toPieceRanges(runs, parts, pieceOf, starts), coverage: matched / p.length };
}

function toPieceRanges(runs: readonly Run[], parts: readonly Folded[], pieceOf: Uint32Array, starts: readonly number[]): PieceRange[] {
  const byPiece = new Map<number, { start: number; end: number }>();
  for (const run of runs) {
    for (let c = run.at; c < run.at + run.length; ) {
      const piece = pieceOf[c]!;
      const f = parts[piece]!;
      const base = starts[piece]!;
      const last = Math.min(run.at + run.length, base + f.chars.length) - 1;
      const start = f.from[c - base]!;
      const end = f.to[last - base]!;
      const seen = byPiece.get(piece);
      if (seen) {
        seen.start = Math.min(seen.start, start);
        seen.end = Math.max(seen.end, end);
      } else byPiece.set(piece, { start, end });
      c = last + 1;
    }
  }
  return [...byPiece.entries()].sort((a, b) => a[0] - b[0]).map(([piece, r]) => ({ piece, start: r.start, end: r.end }));
}
