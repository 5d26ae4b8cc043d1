/**
 * A compact single-blob binary form of a VectorIndex, for export and benchmarks.
 * (In the app, vectors persist per document as VectorRecords; this is the whole-index form.)
 *
 * Layout, all little-endian:
 *   0   4 bytes  magic "CFVI"
 *   4   u16      version (1)
 *   6   u16      flags (0; reserved, e.g. for another storage type)
 *   8   u32      dim
 *   12  u32      row count (vectors)
 *   16  u32      document count
 *   20  str      model id            str = u32 byte length + UTF-8 bytes
 *   ... per document, in row order: str id, u32 language length (0xFFFFFFFF for none)
 *       + UTF-8 bytes, u32 row count
 *   ... zero padding to a multiple of 4
 *   ... u32 x rows     chunk seq of each row
 *   ... f32 x rows*dim the vectors, row-major
 * The buffer must end exactly there; anything else is refused as corrupt.
 */
import { IndexError } from '../errors';
import { VectorIndex } from './vector-index';

const VECTOR_CODEC_VERSION = 1;

const MAGIC = [0x43, 0x46, 0x56, 0x49]; // "CFVI"
const NO_LANGUAGE = 0xffffffff;
const HEADER_BYTES = 20;
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function encode(index: VectorIndex): ArrayBuffer {
  const encoder = new TextEncoder();
  const model = encoder.encode(index.modelId);
  const docs: { id: Uint8Array; language: Uint8Array | null; count: number }[] = [];
  let rows = 0;
  let idBytes = 0;
  for (const e of index.entries()) {
    const id = encoder.encode(e.documentId);
    const language = e.language === null ? null : encoder.encode(e.language);
    docs.push({ id, language, count: e.seqs.length });
    idBytes += 12 + id.length + (language?.length ?? 0);
    rows += e.seqs.length;
  }
  const dim = index.dim;
  const seqOffset = align4(HEADER_BYTES + 4 + model.length + idBytes);
  const floatOffset = seqOffset + rows * 4;
  const buffer = new ArrayBuffer(floatOffset + rows * dim * 4);
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);

  bytes.set(MAGIC, 0);
  view.setUint16(4, VECTOR_CODEC_VERSION, true);
  view.setUint16(6, 0, true);
  view.setUint32(8, dim, true);
  view.setUint32(12, rows, true);
  view.setUint32(16, docs.length, true);
  let at = HEADER_BYTES;
  const putBytes = (b: Uint8Array): void => {
    view.setUint32(at, b.length, true);
    bytes.set(b, at + 4);
    at += 4 + b.length;
  };
  putBytes(model);
  for (const d of docs) {
    putBytes(d.id);
    if (d.language === null) {
      view.setUint32(at, NO_LANGUAGE, true);
      at += 4;
    } else putBytes(d.language);
    view.setUint32(at, d.count, true);
    at += 4;
  }

  let seqAt = seqOffset;
  let floatAt = floatOffset;
  for (const e of index.entries()) {
    if (LITTLE_ENDIAN_HOST) {
      bytes.set(asBytes(e.seqs), seqAt);
      bytes.set(asBytes(e.data), floatAt);
    } else {
      for (let i = 0; i < e.seqs.length; i++) view.setUint32(seqAt + i * 4, e.seqs[i]!, true);
      for (let i = 0; i < e.data.length; i++) view.setFloat32(floatAt + i * 4, e.data[i]!, true);
    }
    seqAt += e.seqs.byteLength;
    floatAt += e.data.byteLength;
  }
  return buffer;
}

export function decode(input: ArrayBuffer | ArrayBufferView): VectorIndex {
  const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = bytes.length;
  if (size < HEADER_BYTES || MAGIC.some((b, i) => bytes[i] !== b)) corrupt('not a vector index (bad magic)');
  const version = view.getUint16(4, true);
  if (version !== VECTOR_CODEC_VERSION) corrupt(`unsupported version ${version} (expected ${VECTOR_CODEC_VERSION})`);
  const flags = view.getUint16(6, true);
  if (flags !== 0) corrupt(`unsupported flags ${flags}`);
  const dim = view.getUint32(8, true);
  const rows = view.getUint32(12, true);
  const docCount = view.getUint32(16, true);
  if (dim === 0 || dim > 1 << 16) corrupt(`invalid dimension ${dim}`);

  const decoder = new TextDecoder('utf-8', { fatal: true });
  let at = HEADER_BYTES;
  const need = (n: number, what: string): void => {
    if (at + n > size) corrupt(`truncated in ${what} at byte ${at} (${size} bytes)`);
  };
  const u32 = (what: string): number => {
    need(4, what);
    const v = view.getUint32(at, true);
    at += 4;
    return v;
  };
  const str = (length: number, what: string): string => {
    need(length, what);
    let s: string;
    try {
      s = decoder.decode(bytes.subarray(at, at + length));
    } catch {
      corrupt(`invalid UTF-8 in ${what} at byte ${at}`);
    }
    at += length;
    return s;
  };

  const modelId = str(u32('model id'), 'model id');
  if (modelId === '') corrupt('empty model id');
  // Every document takes at least 12 bytes: refuse an absurd count before allocating for it.
  if (docCount * 12 > size - at) corrupt(`truncated: ${docCount} documents cannot fit in ${size} bytes`);
  const documents: { documentId: string; language: string | null; count: number }[] = [];
  let counted = 0;
  for (let i = 0; i < docCount; i++) {
    const documentId = str(u32('document id'), 'document id');
    const languageLength = u32('language');
    const language = languageLength === NO_LANGUAGE ? null : str(languageLength, 'language');
    const count = u32('row count');
    counted += count;
    documents.push({ documentId, language, count });
  }
  if (counted !== rows) corrupt(`documents cover ${counted} rows, header says ${rows}`);
  const seqOffset = align4(at);
  const floatOffset = seqOffset + rows * 4;
  const expected = floatOffset + rows * dim * 4;
  if (size < expected) corrupt(`truncated: ${size} bytes, expected ${expected}`);
  if (size > expected) corrupt(`${size - expected} unexpected trailing bytes`);

  const seqs = new Uint32Array(rows);
  const data = new Float32Array(rows * dim);
  if (LITTLE_ENDIAN_HOST) {
    // Copy the bytes: the input may be unaligned, and the index must own its arrays.
    asBytes(seqs).set(bytes.subarray(seqOffset, floatOffset));
    asBytes(data).set(bytes.subarray(floatOffset, expected));
  } else {
    for (let i = 0; i < rows; i++) seqs[i] = view.getUint32(seqOffset + i * 4, true);
    for (let i = 0; i < data.length; i++) data[i] = view.getFloat32(floatOffset + i * 4, true);
  }
  return VectorIndex.adopt(modelId, dim, documents, seqs, data);
}

function align4(n: number): number {
  return Math.ceil(n / 4) * 4;
}

function asBytes(a: Uint32Array | Float32Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

function corrupt(reason: string): never {
  throw new IndexError('index/corrupt', `VectorIndex codec: ${reason}`);
}
