/**
 * A flow's table: one row per document — the value asked for (when the question asks one), the
 * finding (verbatim: the sentence stating the value), the passage it comes from, page
 * or part, section, or "not found" and why — each citation opening the passage in the viewer as
 * a turn's citations do; Export CSV and Export XLSX download the same table.
 */
import type { UiLang } from '../i18n/language';
import { useLanguage } from '../i18n/LanguageProvider';
import { FLOWS } from './flow-strings';
import { useState } from 'react';
import { pageLabel } from '../../core/answer/sources';
import { sectionLabel } from '../../core/section-label';
import type { AnswerSource } from '../../core/answer-types';
import { describeError } from '../../core/errors';
import { rowsInOrder, type FlowRecord, type FlowRow } from '../../core/workspace/flows';
import { rowVerdict } from '../../core/workspace/verdict';
import { saveFile } from '../../app/browser/downloads';
import type { DocumentRecord } from '../../core/types';
import { useSession } from '../common/hooks';

const MAX_EVIDENCE = 600;

/** The row's passage as a source the viewer opens. */
export function rowSource(r: FlowRow, n: number, doc?: DocumentLookup): AnswerSource | null {
  if (!r.chunkId || !r.documentId) return null;
  const pageStart = r.pageStart ?? 1;
  const d = doc?.(r.documentId);
  return {
    n, chunkId: r.chunkId, documentId: r.documentId, file: r.document, path: r.document, title: r.title, pageStart, pageEnd: r.pageEnd ?? pageStart,
    mediaType: r.mediaType ?? d?.mediaType, pages: r.pages ?? d?.pages, sectionPath: r.section, language: r.language, text: r.evidence, before: [], after: [], score: r.score, pinned: false,
  };
}

/** The media type and page count of a document ("p. 5" or "part 2"). */
export type DocumentLookup = (id: string) => Pick<DocumentRecord, 'name' | 'mediaType' | 'pages'> | undefined;

export function FlowTable({ flow, doc, onOpen, lang }: { flow: FlowRecord; doc: DocumentLookup; onOpen: (source: AnswerSource) => void; lang: UiLang }) {
  const t = FLOWS[lang];
  const rows = rowsInOrder(flow);
  if (rows.length === 0) return null;
  // The value column when the question asks for a value (the governing law, a renewal term, …).
  const values = rows.some((r) => r.value);
  // The verdict column when the question states a condition ("governed by New York law").
  const judged = rows.some((r) => r.verdict);
  return (
    <div className="flow-table-wrap" role="region" aria-label={t.findingsPerDocument} tabIndex={0}>
      <table className="flow-table" data-testid="flow-table">
        <thead>
          <tr>
            <th scope="col">{t.document}</th>
            {judged && <th scope="col">{t.meetsIt}</th>}
            {values && <th scope="col">{t.value}</th>}
            <th scope="col">{t.finding}</th>
            <th scope="col">{t.where}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const source = rowSource(r, i + 1, doc);
            const where = source ? pageLabel(source, lang) : '';
            const evidence = r.evidence.length > MAX_EVIDENCE ? `${r.evidence.slice(0, MAX_EVIDENCE)}…` : r.evidence;
            return (
              <tr key={r.itemId} data-testid="flow-row" data-status={r.status} data-document={r.document}>
                <th scope="row" className="flow-doc">
                  <span className="flow-doc-label">{r.title ?? r.document}</span>
                  {r.title && <span className="muted flow-doc-file">{r.document}</span>}
                </th>
                {judged && (
                  <td className={`flow-verdict verdict-${rowVerdict(r)}`} data-testid="flow-verdict" data-verdict={rowVerdict(r)}>
                    {t.verdicts[rowVerdict(r)]}
                  </td>
                )}
                {values && (
                  <td className="flow-value" data-testid="flow-value">
                    {r.value?.display ?? (r.status === 'found' ? <span className="muted">{t.notStated}</span> : '')}
                  </td>
                )}
                <td className="flow-finding">
                  {r.status === 'found' ? (
                    <>
                      <p className="flow-finding-text" data-testid="flow-finding">
                        {r.finding}
                      </p>
                      {evidence && evidence !== r.finding && (
                        <details className="flow-evidence">
                          <summary>{t.passage}</summary>
                          <blockquote>{evidence}</blockquote>
                        </details>
                      )}
                    </>
                  ) : (
                    <p className={`flow-missing flow-${r.status}`} data-testid="flow-finding">
                      <span className="badge">{t.rowStatus[r.status]}</span>
                      {r.reason && <span className="muted"> {r.reason}</span>}
                    </p>
                  )}
                </td>
                <td className="flow-where">
                  {source ? (
                    <button type="button" className="cite flow-cite" data-testid="flow-cite" title={t.open(r.document, where)} onClick={() => onOpen(source)}>
                      {where}
                    </button>
                  ) : null}
                  {r.section.length > 0 && <span className="flow-section muted">{sectionLabel(r.section)}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** CSV and XLSX of the table, written in the app's language (the language the export is asked in). */
export function FlowExports({ flow, lang }: { flow: FlowRecord; lang: UiLang }) {
  const { flows } = useSession();
  const app = useLanguage().lang;
  const t = FLOWS[lang];
  const [problem, setProblem] = useState<string | null>(null);
  const save = (format: 'csv' | 'xlsx') => {
    setProblem(null);
    flows.exportTable(flow.id, format, app).then(saveFile, (e: unknown) => setProblem(t.notExported(describeError(e))));
  };
  if (flow.rows.length === 0) return null;
  return (
    <div className="actions flow-exports">
      <button type="button" className="small" data-testid="export-csv" onClick={() => save('csv')}>
        {t.exportCsv}
      </button>
      <button type="button" className="small" data-testid="export-xlsx" onClick={() => save('xlsx')}>
        {t.exportXlsx}
      </button>
      {problem && (
        <span className="error-text" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
