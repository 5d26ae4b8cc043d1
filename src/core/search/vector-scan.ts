/**
 * The hot loop of the flat vector index: exact dot products of a query against a run of rows of
 * one contiguous Float32Array, fed into a bounded top-k min-heap.
 *
 * Every row's score is computed with the SAME arithmetic wherever the row sits (in a block of
 * four or alone): two accumulators, even and odd coordinates, an odd last coordinate added to
 * the even one, then `even + odd`. So a vector scores bit-identically before and after a
 * compaction, a round trip or a re-add, and ties between equal vectors stay deterministic.
 *
 * The loop is unrolled four ways across rows (four rows per pass share each query load), which
 * measured ~1.8x faster in V8 than a single-row dot unrolled four ways along the coordinates
 * (20,000 x 1024: ~11 ms against ~20 ms; see src/cli/bench-vectors.ts).
 */

/** The score of one row: the reference arithmetic (see the module comment). */
export function dotRow(data: Float32Array, offset: number, query: Float32Array, dim: number): number {
  const pairEnd = dim - (dim & 1);
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairEnd; i += 2) {
    even += data[offset + i]! * query[i]!;
    odd += data[offset + i + 1]! * query[i + 1]!;
  }
  if (pairEnd < dim) even += data[offset + pairEnd]! * query[pairEnd]!;
  return even + odd;
}

/**
 * The k best (score, row) pairs seen so far. "Better" means a higher score, or the same score
 * and a lower row: ties go to the row added first, whatever order rows are offered in.
 * The root of the heap is the worst kept pair, so a candidate costs one comparison.
 */
export class TopK {
  private readonly scores: Float64Array;
  private readonly rowsKept: Int32Array;
  private n = 0;

  constructor(readonly k: number) {
    this.scores = new Float64Array(k);
    this.rowsKept = new Int32Array(k);
  }

  get length(): number {
    return this.n;
  }

  offer(score: number, row: number): void {
    const scores = this.scores;
    if (this.n < this.k) {
      this.siftUp(this.n++, score, row);
      return;
    }
    const worst = scores[0]!;
    if (score > worst || (score === worst && row < this.rowsKept[0]!)) this.siftDown(score, row);
  }

  /** The kept rows, in no particular order. */
  rows(): Int32Array {
    return this.rowsKept.subarray(0, this.n);
  }

  /** The kept pairs, best first. */
  sorted(): { score: number; row: number }[] {
    const out: { score: number; row: number }[] = [];
    for (let i = 0; i < this.n; i++) out.push({ score: this.scores[i]!, row: this.rowsKept[i]! });
    return out.sort((a, b) => b.score - a.score || a.row - b.row);
  }

  /** True when (s1, r1) ranks below (s2, r2). */
  private static worse(s1: number, r1: number, s2: number, r2: number): boolean {
    return s1 < s2 || (s1 === s2 && r1 > r2);
  }

  private siftUp(at: number, score: number, row: number): void {
    const { scores, rowsKept: rows } = this;
    let i = at;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!TopK.worse(score, row, scores[parent]!, rows[parent]!)) break;
      scores[i] = scores[parent]!;
      rows[i] = rows[parent]!;
      i = parent;
    }
    scores[i] = score;
    rows[i] = row;
  }

  /** Replaces the root with (score, row) and restores the heap. */
  private siftDown(score: number, row: number): void {
    const { scores, rowsKept: rows, n } = this;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      if (right < n && TopK.worse(scores[right]!, rows[right]!, scores[left]!, rows[left]!)) child = right;
      if (!TopK.worse(scores[child]!, rows[child]!, score, row)) break;
      scores[i] = scores[child]!;
      rows[i] = rows[child]!;
      i = child;
    }
    scores[i] = score;
    rows[i] = row;
  }
}

/**
 * Scores rows [from, to) of `data` (row-major, `dim` floats a row) and offers them to `top` as
 * rows `rowOffset + row`.
 */
export function scanRows(data: Float32Array, dim: number, query: Float32Array, from: number, to: number, top: TopK, rowOffset = 0): void {
  const pairEnd = dim - (dim & 1);
  const oddDim = pairEnd < dim;
  const blockEnd = to - ((to - from) & 3);
  let row = from;
  for (; row < blockEnd; row += 4) {
    const o0 = row * dim;
    const o1 = o0 + dim;
    const o2 = o1 + dim;
    const o3 = o2 + dim;
    let a0 = 0, a1 = 0, b0 = 0, b1 = 0, c0 = 0, c1 = 0, d0 = 0, d1 = 0; // prettier-ignore
    for (let i = 0; i < pairEnd; i += 2) {
      const q0 = query[i]!;
      const q1 = query[i + 1]!;
      a0 += data[o0 + i]! * q0;
      a1 += data[o0 + i + 1]! * q1;
      b0 += data[o1 + i]! * q0;
      b1 += data[o1 + i + 1]! * q1;
      c0 += data[o2 + i]! * q0;
      c1 += data[o2 + i + 1]! * q1;
      d0 += data[o3 + i]! * q0;
      d1 += data[o3 + i + 1]! * q1;
    }
    if (oddDim) {
      const ql = query[pairEnd]!;
      a0 += data[o0 + pairEnd]! * ql;
      b0 += data[o1 + pairEnd]! * ql;
      c0 += data[o2 + pairEnd]! * ql;
      d0 += data[o3 + pairEnd]! * ql;
    }
    top.offer(a0 + a1, rowOffset + row);
    top.offer(b0 + b1, rowOffset + row + 1);
    top.offer(c0 + c1, rowOffset + row + 2);
    top.offer(d0 + d1, rowOffset + row + 3);
  }
  for (; row < to; row++) top.offer(dotRow(data, row * dim, query, dim), rowOffset + row);
}
