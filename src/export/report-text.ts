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
import { FLAG_COLUMNS, flagRows, isoTime, portfolioRows, type FlagRow, type ScanReport } from './report-rows';

export function scanToMarkdown(report: ScanReport): string {
  const { scan } = report;
  const rows = flagRows(report);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.severity, (counts.get(r.severity) ?? 0) + 1);
  const bySeverity = [...counts].sort((a, b) => severityRank(a[0] as Severity) - severityRank(b[0] as Severity)).map(([s, n]) => `${n} ${s}`).join(', ');
  const out = [
    `# Contract review: ${escapeMarkdown(scan.documentName)}`,
    '',
    `- Playbook: ${escapeMarkdown(scan.playbookName)} (${escapeMarkdown(scan.playbookId)} ${escapeMarkdown(scan.playbookVersion)})`,
    `- Scanned: ${isoTime(scan.finishedAt)} UTC; report generated ${isoTime(report.generatedAt)} UTC`,
    `- Flags: ${rows.length}${rows.length ? ` (${bySeverity})` : ''}; open: ${rows.filter((r) => r.status === 'open' || r.status === 'escalated').length}`,
    '',
  ];
  rows.forEach((r, i) => out.push(...flagSection(r, i + 1)));
  if (rows.length === 0) out.push('No flags: every rule of the playbook passed.', '');
  return out.join('\n');
}

function flagSection(r: FlagRow, n: number): string[] {
  const e = escapeMarkdown;
  const lines = [`## ${n}. ${e(r.rule)} — ${r.severity.toUpperCase()} (${r.status})`, '', `${e(r.finding)}. ${e(r.explanation)}`, ''];
  if (r.evidence) lines.push(`**Evidence** (${e(r.document)}, p. ${r.page}${r.section ? `, ${e(r.section)}` : ''}):`, '', `> ${e(r.evidence)}`, '');
  if (r.details) lines.push(`**Checked:** ${e(r.details)}`, '');
  if (r.guidance) lines.push(`**Guidance:** ${e(r.guidance)}`, '');
  if (r.fallback) lines.push(`**Fallback language:**`, '', `> ${e(r.fallback)}`, '');
  if (r.note || r.reviewedBy) lines.push(`**Review:** ${r.status}${r.reviewedBy ? ` by ${e(r.reviewedBy)} at ${r.reviewedAt} UTC` : ''}${r.note ? ` — ${e(r.note)}` : ''}`, '');
  return lines;
}

export { csvField } from './cells';

export function scanToCsv(report: ScanReport): string {
  const rows = flagRows(report);
  return csv([FLAG_COLUMNS.map((c) => c.title), ...rows.map((r) => FLAG_COLUMNS.map((c) => r[c.key]))]);
}

export function portfolioToCsv(grid: PortfolioGrid): string {
  const { header, rows } = portfolioRows(grid);
  return csv([header, ...rows]);
}

/** A file name for a report: "<document>-<playbook>-review.<ext>", safe on every file system. */
export function reportFileName(report: ScanReport, extension: string): string {
  const base = `${report.scan.documentName.replace(/\.[^.]+$/, '')}-${report.scan.playbookId}-review`;
  return `${base.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 120)}.${extension}`;
}
