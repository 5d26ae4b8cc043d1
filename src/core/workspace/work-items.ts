/**
 * A broad question becomes one typed work item per document (the AIBS document-local research
 * items): the document, what to ask it, the clause types and words asked about, an evidence
 * budget from the document's size and structure and the pressure of what is asked, and the
 * neighbour depth. The item retrieves inside its own document only (map.ts).
 *
 *   - evidence budget (passages kept): 2 for a short document, one more for every doubling of
 *     its passages past 8, up to 6; plus one per extra subject asked, up to 8;
 *   - neighbour depth: 0 when the document is a few passages (they are all the context there
 *     is), 2 for a summary or a document read by OCR (passage cuts are less reliable there),
 *     else 1.
 */
import type { CatalogRow } from './catalog';
import { isScanned } from './catalog';
import type { WorkItem } from './flows';

const MIN_BUDGET = 2;
const MAX_SIZE_BUDGET = 6;
const MAX_BUDGET = 8;

export type PlannedItem = Omit<WorkItem, 'id' | 'index'>;

export function evidenceBudget(row: Pick<CatalogRow, 'chunkCount'>, pressure: number): number {
  const bySize = MIN_BUDGET + Math.max(0, Math.floor(Math.log2(Math.max(1, row.chunkCount) / 8)) + 1);
  const size = Math.min(MAX_SIZE_BUDGET, row.chunkCount > 8 ? bySize : MIN_BUDGET);
  return Math.min(MAX_BUDGET, size + Math.max(0, pressure - 1));
}

export function neighbourDepth(row: Pick<CatalogRow, 'chunkCount' | 'ocrPages' | 'ocrConfidence'>, operation: WorkItem['operation']): number {
  if (row.chunkCount <= 3) return 0;
  if (operation === 'summary' || isScanned(row)) return 2;
  return 1;
}

export interface PlanInput {
  /** What to ask each document (the question, or its subject without the workspace words). */
  readonly query: string;
  /** Clause types the question asks about, strongest first. */
  readonly subjects: readonly string[];
  /** Content words asked about. */
  readonly fields: readonly string[];
  readonly operation: WorkItem['operation'];
  readonly documents: readonly CatalogRow[];
}

export function planWorkItems(input: PlanInput): PlannedItem[] {
  const pressure = Math.max(1, input.subjects.length + Math.floor(input.fields.length / 3));
  return input.documents.map((row) => ({
    kind: 'ask',
    documentId: row.id,
    label: row.title ?? row.name,
    query: input.query,
    subjects: input.subjects,
    fields: input.fields,
    evidenceBudget: input.operation === 'summary' ? MAX_BUDGET : evidenceBudget(row, pressure),
    neighbourDepth: neighbourDepth(row, input.operation),
    operation: input.operation,
    size: row.chunkCount,
  }));
}
