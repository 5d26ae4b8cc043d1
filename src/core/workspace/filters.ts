/**
 * The filters an inventory question implies ("in French", "PDFs", "failed", "added last week",
 * "in the folder contracts/2024", "scanned"), as plain data: they travel in continuation tokens
 * and persisted flows, and one function says whether a catalog row passes.
 */
import type { DocStatus } from '../types';
import { documentKind, folderOf, isScanned, isSearchable, type CatalogRow, type DocKind } from './catalog';

/** Statuses as people ask about them: in progress covers every step before ready. */
export type StatusGroup = 'ready' | 'degraded' | 'failed' | 'pending';

function statusGroup(status: DocStatus): StatusGroup {
  return status === 'ready' || status === 'degraded' || status === 'failed' ? status : 'pending';
}

/** The bucket of a document without a detected language. */
export const UNKNOWN_LANGUAGE = 'unknown';

export interface CatalogFilter {
  /** ISO 639-1 codes; UNKNOWN_LANGUAGE matches documents without one. */
  readonly languages?: readonly string[];
  readonly kinds?: readonly DocKind[];
  readonly statuses?: readonly StatusGroup[];
  /** Only documents that answer questions (ready or degraded). */
  readonly searchable?: boolean;
  /** Only documents read (in part) by OCR. */
  readonly scanned?: boolean;
  /** Added at or after (ms since the epoch). */
  readonly addedFrom?: number;
  /** Added before (ms since the epoch). */
  readonly addedUntil?: number;
  /** The folder, or a folder above it, compared without case ("contracts" matches "Contracts/2024/a.pdf"). */
  readonly folder?: string;
  /** Only these documents. */
  readonly ids?: readonly string[];
}

export function languageBucket(language: string | null): string {
  return language ?? UNKNOWN_LANGUAGE;
}

function inFolder(path: string, folder: string): boolean {
  const want = folder.replace(/\\/g, '/').replace(/^\/+|\/+$/g, '').toLowerCase();
  if (!want) return true;
  const have = folderOf(path).toLowerCase();
  return have === want || have.startsWith(`${want}/`) || have.endsWith(`/${want}`) || have.includes(`/${want}/`);
}

export function matchesFilter(row: CatalogRow, filter: CatalogFilter): boolean {
  if (filter.ids && !filter.ids.includes(row.id)) return false;
  if (filter.languages?.length && !filter.languages.includes(languageBucket(row.language))) return false;
  if (filter.kinds?.length && !filter.kinds.includes(documentKind(row.mediaType))) return false;
  if (filter.statuses?.length && !filter.statuses.includes(statusGroup(row.status))) return false;
  if (filter.searchable !== undefined && isSearchable(row.status) !== filter.searchable) return false;
  if (filter.scanned !== undefined && isScanned(row) !== filter.scanned) return false;
  if (filter.addedFrom !== undefined && row.addedAt < filter.addedFrom) return false;
  if (filter.addedUntil !== undefined && row.addedAt >= filter.addedUntil) return false;
  if (filter.folder !== undefined && !inFolder(row.path, filter.folder)) return false;
  return true;
}

export function isEmptyFilter(filter: CatalogFilter): boolean {
  return Object.values(filter).every((v) => v === undefined || (Array.isArray(v) && v.length === 0));
}
