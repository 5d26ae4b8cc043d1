/**
 * A SourceFile over bytes already in memory (the parse worker receives transferred bytes).
 * Environment-neutral.
 */
import type { SourceFile } from '../core/ports';

/** What travels with the bytes to the parse worker: the SourceFile fields that are data. */
export interface SourceFileMeta {
  readonly name: string;
  readonly path: string;
  readonly mediaType: string;
  readonly lastModified: number | null;
}

export function metaOf(file: SourceFile): SourceFileMeta {
  return { name: file.name, path: file.path, mediaType: file.mediaType, lastModified: file.lastModified };
}

/**
 * A SourceFile whose `bytes()` returns the given buffer itself, not a copy: the parser may take
 * ownership of it (pdf.js transfers it), so read it once.
 */
export function bytesSourceFile(buffer: ArrayBuffer, meta: SourceFileMeta): SourceFile {
  return {
    name: meta.name,
    path: meta.path,
    size: buffer.byteLength,
    mediaType: meta.mediaType,
    lastModified: meta.lastModified,
    bytes: () => Promise.resolve(buffer),
  };
}
