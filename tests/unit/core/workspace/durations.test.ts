import { describe, expect, it } from 'vitest';
import { DEFAULT_ITEM_MS, DurationModel, validRecord } from '../../../../src/core/workspace/durations';

describe('durations per kind of work item', () => {
  it('start from the default and follow an exponentially weighted mean of what was observed', () => {
    const d = new DurationModel(null, { alpha: 0.5, buffer: 1 });
    expect(d.perItemMs('ask')).toBe(DEFAULT_ITEM_MS['ask']);
    d.observe('ask', 1000);
    expect(d.perItemMs('ask')).toBe(1000);
    d.observe('ask', 3000);
    expect(d.perItemMs('ask')).toBe(2000);
    d.observe('ask', 2000);
    expect(d.perItemMs('ask')).toBe(2000);
    expect(d.samples('ask')).toBe(3);
    // Other kinds keep their own.
    expect(d.perItemMs('scan')).toBe(DEFAULT_ITEM_MS['scan']);
    expect(d.perItemMs('unheard-of')).toBe(2000);
  });

  it('converge on a device that is slower than the default, and ignore nonsense', () => {
    const d = new DurationModel();
    for (let i = 0; i < 30; i++) d.observe('ask', 9000);
    expect(d.perItemMs('ask')).toBeCloseTo(9000, 3);
    d.observe('ask', Number.NaN);
    d.observe('ask', -5);
    expect(d.samples('ask')).toBe(30);
  });

  it('estimate with a buffer, and round-trip through the persisted record', () => {
    const d = new DurationModel(null, { buffer: 1.2 });
    d.observe('ask', 500);
    expect(d.estimateMs(['ask', 'ask', 'reduce:question'])).toBe(Math.round((500 + 500 + 1000) * 1.2));
    const again = new DurationModel(structuredClone(d.toRecord()));
    expect(again.perItemMs('ask')).toBe(500);
    expect(again.samples('ask')).toBe(1);
  });

  it('read back only a record they wrote', () => {
    expect(validRecord(null)).toBeNull();
    expect(validRecord({ version: 2, kinds: {} })).toBeNull();
    expect(validRecord({ version: 1, kinds: { ask: { meanMs: 'x', samples: 1 }, scan: { meanMs: 300, samples: 2 }, bad: { meanMs: -1, samples: 1 } } })).toEqual({ version: 1, kinds: { scan: { meanMs: 300, samples: 2 } } });
    expect(new DurationModel({ version: 1, kinds: { ask: { meanMs: Number.POSITIVE_INFINITY, samples: 1 } } }).perItemMs('ask')).toBe(DEFAULT_ITEM_MS['ask']);
  });
});
