import { describe, expect, it } from 'vitest';
import { FileError } from '../../../src/core/errors';
import { sniff } from '../../../src/parsers/sniff';
import { DEFAULT_ZIP_LIMITS, extractZipEntries, inspectZip, zipEntryNames } from '../../../src/parsers/zip-guard';
import { DOCX_SKELETON, deflateZeros, fakeCompoundFile, handZip, makeDocx, makeZip, p } from './helpers/office';
import { inflateSync, strToU8, zipSync } from 'fflate';
import { crc32 as zlibCrc32 } from 'node:zlib';

function indexOfBytes(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

function refusal(run: () => unknown): FileError {
  try {
    run();
  } catch (error) {
    return error as FileError;
  }
  throw new Error('expected a FileError');
}

describe('the hand-made bomb stream', () => {
  it('inflates to exactly n zero bytes at ~1000:1', () => {
    for (const n of [1, 2, 258, 259, 1_000, 3_000_000]) {
      const out = inflateSync(deflateZeros(n));
      expect(out.length).toBe(n);
      expect(out.every((b) => b === 0)).toBe(true);
    }
    expect(deflateZeros(300 * 1024 * 1024).length).toBeLessThan(310_000);
  });
});

describe('inspectZip', () => {
  it('lists entries with their declared sizes and inflates nothing', () => {
    const zip = makeZip({ 'a.xml': '<a>' + 'x'.repeat(10_000) + '</a>', 'b/c.txt': 'hello' });
    const { entries, totalSize } = inspectZip(zip, 'a.zip');
    expect(entries.map((e) => [e.name, e.size, e.compression])).toEqual([
      ['a.xml', 10_007, 8],
      ['b/c.txt', 5, 8],
    ]);
    expect(entries[0]!.compressedSize).toBeLessThan(200);
    expect(totalSize).toBe(10_012);
  });

  it('refuses a 300 MB bomb from its directory alone, in milliseconds', () => {
    const bomb = handZip([...DOCX_SKELETON, { name: 'word/document.xml', zeros: 300 * 1024 * 1024 }]);
    const start = performance.now();
    const error = refusal(() => inspectZip(bomb, 'bomb.docx'));
    expect(performance.now() - start).toBeLessThan(50);
    expect(error).toBeInstanceOf(FileError);
    expect(error).toMatchObject({ code: 'file/zip-bomb', details: { fileName: 'bomb.docx', maxTotalBytes: DEFAULT_ZIP_LIMITS.maxTotalBytes } });
  });

  it('refuses one large entry compressed beyond 100:1 even under the total limit', () => {
    const bomb = handZip([...DOCX_SKELETON, { name: 'word/document.xml', zeros: 50 * 1024 * 1024 }]);
    const error = refusal(() => inspectZip(bomb, 'dense.docx'));
    expect(error.code).toBe('file/zip-bomb');
    expect(error.message).toMatch(/^dense\.docx: the document expands to 50 MB from [\d,]+ bytes in word\/document\.xml \([\d,]+:1; the limit is 100:1\); it looks like a zip bomb$/);
  });

  it('lets small entries compress as far as they like', () => {
    const zip = handZip([...DOCX_SKELETON, { name: 'word/document.xml', zeros: 5 * 1024 * 1024 }]);
    expect(inspectZip(zip, 'fine.docx').entries).toHaveLength(3);
  });

  it('refuses too many entries', () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 30; i++) many[`f${i}.txt`] = 'x';
    const error = refusal(() => inspectZip(makeZip(many), 'many.zip', { ...DEFAULT_ZIP_LIMITS, maxEntries: 20 }));
    expect(error.code).toBe('file/zip-bomb');
    expect(error.message).toBe('many.zip: the archive has more than 20 entries (a zip bomb or not a document)');
  });

  it('a truncated or non-zip input is file/corrupt', () => {
    const zip = makeDocx({ body: p('text') });
    expect(refusal(() => inspectZip(zip.subarray(0, zip.length - 30), 'cut.docx')).code).toBe('file/corrupt');
    expect(refusal(() => inspectZip(new TextEncoder().encode('PK\u0003\u0004 not really'), 'fake.docx')).message).toBe('fake.docx: the file is damaged or truncated (its zip directory is missing or unreadable)');
  });
});

describe('extractZipEntries', () => {
  it('inflates only the wanted entries', () => {
    const zip = makeZip({ 'word/document.xml': '<doc/>', 'word/media/big.bin': new Uint8Array(100_000) });
    expect(Object.keys(extractZipEntries(zip, 'x.docx', inspectZip(zip, 'x.docx'), (n) => n.endsWith('.xml')))).toEqual(['word/document.xml']);
  });

  it('stops an entry that inflates past its declared size at once (a lying header is a bomb)', () => {
    const liar = handZip([{ name: 'word/document.xml', zeros: 1024 ** 3, declaredSize: 2000 }]);
    const inspection = inspectZip(liar, 'liar.docx');
    expect(inspection.totalSize).toBe(2000);
    const start = performance.now();
    const error = refusal(() => extractZipEntries(liar, 'liar.docx', inspection, () => true));
    // Stopping at the lie takes milliseconds; inflating the gigabyte takes tens of seconds here (3 s leaves room for a loaded machine).
    expect(performance.now() - start).toBeLessThan(3000);
    expect(error).toMatchObject({ code: 'file/zip-bomb', details: { limit: 'inflatedBytes', max: 2000, entry: 'word/document.xml' } });
    expect(error.message).toBe('liar.docx: word/document.xml inflates past the 2,000 bytes its zip directory declares (stopped there; a zip bomb or a damaged file)');
  });

  it('fails a bit-flipped entry on its CRC-32 instead of returning garbled bytes', () => {
    const text = '<w:t>Alpha Holdings Limited</w:t>'.repeat(20);
    const zip = makeZip({ 'word/document.xml': text });
    // The entry is stored deflated; flip one bit of the data so it still inflates, to other bytes.
    const stored = zipSync({ 'word/document.xml': strToU8(text) }, { level: 0 });
    const at = indexOfBytes(stored, strToU8('Holdings'));
    stored[at]! ^= 0x20;
    const error = refusal(() => extractZipEntries(stored, 'flip.docx', inspectZip(stored, 'flip.docx'), () => true));
    expect(error.code).toBe('file/corrupt');
    expect(error.message).toBe('flip.docx: the archive data is damaged (word/document.xml fails its CRC-32 check; the file was altered or truncated)');
    expect(new TextDecoder().decode(extractZipEntries(zip, 'ok.docx', inspectZip(zip, 'ok.docx'), () => true)['word/document.xml'])).toBe(text);
  });

  it('reads Zip64 sizes from the extra field', () => {
    const data = strToU8('<a>hello zip64</a>');
    const name = strToU8('a.xml');
    const zip64Extra = (n: number) => {
      const x = new Uint8Array(20);
      const v = new DataView(x.buffer);
      v.setUint16(0, 1, true);
      v.setUint16(2, 16, true);
      v.setBigUint64(4, BigInt(n), true); // uncompressed
      v.setBigUint64(12, BigInt(n), true); // compressed
      return x;
    };
    const local = new Uint8Array(30 + name.length + 20);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 45, true);
    lv.setUint32(14, zlibCrc32(data), true);
    lv.setUint32(18, 0xffffffff, true);
    lv.setUint32(22, 0xffffffff, true);
    lv.setUint16(26, name.length, true);
    lv.setUint16(28, 20, true);
    local.set(name, 30);
    local.set(zip64Extra(data.length), 30 + name.length);
    const central = new Uint8Array(46 + name.length + 20);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(6, 45, true);
    cv.setUint32(16, zlibCrc32(data), true);
    cv.setUint32(20, 0xffffffff, true);
    cv.setUint32(24, 0xffffffff, true);
    cv.setUint16(28, name.length, true);
    cv.setUint16(30, 20, true);
    central.set(name, 46);
    central.set(zip64Extra(data.length), 46 + name.length);
    const end = new Uint8Array(22);
    const ev = new DataView(end.buffer);
    ev.setUint32(0, 0x06054b50, true);
    ev.setUint16(8, 1, true);
    ev.setUint16(10, 1, true);
    ev.setUint32(12, central.length, true);
    ev.setUint32(16, local.length + data.length, true);
    const zip = Uint8Array.from([...local, ...data, ...central, ...end]);
    const inspection = inspectZip(zip, 'z64.zip');
    expect(inspection.entries[0]).toMatchObject({ name: 'a.xml', size: data.length, compressedSize: data.length, compression: 0, crc32: zlibCrc32(data) });
    expect(new TextDecoder().decode(extractZipEntries(zip, 'z64.zip', inspection, () => true)['a.xml'])).toBe('<a>hello zip64</a>');
  });
});

describe('sniffing zips and compound files', () => {
  it('tells DOCX, XLSX, PPTX and ODF apart by their entries, whatever the name', () => {
    expect(sniff(makeDocx({ body: p('x') }), 'report.pdf').kind).toBe('docx');
    expect(sniff(makeZip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<w/>' }), 'book.docx')).toMatchObject({ kind: 'xlsx', label: 'Excel workbook (XLSX)' });
    expect(sniff(makeZip({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p/>' }), 'x.docx').kind).toBe('pptx');
    expect(sniff(makeZip({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<c/>' }), 'x.odt').kind).toBe('odf');
    expect(sniff(makeZip({ 'photos/a.jpg': new Uint8Array(10) }), 'photos.docx').kind).toBe('zip');
  });

  it('reads the entry names of a zip whose directory is cut off from its local headers', () => {
    const big: Record<string, string> = { '[Content_Types].xml': '<Types/>', '_rels/.rels': '<R/>' };
    for (let i = 0; i < 50; i++) big[`customXml/item${i}.xml`] = `<i>${'z'.repeat(200 + i)}</i>`;
    big['word/document.xml'] = '<w:document/>';
    const zip = makeZip(big);
    const cut = zip.subarray(0, zip.length - 3000);
    expect(zipEntryNames(cut)).toBeNull();
    expect(sniff(cut, 'cut.bin').kind).toBe('docx');
  });

  it('calls a compound file an encrypted Office document or legacy file', () => {
    expect(sniff(fakeCompoundFile(['EncryptionInfo', 'EncryptedPackage']), 'x.docx')).toMatchObject({ kind: 'ole', label: 'encrypted Office document or legacy .doc/.xls/.ppt file' });
  });
});
