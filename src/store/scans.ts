/**
 * Scans and flag reviews in the workspace database: the core's ScanStore port on Dexie.
 *
 * - A scan is stored under its key (document content + playbook id, version and content); a new
 *   scan of the same document with the same playbook replaces the older ones in the same
 *   transaction, so a workspace keeps one scan per document and playbook, never a pile of
 *   superseded versions.
 * - Reviews live apart from scans, keyed by flag id: a re-scan that raises the same flag (same
 *   rule, same passage) finds its review, status, note and history, again.
 * - Deleting a document deletes its scans and reviews in one transaction.
 */
import type { ScanStore } from '../core/scan/store';
import type { FlagReview, ScanRecord } from '../core/scan/types';
import type { WorkspaceDb } from './db';

const newestFirst = (a: ScanRecord, b: ScanRecord) => b.finishedAt - a.finishedAt;

export class DexieScanStore implements ScanStore {
  constructor(private readonly db: WorkspaceDb) {}

  getScan(key: string): Promise<ScanRecord | undefined> {
    return this.db.scans.get(key);
  }

  async latestScan(documentId: string, playbookId: string): Promise<ScanRecord | undefined> {
    const scans = await this.db.scans.where('[documentId+playbookId]').equals([documentId, playbookId]).toArray();
    return scans.sort(newestFirst)[0];
  }

  async listScans(filter: { readonly documentId?: string; readonly playbookId?: string } = {}): Promise<ScanRecord[]> {
    const { documentId, playbookId } = filter;
    const rows =
      documentId && playbookId
        ? await this.db.scans.where('[documentId+playbookId]').equals([documentId, playbookId]).toArray()
        : documentId
          ? await this.db.scans.where('documentId').equals(documentId).toArray()
          : playbookId
            ? await this.db.scans.where('playbookId').equals(playbookId).toArray()
            : await this.db.scans.toArray();
    return rows.sort(newestFirst);
  }

  async putScan(scan: ScanRecord): Promise<void> {
    await this.db.transaction('rw', this.db.scans, async () => {
      await this.db.scans
        .where('[documentId+playbookId]')
        .equals([scan.documentId, scan.playbookId])
        .filter((s) => s.key !== scan.key)
        .delete();
      await this.db.scans.put(scan);
    });
  }

  getReview(flagId: string): Promise<FlagReview | undefined> {
    return this.db.reviews.get(flagId);
  }

  listReviews(documentId?: string): Promise<FlagReview[]> {
    return documentId ? this.db.reviews.where('documentId').equals(documentId).toArray() : this.db.reviews.toArray();
  }

  async putReview(review: FlagReview): Promise<void> {
    await this.db.reviews.put(review);
  }

  async deleteDocument(documentId: string): Promise<void> {
    await this.db.transaction('rw', this.db.scans, this.db.reviews, async () => {
      await this.db.scans.where('documentId').equals(documentId).delete();
      await this.db.reviews.where('documentId').equals(documentId).delete();
    });
  }
}
