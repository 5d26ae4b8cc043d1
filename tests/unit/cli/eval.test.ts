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
import { startChatServer } from '../../fixtures/chat-server';

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
    }
    // How well each scope's sufficiency score separates the 2 unanswerable questions from the 6
    // answerable ones (12 pairs, so one pair is 0.083). The app's separates them all since the
    // question head learnt questions about no kind (src/train/question-phrasings.ts): "How long are
    // system and access logs kept?" was read as a renewal-term question (it had learnt "how long"
    // from CUAD's term questions and knew no question that asks about none), and the learned
    // sufficiency trusted the missing renewal clause over the passage that answers. The other
    // scopes, measured 0.625 (doc, named) and 0.458 (corpus: three samples searched whole), may
    // lose at most one pair.
    const auroc = Object.fromEntries(report.results.map((r) => [r.scope, r.sufficiency.auroc]));
    expect(auroc['app']).toBe(1);
    expect(auroc['doc']).toBeGreaterThanOrEqual(0.54);
    expect(auroc['named']).toBeGreaterThanOrEqual(0.54);
    expect(auroc['corpus']).toBeGreaterThanOrEqual(0.37);
    // The app scope runs the ask function: every question has its outcome, the report the insufficient shares.
    const app = report.results[3]!;
    expect(app.questions.every((q) => q.outcome === 'answered' || q.outcome === 'insufficient')).toBe(true);
    // None of the six answerable ones abstains (the "logs kept" question above did before).
    expect(app.insufficient!.answerable).toBe(0);
    // Both questions about a clause the samples lack abstain (before the learned clause kinds read the documents whole, one did).
    expect(app.insufficient!.unanswerable).toBe(1);
    expect(report.results.slice(0, 3).every((r) => r.insufficient === undefined)).toBe(true);
  }, 150_000);

  it('writes and judges the answers of the app scope: extractive, and through a language-model endpoint', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'casefile-eval-'));
    const args = ['--import', 'tsx', 'src/cli/eval.ts', '--docs', 'public/samples', '--qa', 'tests/fixtures/samples-qa.json', '--scopes', 'app', '--no-cache'];
    type Report = { results: { scope: string; answers?: { n: number; citations_valid: number; quotes_verbatim: number; answer_has_evidence: number; abstained_unanswerable: number } }[] };
    const extractive = join(dir, 'extractive.json');
    const a = await run(process.execPath, [...args, '--answer', 'extractive', '--json', extractive], { timeout: 120_000 });
    expect(a.stdout).toMatch(/answers \(bm25 \/ app, 8 questions\): citations valid 100\.0%, quotes verbatim 100\.0%/);
    const ex = (JSON.parse(await readFile(extractive, 'utf8')) as Report).results[0]!.answers!;
    expect(ex).toMatchObject({ n: 8, citations_valid: 1, quotes_verbatim: 1 });
    expect(ex.answer_has_evidence).toBeGreaterThanOrEqual(0.5);

    // A model that cites a source that does not exist and "quotes" words that are not in it:
    // the judge counts both, from the same answer step the app runs.
    const server = await startChatServer({ reply: 'Yes: "the parties agree to everything forever" [1] [9].' });
    try {
      const endpoint = join(dir, 'endpoint.json');
      await run(process.execPath, [...args, '--answer', 'endpoint', '--endpoint', server.url, '--model', 'qwen2.5:7b-instruct', '--json', endpoint], { timeout: 120_000 });
      const en = (JSON.parse(await readFile(endpoint, 'utf8')) as Report).results[0]!.answers!;
      expect(en.n).toBe(8);
      expect(en.citations_valid).toBeLessThan(1);
      expect(en.quotes_verbatim).toBe(0);
      expect(server.requests.some((r) => r.path.endsWith('/chat/completions'))).toBe(true);
    } finally {
      await server.close();
    }
  }, 300_000);

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
