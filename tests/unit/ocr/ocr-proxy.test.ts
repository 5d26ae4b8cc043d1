/**
 * WorkerOcr against the OCR service over a MessageChannel, with a scripted engine: transfer,
 * cancellation across the boundary, typed errors, crashes, idle close. (The real engine behind
 * the same channel is in tesseract.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerOcr } from '../../../src/app/workers/ocr-proxy';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { AbortedError, AppError, InputError } from '../../../src/core/errors';
import type { OcrResult, PageImage } from '../../../src/core/ports';
import { createOcrService, type OcrJobOptions, type OcrServiceApi, type OcrServiceEngine } from '../../../src/ocr/service';
import { channelWorker } from '../../helpers/channel-worker';

registerRpcErrors();

interface Call {
  readonly image: PageImage;
  readonly options: OcrJobOptions & { signal?: AbortSignal };
  resolve(result: OcrResult): void;
  reject(error: unknown): void;
}

/** An engine whose answers the test gives by hand. */
class ScriptedEngine implements OcrServiceEngine {
  readonly calls: Call[] = [];
  terminated = 0;
  recognize(image: PageImage, options: OcrJobOptions & { signal?: AbortSignal }): Promise<OcrResult> {
    return new Promise((resolve, reject) => {
      this.calls.push({ image, options, resolve, reject });
      options.signal?.addEventListener('abort', () => reject(new AbortedError('text recognition')), { once: true });
    });
  }
  async prepare(): Promise<void> {}
  async terminate(): Promise<void> {
    this.terminated++;
  }
}

interface Harness {
  readonly ocr: WorkerOcr;
  readonly engines: ScriptedEngine[];
  readonly services: OcrServiceApi[];
  readonly ports: MessagePort[];
  terminated: number;
}

const harnesses: Harness[] = [];

function harness(options: { idleMs?: number; transferImages?: boolean } = {}): Harness {
  const h: Harness = {
    engines: [],
    services: [],
    ports: [],
    terminated: 0,
    ocr: new WorkerOcr({
      ...options,
      extraLangPath: 'https://tessdata.example/best_int/',
      spawn: () => {
        const engine = new ScriptedEngine();
        const service = createOcrService(engine);
        h.engines.push(engine);
        h.services.push(service);
        const endpoint = channelWorker(service, () => h.terminated++);
        h.ports.push(endpoint);
        return endpoint;
      },
    }),
  };
  harnesses.push(h);
  return h;
}

afterEach(() => {
  for (const h of harnesses.splice(0)) h.ocr.terminate();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the worker side has received `n` calls. */
async function received(engine: () => ScriptedEngine | undefined, n: number): Promise<ScriptedEngine> {
  for (let i = 0; i < 200; i++) {
    const e = engine();
    if (e && e.calls.length >= n) return e;
    await sleep(5);
  }
  throw new Error(`the worker did not receive ${n} call(s)`);
}

const png = (bytes = 64): PageImage => ({ width: 10, height: 20, mediaType: 'image/png', data: new Uint8Array(bytes).fill(7).buffer });

describe('WorkerOcr (comlink over a MessageChannel)', () => {
  it('transfers the image bytes, passes languages and the download folder, returns the result', async () => {
    const h = harness();
    const image = png(100);
    const pending = h.ocr.recognize(image, { languages: ['deu', 'eng'] });
    expect(image.data.byteLength).toBe(0); // detached: ownership went to the worker
    const engine = await received(() => h.engines[0], 1);
    const call = engine.calls[0]!;
    expect([call.image.width, call.image.height, call.image.mediaType, call.image.data.byteLength]).toEqual([10, 20, 'image/png', 100]);
    expect(call.options).toMatchObject({ languages: ['deu', 'eng'], extraLangPath: 'https://tessdata.example/best_int/' });
    call.resolve({ text: 'TERMINATION', confidence: 91 });
    await expect(pending).resolves.toEqual({ text: 'TERMINATION', confidence: 91 });
    expect(h.services[0]!.activeJobs()).toBe(0);
  });

  it('sends a copy with transferImages: false', async () => {
    const h = harness({ transferImages: false });
    const image = png(100);
    const pending = h.ocr.recognize(image);
    expect(image.data.byteLength).toBe(100);
    (await received(() => h.engines[0], 1)).calls[0]!.resolve({ text: '', confidence: 0 });
    await pending;
  });

  it('maps an AbortSignal to cancel(jobId): rejects at once, the worker side sees the abort', async () => {
    const h = harness();
    const controller = new AbortController();
    const pending = h.ocr.recognize(png(), { signal: controller.signal });
    const engine = await received(() => h.engines[0], 1);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    await sleep(20);
    expect(engine.calls[0]!.options.signal?.aborted).toBe(true);
    expect(h.services[0]!.activeJobs()).toBe(0);
    expect(h.ocr.spawned).toBe(1); // cancelled inside, the worker lives on
    const next = h.ocr.recognize(png());
    (await received(() => h.engines[0], 2)).calls[1]!.resolve({ text: 'ok', confidence: 90 });
    await expect(next).resolves.toMatchObject({ text: 'ok' });
  });

  it('an already aborted signal never reaches the worker', async () => {
    const h = harness();
    const controller = new AbortController();
    controller.abort();
    await expect(h.ocr.recognize(png(), { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
    expect(h.ocr.spawned).toBe(0);
  });

  it('keeps error classes across the boundary; bad input does not restart the worker', async () => {
    const h = harness();
    const pending = h.ocr.recognize(png());
    (await received(() => h.engines[0], 1)).calls[0]!.reject(new InputError('ocr: not a Tesseract language code: "xx"', { language: 'xx' }));
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ code: 'input/invalid', details: { language: 'xx' } });
    expect(h.ocr.running).toBe(true);
  });

  it('after an engine failure, new jobs go to a fresh worker; the old one ends when its jobs do', async () => {
    const h = harness();
    const a = h.ocr.recognize(png());
    const b = h.ocr.recognize(png());
    const engine = await received(() => h.engines[0], 2);
    engine.calls[0]!.reject(new AppError('internal', 'ocr: tesseract failed: out of memory'));
    await expect(a).rejects.toMatchObject({ code: 'internal', message: 'ocr: tesseract failed: out of memory' });
    const c = h.ocr.recognize(png());
    (await received(() => h.engines[1], 1)).calls[0]!.resolve({ text: 'fresh', confidence: 90 });
    await expect(c).resolves.toMatchObject({ text: 'fresh' });
    expect(h.terminated).toBe(0); // b still runs on the retired worker
    engine.calls[1]!.resolve({ text: 'old', confidence: 90 });
    await expect(b).resolves.toMatchObject({ text: 'old' });
    await sleep(10);
    expect(h.terminated).toBe(1);
    expect(h.ocr.spawned).toBe(2);
  });

  it('a crashed worker fails its jobs with an internal error and is replaced', async () => {
    const h = harness();
    const pending = h.ocr.recognize(png());
    await received(() => h.engines[0], 1);
    h.ports[0]!.dispatchEvent(Object.assign(new Event('error'), { message: 'RuntimeError: memory access out of bounds' }));
    await expect(pending).rejects.toMatchObject({ code: 'internal', message: 'ocr worker crashed: RuntimeError: memory access out of bounds' });
    expect(h.terminated).toBe(1);
    const next = h.ocr.recognize(png());
    (await received(() => h.engines[1], 1)).calls[0]!.resolve({ text: 'again', confidence: 88 });
    await expect(next).resolves.toMatchObject({ text: 'again' });
  });

  it('terminate() frees the worker now: jobs in flight end with AbortedError', async () => {
    const h = harness();
    const pending = h.ocr.recognize(png());
    await received(() => h.engines[0], 1);
    h.ocr.terminate();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect([h.ocr.running, h.terminated]).toEqual([false, 1]);
  });

  it('closes the worker when idle and spawns a new one for the next job', async () => {
    const h = harness({ idleMs: 30 });
    const first = h.ocr.recognize(png());
    (await received(() => h.engines[0], 1)).calls[0]!.resolve({ text: 'one', confidence: 90 });
    await first;
    expect(h.ocr.running).toBe(true);
    await sleep(80);
    expect([h.ocr.running, h.terminated]).toEqual([false, 1]);
    const second = h.ocr.recognize(png());
    (await received(() => h.engines[1], 1)).calls[0]!.resolve({ text: 'two', confidence: 90 });
    await second;
    expect(h.ocr.spawned).toBe(2);
  });

  it('does not close while a job is running, however long it takes', async () => {
    const h = harness({ idleMs: 20 });
    const pending = h.ocr.recognize(png());
    const engine = await received(() => h.engines[0], 1);
    await sleep(60);
    expect(h.terminated).toBe(0);
    engine.calls[0]!.resolve({ text: 'slow', confidence: 90 });
    await pending;
  });
});

describe('createOcrService', () => {
  it('refuses a job id already running; cancel of an unknown job is a no-op', async () => {
    const engine = new ScriptedEngine();
    const service = createOcrService(engine);
    const first = service.recognize('ocr-1', png());
    await expect(service.recognize('ocr-1', png())).rejects.toThrow('ocr worker: job "ocr-1" is already running');
    service.cancel('ocr-404');
    engine.calls[0]!.resolve({ text: 'x', confidence: 50 });
    await expect(first).resolves.toEqual({ text: 'x', confidence: 50 });
    await service.release();
    expect(engine.terminated).toBe(1);
  });
});
