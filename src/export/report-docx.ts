/**
 * A document's scan as a Word document (docx), imported only when a user exports. Each flag is a
 * heading with its severity and review status, the evidence quoted with file, page and section,
 * the explanation, guidance, fallback language and the review note. Text goes in as text runs.
 */
import { flagRows, isoTime, type ScanReport } from './report-rows';

export async function scanToDocx(report: ScanReport): Promise<Uint8Array> {
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const { scan } = report;
  const p = (text: string, options: { bold?: boolean; italics?: boolean } = {}) => new Paragraph({ children: [new TextRun({ text, ...options })] });
  const labelled = (label: string, text: string) => new Paragraph({ children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun({ text })] });
  const quote = (text: string) => new Paragraph({ indent: { left: 720 }, children: [new TextRun({ text, italics: true })] });

  const children: InstanceType<typeof Paragraph>[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: `Contract review: ${scan.documentName}` })] }),
    labelled('Playbook', `${scan.playbookName} (${scan.playbookId} ${scan.playbookVersion})`),
    labelled('Scanned', `${isoTime(scan.finishedAt)} UTC; report generated ${isoTime(report.generatedAt)} UTC`),
    labelled('Flags', String(scan.flags.length)),
  ];
  flagRows(report).forEach((r, i) => {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: `${i + 1}. ${r.rule} — ${r.severity.toUpperCase()} (${r.status})` })] }));
    children.push(p(`${r.finding}. ${r.explanation}`));
    if (r.evidence) {
      children.push(p(`Evidence (${r.document}, p. ${r.page}${r.section ? `, ${r.section}` : ''}):`, { bold: true }));
      children.push(quote(r.evidence));
    }
    if (r.details) children.push(labelled('Checked', r.details));
    if (r.guidance) children.push(labelled('Guidance', r.guidance));
    if (r.fallback) {
      children.push(p('Fallback language:', { bold: true }));
      children.push(quote(r.fallback));
    }
    if (r.note || r.reviewedBy) children.push(labelled('Review', `${r.status}${r.reviewedBy ? ` by ${r.reviewedBy} at ${r.reviewedAt} UTC` : ''}${r.note ? ` — ${r.note}` : ''}`));
  });
  if (scan.flags.length === 0) children.push(p('No flags: every rule of the playbook passed.'));
  const doc = new Document({ creator: 'Casefile', title: `Contract review: ${scan.documentName}`, sections: [{ children }] });
  return new Uint8Array(await Packer.toArrayBuffer(doc));
}
