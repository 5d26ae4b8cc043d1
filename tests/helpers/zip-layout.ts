/** Where each entry of a zip lies (for tests that damage one part of an archive). */
import { localDataOffset, readDirectory, type ZipEntryInfo } from '../../src/parsers/zip-directory';

/** The entries of a zip as its directory lists them, each with where its data starts. */
export function zipLayout(bytes: Uint8Array): (ZipEntryInfo & { readonly dataStart: number })[] {
  const out: (ZipEntryInfo & { dataStart: number })[] = [];
  readDirectory(bytes, (e) => out.push({ ...e, dataStart: localDataOffset(bytes.subarray(e.offset, e.offset + 30), e.offset)! }));
  return out;
}
