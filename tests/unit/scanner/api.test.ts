/**
 * The scan worker's API through its page side (WorkerScanner over a MessageChannel): playbook
 * validation, file parsing and share links run in the worker and their errors arrive typed; the
 * classifier of a playbook is kept warm across scans; embeddings are served by the page for the
 * scan that asked, with its signal, and a cancelled first use does not leave a broken classifier.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerScanner } from '../../../src/app/workers/scan-proxy';
import { AbortedError, InputError } from '../../../src/core/errors';
import type { Embedder, JobOptions } from '../../../src/core/ports';
import type { Playbook } from '../../../src/core/scan/playbook';
import { builtinPlaybook } from '../../../src/playbooks/builtin';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { createScanApi, type ScanApi } from '../../../src/scanner/api';
import { channelWorker } from '../../helpers/channel-worker';
import { reviewDocument, sectionChunks } from '../../fixtures/review-contract';

registerRpcErrors();

const commercial = builtinPlaybook('commercial-contracts')!;
const nda = builtinPlaybook('nda')!;
const scanners: WorkerScanner[] = [];
afterEach(() => {
  for (const s of scanners.splice(0)) s.terminate();
});

function setup() {
  const apis: ScanApi[] = [];
  const scanner = new WorkerScanner({
    spawn: () => {
      const api = createScanApi();
      apis.push(api);
      return channelWorker(api);
    },
  });
  scanners.push(scanner);
  return { scanner, api: () => apis.at(-1)! };
}

async function drain(scanner: WorkerScanner, jobId: string, playbook: Playbook, extra: { embedder?: Embedder; signal?: AbortSignal } = {}) {
  const document = reviewDocument();
  const it = scanner.scan({ jobId, document, chunks: sectionChunks(document.id), playbook, ...extra });
  for (;;) {
    const next = await it.next();
    if (next.done) return next.value;
  }
}

/** A bag-of-words embedder recording its calls (texts count and the signal it got). */
function recordingEmbedder(hang = false): Embedder & { calls: { texts: number; signal: AbortSignal | undefined }[] } {
  const calls: { texts: number; signal: AbortSignal | undefined }[] = [];
  return {
    model: { id: 'test/bag', dtype: 'fp32', device: 'cpu', dim: 8 },
    calls,
    async embed(texts: readonly string[], options?: JobOptions) {
      calls.push({ texts: texts.length, signal: options?.signal });
      if (hang)
        await new Promise((_, reject) => {
          options?.signal?.addEventListener('abort', () => reject(new AbortedError('embedding')));
        });
      return texts.map((t) => {
        const v = new Float32Array(8);
        for (const w of t.toLowerCase().split(/\W+/)) if (w) v[w.length % 8]! += 1;
        const norm = Math.hypot(...v) || 1;
        return v.map((x) => x / norm);
      });
    },
  };
}

describe('the scan worker API', () => {
  it('validates, parses, encodes and decodes playbooks in the worker, with typed errors naming the field', async () => {
    const { scanner } = setup();
    expect(await scanner.validate(nda)).toMatchObject({ ok: true });
    const bad = { ...nda, rules: [{ ...nda.rules[0]!, kind: 'sometimes' }] };
    const result = await scanner.validate(bad);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.map((i) => i.pointer)).toContain('/rules/0/kind');
    const error = await scanner.parse(JSON.stringify(bad), 'bad.json').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(/^playbook: bad\.json is invalid: \/rules\/0\/kind/);
    expect((await scanner.decode(await scanner.encode(nda))).rules).toEqual(nda.rules);
    await expect(scanner.decode('not*base64')).rejects.toThrow('outside base64url');
  });

  it('keeps the classifier of a playbook warm across scans', async () => {
    const { scanner, api } = setup();
    const first = await drain(scanner, 'a', commercial);
    const second = await drain(scanner, 'b', { ...commercial, version: '1.0.1' });
    expect(api().classifiers()).toBe(1);
    expect(second.flags.map((f) => f.id)).toEqual(first.flags.map((f) => f.id));
    await drain(scanner, 'c', nda);
    expect(api().classifiers()).toBe(2);
  });

  it('classifies with the learned clause-kind model in the worker, the playbook signals for the types it does not know', async () => {
    const { scanner } = setup();
    const started = performance.now();
    const scan = await drain(scanner, 'model', commercial);
    const labels = scan.chunkLabels.flatMap((c) => c.labels);
    // The model's labels carry its presence head's score; the fixture contract has a governing-law clause.
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((l) => typeof l.presence === 'number')).toBe(true);
    expect(labels.map((l) => l.type)).toContain('governing_law');
    expect(performance.now() - started).toBeLessThan(10_000);
    const ndaScan = await drain(scanner, 'nda', nda);
    expect(ndaScan.chunkLabels.flatMap((c) => c.labels).every((l) => l.presence === undefined)).toBe(true);
  });

  it("serves embeddings from the page with the scan's own signal", async () => {
    const { scanner, api } = setup();
    const embedder = recordingEmbedder();
    const controller = new AbortController();
    // The NDA playbook's types are classified by their signals and examples (the model knows the commercial ones).
    const scan = await drain(scanner, 'embed', nda, { embedder, signal: controller.signal });
    expect(scan.outcomes.length).toBeGreaterThan(0);
    // The clause types' examples once per type with examples, then the passages.
    expect(embedder.calls.length).toBeGreaterThan(1);
    expect(embedder.calls.every((c) => c.signal === controller.signal)).toBe(true);
    expect(api().classifiers()).toBe(1);
    const before = embedder.calls.length;
    await drain(scanner, 'embed-again', nda, { embedder });
    expect(embedder.calls.length - before).toBe(1); // examples kept: only the passages again
  });

  it('drops a classifier whose first use was cancelled, so the next scan starts clean', async () => {
    const { scanner, api } = setup();
    const controller = new AbortController();
    const hanging = recordingEmbedder(true);
    const stopped = drain(scanner, 'cancelled', nda, { embedder: hanging, signal: controller.signal });
    await expect.poll(() => hanging.calls.length).toBeGreaterThan(0);
    controller.abort();
    await expect(stopped).rejects.toBeInstanceOf(AbortedError);
    await expect.poll(() => api().classifiers()).toBe(0);
    const scan = await drain(scanner, 'after', nda, { embedder: recordingEmbedder() });
    expect(scan.outcomes.length).toBeGreaterThan(0);
  });
});
