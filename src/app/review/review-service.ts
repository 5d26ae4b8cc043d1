/**
 * Reviewing the flags of one workspace: what the Review view shows (the latest scan of each
 * document with a playbook, its flags with their review state, the document's state at a
 * glance, whether a re-scan is due), review decisions recorded with the local user's name and
 * the time, the passage of a flag for the source viewer, the portfolio grid, and the reports.
 *
 * The read methods touch only the workspace database (no other awaits), so the UI can run them
 * as live queries that refresh whenever a scan or a review is written.
 */
import type { ExportLang } from '../../export/export-strings';
import { InputError } from '../../core/errors';
import { severityRank, type Playbook, type Severity } from '../../core/scan/playbook';
import { playbookTexts } from '../../playbooks/builtin';
import { portfolioGrid, type PortfolioGrid } from '../../core/scan/portfolio';
import { openReview, reviewSummary, transition, withReviews, type ReviewedFlag, type ReviewSummary } from '../../core/scan/review';
import { scanKey } from '../../core/scan/scan';
import type { ScanStore } from '../../core/scan/store';
import type { Flag, FlagReview, FlagStatus, ScanRecord } from '../../core/scan/types';
import type { Passage } from '../../core/search-types';
import type { ChunkRecord, DocumentRecord } from '../../core/types';

export interface DocumentReview {
  readonly documentId: string;
  readonly documentName: string;
  readonly scan: ScanRecord;
  /** Flags in review order (severity, then page) with their review state. */
  readonly items: readonly ReviewedFlag[];
  readonly summary: ReviewSummary;
  /** The document or the playbook changed since this scan: a re-scan is due. */
  readonly stale: boolean;
}

/** A document's review state across every playbook it was scanned with (the badge on its row). */
export interface DocumentReviewState {
  readonly scans: number;
  /** Open or escalated flags. */
  readonly unresolved: number;
  readonly escalated: number;
  readonly worst: Severity | null;
}

export interface ExportFile {
  readonly name: string;
  readonly type: string;
  readonly data: string | Uint8Array;
}

export type ReportFormat = 'md' | 'csv' | 'xlsx' | 'docx';

const MIME: Record<ReportFormat, string> = {
  md: 'text/markdown',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export interface ReviewServiceDeps {
  readonly store: ScanStore;
  readonly documents: {
    documentsByIds(ids: readonly string[]): Promise<(DocumentRecord | undefined)[]>;
    getDocument(id: string): Promise<DocumentRecord | undefined>;
    chunksByIds(ids: readonly string[]): Promise<(ChunkRecord | undefined)[]>;
  };
  /** The local user's name (null until given). */
  readonly reviewer: () => Promise<string | null>;
  /** The clause model's identity (scan-service.ts): a scan made by another model is stale. */
  readonly classifierIdentity: () => Promise<string>;
  readonly now?: () => number;
}

export class ReviewService {
  readonly #deps: ReviewServiceDeps;
  readonly #now: () => number;

  constructor(deps: ReviewServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /** The latest scan of each document (that still exists) with this playbook, with its review. */
  async documentReviews(playbook: Playbook): Promise<DocumentReview[]> {
    const [scans, reviews] = await Promise.all([this.#deps.store.listScans({ playbookId: playbook.id }), this.#deps.store.listReviews()]);
    // Asked only when there is a scan to judge: an empty review does not start the scan worker.
    const classifier = scans.length > 0 ? await this.#deps.classifierIdentity() : undefined;
    // Only the scanned documents: a live view of this is then not re-read for every document an import writes.
    const documents = await this.#deps.documents.documentsByIds([...new Set(scans.map((s) => s.documentId))]);
    const docs = new Map(documents.flatMap((d) => (d ? [[d.id, d] as const] : [])));
    const seen = new Set<string>();
    const out: DocumentReview[] = [];
    for (const scan of scans) {
      const doc = docs.get(scan.documentId);
      if (!doc || seen.has(scan.documentId)) continue; // newest first: the first per document is its latest
      seen.add(scan.documentId);
      const items = withReviews(scan.flags, reviews);
      out.push({ documentId: doc.id, documentName: doc.name, scan, items, summary: reviewSummary(items), stale: scan.key !== scanKey(doc, playbook, classifier) });
    }
    return out.sort((a, b) => a.documentName.localeCompare(b.documentName));
  }

  /** Each scanned document's review state across its playbooks (latest scan of each). */
  async documentStates(): Promise<Map<string, DocumentReviewState>> {
    const [scans, reviews] = await Promise.all([this.#deps.store.listScans(), this.#deps.store.listReviews()]);
    const latest = new Map<string, ScanRecord>();
    for (const s of scans) if (!latest.has(`${s.documentId}|${s.playbookId}`)) latest.set(`${s.documentId}|${s.playbookId}`, s);
    const out = new Map<string, DocumentReviewState>();
    for (const scan of latest.values()) {
      const summary = reviewSummary(withReviews(scan.flags, reviews));
      const prev = out.get(scan.documentId) ?? { scans: 0, unresolved: 0, escalated: 0, worst: null };
      const worst = [prev.worst, summary.worstOpen].filter((s): s is Severity => s !== null).sort((a, b) => severityRank(a) - severityRank(b))[0] ?? null;
      out.set(scan.documentId, { scans: prev.scans + 1, unresolved: prev.unresolved + summary.byStatus.open + summary.byStatus.escalated, escalated: prev.escalated + summary.byStatus.escalated, worst });
    }
    return out;
  }

  /**
   * Records a decision on a flag (resolved / dismissed / escalated / reopened) with a note, the
   * local user's name and the time. Throws InputError when no name was given yet (details.needsName)
   * or when the workflow does not allow the step.
   */
  async decide(flag: Pick<Flag, 'id' | 'documentId'>, to: FlagStatus, note: string): Promise<FlagReview> {
    const user = await this.#deps.reviewer();
    if (!user) throw new InputError('review: give your name first (it is recorded with each decision)', { needsName: true });
    const current = (await this.#deps.store.getReview(flag.id)) ?? openReview(flag);
    const next = transition(current, { to, note, user, at: this.#now() });
    await this.#deps.store.putReview(next);
    return next;
  }

  /** The flag's passage as the source viewer opens it; null when the document is gone. */
  async passage(flag: Flag): Promise<Passage | null> {
    const ev = flag.evidence;
    if (!ev) return null;
    const doc = await this.#deps.documents.getDocument(ev.documentId);
    if (!doc) return null;
    // The chunk as stored; when the document was re-imported since, the evidence itself.
    const [stored] = await this.#deps.documents.chunksByIds([ev.chunkId]);
    const chunk: ChunkRecord = stored ?? { id: ev.chunkId, documentId: ev.documentId, seq: 0, pageStart: ev.page, pageEnd: ev.pageEnd, charStart: ev.charStart, charEnd: ev.charEnd, sectionPath: ev.sectionPath, sectionOrdinal: null, sectionTitle: ev.sectionPath.at(-1) ?? null, text: ev.text, sourceText: ev.text, tokens: 0 };
    return {
      chunkId: chunk.id,
      documentId: doc.id,
      score: 0,
      terms: [],
      foundBy: [],
      rank: 1,
      chunk,
      document: { id: doc.id, name: doc.name, path: doc.path, title: doc.title, language: doc.language, pages: doc.pages },
    };
  }

  /** The first passage of a clause type in a document's latest scan (a portfolio cell's jump target). */
  async clausePassage(documentId: string, playbookId: string, chunkId: string): Promise<Passage | null> {
    const scan = await this.#deps.store.latestScan(documentId, playbookId);
    const labels = scan?.chunkLabels.find((c) => c.chunkId === chunkId);
    if (!scan || !labels) return null;
    const [chunk] = await this.#deps.documents.chunksByIds([chunkId]);
    const doc = await this.#deps.documents.getDocument(documentId);
    if (!chunk || !doc) return null;
    return { chunkId, documentId, score: 0, terms: [], foundBy: [], rank: 1, chunk, document: { id: doc.id, name: doc.name, path: doc.path, title: doc.title, language: doc.language, pages: doc.pages } };
  }

  /**
   * Documents × clause types for the playbook's latest scans. Columns: the clause types its
   * rules check, or every clause type with `allTypes`.
   */
  async portfolio(playbook: Playbook, allTypes = false): Promise<PortfolioGrid> {
    const reviews = await this.documentReviews(playbook);
    const ruled = new Set(playbook.rules.map((r) => r.clauseType));
    const types = allTypes ? playbook.clauseTypes : playbook.clauseTypes.filter((t) => ruled.has(t.id));
    return portfolioGrid(
      reviews.map((r) => r.scan),
      types,
      reviews.flatMap((r) => r.items.map((i) => i.review)),
    );
  }

  /**
   * A document's scan with a playbook as a report file (Markdown, CSV, Excel or Word); with the
   * playbook, its flags read in `language` as the review screen shows them (core/scan/finding-text.ts).
   */
  async report(documentId: string, playbookId: string, format: ReportFormat, language: ExportLang = 'en', playbook?: Playbook): Promise<ExportFile> {
    const scan = await this.#deps.store.latestScan(documentId, playbookId);
    if (!scan) throw new InputError(`report: the document ${documentId} has no scan with playbook "${playbookId}"`, { documentId, playbookId });
    const reader = playbook?.id === playbookId ? { playbook, texts: playbookTexts(playbook, language) } : {};
    const report = { scan, reviews: await this.#deps.store.listReviews(documentId), generatedAt: this.#now(), ...reader };
    const text = await import('../../export/report-text');
    const name = text.reportFileName(report, format, language);
    switch (format) {
      case 'md':
        return { name, type: MIME.md, data: text.scanToMarkdown(report, language) };
      case 'csv':
        return { name, type: MIME.csv, data: text.scanToCsv(report, language) };
      case 'xlsx':
        return { name, type: MIME.xlsx, data: await (await import('../../export/report-xlsx')).scanToXlsx(report, language) };
      case 'docx':
        return { name, type: MIME.docx, data: await (await import('../../export/report-docx')).scanToDocx(report, language) };
    }
  }

  /** The portfolio grid as CSV or Excel. */
  async portfolioFile(grid: PortfolioGrid, playbook: Playbook, format: 'csv' | 'xlsx', language: ExportLang = 'en'): Promise<ExportFile> {
    const name = `portfolio-${playbook.id}.${format}`;
    if (format === 'csv') return { name, type: MIME.csv, data: (await import('../../export/report-text')).portfolioToCsv(grid, language) };
    return { name, type: MIME.xlsx, data: await (await import('../../export/report-xlsx')).portfolioToXlsx(grid, language) };
  }
}
