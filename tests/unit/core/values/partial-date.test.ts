import { describe, expect, it } from 'vitest';
import { isoBeforeAfter, isoBounds } from '../../../../src/core/values/partial-date';

describe('partial dates (a form\'s blank day or month)', () => {
  it('spans the days a partial date may be', () => {
    expect(isoBounds('2021-02')).toEqual(['2021-02-01', '2021-02-28']);
    expect(isoBounds('2024-02')).toEqual(['2024-02-01', '2024-02-29']);
    expect(isoBounds('2010')).toEqual(['2010-01-01', '2010-12-31']);
    expect(isoBounds('2010-06-30')).toEqual(['2010-06-30', '2010-06-30']);
    expect(isoBounds('June 2010')).toBeNull();
  });

  it('is before or after a date only when the whole span is, else undecided', () => {
    expect(isoBeforeAfter('2021-02', '2025-01-01', 'before')).toBe(true);
    expect(isoBeforeAfter('2025', '2025-01-01', 'before')).toBe(false);
    expect(isoBeforeAfter('2025', '2025-06-01', 'before')).toBeNull();
    expect(isoBeforeAfter('2025', '2024-12-31', 'after')).toBe(true);
    expect(isoBeforeAfter('2025-03', '2025-03-15', 'after')).toBeNull();
    expect(isoBeforeAfter('2025-03-16', '2025-03-15', 'after')).toBe(true);
  });
});
