/**
 * A flow row's verdict: does this document meet the question? With a condition (conditions.ts)
 * the row's value is compared with it; without one, a row that found the clause is "yes" and one
 * that did not is "no". A document that could not be read, or whose clause states no value the
 * condition can be judged on, is "unclear" — named as such, never counted either way.
 */
import type { FlowRow } from './flows';

export type Verdict = 'yes' | 'no' | 'unclear';

export function rowVerdict(row: Pick<FlowRow, 'status' | 'verdict'>): Verdict {
  if (row.verdict) return row.verdict;
  return row.status === 'found' ? 'yes' : row.status === 'not_found' ? 'no' : 'unclear';
}
