/**
 * Folder sync decisions: given what the workspace holds from a folder and what the folder holds
 * now, which files are new, which may have changed (size or modification time differ: confirm
 * with the hash), which are unchanged and which are gone. Pure, so it is tested without a
 * browser; the app walks the real directory handle and acts on the plan.
 */
import type { DocumentRecord } from '../types';

export interface ScannedFile {
  /** Path relative to the folder, with '/' separators. */
  readonly path: string;
  readonly size: number;
  readonly lastModified: number;
}

export type KnownFile = Pick<DocumentRecord, 'id' | 'path' | 'size' | 'mtime' | 'sha256' | 'status'>;

export interface RescanPlan {
  readonly added: readonly ScannedFile[];
  /** Size or time differ: hash the file; re-index only when the hash differs. */
  readonly changed: readonly { readonly file: ScannedFile; readonly document: KnownFile }[];
  readonly unchanged: readonly KnownFile[];
  readonly removed: readonly KnownFile[];
}

export const DEFAULT_FOLDER_EXTENSIONS: readonly string[] = ['pdf', 'docx', 'html', 'htm', 'md', 'markdown', 'txt', 'text', 'png', 'jpg', 'jpeg', 'tif', 'tiff'];

/** Whether a path should be imported: wanted extension, not hidden, not an Office lock file. */
export function isWanted(path: string, extensions: readonly string[]): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (!name || name.startsWith('.') || name.startsWith('~$')) return false;
  if (path.split('/').some((part) => part.startsWith('.'))) return false;
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  return extensions.includes(name.slice(dot + 1).toLowerCase());
}

export function planRescan(known: readonly KnownFile[], scanned: readonly ScannedFile[], extensions: readonly string[] = DEFAULT_FOLDER_EXTENSIONS): RescanPlan {
  const byPath = new Map(known.map((d) => [d.path, d]));
  const seen = new Set<string>();
  const added: ScannedFile[] = [];
  const changed: { file: ScannedFile; document: KnownFile }[] = [];
  const unchanged: KnownFile[] = [];
  for (const file of scanned) {
    if (!isWanted(file.path, extensions) || seen.has(file.path)) continue;
    seen.add(file.path);
    const doc = byPath.get(file.path);
    if (!doc) added.push(file);
    // A file still waiting in the import queue is read when its turn comes, whatever it is now.
    else if (doc.status === 'queued' || doc.status === 'parsing') unchanged.push(doc);
    else if (doc.size !== file.size || doc.mtime !== file.lastModified) changed.push({ file, document: doc });
    else unchanged.push(doc);
  }
  const removed = known.filter((d) => !seen.has(d.path));
  const byPathOrder = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
  return { added: added.sort(byPathOrder), changed: changed.sort((a, b) => byPathOrder(a.file, b.file)), unchanged, removed };
}
