/**
 * A minimal password-protected PDF, written byte by byte (pdf-lib cannot encrypt): the PDF
 * Standard security handler, revision 2 (40-bit RC4), per ISO 32000-1 §7.6.3 algorithms 2–4.
 * One page showing `text` in Helvetica, an Info dictionary with an encrypted /Title.
 */
import { createHash } from 'node:crypto';

const PAD = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};

function padded(password: string): Uint8Array {
  const bytes = new TextEncoder().encode(password).slice(0, 32);
  const out = new Uint8Array(32);
  out.set(bytes);
  out.set(PAD.subarray(0, 32 - bytes.length), bytes.length);
  return out;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

export function makeEncryptedPdf(userPassword: string, text: string, title = 'Sealed Settlement'): Uint8Array {
  const ownerPassword = `${userPassword}-owner`;
  const permissions = -44;
  const id = md5(latin1(`casefile-test-${userPassword}`));
  // Algorithm 3: the O entry.
  const ownerKey = md5(padded(ownerPassword)).subarray(0, 5);
  const O = rc4(ownerKey, padded(userPassword));
  // Algorithm 2: the file key.
  const p = new Uint8Array(4);
  new DataView(p.buffer).setInt32(0, permissions, true);
  const key = md5(padded(userPassword), O, p, id).subarray(0, 5);
  // Algorithm 4: the U entry.
  const U = rc4(key, PAD);
  const objectKey = (num: number) => md5(key, Uint8Array.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, 0, 0])).subarray(0, 10);

  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = rc4(objectKey(5), latin1(`BT /F1 20 Tf 72 700 Td (${escaped}) Tj ET`));
  const encTitle = rc4(objectKey(7), latin1(title));

  const chunks: Uint8Array[] = [];
  let length = 0;
  const offsets: number[] = [];
  const put = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? latin1(part) : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  const obj = (num: number, body: string | (string | Uint8Array)[]) => {
    offsets[num] = length;
    put(`${num} 0 obj\n`);
    for (const part of Array.isArray(body) ? body : [body]) put(part);
    put('\nendobj\n');
  };
  put('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>');
  obj(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  obj(5, [`<< /Length ${content.length} >>\nstream\n`, content, '\nendstream']);
  obj(6, `<< /Filter /Standard /V 1 /R 2 /O <${hex(O)}> /U <${hex(U)}> /P ${permissions} >>`);
  obj(7, `<< /Title <${hex(encTitle)}> /Producer (casefile test) >>`.replace('(casefile test)', `<${hex(rc4(objectKey(7), latin1('casefile test')))}>`));
  const xref = length;
  put(`xref\n0 8\n0000000000 65535 f \n`);
  for (let n = 1; n <= 7; n++) put(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  put(`trailer\n<< /Size 8 /Root 1 0 R /Info 7 0 R /Encrypt 6 0 R /ID [<${hex(id)}> <${hex(id)}>] >>\nstartxref\n${xref}\n%%EOF\n`);

  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
