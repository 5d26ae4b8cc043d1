/**
 * A document's scan as Markdown and CSV, and the portfolio grid as CSV. Plain text, no library.
 * Document and playbook text is untrusted: Markdown output escapes HTML and Markdown syntax so a
 * viewer renders it as text, and CSV cells that a spreadsheet would run as a formula (=, +, -, @)
 * are prefixed with an apostrophe.
 */
import { severityRank, type Severity } from '../core/scan/playbook';
import type { PortfolioGrid } from '../core/scan/portfolio';
import { FLAG_COLUMNS, flagRows, isoTime, portfolioRows, type FlagRow, type ScanReport } from './report-rows';

/** Escapes text for Markdown: HTML is shown, not rendered; emphasis, links and tables are literal. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_{}[\]()#+\-!|~])/g, '\\$1')
    .replace(/\r?\n/g, ' ');
}

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

/** A CSV field (RFC 4180 quoting), neutralising spreadsheet formulas. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

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
