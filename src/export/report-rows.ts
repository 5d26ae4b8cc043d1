/**
 * What every report format writes: one row per flag of a document's scan (severity, review status,
 * rule, evidence with file/page/section, explanation, guidance, fallback language, review note
 * and last reviewer), and one row per document of the portfolio grid. The format modules
 * (Markdown/CSV here, XLSX and Word beside) only lay these out.
 */
import { localizedFlag, splitDetails, type PlaybookTexts } from '../core/scan/finding-text';
import type { Playbook } from '../core/scan/playbook';
import type { PortfolioGrid } from '../core/scan/portfolio';
import { withReviews } from '../core/scan/review';
import { findingKind, type FlagReview, type ScanRecord } from '../core/scan/types';
import { exportStrings, type ExportLang, type FlagColumn } from './export-strings';

export interface ScanReport {
  readonly scan: ScanRecord;
  readonly reviews: readonly FlagReview[];
  /** Milliseconds since the epoch. */
  readonly generatedAt: number;
  /** The scan's playbook and its texts in the report's language: the flags are read in it (as stored without). */
  readonly playbook?: Playbook;
  readonly texts?: PlaybookTexts | null;
}

export interface FlagRow {
  /** The severity code (critical, high…): formats colour by it. */
  readonly severityCode: string;
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
  /** The words of the evidence that read most as the flag's clause (Evidence.focus), shown marked in the review; '' when none. */
  readonly marked: string;
  /** The evidence cut around them (before, marked, after), for formats that can mark them; null when none are marked. */
  readonly evidenceParts: readonly [string, string, string] | null;
  readonly explanation: string;
  /** What the flag's checks found. */
  readonly details: string;
  /** The other places of the flag's kind ("also present: 2 passages of this kind at …"). */
  readonly elsewhere: string;
  readonly guidance: string;
  readonly fallback: string;
  readonly note: string;
  readonly reviewedBy: string;
  readonly reviewedAt: string;
}

const COLUMN_KEYS: readonly FlagColumn[] = ['severity', 'status', 'rule', 'clauseType', 'finding', 'document', 'page', 'section', 'evidence', 'marked', 'explanation', 'details', 'elsewhere', 'guidance', 'fallback', 'note', 'reviewedBy', 'reviewedAt'];

/** The report's columns, titled in `lang`. */
export function flagColumns(lang: ExportLang = 'en'): readonly { readonly key: FlagColumn; readonly title: string }[] {
  const titles = exportStrings(lang).flagColumns;
  return COLUMN_KEYS.map((key) => ({ key, title: titles[key] }));
}

export const isoTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

export function flagRows(report: ScanReport, lang: ExportLang = 'en'): FlagRow[] {
  const t = exportStrings(lang);
  return withReviews(report.scan.flags, report.reviews).map(({ flag: stored, review }) => {
    const flag = report.playbook ? localizedFlag(stored, report.playbook, report.texts ?? null, lang) : stored;
    const last = review.history.at(-1);
    const ev = flag.evidence;
    const { checks, elsewhere } = splitDetails(flag.details);
    const focus = ev?.focus && ev.focus.start < ev.focus.end && ev.focus.end <= ev.text.length ? ev.focus : null;
    return {
      severityCode: flag.severity,
      severity: t.severities[flag.severity] ?? flag.severity,
      status: t.statuses[review.status] ?? review.status,
      rule: flag.ruleTitle,
      ruleId: flag.ruleId,
      clauseType: flag.clauseType,
      finding: t.findings[findingKind(flag)] ?? flag.kind,
      document: report.scan.documentName,
      page: ev ? (ev.page === ev.pageEnd ? String(ev.page) : `${ev.page}–${ev.pageEnd}`) : '',
      section: ev ? ev.sectionPath.join(' › ') : '',
      evidence: ev?.text ?? '',
      marked: focus ? ev!.text.slice(focus.start, focus.end).trim() : '',
      evidenceParts: focus ? [ev!.text.slice(0, focus.start), ev!.text.slice(focus.start, focus.end), ev!.text.slice(focus.end)] : null,
      explanation: flag.explanation,
      details: checks.join('; '),
      elsewhere: elsewhere.join('; '),
      guidance: flag.guidance ?? '',
      fallback: flag.fallback ?? '',
      note: review.note,
      reviewedBy: last?.user ?? '',
      reviewedAt: last ? isoTime(last.at) : '',
    };
  });
}

/** Portfolio rows: document, then one cell per clause type ("flagged (high)", "present", "missing"). */
export function portfolioRows(grid: PortfolioGrid, lang: ExportLang = 'en'): { readonly header: string[]; readonly rows: string[][] } {
  const t = exportStrings(lang);
  const header = [t.document, ...grid.columns.map((c) => c.name)];
  const rows = grid.rows.map((r) => [
    r.documentName,
    ...grid.columns.map((c) => {
      const cell = r.cells[c.id];
      if (!cell) return '';
      if (cell.state === 'flagged') return t.cellStates.flagged(cell.severity ? t.severities[cell.severity] : t.cellStates.review);
      return cell.state === 'present' ? t.cellStates.present : cell.state === 'missing' ? t.cellStates.missing : cell.state;
    }),
  ]);
  return { header, rows };
}
