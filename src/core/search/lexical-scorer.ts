/**
 * BM25 over the lexical index's postings, term at a time, into accumulators reused from query
 * to query: the cost is the matching postings, not the collection.
 *
 * A query term's word family (word-families.ts: "paid", "payment" for "pay") is scored as its
 * fuzzy variants are, each family term with its own idf at the variant weight, summed into the
 * query term's sum after the term itself; a chunk matching one lists the query term as matched.
 *
 * Scores, ties and matched terms come out exactly as MiniSearch 7 computed them (the ranking
 * the evaluation validated): each query term's contributions are summed in the same order
 * (the term itself, then its prefix and fuzzy variants; text field, then section; chunks in the
 * order they were added) into that term's sum, which is then added to the chunk's total; the
 * total is multiplied by the number of query terms that matched; equal scores keep the order in
 * which chunks were first matched.
 */
import { bm25, fuzzyWeight, idf, prefixWeight, SECTION, TEXT, type Bm25Params } from './bm25';
import type { PostingList, PostingSource } from './lexical-segment';
import { utf8 } from './term-dictionary';

export interface ScoringIndex {
  /** Sources in chunk order. */
  readonly sources: readonly PostingSource[];
  /** Removed chunks still in each source (0: its postings are all live). */
  readonly dead: readonly number[];
  /** 1 for a live chunk, by chunk number. */
  readonly live: Uint8Array;
  /** Live chunks (BM25's N). */
  readonly chunks: number;
  readonly averages: readonly [number, number];
  readonly bm25: Bm25Params;
  /** Weight of each field (text, section). */
  readonly boosts: readonly [number, number];
}

export interface TermQuery {
  readonly term: string;
  /** Match terms one edit away (at `fuzzyWeight`). */
  readonly fuzzy: boolean;
  /** Match longer terms that start with it (at `prefixWeight`). */
  readonly prefix: boolean;
  /** Terms of its word family (word-families.ts: "paid", "payment" of "pai"), matched at `variantWeight`. */
  readonly variants?: readonly string[];
}

export interface ScoringOptions {
  readonly fuzzyWeight: number;
  readonly prefixWeight: number;
  /** Weight of a match of a term of the query term's family (0 when absent). */
  readonly variantWeight?: number;
  readonly limit: number;
  /** Chunks of documents whose number is not set here are skipped (null: every document). */
  readonly documents: Uint8Array | null;
  /** Only chunks of this section ordinal ('' for none). */
  readonly ordinal?: string | undefined;
}

export interface ScoredChunk {
  readonly chunk: number;
  readonly source: PostingSource;
  readonly score: number;
  /** Index terms matched in the chunk, as MiniSearch listed them. */
  readonly terms: string[];
}

interface Derived {
  readonly term: string;
  readonly weight: number;
  readonly handles: Int32Array;
  /** A term of the query term's family: a chunk holding it holds the query term's word too (matchedTerms). */
  readonly variant?: boolean;
}

export class LexicalScorer {
  private total = new Float64Array(0);
  private termSum = new Float64Array(0);
  private seen = new Uint32Array(0);
  private termSeen = new Uint32Array(0);
  private order = new Uint32Array(0);
  private quality = new Uint16Array(0);
  private touched = new Uint32Array(0);
  private termTouched = new Uint32Array(0);
  private epoch = 0;
  private termEpoch = 0;

  score(index: ScoringIndex, queries: readonly TermQuery[], options: ScoringOptions): ScoredChunk[] {
    const capacity = index.live.length;
    this.reserve(capacity);
    if (this.epoch >= 0xfffffff0 || this.termEpoch >= 0xfffffff0) this.resetEpochs();
    const epoch = ++this.epoch;
    const { total, termSum, seen, termSeen, order, quality, touched, termTouched } = this;
    let touchedCount = 0;
    const plan: Derived[][] = [];
    const { sources, live, chunks: n, averages, boosts } = index;
    const params = index.bm25;
    const ordinalCodes = options.ordinal === undefined ? null : sources.map((s) => s.ordinalCode(options.ordinal!));
    const documents = options.documents;

    for (const query of queries) {
      const derived = this.expand(index, query, options);
      plan.push(derived);
      const termEpoch = ++this.termEpoch;
      let termCount = 0;
      for (const { weight, handles } of derived) {
        for (const field of [TEXT, SECTION]) {
          const lists: (PostingList | null)[] = sources.map((s, i) => (handles[i]! >= 0 ? s.postings(handles[i]!, field) : null));
          const df = liveFrequency(sources, index.dead, lists, live);
          if (df === 0) continue;
          const invDocFreq = idf(df, n);
          const factor = weight * boosts[field]!;
          const average = averages[field]!;
          for (const [i, list] of lists.entries()) {
            if (!list) continue;
            const source = sources[i]!;
            const base = source.base;
            const lengths = source.fieldLength[field]!;
            const chunkDoc = source.chunkDoc;
            const chunkOrdinal = source.chunkOrdinal;
            const wantOrdinal = ordinalCodes ? ordinalCodes[i]! : -2;
            if (wantOrdinal === -1) continue;
            const { docs, tfs, end } = list;
            for (let p = list.start; p < end; p++) {
              const local = docs[p]!;
              const c = base + local;
              if (live[c] === 0) continue;
              if (documents !== null && documents[chunkDoc[local]!] !== 1) continue;
              if (wantOrdinal >= 0 && chunkOrdinal[local] !== wantOrdinal) continue;
              const contribution = factor * bm25(tfs[p]!, invDocFreq, lengths[local]!, average, params);
              if (termSeen[c] !== termEpoch) {
                termSeen[c] = termEpoch;
                termSum[c] = contribution;
                termTouched[termCount++] = c;
                if (seen[c] !== epoch) {
                  seen[c] = epoch;
                  quality[c] = 0;
                  order[c] = touchedCount;
                  touched[touchedCount++] = c;
                }
              } else termSum[c] = termSum[c]! + contribution;
            }
          }
        }
      }
      for (let t = 0; t < termCount; t++) {
        const c = termTouched[t]!;
        total[c] = quality[c] === 0 ? termSum[c]! : total[c]! + termSum[c]!;
        quality[c] = quality[c]! + 1;
      }
    }
    const best = this.top(touched, touchedCount, options.limit);
    return best.map((c) => {
      const source = sourceOf(sources, c);
      return { chunk: c, source, score: total[c]! * quality[c]!, terms: matchedTerms(sources, source, c, plan) };
    });
  }

  /** The query term with its prefix and fuzzy variants, looked up in every source. */
  private expand(index: ScoringIndex, query: TermQuery, options: ScoringOptions): Derived[] {
    const { sources } = index;
    const lookup = (term: string): Int32Array => {
      const key = utf8(term);
      return Int32Array.from(sources, (s) => s.lookup(term, key));
    };
    const out: Derived[] = [{ term: query.term, weight: 1, handles: lookup(query.term) }];
    const variantWeight = options.variantWeight ?? 0;
    if (variantWeight > 0) for (const term of query.variants ?? []) out.push({ term, weight: variantWeight, handles: lookup(term), variant: true });
    const prefixes = new Map<string, number>();
    if (query.prefix) for (const s of sources) s.longerWithPrefix(query.term, prefixes);
    const fuzzy = new Set<string>();
    if (query.fuzzy) for (const s of sources) s.oneEditAway(query.term, fuzzy);
    for (const d of out) {
      prefixes.delete(d.term);
      fuzzy.delete(d.term);
    }
    for (const [term, extra] of [...prefixes].sort(byTerm)) {
      fuzzy.delete(term);
      out.push({ term, weight: prefixWeight(options.prefixWeight, term.length, extra), handles: lookup(term) });
    }
    for (const term of [...fuzzy].sort()) out.push({ term, weight: fuzzyWeight(options.fuzzyWeight, term.length, 1), handles: lookup(term) });
    return out;
  }

  /** The `limit` best touched chunks: higher score first, then first matched. */
  private top(touched: Uint32Array, count: number, limit: number): number[] {
    const { total, quality, order } = this;
    const score = (c: number) => total[c]! * quality[c]!;
    // Worse first: a min-heap of chunk numbers by (score, -order).
    const worse = (a: number, b: number) => {
      const sa = score(a);
      const sb = score(b);
      return sa < sb || (sa === sb && order[a]! > order[b]!);
    };
    const heap: number[] = [];
    for (let i = 0; i < count; i++) {
      const c = touched[i]!;
      if (heap.length < limit) {
        heap.push(c);
        for (let j = heap.length - 1; j > 0; ) {
          const parent = (j - 1) >> 1;
          if (!worse(heap[j]!, heap[parent]!)) break;
          [heap[j], heap[parent]] = [heap[parent]!, heap[j]!];
          j = parent;
        }
      } else if (limit > 0 && worse(heap[0]!, c)) {
        heap[0] = c;
        for (let j = 0; ; ) {
          const l = 2 * j + 1;
          if (l >= heap.length) break;
          const r = l + 1;
          const m = r < heap.length && worse(heap[r]!, heap[l]!) ? r : l;
          if (!worse(heap[m]!, heap[j]!)) break;
          [heap[j], heap[m]] = [heap[m]!, heap[j]!];
          j = m;
        }
      }
    }
    return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
  }

  private reserve(capacity: number): void {
    if (this.total.length >= capacity) return;
    const size = Math.max(capacity, this.total.length * 2, 1024);
    this.total = new Float64Array(size);
    this.termSum = new Float64Array(size);
    this.seen = new Uint32Array(size);
    this.termSeen = new Uint32Array(size);
    this.order = new Uint32Array(size);
    this.quality = new Uint16Array(size);
    this.touched = new Uint32Array(size);
    this.termTouched = new Uint32Array(size);
    this.epoch = 0;
    this.termEpoch = 0;
  }

  private resetEpochs(): void {
    this.seen.fill(0);
    this.termSeen.fill(0);
    this.epoch = 0;
    this.termEpoch = 0;
  }
}

/** Live postings of a term in one field over every source (BM25's document frequency). */
function liveFrequency(sources: readonly PostingSource[], dead: readonly number[], lists: readonly (PostingList | null)[], live: Uint8Array): number {
  let df = 0;
  for (const [i, list] of lists.entries()) {
    if (!list) continue;
    if (dead[i] === 0) {
      df += list.end - list.start;
      continue;
    }
    const base = sources[i]!.base;
    const { docs, end } = list;
    for (let p = list.start; p < end; p++) if (live[base + docs[p]!] === 1) df++;
  }
  return df;
}

const byTerm = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export function sourceOf(sources: readonly PostingSource[], chunk: number): PostingSource {
  let lo = 0;
  let hi = sources.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (sources[mid]!.base <= chunk) lo = mid;
    else hi = mid - 1;
  }
  return sources[lo]!;
}

/** Whether a posting list holds local chunk `local` (postings are ascending). */
function holds(list: PostingList, local: number): boolean {
  let lo = list.start;
  let hi = list.end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = list.docs[mid]!;
    if (v === local) return true;
    if (v < local) lo = mid + 1;
    else hi = mid;
  }
  return false;
}

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * The index terms a chunk matched, in the order MiniSearch listed them (`Object.keys` of its
 * match object): in the order they were matched, array-index-like terms ("2024") first, ascending.
 */
function matchedTerms(sources: readonly PostingSource[], source: PostingSource, chunk: number, plan: readonly Derived[][]): string[] {
  const at = sources.indexOf(source);
  const local = chunk - source.base;
  const found = new Set<string>();
  for (const derived of plan) {
    for (const d of derived) {
      const handle = d.handles[at]!;
      if (handle < 0 || found.has(d.term)) continue;
      for (const field of [TEXT, SECTION]) {
        const list = source.postings(handle, field);
        if (list && holds(list, local)) {
          found.add(d.term);
          // "payment" found for "pay": the question's word is covered (sufficiency's coverage).
          if (d.variant) found.add(derived[0]!.term);
          break;
        }
      }
    }
  }
  const terms = [...found];
  const indices = terms.filter((t) => ARRAY_INDEX.test(t) && Number(t) < 0xffffffff).sort((a, b) => Number(a) - Number(b));
  return indices.length === 0 ? terms : [...indices, ...terms.filter((t) => !(ARRAY_INDEX.test(t) && Number(t) < 0xffffffff))];
}
