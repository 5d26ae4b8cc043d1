/**
 * What every report format writes: one row per flag of a document's scan (severity, review status,
 * rule, evidence with file/page/section, explanation, guidance, fallback language, review note
 * and last reviewer), and one row per document of the portfolio grid. The format modules
 * (Markdown/CSV here, XLSX and Word beside) only lay these out.
 */
import type { PortfolioGrid } from '../core/scan/portfolio';
import { withReviews } from '../core/scan/review';
import type { FlagReview, ScanRecord } from '../core/scan/types';

export interface ScanReport {
  readonly scan: ScanRecord;
  readonly reviews: readonly FlagReview[];
  /** Milliseconds since the epoch. */
  readonly generatedAt: number;
}

export interface FlagRow {
  readonly severity: string;
  readonly status: string;
  readonly rule: string;
  readonly ruleId: string;
  readonly clauseType: string;
  readonly finding: string;
  readonly document: string;
  readonly page: string;
  readonly section: string;
  readonly evidence: string;
  readonly explanation: string;
  readonly details: string;
  readonly guidance: string;
  readonly fallback: string;
  readonly note: string;
  readonly reviewedBy: string;
  readonly reviewedAt: string;
}

export const FLAG_COLUMNS: readonly { readonly key: keyof FlagRow; readonly title: string }[] = [
  { key: 'severity', title: 'Severity' },
  { key: 'status', title: 'Status' },
  { key: 'rule', title: 'Rule' },
  { key: 'clauseType', title: 'Clause type' },
  { key: 'finding', title: 'Finding' },
  { key: 'document', title: 'Document' },
  { key: 'page', title: 'Page' },
  { key: 'section', title: 'Section' },
  { key: 'evidence', title: 'Evidence' },
  { key: 'explanation', title: 'Explanation' },
  { key: 'details', title: 'Details' },
  { key: 'guidance', title: 'Guidance' },
  { key: 'fallback', title: 'Fallback language' },
  { key: 'note', title: 'Review note' },
  { key: 'reviewedBy', title: 'Reviewed by' },
  { key: 'reviewedAt', title: 'Reviewed at' },
];

const FINDING: Record<string, string> = { missing: 'Missing clause', failed: 'Does not meet the rule', present: 'Clause present', unverified: 'Needs manual check' };

export const isoTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

export function flagRows(report: ScanReport): FlagRow[] {
  return withReviews(report.scan.flags, report.reviews).map(({ flag, review }) => {
    const last = review.history.at(-1);
    const ev = flag.evidence;
    return {
      severity: flag.severity,
      status: review.status,
      rule: flag.ruleTitle,
      ruleId: flag.ruleId,
      clauseType: flag.clauseType,
      finding: FINDING[flag.kind] ?? flag.kind,
      document: report.scan.documentName,
      page: ev ? (ev.page === ev.pageEnd ? String(ev.page) : `${ev.page}–${ev.pageEnd}`) : '',
      section: ev ? ev.sectionPath.join(' › ') : '',
      evidence: ev?.text ?? '',
      explanation: flag.explanation,
      details: flag.details.join('; '),
      guidance: flag.guidance ?? '',
      fallback: flag.fallback ?? '',
      note: review.note,
      reviewedBy: last?.user ?? '',
      reviewedAt: last ? isoTime(last.at) : '',
    };
  });
}

/** Portfolio rows: document, then one cell per clause type ("flagged (high)", "present", "missing"). */
export function portfolioRows(grid: PortfolioGrid): { readonly header: string[]; readonly rows: string[][] } {
  const header = ['Document', ...grid.columns.map((c) => c.name)];
  const rows = grid.rows.map((r) => [
    r.documentName,
    ...grid.columns.map((c) => {
      const cell = r.cells[c.id];
      if (!cell) return '';
      return cell.state === 'flagged' ? `flagged (${cell.severity ?? 'review'})` : cell.state;
    }),
  ]);
  return { header, rows };
}
