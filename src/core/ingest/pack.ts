/**
 * Packing atoms (a sentence, with the headings just before it) into chunks.
 *
 * The chunk boundaries are chosen by dynamic programming over the atoms (like line breaking):
 *   - hard: every chunk has minTokens ≤ tokens ≤ maxTokens (one chunk when the document is
 *     smaller than minTokens);
 *   - then, in order of weight: no boundary inside a sentence (a cut after ";" or ":" costs less
 *     than after ",", which costs less than after any other word, which costs less than inside
 *     a word); a heading of rank ≤ 4 starts a chunk once the chunk has minTokens (and, more
 *     weakly, even before: a section's tail does not drift into the next section's chunk);
 *     sizes near targetTokens (over the target costs twice as much as under); chunks end at
 *     paragraph ends.
 * Only atoms over maxTokens are cut into words from the start. When no partition at sentence
 * boundaries fits the limits (a sentence just under maxTokens between small ones, say), the
 * atoms around the first place that fails are cut into words too, and the search runs again, so
 * a sentence is cut only where the limits leave no other way. With options so tight that even
 * words cannot meet them, minTokens is relaxed step by step (never maxTokens). A chunk ends
 * right after a heading only where the limits leave no other way (a heading over maxTokens, or
 * tiny pieces on both sides of it).
 */
import { AppError } from '../errors';
import type { SectionEntry } from './structure';
import { isSpace } from '../text/sentences';
import { estimateTokens, fitTokens } from './tokens';

export interface Atom {
  /** Content span in the document text. */
  readonly start: number;
  readonly end: number;
  readonly tokens: number;
  /** Starts with a heading of rank ≤ 4 (a new top-level or numbered section). */
  readonly structural: boolean;
  /** The section path at the atom's first non-heading text. */
  readonly path: readonly SectionEntry[];
  /** Where the text after the atom's headings begins; no chunk ends before its first word. */
  readonly bodyStart: number;
  /** The atom ends its paragraph. */
  readonly paraEnd: boolean;
  /** Only headings (at the end of the document); it stays with the text before it. */
  readonly trailing: boolean;
}

export interface Limits {
  readonly target: number;
  readonly min: number;
  readonly max: number;
}

export interface PackedChunk {
  readonly start: number;
  readonly end: number;
  readonly path: readonly SectionEntry[];
}

interface Unit {
  readonly start: number;
  readonly end: number;
  readonly tokens: number;
  readonly structural: boolean;
  readonly atom: number;
  /** Cost of a chunk boundary right after this unit. */
  readonly cut: number;
}

const COST = { paragraphInside: 0.05, beforeTrailing: 20, structure: 10, structureEarly: 1, afterHeading: 1e6, sizeCap: 4 };
/**
 * Cuts inside a sentence: HARD where it fits maxTokens (only where the limits leave no other
 * way), SOFT where it is over maxTokens and must be cut anyway (into chunks near the target).
 */
const HARD_CUT = { clause: 1000, comma: 2000, word: 4000, insideWord: 8000 };
const SOFT_CUT = { clause: 0.05, comma: 0.1, word: 0.2, insideWord: 0.5 };

/** How an atom enters the search: whole, in pieces (a sentence over maxTokens), or word by word. */
type Level = 0 | 1 | 2;
const WHOLE: Level = 0;
const PIECES: Level = 1;
const WORDS: Level = 2;

export function packChunks(text: string, atoms: readonly Atom[], limits: Limits): PackedChunk[] {
  if (atoms.length === 0) return [];
  const level: Level[] = atoms.map((a) => (a.tokens > limits.max ? PIECES : WHOLE));
  for (let radius = 2 * limits.max; ; radius *= 2) {
    const units = buildUnits(text, atoms, level, limits);
    const solved = solve(units, limits.min, limits);
    if (solved.starts) return toChunks(units, solved.starts, atoms);
    // Cut the atoms around the first place the limits cannot be met into words, and retry.
    const around = units[Math.min(solved.reach, units.length - 1)]?.atom ?? 0;
    let changed = false;
    for (const dir of [-1, 1]) {
      let tokens = 0;
      for (let a = around; a >= 0 && a < atoms.length && tokens < radius; a += dir) {
        tokens += (atoms[a] as Atom).tokens;
        if (level[a] !== WORDS) {
          level[a] = WORDS;
          changed = true;
        }
      }
    }
    if (!changed && level.every((l) => l === WORDS)) break;
  }
  // Even words cannot meet minTokens (options tighter than the longest words): relax it.
  const units = buildUnits(text, atoms, level, limits);
  for (let min = Math.floor(limits.min / 2); ; min = Math.floor(min / 2)) {
    const solved = solve(units, Math.max(1, min), limits);
    if (solved.starts) return toChunks(units, solved.starts, atoms);
    // Unreachable: every unit is at most maxTokens, so chunks of one unit always fit.
    if (min <= 1) throw new AppError('internal', `chunker: no partition of ${units.length} units within maxTokens ${limits.max}`);
  }
}

function toChunks(units: readonly Unit[], starts: readonly number[], atoms: readonly Atom[]): PackedChunk[] {
  return starts.map((s, k) => {
    const first = units[s] as Unit;
    const last = units[(starts[k + 1] ?? units.length) - 1] as Unit;
    return { start: first.start, end: last.end, path: (atoms[first.atom] as Atom).path };
  });
}

function buildUnits(text: string, atoms: readonly Atom[], level: readonly Level[], limits: Limits): Unit[] {
  const units: Unit[] = [];
  atoms.forEach((atom, index) => {
    const next = atoms[index + 1];
    const endCut = (atom.paraEnd ? 0 : COST.paragraphInside) + (next?.trailing ? COST.beforeTrailing : 0);
    if (level[index] === WHOLE) {
      units.push({ start: atom.start, end: atom.end, tokens: atom.tokens, structural: atom.structural, atom: index, cut: endCut });
      return;
    }
    const words = wordsOf(text, atom, index, limits.target);
    if (level[index] === WORDS) {
      // Where the limits could not be met otherwise: every word is a place to cut.
      const costs = atom.tokens > limits.max ? SOFT_CUT : HARD_CUT;
      words.forEach((w, k) => {
        const last = k === words.length - 1;
        units.push({ ...w, structural: k === 0 && atom.structural, cut: last ? endCut : (w.end <= atom.bodyStart ? COST.afterHeading : 0) + costs[w.kind] });
      });
      return;
    }
    // A sentence over maxTokens: pieces ending at every ";" or ":", at a "," after an eighth of
    // the target, else after a quarter of it, so the search can cut it into chunks near the target.
    const piece = Math.max(1, Math.floor(limits.target / 4));
    let first = -1;
    let tokens = 0;
    const flush = (upTo: number, last: boolean): void => {
      const w = words[upTo] as Word;
      const start = (words[first] as Word).start;
      const cut = last ? endCut : (w.end <= atom.bodyStart ? COST.afterHeading : 0) + SOFT_CUT[w.kind];
      units.push({ start, end: w.end, tokens: estimateTokens(text.slice(start, w.end)), atom: index, structural: first === 0 && atom.structural, cut });
      first = -1;
      tokens = 0;
    };
    words.forEach((w, k) => {
      if (first >= 0 && tokens + w.tokens > limits.max) flush(k - 1, false);
      if (first < 0) first = k;
      tokens += w.tokens;
      if (k === words.length - 1) return flush(k, true);
      if (w.end <= atom.bodyStart) return; // not inside the headings unless they are too long
      const enough = w.kind === 'clause' || w.kind === 'insideWord' || (w.kind === 'comma' && tokens * 2 >= piece) || tokens >= piece;
      if (enough) flush(k, false);
    });
  });
  return units;
}

type CutKind = 'clause' | 'comma' | 'word' | 'insideWord';
interface Word {
  readonly start: number;
  readonly end: number;
  readonly tokens: number;
  readonly atom: number;
  /** What a cut right after it would cut. */
  readonly kind: CutKind;
}

/** An atom's words (words over `pieceMax` tokens cut between characters). */
function wordsOf(text: string, atom: Atom, index: number, pieceMax: number): Word[] {
  const out: Word[] = [];
  let i = atom.start;
  while (i < atom.end) {
    while (i < atom.end && isSpace(text.charCodeAt(i))) i++;
    if (i >= atom.end) break;
    const ws = i;
    while (i < atom.end && !isSpace(text.charCodeAt(i))) i++;
    const last = text[i - 1];
    const kind: CutKind = last === ';' || last === ':' ? 'clause' : last === ',' ? 'comma' : 'word';
    const tokens = estimateTokens(text.slice(ws, i));
    if (tokens <= pieceMax) {
      out.push({ start: ws, end: i, tokens, atom: index, kind });
      continue;
    }
    for (const [s, e] of charPieces(text, ws, i, pieceMax)) {
      out.push({ start: s, end: e, tokens: estimateTokens(text.slice(s, e)), atom: index, kind: e === i ? kind : 'insideWord' });
    }
  }
  return out;
}

/** [start, end) pieces of one long word, each of at most `budget` tokens, never inside a surrogate pair. */
function charPieces(text: string, start: number, end: number, budget: number): [number, number][] {
  const pieces: [number, number][] = [];
  let s = start;
  while (s < end) {
    // One pass per piece (a 50 MB word is thousands of pieces); a run costs at least one token
    // per ten characters, so a piece is never longer than this.
    let cut = fitTokens(text, s, Math.min(end, s + 11 * budget + 16), budget);
    const code = text.charCodeAt(cut - 1);
    if (cut < end && code >= 0xd800 && code <= 0xdbff && cut - 1 > s) cut--;
    pieces.push([s, cut]);
    s = cut;
  }
  return pieces;
}

/**
 * Best partition of `units` into chunks of [min, limits.max] tokens; `starts` are the first unit
 * of each chunk, or null when none exists (then `reach` is the last unit boundary reachable).
 */
function solve(units: readonly Unit[], min: number, limits: Limits): { starts: number[] | null; reach: number } {
  const n = units.length;
  const prefix = new Float64Array(n + 1);
  const structural = new Int32Array(n + 1);
  for (let k = 0; k < n; k++) {
    const u = units[k] as Unit;
    prefix[k + 1] = (prefix[k] as number) + u.tokens;
    structural[k + 1] = (structural[k] as number) + (u.structural ? 1 : 0);
  }
  const total = prefix[n] as number;
  if (total < min) return { starts: [0], reach: n };
  // From a chunk starting at unit i, the structural units from index thr[i] on come after min tokens.
  const thr = new Int32Array(n + 1);
  for (let i = 0, k = 0; i <= n; i++) {
    if (k < i + 1) k = i + 1;
    while (k <= n && (prefix[k] as number) - (prefix[i] as number) < min) k++;
    thr[i] = k;
  }
  const best = new Float64Array(n + 1).fill(Infinity);
  const from = new Int32Array(n + 1).fill(-1);
  best[0] = 0;
  let reach = 0;
  for (let j = 1; j <= n; j++) {
    const cut = j === n ? 0 : (units[j - 1] as Unit).cut;
    if (cut === Infinity) continue;
    for (let i = j - 1; i >= 0; i--) {
      const size = (prefix[j] as number) - (prefix[i] as number);
      if (size > limits.max) break;
      if (size < min || best[i] === Infinity) continue;
      const inside = (structural[j] as number) - (structural[i + 1] as number);
      const late = (structural[j] as number) - (structural[Math.min(j, Math.max(thr[i] as number, i + 1))] as number);
      const cost = (best[i] as number) + sizeCost(size, limits.target) + COST.structure * late + COST.structureEarly * (inside - late) + cut;
      if (cost < (best[j] as number)) {
        best[j] = cost;
        from[j] = i;
      }
    }
    if (best[j] !== Infinity) reach = j;
  }
  if (best[n] === Infinity) return { starts: null, reach };
  const starts: number[] = [];
  for (let j = n; j > 0; j = from[j] as number) starts.push(from[j] as number);
  return { starts: starts.reverse(), reach };
}

function sizeCost(size: number, target: number): number {
  const d = (size - target) / target;
  return Math.min(d * d, COST.sizeCap) * (d > 0 ? 2 : 1);
}
