import { describe, expect, it } from 'vitest';
import { DurationModel, MIN_SAMPLES, validRecord, workUnits } from '../../../../src/core/workspace/durations';

describe('durations per kind of work item', () => {
  it('have no estimate before this device measured the kind on two items after the warm-up; then a decayed mean', () => {
    expect(MIN_SAMPLES).toBe(2);
    const d = new DurationModel(null, { alpha: 0.5, buffer: 1 });
    expect(d.perItemMs('ask')).toBeNull();
    expect(d.estimateMs(['ask', 'ask'])).toBeNull();
    d.observe('ask', 9000); // the session's warm-up: no basis
    expect(d.perItemMs('ask')).toBeNull();
    d.observe('ask', 3000); // one item: no basis either
    expect(d.perItemMs('ask')).toBeNull();
    expect(d.samples('ask')).toBe(1);
    d.observe('ask', 2000);
    // (3000 × 0.5 + 2000) / 1.5: the earlier item weighs half as much.
    expect(d.perItemMs('ask')).toBeCloseTo(3500 / 1.5, 6);
    expect(d.samples('ask')).toBe(2);
    // Other kinds keep their own.
    expect(d.perItemMs('scan')).toBeNull();
  });

  it('learn a time per unit of work: a large document takes longer than a small one, by the square root of its size', () => {
    expect(workUnits(undefined)).toBe(1);
    expect(workUnits(0)).toBe(1);
    expect(workUnits(100)).toBe(10);
    const d = new DurationModel(null, { alpha: 0.3, buffer: 1 });
    d.observe('ask', 5000, workUnits(4)); // warm-up
    d.observe('ask', 100, workUnits(1)); // a one-passage NDA: 100 ms
    d.observe('ask', 900, workUnits(100)); // the GDPR, 100 passages: 900 ms
    const rate = d.perItemMs('ask')!;
    // One rate for both: (100 × 0.7 + 900) / (1 × 0.7 + 10) ms per unit.
    expect(rate).toBeCloseTo((100 * 0.7 + 900) / 10.7, 6);
    expect(d.perItemMs('ask', workUnits(100))).toBeCloseTo(rate * 10, 6);
    expect(d.estimateMs([{ kind: 'ask', units: 1 }, { kind: 'ask', units: 10 }])).toBe(Math.round(rate * 11));
  });

  it('a session’s first item (its warm-up) is not learnt when the device already has a rate', () => {
    const before = new DurationModel(null, { alpha: 0.5, buffer: 1 });
    before.observe('ask', 2000);
    before.observe('ask', 200);
    before.observe('ask', 200);
    const next = new DurationModel(before.toRecord(), { alpha: 0.5, buffer: 1 });
    next.observe('ask', 3000); // classifier built, workers started
    expect(next.perItemMs('ask')).toBe(200);
    next.observe('ask', 300);
    // (200 × 1.5 × 0.5 + 300) / (1.5 × 0.5 + 1)
    expect(next.perItemMs('ask')).toBeCloseTo((200 * 0.75 + 300) / 1.75, 6);
  });

  it('learn the warm-up a session’s first item carries and add it once to an estimate made before the session ran the kind', () => {
    const first = new DurationModel(null, { alpha: 0.5, buffer: 1 });
    first.observe('ask', 2500); // the warm-up: kept until there is a rate to tell it apart
    expect(first.warmupMs('ask')).toBe(0); // this session already ran the kind
    first.observe('ask', 500);
    first.observe('ask', 500);
    expect(first.perItemMs('ask')).toBe(500);
    expect(first.estimateMs(['ask', 'ask'])).toBe(1000);
    expect(first.toRecord().kinds['ask']?.warmupMs).toBe(2000);
    // The next session: its first document will carry the warm-up again, once for the whole flow.
    const next = new DurationModel(structuredClone(first.toRecord()), { alpha: 0.5, buffer: 1 });
    expect(next.warmupMs('ask')).toBe(2000);
    expect(next.estimateMs(['ask', 'ask', 'ask'])).toBe(3 * 500 + 2000);
    expect(next.estimateMs([{ kind: 'ask', units: 4 }, 'reduce:question'])).toBe(4 * 500 + 2000);
    next.observe('ask', 1100); // a shorter warm-up than before: 600 beyond its unit
    expect(next.warmupMs('ask')).toBe(0);
    expect(next.estimateMs(['ask', 'ask'])).toBe(1000);
    expect(next.toRecord().kinds['ask']?.warmupMs).toBe(2000 + 0.5 * (600 - 2000));
    // A first item faster than the rate is no warm-up at all (never a negative one).
    const third = new DurationModel(structuredClone(next.toRecord()), { alpha: 1, buffer: 1 });
    third.observe('ask', 100);
    expect(third.toRecord().kinds['ask']?.warmupMs).toBe(0);
  });

  it('converge on a slow device, and ignore nonsense', () => {
    const d = new DurationModel();
    for (let i = 0; i < 30; i++) d.observe('ask', 9000);
    expect(d.perItemMs('ask')).toBeCloseTo(9000, 3);
    d.observe('ask', Number.NaN);
    d.observe('ask', -5);
    d.observe('ask', 100, 0);
    expect(d.samples('ask')).toBe(29);
  });

  it('estimate with a buffer (an unmeasured reduce step counts nothing), and round-trip through the persisted record', () => {
    const d = new DurationModel(null, { buffer: 1.2 });
    d.observe('ask', 5000);
    d.observe('ask', 500);
    d.observe('ask', 500);
    expect(d.estimateMs(['ask', 'ask', 'reduce:question'])).toBe(Math.round((500 + 500) * 1.2));
    d.observe('reduce:question', 300);
    expect(d.estimateMs(['ask', 'reduce:question'])).toBe(Math.round((500 + 300) * 1.2));
    const again = new DurationModel(structuredClone(d.toRecord()));
    expect(again.perItemMs('ask')).toBe(500);
    expect(again.samples('ask')).toBe(2);
  });

  it('read back only a record they wrote (a version 1 record, time per document, is measured again)', () => {
    expect(validRecord(null)).toBeNull();
    expect(validRecord({ version: 1, kinds: { ask: { meanMs: 300, samples: 2 } } })).toBeNull();
    expect(validRecord({ version: 2, kinds: { ask: { meanMs: 'x', samples: 2, weight: 1 }, scan: { meanMs: 300, samples: 2, weight: 1.7 }, bad: { meanMs: -1, samples: 2, weight: 1 }, none: { meanMs: 3, samples: 2 } } })).toEqual({ version: 2, kinds: { scan: { meanMs: 300, samples: 2, weight: 1.7 } } });
    // A warm-up that is not a duration is left out, the rest of the kind kept.
    expect(validRecord({ version: 2, kinds: { ask: { meanMs: 300, samples: 2, weight: 1, warmupMs: -3 }, scan: { meanMs: 300, samples: 2, weight: 1, warmupMs: 900 } } })).toEqual({ version: 2, kinds: { ask: { meanMs: 300, samples: 2, weight: 1 }, scan: { meanMs: 300, samples: 2, weight: 1, warmupMs: 900 } } });
    expect(new DurationModel({ version: 2, kinds: { ask: { meanMs: Number.POSITIVE_INFINITY, samples: 3, weight: 1 } } }).perItemMs('ask')).toBeNull();
  });
});
