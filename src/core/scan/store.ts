/**
 * The store port for scans and reviews, and its in-memory implementation (Node, tests, the
 * evaluation). The app's Dexie implementation comes with the review UI; it keeps the same
 * contract: a scan is stored under its key (re-scanning with the same key replaces it), the
 * latest scan per document and playbook is found by `latestScan`, and reviews live apart from
 * scans, keyed by flag id, so a re-scan that raises the same flag keeps its review.
 */
import type { FlagReview, ScanRecord } from './types';

export interface ScanStore {
  getScan(key: string): Promise<ScanRecord | undefined>;
  /** The most recently finished scan of a document with a playbook (any version). */
  latestScan(documentId: string, playbookId: string): Promise<ScanRecord | undefined>;
  listScans(filter?: { readonly documentId?: string; readonly playbookId?: string }): Promise<ScanRecord[]>;
  putScan(scan: ScanRecord): Promise<void>;
  getReview(flagId: string): Promise<FlagReview | undefined>;
  listReviews(documentId?: string): Promise<FlagReview[]>;
  putReview(review: FlagReview): Promise<void>;
  /** Removes every scan and review of a document (the document was deleted). */
  deleteDocument(documentId: string): Promise<void>;
}

export class MemoryScanStore implements ScanStore {
  private readonly scans = new Map<string, ScanRecord>();
  private readonly reviews = new Map<string, FlagReview>();

  async getScan(key: string): Promise<ScanRecord | undefined> {
    return this.scans.get(key);
  }
  async latestScan(documentId: string, playbookId: string): Promise<ScanRecord | undefined> {
    return (await this.listScans({ documentId, playbookId }))[0];
  }
  async listScans(filter: { readonly documentId?: string; readonly playbookId?: string } = {}): Promise<ScanRecord[]> {
    return [...this.scans.values()]
      .filter((s) => (!filter.documentId || s.documentId === filter.documentId) && (!filter.playbookId || s.playbookId === filter.playbookId))
      .sort((a, b) => b.finishedAt - a.finishedAt);
  }
  async putScan(scan: ScanRecord): Promise<void> {
    this.scans.set(scan.key, structuredClone(scan));
  }
  async getReview(flagId: string): Promise<FlagReview | undefined> {
    return this.reviews.get(flagId);
  }
  async listReviews(documentId?: string): Promise<FlagReview[]> {
    return [...this.reviews.values()].filter((r) => !documentId || r.documentId === documentId);
  }
  async putReview(review: FlagReview): Promise<void> {
    this.reviews.set(review.flagId, structuredClone(review));
  }
  async deleteDocument(documentId: string): Promise<void> {
    for (const [k, s] of this.scans) if (s.documentId === documentId) this.scans.delete(k);
    for (const [k, r] of this.reviews) if (r.documentId === documentId) this.reviews.delete(k);
  }
}
