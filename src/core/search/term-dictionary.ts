/**
 * The terms of one index segment, sorted by their UTF-8 bytes and packed in one byte array, so a
 * segment opens without decoding a single term: a lookup is a binary search over bytes, and
 * the query-time expansions (terms one edit away, terms with a prefix) read byte ranges.
 *
 * Terms one edit from a query term are found by the pigeonhole principle: cut the query term in
 * two halves; one edit changes at most one of them, so a match starts with the first half or
 * ends with the second. The first are a range of the sorted terms, the second a range of the
 * terms sorted by their reversed bytes (`reversed`, a permutation kept with the segment).
 */
import { withinOneEdit } from './edit-distance';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Byte order of two UTF-8 strings (the order of their code points). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

export class TermDictionary {
  /**
   * @param bytes the terms' UTF-8 bytes, in sorted order, back to back
   * @param offsets term i is bytes[offsets[i], offsets[i+1])
   * @param reversed term numbers sorted by their reversed bytes
   */
  constructor(
    readonly bytes: Uint8Array,
    readonly offsets: Uint32Array,
    readonly reversed: Uint32Array,
  ) {}

  get size(): number {
    return this.offsets.length - 1;
  }

  /** Builds a dictionary from encoded terms already in byte order. */
  static fromSorted(terms: readonly Uint8Array[]): TermDictionary {
    const offsets = new Uint32Array(terms.length + 1);
    let total = 0;
    for (const [i, t] of terms.entries()) {
      offsets[i] = total;
      total += t.length;
    }
    offsets[terms.length] = total;
    const bytes = new Uint8Array(total);
    for (const [i, t] of terms.entries()) bytes.set(t, offsets[i]);
    const reversed = Uint32Array.from({ length: terms.length }, (_, i) => i);
    const rev = terms.map((t) => t.slice().reverse());
    reversed.sort((a, b) => compareBytes(rev[a]!, rev[b]!));
    return new TermDictionary(bytes, offsets, reversed);
  }

  termBytes(i: number): Uint8Array {
    return this.bytes.subarray(this.offsets[i], this.offsets[i + 1]);
  }

  term(i: number): string {
    const start = this.offsets[i]!;
    const end = this.offsets[i + 1]!;
    const bytes = this.bytes;
    let ascii = end - start <= 64;
    for (let j = start; ascii && j < end; j++) if (bytes[j]! >= 0x80) ascii = false;
    return ascii ? String.fromCharCode(...bytes.subarray(start, end)) : decoder.decode(bytes.subarray(start, end));
  }

  /** Term number of `key`, or -1. */
  find(key: Uint8Array): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.compareAt(mid, key);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return -1;
  }

  /** Term numbers [from, to) of the terms that start with `prefix`. */
  prefixRange(prefix: Uint8Array): [number, number] {
    const from = this.lowerBound(prefix, false);
    let lo = from;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.startsWith(mid, prefix)) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }

  /** Positions [from, to) in `reversed` of the terms that end with `suffix`. */
  suffixRange(suffix: Uint8Array): [number, number] {
    const from = this.lowerBound(suffix, true);
    let lo = from;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.endsWith(this.reversed[mid]!, suffix)) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }

  /** The terms exactly one edit (insertion, deletion, substitution of a UTF-16 unit) from `term`. */
  oneEditAway(term: string, out: Set<string>): void {
    const n = term.length;
    const take = (i: number) => {
      const length = this.offsets[i + 1]! - this.offsets[i]!;
      // A UTF-16 unit is 1 to 3 UTF-8 bytes: a term one edit away has n ± 1 units.
      if (length < n - 1 || length > 3 * (n + 1)) return;
      const t = this.term(i);
      if (t !== term && Math.abs(t.length - n) <= 1 && withinOneEdit(term, t)) out.add(t);
    };
    if (n < 2) {
      for (let i = 0; i < this.size; i++) take(i);
      return;
    }
    let half = n >> 1;
    // Never cut a surrogate pair.
    const code = term.charCodeAt(half);
    if (code >= 0xdc00 && code <= 0xdfff) half++;
    const [pFrom, pTo] = this.prefixRange(utf8(term.slice(0, half)));
    for (let i = pFrom; i < pTo; i++) take(i);
    const [sFrom, sTo] = this.suffixRange(utf8(term.slice(half)));
    for (let i = sFrom; i < sTo; i++) take(this.reversed[i]!);
  }

  /** The terms that start with `prefix` and are longer. */
  longerWithPrefix(prefix: string, out: Map<string, number>): void {
    const [from, to] = this.prefixRange(utf8(prefix));
    for (let i = from; i < to; i++) {
      const t = this.term(i);
      if (t.length > prefix.length) out.set(t, t.length - prefix.length);
    }
  }

  private compareAt(i: number, key: Uint8Array): number {
    const bytes = this.bytes;
    const start = this.offsets[i]!;
    const length = this.offsets[i + 1]! - start;
    const n = Math.min(length, key.length);
    for (let j = 0; j < n; j++) {
      const d = bytes[start + j]! - key[j]!;
      if (d !== 0) return d;
    }
    return length - key.length;
  }

  private compareReversedAt(i: number, key: Uint8Array): number {
    const bytes = this.bytes;
    const end = this.offsets[i + 1]!;
    const length = end - this.offsets[i]!;
    const n = Math.min(length, key.length);
    for (let j = 1; j <= n; j++) {
      const d = bytes[end - j]! - key[key.length - j]!;
      if (d !== 0) return d;
    }
    return length - key.length;
  }

  /** First position whose term is not below `key` (in reversed order when `fromEnd`). */
  private lowerBound(key: Uint8Array, fromEnd: boolean): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = fromEnd ? this.compareReversedAt(this.reversed[mid]!, key) : this.compareAt(mid, key);
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private startsWith(i: number, prefix: Uint8Array): boolean {
    const start = this.offsets[i]!;
    if (this.offsets[i + 1]! - start < prefix.length) return false;
    for (let j = 0; j < prefix.length; j++) if (this.bytes[start + j] !== prefix[j]) return false;
    return true;
  }

  private endsWith(i: number, suffix: Uint8Array): boolean {
    const end = this.offsets[i + 1]!;
    if (end - this.offsets[i]! < suffix.length) return false;
    for (let j = 1; j <= suffix.length; j++) if (this.bytes[end - j] !== suffix[suffix.length - j]) return false;
    return true;
  }
}
