/**
 * How good the first time estimate is, for an import and for a multi-document flow, in the app
 * users run (the production build in Chromium, `npm run bench -- --only eta [--docs DIR]`):
 *
 *  - import: every supported file of the folder (default ../shared/corpus: 24 files, two of them
 *    scans read by OCR) through the Documents panel's folder input; the ETA is the one the job
 *    bar shows (the `progress` events of the import). "Cold": a browser profile that never
 *    imported, so the first estimate comes once the rates it needs were measured; "warm": the
 *    page reloaded (a fresh JavaScript context, as the next session would be), a new workspace,
 *    the same folder again, with the rates the first import left in this browser.
 *  - flow: a broad question over those documents, proposed by the workspace router and run with
 *    the approval card's Run button, each document asked alone. "Cold": the first flow of the
 *    profile (its ETA comes after the second document: the first carries the warm-up); "warm":
 *    the page reloaded and the question asked again, estimated on its approval card.
 *
 * The error of the first estimate is (estimate − actual) / actual, actual being the time the
 * work still took from the moment the estimate was shown.
 */
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { listDocuments } from './headless';
import { openBuiltApp } from './built-app';

export interface FirstEstimate {
  readonly run: string;
  readonly items: number;
  /** ms from the start until the first estimate was shown (null: none ever was). */
  readonly shownAfterMs: number | null;
  readonly estimateMs: number | null;
  /** What the work still took from then. */
  readonly actualMs: number;
  /** (estimate − actual) / actual. */
  readonly error: number | null;
  readonly totalMs: number;
}

interface Seen {
  readonly at: number;
  readonly etaMs: number | null;
}

function firstOf(seen: readonly Seen[], start: number, end: number, run: string, items: number): FirstEstimate {
  const first = seen.find((p) => p.etaMs !== null && p.etaMs > 0);
  const actual = first ? end - first.at : end - start;
  return { run, items, shownAfterMs: first ? first.at - start : null, estimateMs: first?.etaMs ?? null, actualMs: actual, error: first ? (first.etaMs! - actual) / actual : null, totalMs: end - start };
}

type AppWindow = { casefile: { events: { subscribe(l: (e: { type: string; unit?: string; etaMs?: number | null; jobId: string }) => void): () => void }; session: { flows: { view: { flows: Record<string, { flow: { id: string; status: string; estimateMs: number | null; items: unknown[] }; queue: { etaMs: number | null } | null }> }; subscribe(l: () => void): () => void } }; createWorkspace(name: string): Promise<void> }; __eta: Seen[]; __end: number | null; __files: { name: string; size: number; start: number; end: number; pages: number; ocr: number }[] };

/** Imports the folder through the folder input and returns the ETAs the job bar was given. */
async function importFolder(page: Page, dir: string, files: number, run: string): Promise<FirstEstimate> {
  await page.evaluate(() => {
    const w = window as unknown as AppWindow;
    w.__eta = [];
    w.__end = null;
    w.__files = [];
    w.casefile.events.subscribe((e) => {
      if (e.type === 'progress' && e.unit === 'files') w.__eta.push({ at: Date.now(), etaMs: e.etaMs ?? null });
      if (e.type === 'job_done') w.__end = Date.now();
      const f = e as unknown as { type: string; name?: string; size?: number; pages?: number; needsOcr?: boolean };
      if (f.type === 'file_started') w.__files.push({ name: f.name ?? '', size: f.size ?? 0, start: Date.now(), end: 0, pages: 0, ocr: 0 });
      const last = w.__files[w.__files.length - 1];
      if (last && f.type === 'page_parsed') {
        last.pages = Math.max(last.pages, f.pages ?? 0);
        if (f.needsOcr) last.ocr++;
      }
      if (last && (f.type === 'file_done' || f.type === 'file_failed')) last.end = Date.now();
    });
  });
  const start = await page.evaluate(() => Date.now());
  await page.getByTestId('folder-input').setInputFiles(dir);
  await page.waitForFunction(() => (window as unknown as AppWindow).__end !== null, undefined, { timeout: 30 * 60_000, polling: 500 });
  const { seen, end } = await page.evaluate(() => ({ seen: (window as unknown as AppWindow).__eta, end: (window as unknown as AppWindow).__end! }));
  if (process.env['BENCH_ETA_ROWS']) {
    const rows = await page.evaluate(() => (window as unknown as AppWindow).__files);
    console.error(rows.map((r) => `${r.start - start}\t${r.end - r.start}\t${r.size}\t${r.pages}\t${r.ocr}\t${r.name}`).join('\n'));
    console.error(seen.filter((_, i) => i % 5 === 0).map((x) => `eta ${x.at - start}\t${x.etaMs}`).join('\n'));
  }
  return firstOf(seen, start, end, run, files);
}

/** Asks the broad question, runs it from its approval card, and returns the ETAs its card was given. */
async function runFlow(page: Page, question: string, run: string): Promise<FirstEstimate> {
  await page.getByLabel('Ask a question or search your documents').fill(question);
  await page.getByRole('search').getByRole('button', { name: 'Ask', exact: true }).click();
  // The newest card: after a reload the conversation still shows the earlier flow's.
  const card = page.getByTestId('approval-card').last();
  await card.waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => Object.values((window as unknown as AppWindow).casefile.session.flows.view.flows).some((v) => v.flow.status === 'proposed'), undefined, { timeout: 60_000 });
  const proposed = await page.evaluate(() => Object.values((window as unknown as AppWindow).casefile.session.flows.view.flows).find((v) => v.flow.status === 'proposed')!.flow);
  await page.evaluate((id) => {
    const w = window as unknown as AppWindow;
    w.__eta = [];
    w.__end = null;
    const flows = w.casefile.session.flows;
    // Only this flow (an earlier one is still in the view, done). An anonymous function: tsx
    // names the named ones with a helper the page does not have.
    flows.subscribe(() => {
      const v = flows.view.flows[id];
      if (!v) return;
      if (v.flow.status === 'running' || v.flow.status === 'queued') w.__eta.push({ at: Date.now(), etaMs: v.queue?.etaMs ?? null });
      if (v.flow.status === 'done' && w.__end === null) w.__end = Date.now();
    });
  }, proposed.id);
  const start = await page.evaluate(() => Date.now());
  await card.getByTestId('approve').click();
  await page.waitForFunction(() => (window as unknown as AppWindow).__end !== null, undefined, { timeout: 30 * 60_000, polling: 250 });
  const { seen, end } = await page.evaluate(() => ({ seen: (window as unknown as AppWindow).__eta, end: (window as unknown as AppWindow).__end! }));
  if (process.env['BENCH_ETA_ROWS']) {
    const rows = await page.evaluate((id) => ((window as unknown as AppWindow).casefile.session.flows.view.flows[id]!.flow as unknown as { rows: { document: string; pages?: number; ms: number }[] }).rows.map((r) => `${r.ms}\t${r.pages ?? ''}\t${r.document}`), proposed.id);
    console.error(rows.join('\n'));
  }
  // The approval card's estimate is the first one a user sees, when there is one.
  const first: Seen[] = proposed.estimateMs != null ? [{ at: start, etaMs: proposed.estimateMs }] : [];
  return firstOf([...first, ...seen], start, end, run, proposed.items.length);
}

export async function benchEta(options: { docs?: string; question?: string } = {}): Promise<FirstEstimate[]> {
  const root = resolve(options.docs ?? '../shared/corpus');
  const paths = await listDocuments(root);
  if (paths.length < 20) throw new Error(`bench-eta: ${root} holds ${paths.length} files; the import estimate is judged on 20 or more`);
  // The folder input takes a folder: the supported files, flat (two corpus files share no name).
  const dir = await mkdtemp(join(tmpdir(), 'casefile-eta-'));
  const folder = join(dir, 'corpus');
  await mkdir(folder);
  for (const p of paths) await copyFile(p, join(folder, basename(p)));
  const question = options.question ?? 'what law governs each document?';
  const app = await openBuiltApp();
  const { page } = app;
  const out: FirstEstimate[] = [];
  const push = (row: FirstEstimate) => {
    out.push(row);
    console.error(formatEta([row]).split('\n')[2]);
  };
  try {
    push(await importFolder(page, folder, paths.length, 'import, cold device'));
    push(await runFlow(page, question, 'flow, cold device'));
    // The next session: the same browser profile, a fresh page.
    await page.reload();
    await page.getByLabel('Ask a question or search your documents').waitFor();
    push(await runFlow(page, question, 'flow, warm device'));
    await page.evaluate(() => (window as unknown as AppWindow).casefile.createWorkspace('ETA, warm'));
    await page.reload();
    await page.getByLabel('Ask a question or search your documents').waitFor();
    push(await importFolder(page, folder, paths.length, 'import, warm device'));
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}

export function formatEta(rows: readonly FirstEstimate[]): string {
  const s = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
  const lines = ['| run | items | first estimate shown after | first estimate | actual from then | error | total |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.run} | ${r.items} | ${s(r.shownAfterMs)} | ${s(r.estimateMs)} | ${s(r.actualMs)} | ${r.error === null ? '—' : `${r.error >= 0 ? '+' : ''}${(r.error * 100).toFixed(0)}%`} | ${s(r.totalMs)} |`);
  return lines.join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const i = process.argv.indexOf('--docs');
  benchEta(i > 0 ? { docs: process.argv[i + 1]! } : {})
    .then((rows) => console.log(formatEta(rows)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
