/**
 * The workspace answers' DocumentCatalog port (src/core/workspace/catalog.ts) over the documents
 * table: pages in (addedAt, id) order read through the `addedAt` index, whose entries IndexedDB
 * keeps sorted by (addedAt, primary key) — so a page after a key is the rest of the key's own
 * addedAt (ids after it), then the rows of later times, and no more than a page is ever read.
 * Descending order walks the same index backwards.
 */
import type { JobOptions } from '../core/ports';
import { throwIfAborted } from '../core/errors';
import { keyOf, type CatalogPage, type CatalogPageRequest, type CatalogRow, type DocumentCatalog } from '../core/workspace/catalog';
import type { WorkspaceDb } from './db';

export class DexieCatalog implements DocumentCatalog {
  constructor(private readonly db: WorkspaceDb) {}

  async page(request: CatalogPageRequest, options: JobOptions = {}): Promise<CatalogPage> {
    throwIfAborted(options.signal, 'workspace catalog');
    const limit = Math.max(1, Math.floor(request.limit));
    const desc = request.order === 'desc';
    const after = request.after ?? null;
    const byTime = this.db.documents.where('addedAt');
    const rows: CatalogRow[] = [];
    if (after) {
      // The rest of the rows sharing the key's time, in id order.
      let same = byTime.equals(after.addedAt);
      if (desc) same = same.reverse();
      rows.push(...(await same.filter((d) => (desc ? d.id < after.id : d.id > after.id)).limit(limit + 1).toArray()));
    }
    if (rows.length <= limit) {
      let later = after ? (desc ? byTime.below(after.addedAt) : byTime.above(after.addedAt)) : this.db.documents.orderBy('addedAt');
      if (desc) later = later.reverse();
      rows.push(...(await later.limit(limit + 1 - rows.length).toArray()));
    }
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { rows: page, next: rows.length > limit && last ? keyOf(last) : null };
  }

  get(id: string): Promise<CatalogRow | undefined> {
    return this.db.documents.get(id);
  }
}
