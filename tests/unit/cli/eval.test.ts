/**
 * The evaluation command runs on a QA file it has never seen, in the corpus format: the
 * project's own sample documents with questions written for them (tests/fixtures/samples-qa.json).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('npm run eval', () => {
  it('evaluates any folder and QA file in the corpus format, with every scope and a JSON report', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'casefile-eval-')), 'report.json');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/eval.ts', '--docs', 'public/samples', '--qa', 'tests/fixtures/samples-qa.json', '--json', out, '--no-cache'], { timeout: 120_000 });
    expect(stdout).toMatch(/ingested 3\/3 files/);
    expect(stdout).toMatch(/bm25 \/ doc\s+6\s/);
    expect(stdout).toMatch(/document resolution \(bm25 \/ named\): 8 correct, 0 wrong, 0 unresolved/);
    expect(stdout).toMatch(/document resolution \(bm25 \/ app\): 8 correct, 0 wrong, 0 unresolved/);
    expect(stdout).toMatch(/insufficient \(bm25 \/ app\): \d+\.\d% of answerable, \d+\.\d% of unanswerable questions; 0 clarifications asked/);
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      results: { scope: string; metrics: { r5: number; r10: number; mrr: number }; sufficiency: { unanswerable: number; auroc: number }; insufficient?: { answerable: number; unanswerable: number }; questions: { outcome?: string }[] }[];
    };
    expect(report.results.map((r) => r.scope)).toEqual(['doc', 'corpus', 'named', 'app']);
    expect(report.results[0]!.metrics.r10).toBe(1);
    for (const r of report.results) {
      expect(r.metrics.r10).toBeGreaterThanOrEqual(0.8);
      expect(r.metrics.r5).toBeGreaterThanOrEqual(0.8);
      expect(r.sufficiency.unanswerable).toBe(2);
      expect(r.sufficiency.auroc).toBeGreaterThanOrEqual(0);
    }
    // The app scope runs the ask function: every question has its outcome, the report the insufficient shares.
    const app = report.results[3]!;
    expect(app.questions.every((q) => q.outcome === 'answered' || q.outcome === 'insufficient')).toBe(true);
    expect(app.insufficient!.answerable).toBe(0);
    expect(app.insufficient!.unanswerable).toBe(0.5);
    expect(report.results.slice(0, 3).every((r) => r.insufficient === undefined)).toBe(true);
  }, 150_000);

  it('rejects an unknown scope', async () => {
    const err = await run(process.execPath, ['--import', 'tsx', 'src/cli/eval.ts', '--docs', 'public/samples', '--qa', 'tests/fixtures/samples-qa.json', '--scopes', 'app,everything'], { timeout: 60_000 }).then(
      () => null,
      (e: { stderr: string; code: number }) => e,
    );
    expect(err?.code).toBe(2);
    expect(err?.stderr).toMatch(/eval: unknown scope everything \(scopes: doc, corpus, named, app\)/);
  }, 90_000);

  it('fails with a clear message for a malformed QA file', async () => {
    const err = await run(process.execPath, ['--import', 'tsx', 'src/cli/eval.ts', '--docs', 'public/samples', '--qa', 'package.json'], { timeout: 60_000 }).then(
      () => null,
      (e: { stderr: string; code: number }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toMatch(/eval: QA file: root: missing "docs" array/);
  }, 90_000);
});
