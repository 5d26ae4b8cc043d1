/**
 * Where the lexical index keeps its postings: sealed, immutable segments (typed arrays, each
 * covering a contiguous run of chunk numbers, persisted once as one binary blob) and one
 * mutable buffer holding the chunks added since the last seal. Queries read both the same way
 * through PostingSource.
 *
 * A chunk number is given once, in the order chunks are added, and never reused; postings list
 * chunks in that order (as a segment's local numbers, `chunk - base`). A removed chunk stays in
 * its segment until the segment is merged (its postings are then dropped; the index's `live`
 * array says which chunks count).
 *
 * Length: just over 400 lines: the sealed segment and the mutable buffer are one format (the
 * same PostingSource reads, the buffer seals into a segment), kept in one place so they cannot drift.
 */
import { SECTION, TEXT } from './bm25';
import { packSections, unpackSections, type TypedArray } from './binary-sections';
import { withinOneEdit } from './edit-distance';
import { compareBytes, TermDictionary, utf8 } from './term-dictionary';

/** A term's postings in one field: local chunk numbers (ascending) and term frequencies, [start, end). */
export interface PostingList {
  readonly docs: ArrayLike<number>;
  readonly tfs: ArrayLike<number>;
  readonly start: number;
  readonly end: number;
}

export interface PostingSource {
  /** First chunk number; the source covers [base, base + count). */
  readonly base: number;
  readonly count: number;
  /** Per local chunk: document number, chunk seq, field lengths (unique terms), section ordinal code. */
  readonly chunkDoc: ArrayLike<number>;
  readonly chunkSeq: ArrayLike<number>;
  readonly fieldLength: readonly [ArrayLike<number>, ArrayLike<number>];
  readonly chunkOrdinal: ArrayLike<number>;
  /** The code chunks of section ordinal `ordinal` carry in chunkOrdinal, or -1 when none does. */
  ordinalCode(ordinal: string): number;
  /** A handle on the term's postings, or -1 when the source has no such term. */
  lookup(term: string, key: Uint8Array): number;
  postings(handle: number, field: number): PostingList | null;
  oneEditAway(term: string, out: Set<string>): void;
  longerWithPrefix(prefix: string, out: Map<string, number>): void;
}

interface BufferTerm {
  readonly docs: [number[], number[]];
  readonly tfs: [number[], number[]];
}

/** The mutable tail of the index: chunks added since the last seal. */
export class LexicalBuffer implements PostingSource {
  readonly chunkDoc: number[] = [];
  readonly chunkSeq: number[] = [];
  readonly fieldLength: [number[], number[]] = [[], []];
  readonly chunkOrdinal: number[] = [];
  private readonly ordinals: string[] = [];
  private readonly ordinalCodes = new Map<string, number>();
  private readonly handles = new Map<string, number>();
  private readonly terms: BufferTerm[] = [];
  private readonly names: string[] = [];

  constructor(readonly base: number) {}

  get count(): number {
    return this.chunkDoc.length;
  }

  /** Adds a chunk (its terms per field, in order, duplicates kept); returns its chunk number. */
  addChunk(doc: number, seq: number, ordinal: string, fields: readonly [readonly string[], readonly string[]], lengths: readonly [number, number]): number {
    const local = this.addRow(doc, seq, ordinal, lengths);
    for (const field of [TEXT, SECTION]) {
      for (const term of fields[field]!) {
        const entry = this.entry(term);
        const docs = entry.docs[field]!;
        const last = docs.length - 1;
        if (last >= 0 && docs[last] === local) entry.tfs[field]![last]!++;
        else {
          docs.push(local);
          entry.tfs[field]!.push(1);
        }
      }
    }
    return this.base + local;
  }

  /** Adds a chunk's row without postings (see addPosting); returns its local number. */
  addRow(doc: number, seq: number, ordinal: string, lengths: readonly [number, number]): number {
    const local = this.chunkDoc.length;
    this.chunkDoc.push(doc);
    this.chunkSeq.push(seq);
    this.fieldLength[TEXT].push(lengths[TEXT]);
    this.fieldLength[SECTION].push(lengths[SECTION]);
    let code = this.ordinalCodes.get(ordinal);
    if (code === undefined) {
      code = this.ordinals.length;
      this.ordinals.push(ordinal);
      this.ordinalCodes.set(ordinal, code);
    }
    this.chunkOrdinal.push(code);
    return local;
  }

  /** Adds one posting; a term's postings must come in ascending local order. */
  addPosting(term: string, field: number, local: number, tf: number): void {
    const entry = this.entry(term);
    entry.docs[field]!.push(local);
    entry.tfs[field]!.push(tf);
  }

  private entry(term: string): BufferTerm {
    let handle = this.handles.get(term);
    if (handle === undefined) {
      handle = this.terms.length;
      this.terms.push({ docs: [[], []], tfs: [[], []] });
      this.names.push(term);
      this.handles.set(term, handle);
    }
    return this.terms[handle]!;
  }

  ordinalCode(ordinal: string): number {
    return this.ordinalCodes.get(ordinal) ?? -1;
  }

  ordinal(code: number): string {
    return this.ordinals[code] ?? '';
  }

  lookup(term: string): number {
    return this.handles.get(term) ?? -1;
  }

  postings(handle: number, field: number): PostingList | null {
    const docs = this.terms[handle]!.docs[field]!;
    return docs.length === 0 ? null : { docs, tfs: this.terms[handle]!.tfs[field]!, start: 0, end: docs.length };
  }

  oneEditAway(term: string, out: Set<string>): void {
    const n = term.length;
    for (const t of this.names) {
      if (Math.abs(t.length - n) > 1 || t === term) continue;
      if (withinOneEdit(term, t)) out.add(t);
    }
  }

  longerWithPrefix(prefix: string, out: Map<string, number>): void {
    for (const t of this.names) if (t.length > prefix.length && t.startsWith(prefix)) out.set(t, t.length - prefix.length);
  }

  /** Terms with their postings, for sealing. */
  entries(): Iterable<[string, BufferTerm]> {
    return this.names.map((name, i) => [name, this.terms[i]!] as [string, BufferTerm]);
  }

  ordinalList(): readonly string[] {
    return this.ordinals;
  }
}

interface FieldArrays {
  readonly start: Uint32Array;
  readonly docs: Uint16Array | Uint32Array;
  readonly tfs: Uint16Array | Uint32Array;
}

const SEGMENT_MAGIC = 'CFLS';
const SEGMENT_FORMAT_VERSION = 1;

/** An immutable run of chunks with their postings, as typed arrays (views into its blob once loaded). */
export class Segment implements PostingSource {
  private ordinals: string[] | null = null;

  private constructor(
    readonly id: string,
    readonly base: number,
    readonly count: number,
    readonly chunkDoc: Uint32Array,
    readonly chunkSeq: Uint32Array,
    readonly fieldLength: readonly [Uint32Array, Uint32Array],
    readonly chunkOrdinal: Int32Array,
    private readonly ordinalBytes: Uint8Array,
    readonly dictionary: TermDictionary,
    private readonly fields: readonly [FieldArrays, FieldArrays],
  ) {}

  get terms(): number {
    return this.dictionary.size;
  }

  get postingCount(): number {
    return this.fields[TEXT].docs.length + this.fields[SECTION].docs.length;
  }

  /** Bytes held by the typed arrays. */
  get bytes(): number {
    let n = this.chunkDoc.byteLength * 5 + this.ordinalBytes.byteLength + this.dictionary.bytes.byteLength + this.dictionary.offsets.byteLength * 2;
    for (const f of this.fields) n += f.start.byteLength + f.docs.byteLength + f.tfs.byteLength;
    return n;
  }

  ordinalCode(ordinal: string): number {
    this.ordinals ??= JSON.parse(new TextDecoder().decode(this.ordinalBytes)) as string[];
    return this.ordinals.indexOf(ordinal);
  }

  lookup(_term: string, key: Uint8Array): number {
    return this.dictionary.find(key);
  }

  postings(handle: number, field: number): PostingList | null {
    const f = this.fields[field]!;
    const start = f.start[handle]!;
    const end = f.start[handle + 1]!;
    return start === end ? null : { docs: f.docs, tfs: f.tfs, start, end };
  }

  oneEditAway(term: string, out: Set<string>): void {
    this.dictionary.oneEditAway(term, out);
  }

  longerWithPrefix(prefix: string, out: Map<string, number>): void {
    this.dictionary.longerWithPrefix(prefix, out);
  }

  /** Seals a buffer. */
  static fromBuffer(id: string, buffer: LexicalBuffer): Segment {
    const entries = [...buffer.entries()].map(([term, data]) => ({ key: utf8(term), data }));
    entries.sort((a, b) => compareBytes(a.key, b.key));
    const fields = [TEXT, SECTION].map((field) => {
      const lists = entries.map((e) => ({ docs: e.data.docs[field]!, tfs: e.data.tfs[field]! }));
      return fieldArrays(buffer.count, lists);
    }) as [FieldArrays, FieldArrays];
    return new Segment(
      id,
      buffer.base,
      buffer.count,
      Uint32Array.from(buffer.chunkDoc),
      Uint32Array.from(buffer.chunkSeq),
      [Uint32Array.from(buffer.fieldLength[TEXT]), Uint32Array.from(buffer.fieldLength[SECTION])],
      Int32Array.from(buffer.chunkOrdinal),
      utf8(JSON.stringify(buffer.ordinalList())),
      TermDictionary.fromSorted(entries.map((e) => e.key)),
      fields,
    );
  }

  /**
   * Merges adjacent segments (in chunk order) into one covering their runs; postings of chunks
   * that are no longer live are dropped, and terms left without postings with them.
   */
  static merge(id: string, segments: readonly Segment[], live: (chunk: number) => boolean): Segment {
    const first = segments[0]!;
    const base = first.base;
    const last = segments[segments.length - 1]!;
    const count = last.base + last.count - base;
    const concat = <T extends Uint32Array | Int32Array>(make: (n: number) => T, pick: (s: Segment) => T): T => {
      const out = make(count);
      for (const s of segments) out.set(pick(s), s.base - base);
      return out;
    };
    // Ordinal codes are per segment: renumber them into one list.
    const ordinals: string[] = [];
    const codes = new Map<string, number>();
    const chunkOrdinal = new Int32Array(count);
    for (const s of segments) {
      const list = JSON.parse(new TextDecoder().decode(s.ordinalBytes)) as string[];
      const remap = list.map((o) => {
        let c = codes.get(o);
        if (c === undefined) {
          c = ordinals.length;
          ordinals.push(o);
          codes.set(o, c);
        }
        return c;
      });
      for (let i = 0; i < s.count; i++) chunkOrdinal[s.base - base + i] = remap[s.chunkOrdinal[i]!]!;
    }
    // The union of the terms, in byte order: a k-way merge of the sorted dictionaries.
    const cursors = segments.map(() => 0);
    const terms: { key: Uint8Array; from: { segment: number; handle: number }[] }[] = [];
    for (;;) {
      let best: Uint8Array | null = null;
      for (const [i, s] of segments.entries()) {
        if (cursors[i]! >= s.terms) continue;
        const key = s.dictionary.termBytes(cursors[i]!);
        if (best === null || compareBytes(key, best) < 0) best = key;
      }
      if (best === null) break;
      const from: { segment: number; handle: number }[] = [];
      for (const [i, s] of segments.entries()) {
        if (cursors[i]! < s.terms && compareBytes(s.dictionary.termBytes(cursors[i]!), best) === 0) from.push({ segment: i, handle: cursors[i]!++ });
      }
      terms.push({ key: best.slice(), from });
    }
    // Two passes straight into typed arrays: count each term's live postings, then copy them.
    const counts = [TEXT, SECTION].map(() => new Uint32Array(terms.length));
    let maxTf = 0;
    const eachLive = (t: (typeof terms)[number], field: number, visit: (local: number, tf: number) => void) => {
      for (const { segment, handle } of t.from) {
        const s = segments[segment]!;
        const p = s.postings(handle, field);
        if (!p) continue;
        const shift = s.base - base;
        for (let i = p.start; i < p.end; i++) if (live(s.base + p.docs[i]!)) visit(p.docs[i]! + shift, p.tfs[i]!);
      }
    };
    const kept: number[] = [];
    for (const [ti, t] of terms.entries()) {
      for (const field of [TEXT, SECTION]) {
        let n = 0;
        eachLive(t, field, (_, tf) => {
          n++;
          if (tf > maxTf) maxTf = tf;
        });
        counts[field]![ti] = n;
      }
      if (counts[TEXT]![ti]! + counts[SECTION]![ti]! > 0) kept.push(ti);
    }
    const fields = [TEXT, SECTION].map((field) => {
      const start = new Uint32Array(kept.length + 1);
      let total = 0;
      for (const [k, ti] of kept.entries()) {
        start[k] = total;
        total += counts[field]![ti]!;
      }
      start[kept.length] = total;
      const docs = count <= 0x10000 ? new Uint16Array(total) : new Uint32Array(total);
      const tfs = maxTf <= 0xffff ? new Uint16Array(total) : new Uint32Array(total);
      let at = 0;
      for (const ti of kept) {
        eachLive(terms[ti]!, field, (local, tf) => {
          docs[at] = local;
          tfs[at++] = tf;
        });
      }
      return { start, docs, tfs };
    }) as [FieldArrays, FieldArrays];
    return new Segment(
      id,
      base,
      count,
      concat((n) => new Uint32Array(n), (s) => s.chunkDoc),
      concat((n) => new Uint32Array(n), (s) => s.chunkSeq),
      [concat((n) => new Uint32Array(n), (s) => s.fieldLength[TEXT]), concat((n) => new Uint32Array(n), (s) => s.fieldLength[SECTION])],
      chunkOrdinal,
      utf8(JSON.stringify(ordinals)),
      TermDictionary.fromSorted(kept.map((ti) => terms[ti]!.key)),
      fields,
    );
  }

  encode(): Uint8Array {
    const arrays: Record<string, TypedArray> = {
      chunkDoc: this.chunkDoc,
      chunkSeq: this.chunkSeq,
      textLength: this.fieldLength[TEXT],
      sectionLength: this.fieldLength[SECTION],
      chunkOrdinal: this.chunkOrdinal,
      ordinals: this.ordinalBytes,
      termBytes: this.dictionary.bytes,
      termOffsets: this.dictionary.offsets,
      termReversed: this.dictionary.reversed,
    };
    for (const [i, f] of this.fields.entries()) {
      arrays[`start${i}`] = f.start;
      arrays[`docs${i}`] = f.docs;
      arrays[`tfs${i}`] = f.tfs;
    }
    return packSections(SEGMENT_MAGIC, SEGMENT_FORMAT_VERSION, { id: this.id, base: this.base, count: this.count }, arrays);
  }

  static decode(bytes: Uint8Array | ArrayBuffer): Segment {
    const { meta, arrays: a } = unpackSections(bytes, SEGMENT_MAGIC, SEGMENT_FORMAT_VERSION, 'lexical index segment');
    const field = (i: number): FieldArrays => ({ start: a[`start${i}`] as Uint32Array, docs: a[`docs${i}`] as Uint16Array | Uint32Array, tfs: a[`tfs${i}`] as Uint16Array | Uint32Array });
    return new Segment(
      String(meta['id']),
      Number(meta['base']),
      Number(meta['count']),
      a['chunkDoc'] as Uint32Array,
      a['chunkSeq'] as Uint32Array,
      [a['textLength'] as Uint32Array, a['sectionLength'] as Uint32Array],
      a['chunkOrdinal'] as Int32Array,
      a['ordinals'] as Uint8Array,
      new TermDictionary(a['termBytes'] as Uint8Array, a['termOffsets'] as Uint32Array, a['termReversed'] as Uint32Array),
      [field(0), field(1)],
    );
  }
}

/** Packs per-term posting lists into one field's arrays (16-bit where the values fit). */
function fieldArrays(count: number, lists: readonly { readonly docs: readonly number[]; readonly tfs: readonly number[] }[]): FieldArrays {
  const start = new Uint32Array(lists.length + 1);
  let total = 0;
  let maxTf = 0;
  for (const [i, l] of lists.entries()) {
    start[i] = total;
    total += l.docs.length;
    for (const tf of l.tfs) if (tf > maxTf) maxTf = tf;
  }
  start[lists.length] = total;
  const docs = count <= 0x10000 ? new Uint16Array(total) : new Uint32Array(total);
  const tfs = maxTf <= 0xffff ? new Uint16Array(total) : new Uint32Array(total);
  for (const [i, l] of lists.entries()) {
    docs.set(l.docs, start[i]);
    tfs.set(l.tfs, start[i]);
  }
  return { start, docs, tfs };
}
