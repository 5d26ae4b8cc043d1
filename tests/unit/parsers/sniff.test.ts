import { describe, expect, it } from 'vitest';
import { decodeWindows1252, extensionOf, sniff, tryDecodeText } from '../../../src/parsers/sniff';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

function utf16(text: string, endian: 'le' | 'be', bom = true): Uint8Array {
  const out: number[] = bom ? (endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out.push(...(endian === 'le' ? [c & 0xff, c >> 8] : [c >> 8, c & 0xff]));
  }
  return Uint8Array.from(out);
}

/** Deterministic pseudo-random bytes. */
function garbage(n: number, seed = 7): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe('sniff: magic numbers win over the name', () => {
  it.each([
    ['a.pdf', bytes('%PDF-1.7\n...'), 'pdf', 'application/pdf'],
    ['junk-before-header.pdf', bytes('\r\n\r\n%PDF-1.4\n'), 'pdf', 'application/pdf'],
    ['a.png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png', 'image/png'],
    ['a.jpg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'jpeg', 'image/jpeg'],
    ['a.tif', bytes([0x49, 0x49, 0x2a, 0x00, 8, 0]), 'tiff', 'image/tiff'],
    ['b.tif', bytes([0x4d, 0x4d, 0x00, 0x2a, 0, 8]), 'tiff', 'image/tiff'],
    ['report.pdf', bytes([0x50, 0x4b, 0x03, 0x04], 'xxxx[Content_Types].xml....word/document.xml'), 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['archive.pdf', bytes([0x50, 0x4b, 0x03, 0x04], 'xxxxdata/file.bin'), 'zip', 'application/zip'],
    ['page.txt', bytes('<!DOCTYPE html><html><body>x</body></html>'), 'html', 'text/html'],
    ['page', bytes('  <html lang="en"><head></head></html>'), 'html', 'text/html'],
    ['notes.pdf', bytes('Just some notes, not a PDF at all.'), 'text', 'text/plain'],
    ['notes.md', bytes('# Heading\n\nBody'), 'markdown', 'text/markdown'],
    ['notes.markdown', bytes('Body'), 'markdown', 'text/markdown'],
    ['empty.txt', new Uint8Array(), 'empty', 'application/octet-stream'],
  ])('%s → %s', (name, data, kind, mediaType) => {
    const s = sniff(data, name);
    expect(s.kind).toBe(kind);
    expect(s.mediaType).toBe(mediaType);
  });

  it('calls random bytes binary, whatever the name', () => {
    expect(sniff(garbage(4096), 'notes.txt').kind).toBe('binary');
    expect(sniff(garbage(4096, 99), 'x.md').kind).toBe('binary');
  });

  it('reads extensions case-insensitively', () => {
    expect(extensionOf('Contract.PDF')).toBe('pdf');
    expect(extensionOf('dir.v2/README')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
  });
});

describe('text decoding', () => {
  const sample = 'Café “quoted” — €5 naïve';

  it('UTF-8 with and without BOM', () => {
    expect(tryDecodeText(bytes('plain ascii'))).toEqual({ text: 'plain ascii', encoding: 'utf-8', bom: false });
    expect(tryDecodeText(bytes([0xef, 0xbb, 0xbf], sample))).toEqual({ text: sample, encoding: 'utf-8', bom: true });
  });

  it('UTF-16 LE and BE with BOM', () => {
    expect(tryDecodeText(utf16(sample, 'le'))).toEqual({ text: sample, encoding: 'utf-16le', bom: true });
    expect(tryDecodeText(utf16(sample, 'be'))).toEqual({ text: sample, encoding: 'utf-16be', bom: true });
  });

  it('UTF-16 LE without BOM (by its NUL pattern)', () => {
    const text = 'This agreement is made between the parties named below.';
    expect(tryDecodeText(utf16(text, 'le', false))?.text).toBe(text);
    expect(sniff(utf16(text, 'le', false), 'a.txt').kind).toBe('text');
  });

  it('falls back to windows-1252 when UTF-8 is invalid', () => {
    // “Smart” quotes, an en dash, € and é as Windows writes them.
    const cp1252 = Uint8Array.from([0x93, 0x53, 0x6d, 0x61, 0x72, 0x74, 0x94, 0x20, 0x96, 0x20, 0x80, 0x35, 0x20, 0x63, 0x61, 0x66, 0xe9]);
    expect(tryDecodeText(cp1252)).toEqual({ text: '“Smart” – €5 café', encoding: 'windows-1252', bom: false });
  });

  it('maps all of windows-1252 0x80–0x9F like browsers do', () => {
    expect(decodeWindows1252(Uint8Array.from([0x80, 0x85, 0x8a, 0x91, 0x92, 0x99, 0x9f, 0x81]))).toBe('€…Š‘’™Ÿ\u0081');
  });

  it('returns null for binary data', () => {
    expect(tryDecodeText(garbage(2048))).toBeNull();
    expect(tryDecodeText(bytes('text with a NUL\0\0\0\0 in the middle and more\0\0\0\0\0\0'))).toBeNull();
  });
});

describe('text with damage (issue 14): still text when it clearly is', () => {
  const line = 'Les parties conviennent que la clause pénale s’applique à l’indemnité due. ';

  it('valid UTF-8 holding a few replacement characters is text', () => {
    const text = `${'A contract clause with a lost character \uFFFD here. '.repeat(10)}`;
    expect(tryDecodeText(bytes(text))).toEqual({ text, encoding: 'utf-8', bom: false });
    expect(sniff(bytes(text), 'notes.txt').kind).toBe('text');
  });

  it('UTF-8 with a few broken bytes is read as UTF-8 (not as windows-1252 mojibake)', () => {
    const damaged = bytes(line, [0xc3], line, line, [0xe2, 0x80], line);
    const decoded = tryDecodeText(damaged)!;
    expect(decoded.encoding).toBe('utf-8');
    expect(decoded.text).toContain('pénale s’applique');
    expect(decoded.text.match(/\uFFFD/g)).toHaveLength(2);
  });

  it('windows-1252 text stays windows-1252; mostly broken text is not text', () => {
    expect(tryDecodeText(Uint8Array.from([...bytes('caf'), 0xe9, ...bytes(' and na'), 0xef, ...bytes('ve')]))!.encoding).toBe('windows-1252');
    expect(tryDecodeText(bytes('\uFFFD'.repeat(50), 'text'))).toBeNull();
  });
});
