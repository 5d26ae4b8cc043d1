/**
 * A document's scan as Markdown and CSV, and the portfolio grid as CSV. Plain text, no library.
 * Document and playbook text is untrusted: Markdown output escapes HTML and Markdown syntax so a
 * viewer renders it as text (markdown.ts, shared by every Markdown writer), and CSV cells that a
 * spreadsheet would run as a formula (=, +, -, @) are prefixed with an apostrophe (cells.ts).
 */
import { severityRank, type Severity } from '../core/scan/playbook';
import type { PortfolioGrid } from '../core/scan/portfolio';
import { csvText as csv } from './cells';
import { escapeMarkdown } from './markdown';
import { exportStrings, type ExportLang, type ExportStrings } from './export-strings';
import { flagColumns, flagRows, isoTime, portfolioRows, type FlagRow, type ScanReport } from './report-rows';

export function scanToMarkdown(report: ScanReport, lang: ExportLang = 'en'): string {
  const { scan } = report;
  const t = exportStrings(lang);
  const rows = flagRows(report, lang);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.severityCode, (counts.get(r.severityCode) ?? 0) + 1);
  const bySeverity = [...counts].sort((a, b) => severityRank(a[0] as Severity) - severityRank(b[0] as Severity)).map(([s, n]) => `${n} ${t.severities[s as Severity].toLowerCase()}`).join(', ');
  const open = scan.flags.length === 0 ? 0 : rows.filter((r) => r.status === t.statuses.open || r.status === t.statuses.escalated).length;
  const out = [
    `# ${t.reviewTitle(escapeMarkdown(scan.documentName))}`,
    '',
    `- ${t.playbook}: ${escapeMarkdown(scan.playbookName)} (${escapeMarkdown(scan.playbookId)} ${escapeMarkdown(scan.playbookVersion)})`,
    `- ${t.scanned.replace(/ \(UTC\)$/, '')}: ${t.scannedLine(isoTime(scan.finishedAt), isoTime(report.generatedAt))}`,
    `- ${t.flags}: ${rows.length}${rows.length ? ` (${bySeverity})` : ''}; ${t.openCount(open)}`,
    '',
  ];
  rows.forEach((r, i) => out.push(...flagSection(r, i + 1, t)));
  if (rows.length === 0) out.push(t.noFlags, '');
  return out.join('\n');
}

function flagSection(r: FlagRow, n: number, t: ExportStrings): string[] {
  const e = escapeMarkdown;
  const lines = [`## ${n}. ${e(r.rule)} — ${r.severity.toUpperCase()} (${r.status})`, '', `${e(r.finding)}. ${e(r.explanation)}`, ''];
  if (r.evidence) lines.push(`**${t.evidence}** (${e(r.document)}, p. ${r.page}${r.section ? `, ${e(r.section)}` : ''}):`, '', `> ${r.evidenceParts ? markedMarkdown(r.evidenceParts) : e(r.evidence)}`, '');
  if (r.details) lines.push(`**${t.checked}:** ${e(r.details)}`, '');
  if (r.elsewhere) lines.push(`**${t.elsewhere}:** ${e(r.elsewhere)}`, '');
  if (r.guidance) lines.push(`**${t.guidance}:** ${e(r.guidance)}`, '');
  if (r.fallback) lines.push(`**${t.fallbackLanguage}:**`, '', `> ${e(r.fallback)}`, '');
  if (r.note || r.reviewedBy) lines.push(`**${t.review}:** ${r.status}${r.reviewedBy ? ` ${t.reviewedBy(e(r.reviewedBy), r.reviewedAt)}` : ''}${r.note ? ` — ${e(r.note)}` : ''}`, '');
  return lines;
}

/** The evidence with its marked words in bold (the spaces around them kept outside the markers, as Markdown needs). */
function markedMarkdown([before, marked, after]: readonly [string, string, string]): string {
  const lead = /^\s*/u.exec(marked)![0];
  const trail = /\s*$/u.exec(marked)![0];
  const core = marked.trim();
  return `${escapeMarkdown(before)}${lead}${core ? `**${escapeMarkdown(core)}**` : ''}${trail}${escapeMarkdown(after)}`;
}

export { csvField } from './cells';

export function scanToCsv(report: ScanReport, lang: ExportLang = 'en'): string {
  const rows = flagRows(report, lang);
  const columns = flagColumns(lang);
  return csv([columns.map((c) => c.title), ...rows.map((r) => columns.map((c) => r[c.key]))]);
}

export function portfolioToCsv(grid: PortfolioGrid, lang: ExportLang = 'en'): string {
  const { header, rows } = portfolioRows(grid, lang);
  return csv([header, ...rows]);
}

/** A file name for a report: "<document>-<playbook>-review.<ext>", safe on every file system. */
export function reportFileName(report: ScanReport, extension: string, lang: ExportLang = 'en'): string {
  const base = `${report.scan.documentName.replace(/\.[^.]+$/, '')}-${report.scan.playbookId}-${exportStrings(lang).reviewFile}`;
  return `${base.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 120)}.${extension}`;
}
