import { describe, expect, it } from 'vitest';
import { memorySourceFile } from '../../../src/cli/node-source-file';
import type { FileError } from '../../../src/core/errors';
import type { PageImage, ParsedItem, SourceFile } from '../../../src/core/ports';
import { parseImage, readJpeg, readPng, readTiff, type ImageConverter } from '../../../src/parsers/image';
import { InProcessParser } from '../../../src/parsers/parser';
import { createParseSessions } from '../../../src/parsers/sessions';
import { sniff } from '../../../src/parsers/sniff';
import { makeJpegBytes, makePngBytes, makeTiffBytes } from './helpers/images';

async function collect(items: AsyncIterable<ParsedItem>): Promise<ParsedItem[]> {
  const out: ParsedItem[] = [];
  for await (const x of items) out.push(x);
  return out;
}

async function failure(parser: InProcessParser, file: SourceFile): Promise<FileError> {
  try {
    await collect(parser.parse(file));
  } catch (error) {
    return error as FileError;
  }
  throw new Error(`expected ${file.name} to fail`);
}

/** No platform decoder (as in Node), so results do not depend on the test runner's globals. */
const parser = new InProcessParser({ imageConverter: null });

describe('image headers', () => {
  it('reads a PNG size from IHDR and checks the chunks reach IEND', () => {
    expect(readPng(makePngBytes(640, 480))).toEqual({ width: 640, height: 480, orientation: 1, channels: 1, bitsPerSample: 8 });
  });

  it('reads a JPEG size from SOF0 and its EXIF orientation', () => {
    expect(readJpeg(makeJpegBytes(1240, 1754))).toEqual({ width: 1240, height: 1754, orientation: 1, channels: 3, bitsPerSample: 8 });
    expect(readJpeg(makeJpegBytes(1754, 1240, { orientation: 6 }))).toEqual({ width: 1754, height: 1240, orientation: 6, channels: 3, bitsPerSample: 8 });
  });

  it('reads a TIFF size from its first directory', () => {
    expect(readTiff(makeTiffBytes(2480, 3508))).toEqual({ width: 2480, height: 3508, orientation: 1, channels: 1, bitsPerSample: 1 });
  });

  it('rejects truncated and damaged headers with a reason', () => {
    const png = makePngBytes(32, 32);
    expect(() => readPng(png.subarray(0, 20))).toThrow('the file ends inside the header (file is truncated)');
    expect(() => readPng(png.subarray(0, png.length - 12))).toThrow('the file ends before the image data is complete (file is truncated)');
    const badCrc = png.slice();
    badCrc[17]! ^= 0xff;
    expect(() => readPng(badCrc)).toThrow('the header is damaged (checksum mismatch)');
    const jpeg = makeJpegBytes(100, 100);
    expect(() => readJpeg(jpeg.subarray(0, 30))).toThrow('the file ends inside the header (file is truncated)');
    expect(() => readJpeg(jpeg.subarray(0, jpeg.length - 2))).toThrow('the file ends before the end of the image (file is truncated)');
    expect(() => readTiff(makeTiffBytes(10, 10).subarray(0, 12))).toThrow(/file is truncated/);
  });
});

describe('images through InProcessParser', () => {
  it('a PNG is one page that needs OCR, carrying the original bytes and the size', async () => {
    const png = makePngBytes(64, 48);
    const items = await collect(parser.parse(memorySourceFile('scan.png', png)));
    expect(items[0]).toEqual({ kind: 'info', info: { pages: 1, title: null, mediaType: 'image/png' } });
    expect(items[1]).toMatchObject({ kind: 'page', page: { page: 1, text: '', ocr: false, confidence: null, needsOcr: true, image: { width: 64, height: 48, mediaType: 'image/png' } } });
    const image = (items[1] as { page: { image: PageImage } }).page.image;
    expect(new Uint8Array(image.data)).toEqual(png);
  });

  it('a JPEG named .png is read as a JPEG', async () => {
    const items = await collect(parser.parse(memorySourceFile('photo.png', makeJpegBytes(800, 600))));
    expect(items[1]).toMatchObject({ page: { needsOcr: true, image: { width: 800, height: 600, mediaType: 'image/jpeg' } } });
  });

  it('truncated images are file/corrupt naming the file and the reason', async () => {
    const png = makePngBytes(32, 32);
    const error = await failure(parser, memorySourceFile('cut.png', png.subarray(0, png.length - 20)));
    expect(error.code).toBe('file/corrupt');
    expect(error.message).toBe('cut.png: not a valid PNG image: the file ends before the image data is complete (file is truncated)');
    const jpeg = await failure(parser, memorySourceFile('cut.jpg', makeJpegBytes(10, 10).subarray(0, 12)));
    expect(jpeg.message).toBe('cut.jpg: not a valid JPEG image: the file ends inside the header (file is truncated)');
  });

  it('a huge image is file/too-large', async () => {
    const error = await failure(parser, memorySourceFile('poster.jpg', makeJpegBytes(20000, 20000)));
    expect(error.code).toBe('file/too-large');
    expect(error.message).toBe('poster.jpg: the image is too large to read (20000 × 20000 pixels; the limit is 100 megapixels)');
  });

  it('TIFF without a platform decoder is file/unsupported with advice', async () => {
    const error = await failure(parser, memorySourceFile('fax.tif', makeTiffBytes(1728, 2200)));
    expect(error.code).toBe('file/unsupported');
    expect(error.message).toBe('fax.tif: TIFF images cannot be read in this browser; convert to PDF or PNG');
  });

  it('TIFF is re-encoded as PNG where the platform decodes it, and unsupported where decoding fails', async () => {
    const png = makePngBytes(4, 4);
    const calls: string[] = [];
    const convert: ImageConverter = async (_bytes, mediaType) => {
      calls.push(mediaType);
      return { width: 1728, height: 2200, mediaType: 'image/png', data: png.slice().buffer };
    };
    const items = await collect(new InProcessParser({ imageConverter: convert }).parse(memorySourceFile('fax.tiff', makeTiffBytes(1728, 2200))));
    expect(items[0]).toEqual({ kind: 'info', info: { pages: 1, title: null, mediaType: 'image/tiff' } });
    expect(items[1]).toMatchObject({ page: { needsOcr: true, image: { width: 1728, height: 2200, mediaType: 'image/png' } } });
    expect(calls).toEqual(['image/tiff']);
    const failing = new InProcessParser({ imageConverter: () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError')) });
    expect((await failure(failing, memorySourceFile('fax.tif', makeTiffBytes(10, 10)))).message).toBe('fax.tif: TIFF images cannot be read in this browser; convert to PDF or PNG');
  });

  it('turns an EXIF-rotated JPEG upright when the platform can, else passes it as it is', async () => {
    const rotated = makeJpegBytes(1754, 1240, { orientation: 6 });
    const upright: PageImage = { width: 1240, height: 1754, mediaType: 'image/png', data: new ArrayBuffer(8) };
    const items = await collect(parseImage(rotated, 'phone.jpg', 'jpeg', { convert: async () => upright }));
    expect(items[1]).toMatchObject({ page: { image: upright } });
    const raw = await collect(parseImage(rotated, 'phone.jpg', 'jpeg', { convert: null }));
    expect(raw[1]).toMatchObject({ page: { image: { width: 1754, height: 1240, mediaType: 'image/jpeg' } } });
  });

  it('sniffs images by magic numbers', () => {
    expect(sniff(makePngBytes(2, 2), 'a.jpg').kind).toBe('png');
    expect(sniff(makeJpegBytes(2, 2), 'a.tif').kind).toBe('jpeg');
    expect(sniff(makeTiffBytes(2, 2), 'a.png').kind).toBe('tiff');
  });

  it('streams an image page through createParseSessions', async () => {
    const api = createParseSessions(parser);
    const png = makePngBytes(16, 16);
    const { streamId } = api.open(png.slice().buffer, { name: 'scan.png', path: 'scan.png', mediaType: 'image/png', lastModified: null });
    expect(await api.next(streamId)).toMatchObject({ value: { kind: 'info', info: { pages: 1 } } });
    expect(await api.next(streamId)).toMatchObject({ value: { kind: 'page', page: { needsOcr: true, image: { width: 16, height: 16 } } } });
    expect(await api.next(streamId)).toEqual({ done: true });
  });
});
