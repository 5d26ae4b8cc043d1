/**
 * A flow's table: one row per document — the value asked for (when the question asks one), the
 * finding (verbatim: the sentence stating the value), the passage it comes from, page
 * or part, section, or "not found" and why — each citation opening the passage in the viewer as
 * a turn's citations do; Export CSV and Export XLSX download the same table.
 */
import { useState } from 'react';
import { pageLabel } from '../../core/answer/sources';
import type { AnswerSource } from '../../core/answer/types';
import { describeError } from '../../core/errors';
import { rowsInOrder, type FlowRecord, type FlowRow } from '../../core/workspace/flows';
import { rowVerdict, type Verdict } from '../../core/workspace/verdict';
import { saveFile } from '../../app/downloads';
import type { DocumentRecord } from '../../core/types';
import { useSession } from '../hooks';

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

const VERDICT: Record<Verdict, string> = { yes: 'Yes', no: 'No', unclear: 'Could not be judged' };

const STATUS: Record<FlowRow['status'], string> = { found: 'Found', not_found: 'Not found', failed: 'Could not be searched' };

export function FlowTable({ flow, doc, onOpen }: { flow: FlowRecord; doc: DocumentLookup; onOpen: (source: AnswerSource) => void }) {
  const rows = rowsInOrder(flow);
  if (rows.length === 0) return null;
  // The value column when the question asks for a value (the governing law, a renewal term, …).
  const values = rows.some((r) => r.value);
  // The verdict column when the question states a condition ("governed by New York law").
  const judged = rows.some((r) => r.verdict);
  return (
    <div className="flow-table-wrap" role="region" aria-label="Findings per document" tabIndex={0}>
      <table className="flow-table" data-testid="flow-table">
        <thead>
          <tr>
            <th scope="col">Document</th>
            {judged && <th scope="col">Meets it?</th>}
            {values && <th scope="col">Value</th>}
            <th scope="col">Finding</th>
            <th scope="col">Where</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const source = rowSource(r, i + 1, doc);
            const where = source ? pageLabel(source) : '';
            const evidence = r.evidence.length > MAX_EVIDENCE ? `${r.evidence.slice(0, MAX_EVIDENCE)}…` : r.evidence;
            return (
              <tr key={r.itemId} data-testid="flow-row" data-status={r.status} data-document={r.document}>
                <th scope="row" className="flow-doc">
                  <span className="flow-doc-label">{r.title ?? r.document}</span>
                  {r.title && <span className="muted flow-doc-file">{r.document}</span>}
                </th>
                {judged && (
                  <td className={`flow-verdict verdict-${rowVerdict(r)}`} data-testid="flow-verdict" data-verdict={rowVerdict(r)}>
                    {VERDICT[rowVerdict(r)]}
                  </td>
                )}
                {values && (
                  <td className="flow-value" data-testid="flow-value">
                    {r.value?.display ?? (r.status === 'found' ? <span className="muted">not stated</span> : '')}
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
                          <summary>Passage</summary>
                          <blockquote>{evidence}</blockquote>
                        </details>
                      )}
                    </>
                  ) : (
                    <p className={`flow-missing flow-${r.status}`} data-testid="flow-finding">
                      <span className="badge">{STATUS[r.status]}</span>
                      {r.reason && <span className="muted"> {r.reason}</span>}
                    </p>
                  )}
                </td>
                <td className="flow-where">
                  {source ? (
                    <button type="button" className="cite flow-cite" data-testid="flow-cite" title={`Open ${r.document}, ${where}`} onClick={() => onOpen(source)}>
                      {where}
                    </button>
                  ) : null}
                  {r.section.length > 0 && <span className="flow-section muted">{r.section[r.section.length - 1]}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function FlowExports({ flow }: { flow: FlowRecord }) {
  const { flows } = useSession();
  const [problem, setProblem] = useState<string | null>(null);
  const save = (format: 'csv' | 'xlsx') => {
    setProblem(null);
    flows.exportTable(flow.id, format).then(saveFile, (e: unknown) => setProblem(`The table could not be exported: ${describeError(e)}`));
  };
  if (flow.rows.length === 0) return null;
  return (
    <div className="actions flow-exports">
      <button type="button" className="small" data-testid="export-csv" onClick={() => save('csv')}>
        Export CSV
      </button>
      <button type="button" className="small" data-testid="export-xlsx" onClick={() => save('xlsx')}>
        Export XLSX
      </button>
      {problem && (
        <span className="error-text" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
