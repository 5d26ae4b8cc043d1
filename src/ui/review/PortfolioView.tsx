/**
 * The portfolio grid: scanned documents × clause types, each cell present, missing or flagged
 * (by the worst severity still open). Sortable by any column; a click jumps to the flags of that
 * clause type, or opens the clause itself when nothing is flagged. Exported to CSV and Excel.
 */
import { useMemo, useState } from 'react';
import { saveFile } from '../../app/browser/downloads';
import { describeError } from '../../core/errors';
import type { Playbook } from '../../core/scan/playbook';
import { sortPortfolio, type PortfolioCell, type PortfolioGrid } from '../../core/scan/portfolio';
import type { OpenSource } from '../viewer/open-source';
import { useLiveQuery, useSession, useWorkspace } from '../common/hooks';
import { useLanguage } from '../i18n/LanguageProvider';
import { useLocalized } from './localized';
import { useRovingFocus } from '../common/roving';
import { REVIEW, type ReviewStrings } from './review-strings';

const EMPTY: PortfolioGrid = { columns: [], rows: [] };

function cellText(cell: PortfolioCell | undefined, t: ReviewStrings): string {
  if (!cell) return '';
  if (cell.state === 'flagged') return cell.severity ? t.severities[cell.severity] : t.flagged;
  // A type nobody flagged is only "not found": good news for a prohibited clause, so not "missing".
  return cell.state === 'present' ? t.legend.present : t.legend.notFound;
}

export function PortfolioView({ playbook, onJump, onOpen }: { playbook: Playbook; onJump: (documentId: string, clauseType: string | null) => void; onOpen: (source: OpenSource) => void }) {
  const session = useSession();
  const ws = useWorkspace();
  const { lang } = useLanguage();
  const t = REVIEW[lang];
  // The grid is one Tab stop: arrow keys move between its cells (and the sortable headers).
  const table = useRovingFocus<HTMLTableElement>({ rows: 'tr' });
  const [allTypes, setAllTypes] = useState(false);
  const [sort, setSort] = useState<{ column: string; direction: 'asc' | 'desc' }>({ column: 'document', direction: 'asc' });
  const [error, setError] = useState<string | null>(null);
  const grid = useLiveQuery(() => session.reviews.portfolio(playbook, allTypes), [ws.generation, playbook, allTypes], EMPTY);
  // Column names in the app's language (a clause type's name there), on screen and in the exported grid.
  const localized = useLocalized(playbook);
  const named = useMemo(() => ({ ...grid, columns: grid.columns.map((c) => ({ ...c, name: localized.typeName(c.id) })) }), [grid, localized]);
  const sorted = sortPortfolio(named, sort.column, sort.direction);

  const sortBy = (column: string) => setSort((s) => ({ column, direction: s.column === column && s.direction === 'asc' ? 'desc' : 'asc' }));
  const ariaSort = (column: string) => (sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none');

  const jump = (documentId: string, column: string, cell: PortfolioCell | undefined) => {
    if (cell?.state === 'present' && cell.chunkId) {
      session.reviews.clausePassage(documentId, playbook.id, cell.chunkId).then(
        (passage) => (passage ? onOpen({ passage, terms: [] }) : onJump(documentId, column)),
        (e: unknown) => setError(describeError(e)),
      );
    } else onJump(documentId, cell?.state === 'flagged' ? column : null);
  };

  const exportGrid = (format: 'csv' | 'xlsx') => {
    setError(null);
    session.reviews.portfolioFile(sorted, playbook, format, lang).then(saveFile, (e: unknown) => setError(describeError(e)));
  };

  if (grid.rows.length === 0) {
    return <p className="empty">{t.scanToCompare(playbook.name)}</p>;
  }
  return (
    <div className="portfolio">
      <div className="portfolio-bar">
        <label className="check">
          <input type="checkbox" checked={allTypes} onChange={(e) => setAllTypes(e.target.checked)} />
          {t.allClauseTypes}
        </label>
        <span className="legend small-text" aria-hidden="true">
          <span className="cell-chip state-flagged severity-high">{t.severities.high}</span> {t.legend.flagged} · <span className="cell-chip state-present">{t.legend.present}</span> · <span className="cell-chip state-missing">{t.legend.notFound}</span>
        </span>
        <span className="actions">
          <button type="button" className="small" onClick={() => exportGrid('csv')}>
            {t.exportCsv}
          </button>
          <button type="button" className="small" onClick={() => exportGrid('xlsx')}>
            {t.exportExcel}
          </button>
        </span>
      </div>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <div className="grid-scroll" role="region" aria-label={t.portfolioGrid}>
        <table className="portfolio-grid" ref={table}>
          <thead>
            <tr>
              <th scope="col" aria-sort={ariaSort('document')} className="doc-col">
                <button type="button" className="sort" onClick={() => sortBy('document')}>
                  {t.document}
                  {sort.column === 'document' ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                </button>
              </th>
              {sorted.columns.map((c) => (
                <th key={c.id} scope="col" aria-sort={ariaSort(c.id)} className="type-col">
                  <button type="button" className="sort" onClick={() => sortBy(c.id)} title={t.sortBy(c.name)}>
                    <span className="type-name">{c.name}</span>
                    {sort.column === c.id ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.rows.map((row) => (
              <tr key={row.documentId} data-testid="portfolio-row">
                <th scope="row" className="doc-col">
                  <button type="button" className="link" onClick={() => onJump(row.documentId, null)}>
                    {row.documentName}
                  </button>
                </th>
                {sorted.columns.map((c) => {
                  const cell = row.cells[c.id];
                  const text = cellText(cell, t);
                  return (
                    <td key={c.id}>
                      <button type="button" className={`cell-chip state-${cell?.state ?? 'missing'}${cell?.severity ? ` severity-${cell.severity}` : ''}`} aria-label={t.cellLabel(row.documentName, c.name, cell?.state === 'flagged' ? t.flaggedSeverity(text) : text)} onClick={() => jump(row.documentId, c.id, cell)}>
                        {text}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
