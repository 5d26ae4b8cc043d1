import { describe, expect, it } from 'vitest';
import { DurationModel, validRecord } from '../../../../src/core/workspace/durations';

describe('durations per kind of work item', () => {
  it('have no estimate before this device measured the kind; then follow an exponentially weighted mean', () => {
    const d = new DurationModel(null, { alpha: 0.5, buffer: 1 });
    expect(d.perItemMs('ask')).toBeNull();
    expect(d.estimateMs(['ask', 'ask'])).toBeNull();
    d.observe('ask', 9000); // the session's warm-up: no basis
    expect(d.perItemMs('ask')).toBeNull();
    d.observe('ask', 3000);
    expect(d.perItemMs('ask')).toBe(3000);
    d.observe('ask', 2000);
    expect(d.perItemMs('ask')).toBe(2500);
    expect(d.samples('ask')).toBe(2);
    // Other kinds keep their own.
    expect(d.perItemMs('scan')).toBeNull();
  });

  it('a session’s first item (its warm-up) is not learnt when the device already has a mean', () => {
    const before = new DurationModel(null, { alpha: 0.5, buffer: 1 });
    before.observe('ask', 2000);
    before.observe('ask', 200);
    const next = new DurationModel(before.toRecord(), { alpha: 0.5, buffer: 1 });
    next.observe('ask', 3000); // classifier built, workers started
    expect(next.perItemMs('ask')).toBe(200);
    next.observe('ask', 300);
    expect(next.perItemMs('ask')).toBe(250);
  });

  it('converge on a slow device, and ignore nonsense', () => {
    const d = new DurationModel();
    for (let i = 0; i < 30; i++) d.observe('ask', 9000);
    expect(d.perItemMs('ask')).toBeCloseTo(9000, 3);
    d.observe('ask', Number.NaN);
    d.observe('ask', -5);
    expect(d.samples('ask')).toBe(29);
  });

  it('estimate with a buffer (an unmeasured reduce step counts nothing), and round-trip through the persisted record', () => {
    const d = new DurationModel(null, { buffer: 1.2 });
    d.observe('ask', 5000);
    d.observe('ask', 500);
    expect(d.estimateMs(['ask', 'ask', 'reduce:question'])).toBe(Math.round((500 + 500) * 1.2));
    d.observe('reduce:question', 300);
    expect(d.estimateMs(['ask', 'reduce:question'])).toBe(Math.round((500 + 300) * 1.2));
    const again = new DurationModel(structuredClone(d.toRecord()));
    expect(again.perItemMs('ask')).toBe(500);
    expect(again.samples('ask')).toBe(1);
  });

  it('read back only a record they wrote', () => {
    expect(validRecord(null)).toBeNull();
    expect(validRecord({ version: 2, kinds: {} })).toBeNull();
    expect(validRecord({ version: 1, kinds: { ask: { meanMs: 'x', samples: 1 }, scan: { meanMs: 300, samples: 2 }, bad: { meanMs: -1, samples: 1 } } })).toEqual({ version: 1, kinds: { scan: { meanMs: 300, samples: 2 } } });
    expect(new DurationModel({ version: 1, kinds: { ask: { meanMs: Number.POSITIVE_INFINITY, samples: 1 } } }).perItemMs('ask')).toBeNull();
  });
});
