/**
 * Just enough protobuf decoding to list what an ONNX file uses (op types, opset, IR version),
 * so tests can pin the fixtures to operators every onnxruntime-web execution provider implements.
 */

interface Field {
  field: number;
  wire: number;
  value: bigint | Uint8Array;
}

function* fields(buf: Uint8Array): Generator<Field> {
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buf[pos++];
      if (byte === undefined) throw new Error('onnx-reader: truncated varint');
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (pos < buf.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wire = key & 7;
    if (wire === 0) yield { field, wire, value: varint() };
    else if (wire === 2) {
      const len = Number(varint());
      yield { field, wire, value: buf.subarray(pos, pos + len) };
      pos += len;
    } else if (wire === 5) {
      yield { field, wire, value: buf.subarray(pos, pos + 4) };
      pos += 4;
    } else if (wire === 1) {
      yield { field, wire, value: buf.subarray(pos, pos + 8) };
      pos += 8;
    } else throw new Error(`onnx-reader: unsupported wire type ${wire}`);
  }
}

const bytesOf = (f: Field): Uint8Array => (f.value instanceof Uint8Array ? f.value : new Uint8Array());
const text = (f: Field): string => new TextDecoder().decode(bytesOf(f));

export interface OnnxSummary {
  irVersion: number;
  opsets: Record<string, number>; // domain ('' = ai.onnx) → version
  ops: string[]; // distinct op types, sorted
  inputs: string[];
  outputs: string[];
}

export function summarizeOnnx(model: Uint8Array): OnnxSummary {
  const summary: OnnxSummary = { irVersion: 0, opsets: {}, ops: [], inputs: [], outputs: [] };
  const ops = new Set<string>();
  const valueName = (f: Field): string => {
    for (const g of fields(bytesOf(f))) if (g.field === 1) return text(g);
    return '';
  };
  for (const f of fields(model)) {
    if (f.field === 1 && typeof f.value === 'bigint') summary.irVersion = Number(f.value);
    if (f.field === 8) {
      let domain = '';
      let version = 0;
      for (const g of fields(bytesOf(f))) {
        if (g.field === 1) domain = text(g);
        if (g.field === 2 && typeof g.value === 'bigint') version = Number(g.value);
      }
      summary.opsets[domain] = version;
    }
    if (f.field === 7) {
      for (const g of fields(bytesOf(f))) {
        if (g.field === 1) for (const n of fields(bytesOf(g))) if (n.field === 4) ops.add(text(n));
        if (g.field === 11) summary.inputs.push(valueName(g));
        if (g.field === 12) summary.outputs.push(valueName(g));
      }
    }
  }
  summary.ops = [...ops].sort();
  return summary;
}
