/**
 * A small binary container for index snapshots: a magic, a version, a JSON header, then typed
 * arrays each aligned to 8 bytes. Opening one reads the header and makes views into the bytes:
 * nothing is parsed or copied, so a 100 MB index opens as fast as its bytes can be read.
 *
 *   0  4 bytes  magic (ASCII)
 *   4  u32      format version
 *   8  u32      header length in bytes
 *   12 ...      header: JSON {meta, arrays: [{name, kind, offset, length}], littleEndian}
 *   ...         the arrays, little-endian, each at an offset that is a multiple of 8
 */
import { IndexError } from '../errors';

export type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;
type Kind = 'u8' | 'u16' | 'u32' | 'i32' | 'f32' | 'f64';

const KINDS: Record<Kind, { new (buffer: ArrayBuffer, offset: number, length: number): TypedArray; BYTES_PER_ELEMENT: number }> = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  i32: Int32Array,
  f32: Float32Array,
  f64: Float64Array,
};

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function kindOf(a: TypedArray): Kind {
  if (a instanceof Uint8Array) return 'u8';
  if (a instanceof Uint16Array) return 'u16';
  if (a instanceof Uint32Array) return 'u32';
  if (a instanceof Int32Array) return 'i32';
  if (a instanceof Float32Array) return 'f32';
  return 'f64';
}

interface Header {
  readonly meta: Record<string, unknown>;
  readonly arrays: readonly { readonly name: string; readonly kind: Kind; readonly offset: number; readonly length: number }[];
  readonly littleEndian: boolean;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

export function packSections(magic: string, version: number, meta: Record<string, unknown>, arrays: Record<string, TypedArray>): Uint8Array {
  const entries = Object.entries(arrays);
  // Offsets depend on the header's length, which depends on the offsets: reserve digits generously.
  const describe = (start: number) => {
    let at = start;
    return entries.map(([name, a]) => {
      const offset = align8(at);
      at = offset + a.byteLength;
      return { name, kind: kindOf(a), offset, length: a.length };
    });
  };
  let headerBytes = new TextEncoder().encode(JSON.stringify({ meta, arrays: describe(0), littleEndian: LITTLE_ENDIAN }));
  const start = align8(12 + headerBytes.length + 16 * entries.length + 64);
  const header: Header = { meta, arrays: describe(start), littleEndian: LITTLE_ENDIAN };
  headerBytes = new TextEncoder().encode(JSON.stringify(header));
  if (12 + headerBytes.length > start) throw new IndexError('internal', 'binary sections: header overflow');
  const last = header.arrays[header.arrays.length - 1];
  const total = last ? last.offset + last.length * KINDS[last.kind].BYTES_PER_ELEMENT : start;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = magic.charCodeAt(i);
  view.setUint32(4, version, true);
  view.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, 12);
  for (const [i, [, a]] of entries.entries()) out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), header.arrays[i]!.offset);
  return out;
}

export interface Sections {
  readonly meta: Record<string, unknown>;
  readonly arrays: Readonly<Record<string, TypedArray>>;
}

/** Opens a container: views into `input` (copied once when it is not 8-byte aligned). */
export function unpackSections(input: Uint8Array | ArrayBuffer, magic: string, version: number, what: string): Sections {
  let bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const corrupt = (reason: string): never => {
    throw new IndexError('index/corrupt', `${what}: ${reason}`);
  };
  if (bytes.length < 12) corrupt(`truncated (${bytes.length} bytes)`);
  for (let i = 0; i < 4; i++) if (bytes[i] !== magic.charCodeAt(i)) corrupt('bad magic');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const v = view.getUint32(4, true);
  if (v !== version) corrupt(`format version ${v}, expected ${version}`);
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > bytes.length) corrupt('truncated header');
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(12, 12 + headerLength))) as Header;
  } catch {
    return corrupt('unreadable header');
  }
  if (header.littleEndian !== LITTLE_ENDIAN) corrupt('written on a machine of another byte order');
  const arrays: Record<string, TypedArray> = {};
  for (const a of header.arrays) {
    const type = KINDS[a.kind];
    if (!type || a.offset % 8 !== 0 || a.offset < 12 + headerLength || a.offset + a.length * type.BYTES_PER_ELEMENT > bytes.length) corrupt(`array ${a.name} out of bounds`);
    arrays[a.name] = new type(bytes.buffer as ArrayBuffer, bytes.byteOffset + a.offset, a.length);
  }
  return { meta: header.meta, arrays };
}
