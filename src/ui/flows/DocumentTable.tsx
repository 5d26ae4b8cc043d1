/**
 * An inventory answer's document table: the honest total ("Showing 1–25 of 930 documents"),
 * the rows of this page, and Previous / Next. Next continues strictly after the page's last
 * document (the core's continuation), so two pages never share a row; Previous goes back to the
 * pages already seen.
 */
import type { UiLang } from '../i18n/language';
import { FLOWS } from './flow-strings';
import { useState } from 'react';
import type { WorkspaceAnswer } from '../../core/answer-types';
import { describeError } from '../../core/errors';
import type { DocumentTable as Table } from '../../core/workspace/inventory';
import { useSession } from '../common/hooks';

interface Page {
  readonly heading: string;
  readonly table: Table;
}

function pageOf(answer: WorkspaceAnswer): Page | null {
  const table = answer.data?.['kind'] === 'document_table' ? (answer.data['table'] as Table) : null;
  return table ? { heading: answer.text.split('\n')[0] ?? '', table } : null;
}

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

export function isDocumentTable(answer: WorkspaceAnswer | null | undefined): answer is WorkspaceAnswer {
  return !!answer && pageOf(answer) !== null;
}

export function DocumentTable({ answer, language, lang }: { answer: WorkspaceAnswer; language: string | null; lang: UiLang }) {
  const { flows } = useSession();
  const t = FLOWS[lang];
  const first = pageOf(answer)!;
  const [pages, setPages] = useState<readonly Page[]>([first]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const page = pages[pages.length - 1]!;
  const { table } = page;
  const names = new Intl.DisplayNames([lang], { type: 'language' });
  const languageName = (code: string | null) => {
    if (!code) return t.unknown;
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };

  const next = () => {
    if (!table.continuation) return;
    setBusy(true);
    setProblem(null);
    flows
      .page(table.continuation, language)
      .then((a) => {
        const p = pageOf(a);
        if (p) setPages((ps) => [...ps, p]);
      })
      .catch((e: unknown) => setProblem(describeError(e)))
      .finally(() => setBusy(false));
  };

  return (
    <div className="doc-table" data-testid="document-table">
      <p className="doc-table-heading" role="status" aria-live="polite" data-testid="document-table-heading">
        {page.heading}
      </p>
      {table.rows.length > 0 && (
        <div className="flow-table-wrap" role="region" aria-label={t.documents} tabIndex={0}>
          <table className="flow-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t.document}</th>
                <th scope="col">{t.language}</th>
                <th scope="col">{t.pages}</th>
                <th scope="col">{t.added}</th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r, i) => (
                <tr key={r.id} data-testid="document-table-row">
                  <td className="muted" data-label={t.number}>{table.from + i}</td>
                  <th scope="row" className="flow-doc">
                    <span className="flow-doc-label">{r.title ?? r.name}</span>
                    {r.title && <span className="muted flow-doc-file">{r.name}</span>}
                    {r.folder && <span className="muted flow-doc-file">{r.folder}</span>}
                  </th>
                  <td data-label={t.language}>{languageName(r.language)}</td>
                  <td data-label={t.pages}>{r.pages}</td>
                  <td data-label={t.added}>{new Date(r.addedAt).toLocaleDateString(lang, DATE)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(pages.length > 1 || table.continuation) && (
        <div className="actions pager">
          <button type="button" className="small" disabled={busy || pages.length < 2} data-testid="page-previous" onClick={() => setPages((ps) => ps.slice(0, -1))}>
            {t.previous}
          </button>
          <button type="button" className="small" disabled={busy || !table.continuation} data-testid="page-next" onClick={next}>
            {t.next}
          </button>
        </div>
      )}
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
