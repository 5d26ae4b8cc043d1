/**
 * watch(): a live view re-runs its query after writes; with minIntervalMs, at most once per
 * interval however many writes there are, with everything written meanwhile, and not at all
 * while the database is quiet.
 */
import 'fake-indexeddb/auto';
import Dexie, { type Table } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { watch } from '../../../src/app/live';

class Db extends Dexie {
  items!: Table<{ id: number }, number>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ items: 'id' });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((s) => s()));

function watched(db: Db, minIntervalMs: number) {
  const seen: number[] = [];
  let runs = 0;
  stops.push(
    watch(
      async () => {
        runs++;
        return db.items.count();
      },
      { next: (n) => seen.push(n), error: (e) => { throw e; } },
      { minIntervalMs },
    ),
  );
  return { seen, runs: () => runs };
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

describe('watch', () => {
  it('without an interval, follows every write', async () => {
    const db = new Db('live-plain');
    const view = watched(db, 0);
    await until(() => view.seen.length === 1);
    await db.items.add({ id: 1 });
    await until(() => view.seen.at(-1) === 1);
    await db.items.add({ id: 2 });
    await until(() => view.seen.at(-1) === 2);
  });

  it('with an interval, runs the query once per interval for many writes and ends on the last state', async () => {
    const db = new Db('live-throttled');
    const view = watched(db, 200);
    await until(() => view.seen.length === 1);
    expect(view.seen).toEqual([0]);
    for (let i = 1; i <= 30; i++) {
      await db.items.add({ id: i });
      await sleep(10);
    }
    // 30 writes over ≈ 300 ms + the trailing run and its confirmation: a handful of queries, not 30.
    await until(() => view.seen.at(-1) === 30);
    await sleep(500);
    expect(view.runs()).toBeLessThanOrEqual(7);
    expect(view.seen.length).toBeLessThanOrEqual(7);
    expect(view.seen.at(-1)).toBe(30);
  });

  it('with an interval, a quiet database is not re-read, and a later write is seen at once', async () => {
    const db = new Db('live-quiet');
    const view = watched(db, 100);
    await until(() => view.seen.length === 1);
    const before = view.runs();
    await sleep(400);
    expect(view.runs()).toBe(before);
    const t = Date.now();
    await db.items.add({ id: 7 });
    await until(() => view.seen.at(-1) === 1);
    expect(Date.now() - t).toBeLessThan(100);
  });

  it('stops: no result after the stop', async () => {
    const db = new Db('live-stop');
    const view = watched(db, 50);
    await until(() => view.seen.length === 1);
    stops.splice(0).forEach((s) => s());
    await db.items.add({ id: 1 });
    await sleep(200);
    expect(view.seen).toEqual([0]);
  });
});
