/**
 * The fuzz suite (issue 14): ≥ 200 hostile files generated from a seed go through the Node
 * ingestion (src/cli/headless.ts with the isolated parser, the same pipeline as the app).
 * Every file must end ingested or failed with a message naming it, within 15 s, with the
 * process under 1 GB RSS and alive; files with one right outcome (bombs, encrypted, empty,
 * valid) must get it, bombs naming their budget.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestPaths, type IngestReport } from '../../../src/cli/headless';
import { MemoryWorkspace } from '../../../src/store/memory';
import { hostileFiles, SUBSET, writeHostileSubset, type HostileFile } from '../../fixtures/hostile';

const GB = 1024 ** 3;
/** Codes a hostile file may fail with; anything else (internal) is a defect. */
const FILE_CODES = ['file/empty', 'file/too-large', 'file/unsupported', 'file/corrupt', 'file/encrypted', 'file/zip-bomb', 'file/limit', 'file/no-text'];

describe('fuzz: hostile files through the Node ingestion', () => {
  const ws = new MemoryWorkspace();
  let files: HostileFile[] = [];
  let reports: IngestReport[] = [];
  let dir = '';
  let peakRss = 0;
  let seconds = 0;

  beforeAll(async () => {
    files = await hostileFiles(14);
    dir = await mkdtemp(join(tmpdir(), 'casefile-fuzz-'));
    for (const f of files) await writeFile(join(dir, f.name), f.bytes);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
    const started = performance.now();
    try {
      reports = await ingestPaths(
        files.map((f) => join(dir, f.name)),
        dir,
        ws,
        { cache: false, isolate: { timeoutMs: 12_000, maxRssBytes: GB } },
      );
    } finally {
      clearInterval(sampler);
    }
    seconds = (performance.now() - started) / 1000;
  }, 600_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const outcome = (name: string) => {
    const report = reports.find((r) => r.path === name)!;
    const doc = [...ws.documents.values()].find((d) => d.path === name);
    return { report, doc, code: report.error ? (doc?.errorInfo?.code ?? 'unknown') : 'ok', details: doc?.errorInfo?.details };
  };

  it('generates at least 200 files of every kind, the same bytes for the same seed', async () => {
    expect(files.length).toBeGreaterThanOrEqual(200);
    const kinds = new Set(files.map((f) => f.kind));
    for (const k of ['truncated', 'bit-flipped', 'bomb', 'encrypted', 'xss', 'bad-utf8', 'wrong-extension', 'empty']) expect(kinds).toContain(k);
    const again = await hostileFiles(14);
    expect(again.map((f) => f.name)).toEqual(files.map((f) => f.name));
    expect(again.every((f, i) => Buffer.compare(f.bytes, files[i]!.bytes) === 0)).toBe(true);
  });

  it('every file ends ingested or failed with a message naming it, each within 15 s, under 1 GB RSS', () => {
    expect(reports).toHaveLength(files.length);
    const summary: Record<string, number> = {};
    for (const f of files) {
      const { report, code } = outcome(f.name);
      summary[code] = (summary[code] ?? 0) + 1;
      expect(report.ms, f.name).toBeLessThan(15_000);
      if (report.error) {
        expect(report.error.startsWith(`${f.name}: `), `${f.name}: ${report.error}`).toBe(true);
        expect(FILE_CODES, `${f.name}: ${code} ${report.error}`).toContain(code);
        // A parse thread that died is a crash, whatever the file.
        expect(outcome(f.name).details?.['crashed'], `${f.name}: ${report.error}`).toBeUndefined();
      }
    }
    expect(peakRss).toBeLessThan(GB);
    console.info(`fuzz: ${files.length} files in ${seconds.toFixed(1)} s, peak RSS ${Math.round(peakRss / 1024 / 1024)} MB, slowest ${Math.round(Math.max(...reports.map((r) => r.ms)))} ms:`, summary);
  });

  it('files with one right outcome get it; bombs name the budget they exhausted', () => {
    for (const f of files.filter((x) => x.expect)) {
      const { code, details, report } = outcome(f.name);
      expect(code, `${f.name}: ${report.error}`).toBe(f.expect);
      if (f.limit) expect(details?.['limit'], f.name).toBe(f.limit);
    }
  });

  it('writes the UI subset: one file of each kind to a folder', async () => {
    const sub = await mkdtemp(join(tmpdir(), 'casefile-subset-'));
    try {
      const paths = await writeHostileSubset(sub);
      expect(paths.map((p) => p.slice(sub.length + 1)).sort()).toEqual([...SUBSET].sort());
      const kinds = new Set(files.filter((f) => SUBSET.includes(f.name)).map((f) => f.kind));
      for (const k of ['valid', 'truncated', 'bit-flipped', 'bomb', 'encrypted', 'xss', 'bad-utf8', 'wrong-extension', 'empty']) expect(kinds).toContain(k);
    } finally {
      await rm(sub, { recursive: true, force: true });
    }
  });

  it('payloads stay text: titles and passages hold them verbatim, nothing is stripped into markup', () => {
    const docx = outcome('payload-title.docx').doc!;
    expect(docx.title).toContain('<svg onload=alert(3)>');
    const txt = outcome('payload.txt').doc!;
    const chunks = ws.chunksByDoc.get(txt.id) ?? [];
    expect(chunks.map((c) => c.text).join(' ')).toContain('<script>alert(1)</script>');
    // HTML is reduced to its visible text: scripts and handlers never reach the index.
    const html = outcome('payload.html').doc!;
    const htmlText = (ws.chunksByDoc.get(html.id) ?? []).map((c) => c.text).join(' ');
    expect(htmlText).toContain('<script>alert(8)</script>');
    expect(htmlText).not.toMatch(/alert\((6|7|9|10|11)\)/);
  });
});
