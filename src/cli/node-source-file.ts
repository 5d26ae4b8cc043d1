/**
 * A SourceFile backed by a file on disk (Node: tests, the eval CLI, headless ingest).
 * `bytes()` reads the file afresh on every call, so a parser may take ownership of the buffer.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, relative, resolve, sep } from 'node:path';
import type { SourceFile } from '../core/ports';

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};

/** The media type a platform would report for this name ("" when unknown), like File.type. */
export function mediaTypeFromName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? (MEDIA_TYPES[name.slice(dot + 1).toLowerCase()] ?? '') : '';
}

export interface NodeSourceFileOptions {
  /** Folder the `path` is relative to (default: the path is the file name). */
  readonly root?: string;
}

/** A SourceFile for a path on disk; fails (ENOENT, EISDIR...) if it is not a readable file. */
export async function nodeSourceFile(filePath: string, options: NodeSourceFileOptions = {}): Promise<SourceFile> {
  const absolute = resolve(filePath);
  const info = await stat(absolute);
  if (!info.isFile()) throw new Error(`node-source-file: not a file: ${filePath}`);
  const name = basename(absolute);
  const path = options.root ? relative(resolve(options.root), absolute).split(sep).join('/') : name;
  return {
    name,
    path,
    size: info.size,
    mediaType: mediaTypeFromName(name),
    lastModified: info.mtimeMs,
    async bytes() {
      const data = await readFile(absolute);
      // A Buffer may view a larger pooled ArrayBuffer: hand out exactly the file's bytes.
      return data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data.buffer : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
    },
  };
}

/** A SourceFile over bytes in memory (tests): every `bytes()` call returns a fresh copy. */
export function memorySourceFile(name: string, data: Uint8Array | ArrayBuffer | string, mediaType = mediaTypeFromName(name)): SourceFile {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data instanceof Uint8Array ? data : new Uint8Array(data);
  return {
    name,
    path: name,
    size: bytes.byteLength,
    mediaType,
    lastModified: null,
    // new Uint8Array(view) copies exactly the viewed bytes (Buffer#slice would not copy).
    bytes: () => Promise.resolve(new Uint8Array(bytes).buffer),
  };
}
