/**
 * Inventory answers without a model (the AIBS workspace awareness service): exact counts over
 * the whole workspace, and document tables with honest totals and pages that never overlap.
 *
 *   - Counts read every row once, a batch at a time: total, searchable (ready or degraded), by
 *     kind, status and language — a document without a detected language is counted as
 *     "unknown", never dropped — and the pages and scans among the rows a filter keeps.
 *   - A table is one window of the filtered rows in the catalog's stable order. The total is
 *     always the true one ("Showing 1–25 of 930"); the continuation of a page names the key of
 *     its last row, so the next page starts strictly after it (a document added or deleted in
 *     between never makes two pages share a row); a page asked for beyond the end says so.
 */
import { InputError } from '../errors';
import type { JobOptions } from '../ports';
import type { DocStatus } from '../types';
import { catalogRows, documentKind, folderOf, isAfter, isScanned, isSearchable, keyOf, type CatalogKey, type CatalogOrder, type DocKind, type DocumentCatalog } from './catalog';
import { languageBucket, matchesFilter, type CatalogFilter } from './filters';

export interface InventorySummary {
  /** Every document of the workspace, whatever the filter. */
  readonly total: number;
  /** The documents the filter keeps (= total without a filter). */
  readonly matching: number;
  /** Of the matching: ready or degraded. */
  readonly searchable: number;
  /** Of the matching: read (in part) by OCR. */
  readonly scanned: number;
  /** Of the matching: their pages. */
  readonly pages: number;
  readonly byKind: Readonly<Partial<Record<DocKind, number>>>;
  readonly byStatus: Readonly<Partial<Record<DocStatus, number>>>;
  /** ISO 639-1 → count; documents without a language under "unknown". */
  readonly byLanguage: Readonly<Record<string, number>>;
  readonly filter: CatalogFilter;
}

function bump<K extends string>(counts: Partial<Record<K, number>>, key: K): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

export async function summarize(catalog: DocumentCatalog, filter: CatalogFilter = {}, options: JobOptions = {}): Promise<InventorySummary> {
  let total = 0;
  let matching = 0;
  let searchable = 0;
  let scanned = 0;
  let pages = 0;
  const byKind: Partial<Record<DocKind, number>> = {};
  const byStatus: Partial<Record<DocStatus, number>> = {};
  const byLanguage: Record<string, number> = {};
  for await (const row of catalogRows(catalog, options)) {
    total++;
    if (!matchesFilter(row, filter)) continue;
    matching++;
    if (isSearchable(row.status)) searchable++;
    if (isScanned(row)) scanned++;
    pages += row.pages;
    bump(byKind, documentKind(row.mediaType));
    bump(byStatus, row.status);
    bump(byLanguage, languageBucket(row.language));
  }
  return { total, matching, searchable, scanned, pages, byKind, byStatus, byLanguage, filter };
}

// ---- tables --------------------------------------------------------------------------------------
export const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 200;

export interface DocumentTableRow {
  readonly id: string;
  readonly name: string;
  readonly title: string | null;
  readonly kind: DocKind;
  readonly pages: number;
  readonly language: string | null;
  readonly status: DocStatus;
  readonly addedAt: number;
  readonly folder: string;
}

export interface TableRequest {
  readonly filter?: CatalogFilter;
  readonly order?: CatalogOrder;
  /** Matching rows to skip (page 3 of 25 = 50); ignored when `after` is given. */
  readonly offset?: number;
  /** Start strictly after this row (a continuation). */
  readonly after?: CatalogKey | null;
  readonly limit?: number;
}

export interface DocumentTable {
  readonly rows: readonly DocumentTableRow[];
  /** Every document of the workspace. */
  readonly total: number;
  /** The documents the filter keeps. */
  readonly matching: number;
  /** 1-based position of the first and last row shown among the matching (0, 0 when none). */
  readonly from: number;
  readonly to: number;
  readonly limit: number;
  readonly order: CatalogOrder;
  readonly filter: CatalogFilter;
  /** The next page's token; null when this page is the last. */
  readonly continuation: string | null;
  /** The page asked for starts after the last matching document. */
  readonly beyondEnd: boolean;
}

function tableRow(row: Parameters<typeof matchesFilter>[0]): DocumentTableRow {
  return { id: row.id, name: row.name, title: row.title, kind: documentKind(row.mediaType), pages: row.pages, language: row.language, status: row.status, addedAt: row.addedAt, folder: folderOf(row.path) };
}

export async function documentTable(catalog: DocumentCatalog, request: TableRequest = {}, options: JobOptions = {}): Promise<DocumentTable> {
  const filter = request.filter ?? {};
  const order = request.order ?? 'asc';
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(request.limit ?? DEFAULT_PAGE_SIZE)));
  const after = request.after ?? null;
  const skip = after ? 0 : Math.max(0, Math.floor(request.offset ?? 0));
  let total = 0;
  let matching = 0;
  let before = 0;
  const rows: DocumentTableRow[] = [];
  let lastKey: CatalogKey | null = null;
  for await (const row of catalogRows(catalog, { ...options, order })) {
    total++;
    if (!matchesFilter(row, filter)) continue;
    matching++;
    const skipped = after ? !isAfter(keyOf(row), after, order) : before < skip;
    if (skipped) {
      before++;
      continue;
    }
    if (rows.length < limit) {
      rows.push(tableRow(row));
      lastKey = keyOf(row);
    }
  }
  const from = rows.length > 0 ? before + 1 : 0;
  const to = rows.length > 0 ? before + rows.length : 0;
  const more = rows.length > 0 && to < matching;
  return {
    rows,
    total,
    matching,
    from,
    to,
    limit,
    order,
    filter,
    continuation: more && lastKey ? encodeContinuation({ filter, order, after: lastKey, limit }) : null,
    beyondEnd: rows.length === 0 && (after !== null || skip > 0) && matching > 0,
  };
}

// ---- continuation tokens ---------------------------------------------------------------------------
export interface Continuation {
  readonly filter: CatalogFilter;
  readonly order: CatalogOrder;
  readonly after: CatalogKey;
  readonly limit: number;
}

/** A token the UI hands back for the next page (plain JSON: it is not a secret, only a bookmark). */
function encodeContinuation(c: Continuation): string {
  return JSON.stringify({ v: 1, ...c });
}

export function decodeContinuation(token: string): Continuation {
  let raw: unknown;
  try {
    raw = JSON.parse(token);
  } catch {
    throw new InputError(`workspace: the page token "${token.slice(0, 40)}" is not one this app wrote`);
  }
  const c = raw as Partial<Continuation> & { v?: unknown };
  const ok =
    c !== null &&
    typeof c === 'object' &&
    c.v === 1 &&
    (c.order === 'asc' || c.order === 'desc') &&
    typeof c.limit === 'number' &&
    typeof c.after?.addedAt === 'number' &&
    typeof c.after.id === 'string' &&
    typeof c.filter === 'object' &&
    c.filter !== null;
  if (!ok) throw new InputError(`workspace: the page token "${token.slice(0, 40)}" is not one this app wrote`);
  return { filter: c.filter, order: c.order, after: c.after, limit: c.limit };
}
