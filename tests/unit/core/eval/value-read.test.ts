import { describe, expect, it } from 'vitest';
import { valueReadRates } from '../../../../src/core/eval/value-read';
import type { LabelItem } from '../../../../src/core/eval/scan-eval';

const item = (task: string, label: 'Yes' | 'No', text: string): LabelItem => ({ task, source: 'cuad', label, text });

describe('values read from labelled clauses', () => {
  it('counts, per value kind, the clauses of the kind a value is read from and those of another kind read all the same', () => {
    const rows = valueReadRates([
      item('cuad_governing_law', 'Yes', 'This Agreement shall be governed by the laws of the State of New York.'),
      item('cuad_governing_law', 'Yes', 'This Agreement shall be governed by the laws of [***].'),
      item('cuad_governing_law', 'No', 'The Supplier shall deliver the Products to the Purchaser.'),
      item('cuad_expiration_date', 'Yes', 'This Agreement shall commence on the Effective Date and shall terminate automatically without notice on December 31, 2022.'),
      item('cuad_expiration_date', 'No', 'Payment is due on or before March 31, 2017.'),
      // Tasks that state no value are not counted.
      item('cuad_audit_rights', 'Yes', 'Licensee shall keep complete books and records.'),
    ]);
    expect(rows).toEqual([
      { kind: 'governing_law', yes: 2, yes_read: 1, no: 1, no_read: 0 },
      { kind: 'expiration_date', yes: 1, yes_read: 1, no: 1, no_read: 0 },
    ]);
  });
});
