/**
 * The workspace's document list as the workspace answers read it: the DocumentCatalog port,
 * paged in one stable order — (addedAt, id), ascending or descending — with a keyset cursor, so
 * a workspace of thousands of documents is read a batch at a time and never held in one array,
 * and two pages never share a row. The app backs it with the documents table (Dexie); Node tests
 * and fallbacks use MemoryCatalog. What a row is: the document record's own fields, nothing
 * derived.
 */
import { throwIfAborted } from '../errors';
import type { JobOptions } from '../ports';
import type { DocStatus, DocumentRecord } from '../types';

export type CatalogRow = Pick<
  DocumentRecord,
  'id' | 'path' | 'name' | 'mediaType' | 'size' | 'pages' | 'language' | 'title' | 'aliases' | 'status' | 'error' | 'source' | 'ocrConfidence' | 'ocrLowPages' | 'ocrPages' | 'chunkCount' | 'mtime' | 'addedAt' | 'parties'
>;

/** A row's place in the catalog order. */
export interface CatalogKey {
  readonly addedAt: number;
  readonly id: string;
}

export type CatalogOrder = 'asc' | 'desc';

export interface CatalogPageRequest {
  /** Rows strictly after this key in `order`; null or absent: from the start. */
  readonly after?: CatalogKey | null;
  readonly limit: number;
  readonly order?: CatalogOrder;
}

export interface CatalogPage {
  readonly rows: readonly CatalogRow[];
  /** The key to continue from; null when the catalog has no more rows. */
  readonly next: CatalogKey | null;
}

export interface DocumentCatalog {
  /** Rows in (addedAt, id) order, ascending unless `order` says otherwise, after `after`. */
  page(request: CatalogPageRequest, options?: JobOptions): Promise<CatalogPage>;
  get(id: string, options?: JobOptions): Promise<CatalogRow | undefined>;
}

export function keyOf(row: Pick<CatalogRow, 'addedAt' | 'id'>): CatalogKey {
  return { addedAt: row.addedAt, id: row.id };
}

/** Negative when a comes first in ascending order. */
function compareKeys(a: CatalogKey, b: CatalogKey): number {
  return a.addedAt - b.addedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Is `key` strictly after `after` in `order`? */
export function isAfter(key: CatalogKey, after: CatalogKey, order: CatalogOrder): boolean {
  const c = compareKeys(key, after);
  return order === 'asc' ? c > 0 : c < 0;
}

const BATCH = 500;

/** Every row of the catalog in order, a batch at a time; the signal is checked between batches. */
export async function* catalogRows(catalog: DocumentCatalog, options: JobOptions & { readonly order?: CatalogOrder; readonly batch?: number } = {}): AsyncGenerator<CatalogRow> {
  let after: CatalogKey | null = null;
  for (;;) {
    throwIfAborted(options.signal, 'workspace catalog');
    const page: CatalogPage = await catalog.page({ after, limit: options.batch ?? BATCH, order: options.order ?? 'asc' }, options);
    yield* page.rows;
    if (!page.next || page.rows.length === 0) return;
    after = page.next;
  }
}

/** An in-memory catalog (Node tests, fallbacks): the rows sorted once, pages by binary search. */
export class MemoryCatalog implements DocumentCatalog {
  private readonly rows: CatalogRow[];
  private readonly byId: Map<string, CatalogRow>;

  constructor(rows: Iterable<CatalogRow>) {
    this.rows = [...rows].sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
    this.byId = new Map(this.rows.map((r) => [r.id, r]));
  }

  get size(): number {
    return this.rows.length;
  }

  async page(request: CatalogPageRequest): Promise<CatalogPage> {
    const order = request.order ?? 'asc';
    const limit = Math.max(1, Math.floor(request.limit));
    const ordered = (i: number) => this.rows[order === 'asc' ? i : this.rows.length - 1 - i]!;
    // First index (in `order`) strictly after the key.
    let lo = 0;
    let hi = this.rows.length;
    if (request.after) {
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (isAfter(keyOf(ordered(mid)), request.after, order)) hi = mid;
        else lo = mid + 1;
      }
    }
    const rows: CatalogRow[] = [];
    for (let i = request.after ? lo : 0; i < this.rows.length && rows.length < limit; i++) rows.push(ordered(i));
    const last = rows[rows.length - 1];
    const more = last !== undefined && ordered(this.rows.length - 1) !== last;
    return { rows, next: more ? keyOf(last) : null };
  }

  async get(id: string): Promise<CatalogRow | undefined> {
    return this.byId.get(id);
  }
}

// ---- what a row is, as the answers group it --------------------------------------------------------
export type DocKind = 'pdf' | 'word' | 'html' | 'text' | 'markdown' | 'image' | 'spreadsheet' | 'presentation' | 'other';

/** The kind of document a media type is (as the parsers detect it from the bytes). */
export function documentKind(mediaType: string): DocKind {
  const t = mediaType.toLowerCase();
  if (t === 'application/pdf') return 'pdf';
  if (t.includes('wordprocessingml') || t === 'application/msword' || t === 'application/rtf' || t.startsWith('application/vnd.oasis.opendocument.text')) return 'word';
  if (t.includes('spreadsheetml') || t === 'application/vnd.ms-excel') return 'spreadsheet';
  if (t.includes('presentationml') || t === 'application/vnd.ms-powerpoint') return 'presentation';
  if (t === 'text/html' || t === 'application/xhtml+xml') return 'html';
  if (t === 'text/markdown') return 'markdown';
  if (t.startsWith('text/')) return 'text';
  if (t.startsWith('image/')) return 'image';
  return 'other';
}

/** Ready and degraded documents have indexed passages: both answer questions. */
export function isSearchable(status: DocStatus): boolean {
  return status === 'ready' || status === 'degraded';
}

/** The folder a document came from ("contracts/2024"), '' for a file added on its own. */
export function folderOf(path: string): string {
  const cut = path.replace(/\\/g, '/').lastIndexOf('/');
  return cut > 0 ? path.slice(0, cut) : '';
}

/** Read by OCR (some or all of its pages were scans). */
export function isScanned(row: Pick<CatalogRow, 'ocrPages' | 'ocrConfidence'>): boolean {
  return (row.ocrPages ?? 0) > 0 || row.ocrConfidence !== null;
}
