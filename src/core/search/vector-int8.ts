/**
 * The vector index's fast scan: every vector also kept as signed bytes (one scale per vector),
 * scanned with a WebAssembly SIMD kernel (vector-kernel.wat) at a quarter of the bytes of the
 * float32 scan; the best candidates are then rescored exactly in float32 by the index, so the
 * scores returned are exact. Where SIMD is not available (or a policy forbids compiling the
 * kernel) there are no int8 rows at all and the index scans float32 exactly: a scalar int8 scan
 * in JavaScript is slower than the float32 one (measured: src/cli/bench-vectors.ts).
 *
 * The rows live in the kernel's own memory (WebAssembly reads nothing else), after a query slot
 * and an output slot; growing it moves nothing the index keeps (views are made again).
 */
import type { TopK } from './vector-scan';
import { VECTOR_KERNEL_BASE64 } from './vector-kernel';

const PAGE = 65536;
/** Rows scored per kernel call (the output slot). */
const OUT_ROWS = 4096;
const align = (n: number, to: number) => Math.ceil(n / to) * to;

let compiled: WebAssembly.Module | null | undefined;

/** The kernel, compiled once; null where WebAssembly SIMD cannot run. */
export function vectorKernel(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  compiled = null;
  try {
    if (typeof WebAssembly === 'object') {
      const binary = atob(VECTOR_KERNEL_BASE64);
      const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
      if (WebAssembly.validate(bytes)) compiled = new WebAssembly.Module(bytes);
    }
  } catch {
    compiled = null;
  }
  return compiled;
}

/** Bytes a row takes: the dimension rounded up to 16 (the kernel reads 16 at a time). */
export function int8Stride(dim: number): number {
  return align(dim, 16);
}

/**
 * Writes `vector` as signed bytes in [-127, 127] into `into` (the rest of the stride stays as it
 * is: zero) and returns the scale (value = byte × scale).
 */
export function quantize(vector: Float32Array, offset: number, dim: number, into: Int8Array, at: number): number {
  let max = 0;
  for (let i = 0; i < dim; i++) {
    const a = Math.abs(vector[offset + i]!);
    if (a > max) max = a;
  }
  if (max === 0) {
    into.fill(0, at, at + dim);
    return 0;
  }
  const k = 127 / max;
  for (let i = 0; i < dim; i++) into[at + i] = Math.round(vector[offset + i]! * k);
  return max / 127;
}

/** The kernel's arithmetic in JavaScript: out[r] = Σ data[r·stride + j] · q[j] (the reference the tests hold it to). */
export function int8Dots(q: Int8Array, qAt: number, data: Int8Array, dataAt: number, rows: number, stride: number, out: Int32Array): void {
  for (let r = 0; r < rows; r++) {
    let sum = 0;
    const o = dataAt + r * stride;
    for (let j = 0; j < stride; j++) sum += data[o + j]! * q[qAt + j]!;
    out[r] = sum;
  }
}

type Dots = (q: number, data: number, rows: number, stride: number, out: number) => void;

/** Int8 rows in the kernel's memory, with their scales. */
export class Int8Rows {
  readonly stride: number;
  private readonly memory: WebAssembly.Memory;
  private readonly dots: Dots;
  private readonly outAt: number;
  private readonly dataAt: number;
  private bytes: Int8Array;
  private out: Int32Array;
  private scales = new Float32Array(0);
  private capacity = 0;

  constructor(
    kernel: WebAssembly.Module,
    readonly dim: number,
  ) {
    this.stride = int8Stride(dim);
    this.outAt = align(this.stride, 64);
    this.dataAt = align(this.outAt + OUT_ROWS * 4, 64);
    const instance = new WebAssembly.Instance(kernel, {});
    this.memory = instance.exports['memory'] as WebAssembly.Memory;
    this.dots = instance.exports['dots'] as Dots;
    const pages = Math.ceil(this.dataAt / PAGE) - this.memory.buffer.byteLength / PAGE;
    if (pages > 0) this.memory.grow(pages);
    this.bytes = new Int8Array(this.memory.buffer);
    this.out = new Int32Array(this.memory.buffer, this.outAt, OUT_ROWS);
  }

  /** Bytes held: the kernel's memory and the scales. */
  get memoryBytes(): number {
    return this.memory.buffer.byteLength + this.scales.byteLength;
  }

  /** Makes room for `rows` rows (growing the memory never moves the rows). Throws RangeError when memory runs out. */
  reserve(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(rows, Math.ceil(this.capacity * 1.5), 64);
    const needed = this.dataAt + capacity * this.stride;
    const have = this.memory.buffer.byteLength;
    if (needed > have) {
      this.memory.grow(Math.ceil((needed - have) / PAGE));
      this.bytes = new Int8Array(this.memory.buffer);
      this.out = new Int32Array(this.memory.buffer, this.outAt, OUT_ROWS);
    }
    const scales = new Float32Array(capacity);
    scales.set(this.scales);
    this.scales = scales;
    this.capacity = capacity;
  }

  /** Row `row` := `count` vectors of `data` (float32, `dim` a row), quantized. */
  write(row: number, data: Float32Array, count: number): void {
    const { dim, stride, bytes, scales } = this;
    for (let i = 0; i < count; i++) scales[row + i] = quantize(data, i * dim, dim, bytes, this.dataAt + (row + i) * stride);
  }

  /** Moves `count` rows from `from` to `to` (overlap allowed). */
  move(to: number, from: number, count: number): void {
    if (to === from || count === 0) return;
    const { stride } = this;
    this.bytes.copyWithin(this.dataAt + to * stride, this.dataAt + from * stride, this.dataAt + (from + count) * stride);
    this.scales.copyWithin(to, from, from + count);
  }

  /**
   * Approximate scores (int8 dot × the row's scale; the query's scale is the same for every row,
   * so it is left out) of rows [start, start + count) of each range, offered to `top`.
   */
  scan(query: Float32Array, ranges: readonly { readonly start: number; readonly count: number }[], top: TopK): void {
    const { bytes, stride, scales } = this;
    bytes.fill(0, 0, stride);
    quantize(query, 0, this.dim, bytes, 0);
    const out = this.out;
    for (const { start, count } of ranges) {
      for (let done = 0; done < count; done += OUT_ROWS) {
        const n = Math.min(OUT_ROWS, count - done);
        const first = start + done;
        this.dots(0, this.dataAt + first * stride, n, stride, this.outAt);
        for (let i = 0; i < n; i++) top.offer(out[i]! * scales[first + i]!, first + i);
      }
    }
  }

  /** The int8 dot products of rows [start, start + count) with the query as it was last quantized (tests). */
  rawDots(start: number, count: number): Int32Array {
    const result = new Int32Array(count);
    for (let done = 0; done < count; done += OUT_ROWS) {
      const n = Math.min(OUT_ROWS, count - done);
      this.dots(0, this.dataAt + (start + done) * this.stride, n, this.stride, this.outAt);
      result.set(this.out.subarray(0, n), done);
    }
    return result;
  }

  /** Rows [start, start + count) and the quantized query as bytes (tests). */
  rowBytes(start: number, count: number): { rows: Int8Array; query: Int8Array } {
    return { rows: this.bytes.slice(this.dataAt + start * this.stride, this.dataAt + (start + count) * this.stride), query: this.bytes.slice(0, this.stride) };
  }

  /** Quantizes a query into the query slot (tests). */
  setQuery(query: Float32Array): void {
    this.bytes.fill(0, 0, this.stride);
    quantize(query, 0, this.dim, this.bytes, 0);
  }
}
