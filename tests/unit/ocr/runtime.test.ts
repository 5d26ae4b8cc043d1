/** Offline knobs (src/ocr/runtime.ts, assets.ts) and OCR text tidying (text.ts). */
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors';
import { BUNDLED_LANGUAGES, DATA_VARIANT, TESSERACT_ASSETS } from '../../../src/ocr/assets';
import { nodeEngDataDir, nodeLangDir, nodeOcrRuntime } from '../../../src/ocr/node-runtime';
import { browserOcrRuntime, coreFileFor, planLanguages, tesseractAssetBase, wasmSimdSupported } from '../../../src/ocr/runtime';
import { normalizeOcrText } from '../../../src/ocr/text';

const require = createRequire(import.meta.url);

describe('assets', () => {
  it('lists files that exist in node_modules, with the LSTM-only English model', () => {
    for (const asset of TESSERACT_ASSETS) expect(existsSync(require.resolve(asset.from)), asset.from).toBe(true);
    const eng = TESSERACT_ASSETS.find((a) => a.to === 'lang/eng.traineddata.gz')!;
    expect(eng.from).toContain(DATA_VARIANT);
    expect(statSync(require.resolve(eng.from)).size).toBeLessThan(3_500_000);
  });

  it('ships the two LSTM cores the runtime chooses between, precaching the SIMD one', () => {
    const cores = TESSERACT_ASSETS.filter((a) => a.to.startsWith('core/'));
    expect(cores.map((a) => [a.to, a.precache])).toEqual([
      ['core/tesseract-core-simd-lstm.wasm.js', true],
      ['core/tesseract-core-lstm.wasm.js', false],
    ]);
    expect(cores.map((a) => `core/${coreFileFor(a.precache)}`)).toEqual(cores.map((a) => a.to));
  });
});

describe('browserOcrRuntime', () => {
  it('points every tesseract.js path at our origin', () => {
    const r = browserOcrRuntime(tesseractAssetBase('https://app.example', '/'));
    expect(wasmSimdSupported()).toBe(true); // Node 20's V8, like every browser we target
    expect(r).toMatchObject({
      workerPath: 'https://app.example/tesseract/worker.min.js',
      corePath: 'https://app.example/tesseract/core/tesseract-core-simd-lstm.wasm.js',
      bundledLangPath: 'https://app.example/tesseract/lang/',
      bundledLanguages: BUNDLED_LANGUAGES,
      defaultLanguages: ['eng'],
    });
  });

  it('falls back to the plain core without WASM SIMD', () => {
    expect(browserOcrRuntime('https://app.example/tesseract/', { simd: false }).corePath).toBe('https://app.example/tesseract/core/tesseract-core-lstm.wasm.js');
  });

  it('follows the app base URL', () => {
    expect(tesseractAssetBase('https://x.example', '/casefile/').href).toBe('https://x.example/casefile/tesseract/');
    expect(tesseractAssetBase('https://x.example', './').href).toBe('https://x.example/tesseract/');
  });
});

describe('planLanguages', () => {
  const browser = browserOcrRuntime('https://app.example/tesseract/', { extraLangPath: 'https://tessdata.example/4.0.0_best_int' });

  it('reads bundled languages from our origin without caching them again', () => {
    expect(planLanguages(browser, undefined)).toEqual({
      languages: ['eng'],
      langPath: 'https://app.example/tesseract/lang/',
      cacheMethod: 'none',
      cachePath: 'casefile-ocr:https://app.example/tesseract/lang/',
      key: 'eng@https://app.example/tesseract/lang/',
    });
  });

  it('reads other languages (and any mix) from the download folder, cached per folder', () => {
    const plan = planLanguages(browser, ['eng', 'spa', 'eng']);
    expect(plan).toMatchObject({ languages: ['eng', 'spa'], langPath: 'https://tessdata.example/4.0.0_best_int', cacheMethod: 'write' });
    expect(plan.cachePath).toContain('tessdata.example');
    expect(planLanguages(browser, ['spa'], 'https://other.example/').langPath).toBe('https://other.example/');
  });

  it('refuses a language without a source, and a malformed code', () => {
    const r = nodeOcrRuntime();
    expect(() => planLanguages(r, ['spa'])).toThrow(InputError);
    expect(() => planLanguages(r, ['spa'])).toThrow('ocr: no language data for spa');
    expect(() => planLanguages(r, ['../etc/passwd'])).toThrow(/not a Tesseract language code: "..\/etc\/passwd"/);
    expect(planLanguages(r, ['chi_sim'], '/data').languages).toEqual(['chi_sim']);
  });

  it('never caches in Node, and reads English, French and German from the installed packages, in one folder', () => {
    const plan = planLanguages(nodeOcrRuntime(), ['eng', 'fra', 'deu']);
    expect(plan).toMatchObject({ cacheMethod: 'none', languages: ['deu', 'eng', 'fra'], langPath: nodeLangDir() });
    for (const code of ['eng', 'fra', 'deu']) expect(existsSync(join(nodeLangDir(), `${code}.traineddata.gz`))).toBe(true);
    expect(existsSync(join(nodeEngDataDir(), 'eng.traineddata.gz'))).toBe(true);
  });

  it('ships English, French and German from our origin, all precached (OCR offline after one visit)', () => {
    const browserPlan = planLanguages(browserOcrRuntime('https://app.example/tesseract/'), ['fra']);
    expect(browserPlan).toMatchObject({ langPath: 'https://app.example/tesseract/lang/', cacheMethod: 'none' });
    const lang = TESSERACT_ASSETS.filter((a) => a.to.startsWith('lang/'));
    expect(lang.map((a) => [a.to, a.precache])).toEqual([
      ['lang/eng.traineddata.gz', true],
      ['lang/fra.traineddata.gz', true],
      ['lang/deu.traineddata.gz', true],
    ]);
  });
});

describe('normalizeOcrText', () => {
  it('drops trailing spaces, form feeds and extra blank lines, keeps line breaks', () => {
    expect(normalizeOcrText('12. TERMINATION  \n\n\n\n12.1 Either party\r\nmay terminate.\f\n')).toBe('12. TERMINATION\n\n12.1 Either party\nmay terminate.');
    expect(normalizeOcrText(' \n\t\n')).toBe('');
  });
});
