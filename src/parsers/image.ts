/**
 * Scanned pages as images: one page with no text that needs OCR, carrying the image itself.
 *
 * PNG and JPEG go to OCR as they are (the original bytes); their size comes from the header
 * (PNG IHDR, JPEG SOF), read here without decoding so it works in Node and in workers. A header
 * that is cut short or malformed, or a file that ends before its last chunk (PNG IEND) or end
 * marker (JPEG EOI), is `file/corrupt`.
 *
 * TIFF (and a JPEG whose EXIF orientation says it is rotated) needs decoding, which only the
 * platform can do: `createImageBitmap` + `OffscreenCanvas` re-encode it as an upright PNG.
 * Chromium cannot decode TIFF, so there (and in Node) a TIFF is `file/unsupported`.
 * Environment-neutral: the platform decoder is looked up at run time or injected.
 */
import { AbortedError, FileError } from '../core/errors';
import type { PageImage, ParsedItem } from '../core/ports';
import { budgetError, DEFAULT_BUDGETS, formatAmount } from './budgets';
import { decodedBytes, readJpeg, readPng, readTiff, ImageFormatError, type ImageHeader } from './image-headers';

export { readJpeg, readPng, readTiff } from './image-headers';

/** Decodes an encoded image and returns it as an upright PNG; rejects when it cannot. */
export type ImageConverter = (bytes: Uint8Array, mediaType: string) => Promise<PageImage>;

export type ImageKind = 'png' | 'jpeg' | 'tiff';

export interface ImageParseOptions {
  readonly signal?: AbortSignal | undefined;
  /** Decoder for TIFF and rotated JPEG (default: the platform's, when it has one). */
  readonly convert?: ImageConverter | null | undefined;
  /** Images above this many pixels are `file/too-large` (default 100 megapixels). */
  readonly maxPixels?: number;
  /** Images that decode to more bytes (width × height × channels × bytes per sample) fail (default 400 MB). */
  readonly maxDecodedBytes?: number;
}

const DEFAULT_MAX_PIXELS = DEFAULT_BUDGETS.maxImagePixels;

const MEDIA_TYPES: Readonly<Record<ImageKind, string>> = { png: 'image/png', jpeg: 'image/jpeg', tiff: 'image/tiff' };
const LABELS: Readonly<Record<ImageKind, string>> = { png: 'PNG', jpeg: 'JPEG', tiff: 'TIFF' };

/** The platform's decoder (browser window or worker), or null (Node). */
function platformImageConverter(): ImageConverter | null {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return null;
  return async (bytes, mediaType) => {
    const bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mediaType }), { imageOrientation: 'from-image' });
    try {
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(bitmap, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      return { width: bitmap.width, height: bitmap.height, mediaType: 'image/png', data: await blob.arrayBuffer() };
    } finally {
      bitmap.close();
    }
  };
}

/** The bytes as an ArrayBuffer of exactly their length (no copy when they already are one). */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes.buffer;
  return bytes.slice().buffer;
}

function header(bytes: Uint8Array, kind: ImageKind, fileName: string): ImageHeader {
  try {
    return kind === 'png' ? readPng(bytes) : kind === 'jpeg' ? readJpeg(bytes) : readTiff(bytes);
  } catch (error) {
    if (error instanceof ImageFormatError) throw new FileError('file/corrupt', fileName, `not a valid ${LABELS[kind]} image: ${error.message}`, { details: { kind } });
    throw error;
  }
}

/**
 * Yields `info` (one page, no title) and one page with empty text, `needsOcr: true` and the
 * image. The caller hands over `bytes` (they become the page image without a copy).
 */
export async function* parseImage(bytes: Uint8Array, fileName: string, kind: ImageKind, options: ImageParseOptions = {}): AsyncGenerator<ParsedItem> {
  const { signal } = options;
  const aborted = () => new AbortedError(`parsing ${fileName}`);
  if (signal?.aborted) throw aborted();
  const head = header(bytes, kind, fileName);
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (head.width * head.height > maxPixels) {
    throw budgetError(fileName, 'maxImagePixels', `the image is too large to read (${head.width} × ${head.height} pixels; the limit is ${Math.round(maxPixels / 1e6)} megapixels)`, { max: maxPixels, actual: head.width * head.height }, {
      code: 'file/too-large',
      details: { width: head.width, height: head.height, maxPixels },
    });
  }
  const maxBytes = options.maxDecodedBytes ?? DEFAULT_BUDGETS.maxImageBytes;
  const bytesNeeded = decodedBytes(head);
  if (bytesNeeded > maxBytes) {
    throw budgetError(
      fileName,
      'maxImageBytes',
      `the image is too large to read (${head.width} × ${head.height} pixels × ${head.channels} channels of ${head.bitsPerSample} bits decode to ${formatAmount(bytesNeeded)}; the limit is ${formatAmount(maxBytes)})`,
      { max: maxBytes, actual: bytesNeeded },
      { code: 'file/too-large', details: { width: head.width, height: head.height, channels: head.channels, bitsPerSample: head.bitsPerSample } },
    );
  }
  const convert = options.convert === undefined ? platformImageConverter() : options.convert;
  let image: PageImage;
  if (kind === 'tiff') {
    if (!convert) throw tiffUnsupported(fileName);
    try {
      image = await convert(bytes, MEDIA_TYPES.tiff);
    } catch (error) {
      throw tiffUnsupported(fileName, error);
    }
  } else if (head.orientation > 1 && convert) {
    // OCR engines read the stored pixels; a rotated photo must be turned upright first.
    try {
      image = await convert(bytes, MEDIA_TYPES[kind]);
    } catch (error) {
      throw new FileError('file/corrupt', fileName, `the ${LABELS[kind]} image cannot be decoded (file is truncated or corrupt)`, { cause: error });
    }
  } else {
    image = { width: head.width, height: head.height, mediaType: MEDIA_TYPES[kind], data: ownBuffer(bytes) };
  }
  if (signal?.aborted) throw aborted();
  yield { kind: 'info', info: { pages: 1, title: null, mediaType: MEDIA_TYPES[kind] } };
  yield { kind: 'page', page: { page: 1, text: '', ocr: false, confidence: null, needsOcr: true, image } };
}

function tiffUnsupported(fileName: string, cause?: unknown): FileError {
  return new FileError('file/unsupported', fileName, 'TIFF images cannot be read in this browser; convert to PDF or PNG', {
    ...(cause === undefined ? {} : { cause }),
    details: { kind: 'tiff', mediaType: MEDIA_TYPES.tiff },
  });
}
