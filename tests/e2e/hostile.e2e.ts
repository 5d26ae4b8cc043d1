/**
 * The fuzz suite's UI subset through the real app (issue 14): one file of each hostile kind
 * (truncated, bit-flipped, bombs, encrypted, XSS payloads in content and names, bad encodings,
 * wrong extensions, empty) imported at once. Every file ends Ready or Failed with a message that
 * names it, the page keeps answering, nothing but expected messages reaches the console, and no
 * payload runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSET, writeHostileSubset } from '../fixtures/hostile';
import { launch, openApp, screenshot, type Session } from './support';
import { documentRows } from './storage-support';

describe('hostile files through the UI', () => {
  let s: Session;
  let dir = '';
  const dialogs: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'casefile-hostile-'));
    s = await launch();
    s.page.on('dialog', (d) => dialogs.push(d.message()));
    await s.page.addInitScript(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await openApp(s.page);
  });
  afterAll(async () => {
    await s?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('every file ends Ready or Failed by name, the page stays responsive, no payload runs', async () => {
    const paths = await writeHostileSubset(dir);
    expect(paths.map((p) => basename(p)).sort()).toEqual([...SUBSET].sort());
    await s.page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks = []));
    const t0 = Date.now();
    await s.page.getByTestId('file-input').setInputFiles(paths);

    // Poll the page while it imports: each round trip must come back quickly.
    let slowest = 0;
    for (;;) {
      const t = Date.now();
      const rows = await documentRows(s.page);
      slowest = Math.max(slowest, Date.now() - t);
      const ended = rows.filter((d) => d.status === 'ready' || d.status === 'degraded' || d.status === 'failed');
      if (ended.length === SUBSET.length) break;
      if (Date.now() - t0 > 240_000) throw new Error(`not finished after 240 s: ${rows.filter((d) => !ended.includes(d)).map((d) => `${d.name} (${d.status})`).join(', ')}`);
      await s.page.waitForTimeout(250);
    }
    const seconds = (Date.now() - t0) / 1000;
    const rows = await documentRows(s.page);
    expect(rows.map((d) => d.name).sort()).toEqual([...SUBSET].sort());
    for (const d of rows.filter((r) => r.status === 'failed')) expect(d.error?.startsWith(`${d.name}: `), `${d.name}: ${d.error}`).toBe(true);
    // The valid and the payload-carrying documents are read; the bombs and the broken ones are not.
    const status = new Map(rows.map((d) => [d.name, d.status]));
    for (const name of ['payload.html', '<img src=x onerror=alert(2)>-1.txt', 'few-bad-bytes.txt']) expect(status.get(name), name).toBe('ready');
    for (const name of ['stream-bomb.pdf', 'liar.docx', 'paragraphs.docx', 'deep.html', 'sealed.pdf', 'empty.docx']) expect(status.get(name), name).toBe('failed');
    // Each row shows its message, as text.
    for (const d of rows.filter((r) => r.status === 'failed')) {
      const shown = await s.page.getByRole('listitem', { name: d.name, exact: true }).locator('.error-text').first().textContent();
      expect(shown).toBe(d.error);
    }

    console.info(rows.map((d) => `${d.status}: ${d.error ?? d.name}`).join("\n"));
    const longTasks = await s.page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const worst = longTasks.length ? Math.max(...longTasks) : 0;
    console.info(`hostile subset: ${rows.length} files in ${seconds.toFixed(1)} s (${rows.filter((d) => d.status !== 'failed').length} read, ${rows.filter((d) => d.status === 'failed').length} failed); worst main-thread task ${Math.round(worst)} ms, ${longTasks.filter((d) => d > 200).length} over 200 ms; slowest page round trip ${slowest} ms`);
    expect(slowest).toBeLessThan(3000);

    // Nothing ran: no dialog, no element a payload would have created, and the names stay text.
    expect(dialogs).toEqual([]);
    expect(await s.page.locator('img[src="x"], svg[onload], iframe').count()).toBe(0);
    expect(await s.page.getByRole('listitem', { name: '<img src=x onerror=alert(2)>-1.txt', exact: true }).locator('.doc-name').textContent()).toBe('<img src=x onerror=alert(2)>-1.txt');
    await screenshot(s.page, 'hostile-01-subset');
    // Only what the import itself explains reaches the console (a worker restarted after a bomb is not an error).
    expect(s.consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
