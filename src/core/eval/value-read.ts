/**
 * How often the value parsers read a value from the labelled clauses of the kinds that state one
 * (`npm run eval:scan -- --labels FILE`): of the clauses labelled Yes for the CUAD tasks whose
 * clause states a value (values/extract.ts VALUE_OF_KIND: governing law, renewal term, notice
 * period, expiration and effective dates, cap on liability), the share a value is read
 * from; of those labelled No, the share one is read from all the same (a clause of another kind
 * taken for this one). The clause texts come from many more contracts than the QA documents (the
 * label file's train items: some 300 CUAD contracts), so the parsers are judged on wordings
 * beyond the ones they were written against. No value to compare with: a read is not checked to
 * be the right value (the QA evaluation's value_match does that), only that one is found.
 */
import { extractValue, VALUE_OF_KIND } from '../values/extract';
import type { ValueKind } from '../values/types';
import { slug, type LabelItem } from './scan-eval';

export interface ValueReadRow {
  readonly kind: ValueKind;
  /** Clauses labelled Yes, and those a value was read from. */
  readonly yes: number;
  readonly yes_read: number;
  /** Clauses labelled No, and those a value was read from nonetheless. */
  readonly no: number;
  readonly no_read: number;
}

export function valueReadRates(items: readonly LabelItem[]): ValueReadRow[] {
  const rows = new Map<string, { kind: ValueKind; yes: number; yes_read: number; no: number; no_read: number }>();
  for (const item of items) {
    const kind = VALUE_OF_KIND[slug(item.task)];
    if (!kind) continue;
    const row = rows.get(kind) ?? { kind, yes: 0, yes_read: 0, no: 0, no_read: 0 };
    rows.set(kind, row);
    const read = extractValue(kind, item.text) !== null;
    if (item.label === 'Yes') {
      row.yes++;
      if (read) row.yes_read++;
    } else {
      row.no++;
      if (read) row.no_read++;
    }
  }
  return [...rows.values()];
}
