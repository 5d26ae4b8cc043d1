/**
 * The portfolio grid: documents × clause types. Each cell says whether the clause type is
 * present in the document, missing, or flagged (with the worst severity of the flags still open
 * or escalated), and where to jump (the passage giving the type, the flags). Pure data: the UI
 * renders it, the exports write it to XLSX/CSV.
 */
import { hasClause, kindStrength } from '../clauses/profiles';
import { severityRank, type ClauseType, type Severity } from './playbook';
import type { FlagReview, ScanRecord } from './types';

type CellState = 'flagged' | 'present' | 'missing';

export interface PortfolioCell {
  readonly state: CellState;
  readonly present: boolean;
  /** Worst severity among unresolved flags of this clause type; null when none. */
  readonly severity: Severity | null;
  readonly flagIds: readonly string[];
  /** The passage that gives the document the type, the strongest one (jump target); null when missing. */
  readonly chunkId: string | null;
  readonly chunks: number;
}

interface PortfolioRow {
  readonly documentId: string;
  readonly documentName: string;
  readonly playbookId: string;
  readonly playbookVersion: string;
  readonly cells: Readonly<Record<string, PortfolioCell>>;
}

export interface PortfolioGrid {
  readonly columns: readonly { readonly id: string; readonly name: string }[];
  readonly rows: readonly PortfolioRow[];
}

/** One row per scan (pass the latest scan of each document). */
export function portfolioGrid(scans: readonly ScanRecord[], clauseTypes: readonly ClauseType[], reviews: readonly FlagReview[] = []): PortfolioGrid {
  const status = new Map(reviews.map((r) => [r.flagId, r.status]));
  const unresolved = (id: string) => {
    const s = status.get(id) ?? 'open';
    return s === 'open' || s === 'escalated';
  };
  const rows = scans.map((scan): PortfolioRow => {
    const cells: Record<string, PortfolioCell> = {};
    for (const type of clauseTypes) {
      // The passages that give the document the type (presence), strongest first: a passage that
      // only reads like a clause of it among others neither makes it present nor is the jump target.
      const chunks = scan.chunkLabels.filter((c) => hasClause([c], type.id)).sort((a, b) => kindStrength(b.labels, type.id) - kindStrength(a.labels, type.id));
      const flags = scan.flags.filter((f) => f.clauseType === type.id);
      const open = flags.filter((f) => unresolved(f.id));
      const severity = open.reduce<Severity | null>((worst, f) => (worst === null || severityRank(f.severity) < severityRank(worst) ? f.severity : worst), null);
      cells[type.id] = {
        state: open.length > 0 ? 'flagged' : chunks.length > 0 ? 'present' : 'missing',
        present: chunks.length > 0,
        severity,
        flagIds: flags.map((f) => f.id),
        chunkId: chunks[0]?.chunkId ?? null,
        chunks: chunks.length,
      };
    }
    return { documentId: scan.documentId, documentName: scan.documentName, playbookId: scan.playbookId, playbookVersion: scan.playbookVersion, cells };
  });
  return { columns: clauseTypes.map((t) => ({ id: t.id, name: t.name })), rows };
}

/** Rank of a cell for sorting: flagged by severity first, then present, then missing. */
function cellRank(cell: PortfolioCell | undefined): number {
  if (!cell) return 99;
  if (cell.state === 'flagged') return cell.severity ? severityRank(cell.severity) : 5;
  return cell.state === 'present' ? 6 : 7;
}

/** Sorts rows by document name (column "document") or by a clause-type column (most severe first when ascending). */
export function sortPortfolio(grid: PortfolioGrid, column: string, direction: 'asc' | 'desc' = 'asc'): PortfolioGrid {
  const sign = direction === 'asc' ? 1 : -1;
  const rows = [...grid.rows].sort((a, b) => {
    const d = column === 'document' ? a.documentName.localeCompare(b.documentName) : cellRank(a.cells[column]) - cellRank(b.cells[column]) || a.documentName.localeCompare(b.documentName);
    return sign * d;
  });
  return { ...grid, rows };
}
