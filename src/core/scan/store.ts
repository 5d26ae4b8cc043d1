/**
 * The store port for scans and reviews, and its in-memory implementation (Node, tests, the
 * evaluation). The app's Dexie implementation comes with the review UI; it keeps the same
 * contract: a scan is stored under its key (re-scanning with the same key replaces it), the
 * latest scan per document and playbook is found by `latestScan`, and reviews live apart from
 * scans, keyed by flag id, so a re-scan that raises the same flag keeps its review. Playbooks the
 * user installs (imported, opened from a link, edited) live in a PlaybookStore, one version per id.
 */
import type { Playbook } from './playbook';
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

/** A playbook the user installed, with where it came from. */
export interface InstalledPlaybook {
  readonly playbook: Playbook;
  readonly source: 'file' | 'link' | 'editor';
  readonly installedAt: number;
}

export interface PlaybookStore {
  listPlaybooks(): Promise<InstalledPlaybook[]>;
  getPlaybook(id: string): Promise<InstalledPlaybook | undefined>;
  /** Installs or replaces the playbook with the same id (validate it first). */
  putPlaybook(entry: InstalledPlaybook): Promise<void>;
  deletePlaybook(id: string): Promise<void>;
}

export class MemoryPlaybookStore implements PlaybookStore {
  private readonly entries = new Map<string, InstalledPlaybook>();

  async listPlaybooks(): Promise<InstalledPlaybook[]> {
    return [...this.entries.values()].sort((a, b) => a.playbook.name.localeCompare(b.playbook.name));
  }
  async getPlaybook(id: string): Promise<InstalledPlaybook | undefined> {
    return this.entries.get(id);
  }
  async putPlaybook(entry: InstalledPlaybook): Promise<void> {
    this.entries.set(entry.playbook.id, structuredClone(entry));
  }
  async deletePlaybook(id: string): Promise<void> {
    this.entries.delete(id);
  }
}
