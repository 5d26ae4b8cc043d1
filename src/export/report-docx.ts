/**
 * A document's scan as a Word document (docx), imported only when a user exports. Each flag is a
 * heading with its severity and review status, the evidence quoted with file, page and section
 * (the words the review marks in bold, highlighted),
 * the explanation, guidance, fallback language and the review note. Text goes in as text runs.
 */
import { exportStrings, type ExportLang } from './export-strings';
import { flagRows, isoTime, type ScanReport } from './report-rows';

export async function scanToDocx(report: ScanReport, lang: ExportLang = 'en'): Promise<Uint8Array> {
  const t = exportStrings(lang);
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const { scan } = report;
  const p = (text: string, options: { bold?: boolean; italics?: boolean } = {}) => new Paragraph({ children: [new TextRun({ text, ...options })] });
  const labelled = (label: string, text: string) => new Paragraph({ children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun({ text })] });
  const quote = (text: string) => new Paragraph({ indent: { left: 720 }, children: [new TextRun({ text, italics: true })] });

  const children: InstanceType<typeof Paragraph>[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: t.reviewTitle(scan.documentName) })] }),
    labelled(t.playbook, `${scan.playbookName} (${scan.playbookId} ${scan.playbookVersion})`),
    labelled(t.scanned.replace(/ \(UTC\)$/, ''), t.scannedLine(isoTime(scan.finishedAt), isoTime(report.generatedAt))),
    labelled(t.flags, String(scan.flags.length)),
  ];
  flagRows(report, lang).forEach((r, i) => {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun({ text: `${i + 1}. ${r.rule} — ${r.severity.toUpperCase()} (${r.status})` })] }));
    children.push(p(`${r.finding}. ${r.explanation}`));
    if (r.evidence) {
      children.push(p(`${t.evidence} (${r.document}, p. ${r.page}${r.section ? `, ${r.section}` : ''}):`, { bold: true }));
      if (r.evidenceParts) {
        // The words the review marks, marked here too (bold, highlighted).
        const [before, marked, after] = r.evidenceParts;
        children.push(new Paragraph({ indent: { left: 720 }, children: [new TextRun({ text: before, italics: true }), new TextRun({ text: marked, italics: true, bold: true, highlight: 'yellow' }), new TextRun({ text: after, italics: true })] }));
      } else children.push(quote(r.evidence));
    }
    if (r.details) children.push(labelled(t.checked, r.details));
    if (r.elsewhere) children.push(labelled(t.elsewhere, r.elsewhere));
    if (r.guidance) children.push(labelled(t.guidance, r.guidance));
    if (r.fallback) {
      children.push(p(`${t.fallbackLanguage}:`, { bold: true }));
      children.push(quote(r.fallback));
    }
    if (r.note || r.reviewedBy) children.push(labelled(t.review, `${r.status}${r.reviewedBy ? ` ${t.reviewedBy(r.reviewedBy, r.reviewedAt)}` : ''}${r.note ? ` — ${r.note}` : ''}`));
  });
  if (scan.flags.length === 0) children.push(p(t.noFlags));
  const doc = new Document({ creator: 'Casefile', title: t.reviewTitle(scan.documentName), sections: [{ children }] });
  return new Uint8Array(await Packer.toArrayBuffer(doc));
}
