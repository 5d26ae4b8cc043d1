/** Capability detection from fake navigators, profile choice, and the per-role plan with fallbacks. */
import { describe, expect, it } from 'vitest';
import { detectCapabilities, describeCapabilities, type Capabilities, type GpuInfo } from '../../../src/models/capabilities';
import { planModels, selectProfile, type PlanSettings } from '../../../src/models/profiles';
import { TINY_EMBEDDER } from './fixture-specs';

const GiB = 2 ** 30;
const gpu = (over: Partial<GpuInfo> = {}): GpuInfo => ({
  vendor: 'nvidia', architecture: 'ampere', description: '', isFallbackAdapter: false, shaderF16: true,
  maxBufferSize: 4 * GiB, maxStorageBufferBindingSize: 2 * GiB, ...over,
});
const caps = (webgpu: GpuInfo | null): Capabilities => ({ webgpu, webgpuError: webgpu ? null : 'no navigator.gpu', crossOriginIsolated: true, cores: 8, memoryGb: 8 });
const auto: PlanSettings = { profile: 'auto', embedder: null, reranker: null, custom: [] };

describe('selectProfile', () => {
  it.each([
    ['no WebGPU', caps(null), 'cpu'],
    ['WebGPU with shader-f16', caps(gpu()), 'gpu'],
    ['WebGPU without shader-f16', caps(gpu({ shaderF16: false })), 'gpu-lite'],
    ['a software adapter (SwiftShader)', caps(gpu({ shaderF16: false, isFallbackAdapter: true })), 'cpu'],
    ['f16 but 256 MiB bindings', caps(gpu({ maxStorageBufferBindingSize: 256 * 2 ** 20, maxBufferSize: 2 * GiB })), 'cpu'],
    ['f16 with 1 GiB buffers and 512 MiB bindings', caps(gpu({ maxBufferSize: GiB, maxStorageBufferBindingSize: GiB / 2 })), 'gpu'],
    ['a 512 MiB buffer limit', caps(gpu({ maxBufferSize: GiB / 2, maxStorageBufferBindingSize: GiB / 2 })), 'cpu'],
  ] as const)('%s → %s', (_name, c, expected) => {
    expect(selectProfile(c).profile).toBe(expected);
    expect(selectProfile(c).reason).not.toBe('');
  });
});

describe('planModels', () => {
  it('gpu: bge-m3 and the reranker in fp16 on WebGPU, each falling back to q8 on WASM', () => {
    const plan = planModels(auto, caps(gpu()));
    expect(plan.profile).toBe('gpu');
    expect(plan.embedder!.spec.id).toBe('Xenova/bge-m3');
    expect(plan.embedder!.attempts).toEqual([{ device: 'webgpu', dtype: 'fp16' }, { device: 'wasm', dtype: 'q8' }]);
    expect(plan.reranker!.spec.id).toBe('onnx-community/bge-reranker-v2-m3-ONNX');
    expect(plan.reranker!.attempts).toEqual([{ device: 'webgpu', dtype: 'fp16' }, { device: 'wasm', dtype: 'q8' }]);
    expect(plan.reranker!.maxPairs).toBe(50);
  });

  it('gpu-lite: fp32 on WebGPU, fewer reranked pairs', () => {
    const plan = planModels(auto, caps(gpu({ shaderF16: false })));
    expect(plan.embedder!.attempts[0]).toEqual({ device: 'webgpu', dtype: 'fp32' });
    expect(plan.reranker!.maxPairs).toBe(20);
  });

  it('cpu: a small multilingual embedder in q8 on WASM, no reranker', () => {
    const plan = planModels(auto, caps(null));
    expect(plan.embedder!.spec.id).toBe('Xenova/multilingual-e5-small');
    expect(plan.embedder!.attempts).toEqual([{ device: 'wasm', dtype: 'q8' }]);
    expect(plan.reranker).toBeNull();
  });

  it('honours a profile chosen in settings, but never WebGPU where there is none', () => {
    const plan = planModels({ ...auto, profile: 'gpu' }, caps(null));
    expect(plan.profile).toBe('gpu');
    expect(plan.auto).toBe(false);
    expect(plan.embedder!.attempts).toEqual([{ device: 'wasm', dtype: 'q8' }]);
  });

  it('never plans fp16 on a WebGPU adapter without shader-f16', () => {
    const plan = planModels({ ...auto, profile: 'gpu' }, caps(gpu({ shaderF16: false, isFallbackAdapter: true })));
    expect(plan.embedder!.attempts[0]).toEqual({ device: 'webgpu', dtype: 'fp32' });
  });

  it('applies per-role overrides: model, dtype, device, reranker off', () => {
    const plan = planModels(
      { ...auto, embedder: { model: 'bge-m3', dtype: 'q8', device: 'wasm' }, reranker: { model: 'bge-reranker-base' } },
      caps(gpu()),
    );
    expect(plan.embedder!.attempts).toEqual([{ device: 'wasm', dtype: 'q8' }]);
    expect(plan.reranker!.spec.key).toBe('bge-reranker-base');
    expect(plan.reranker!.attempts[0]).toEqual({ device: 'webgpu', dtype: 'fp32' });
    expect(planModels({ ...auto, reranker: 'none' }, caps(gpu())).reranker).toBeNull();
  });

  it('plans an imported model, and ignores an override naming an unknown model', () => {
    const custom = [{ ...TINY_EMBEDDER, key: 'local/tiny-bge-m3', id: 'local/tiny-bge-m3', custom: true }];
    const plan = planModels({ ...auto, embedder: { model: 'local/tiny-bge-m3', device: 'webgpu' }, custom }, caps(gpu({ shaderF16: false })));
    expect(plan.embedder!.spec.id).toBe('local/tiny-bge-m3');
    expect(plan.embedder!.attempts).toEqual([{ device: 'webgpu', dtype: 'fp32' }, { device: 'wasm', dtype: 'q8' }]);
    expect(planModels({ ...auto, embedder: { model: 'gone' } }, caps(null)).embedder!.spec.key).toBe('multilingual-e5-small');
  });
});

describe('detectCapabilities', () => {
  const adapter = (features: string[], extra: object = {}) => ({
    features: new Set(features),
    limits: { maxBufferSize: 4 * GiB, maxStorageBufferBindingSize: 2 * GiB },
    info: { vendor: 'google', architecture: 'swiftshader', description: '', isFallbackAdapter: true },
    ...extra,
  });

  it('reads the adapter: features, limits, fallback flag', async () => {
    const c = await detectCapabilities({ navigator: { gpu: { requestAdapter: async () => adapter([]) }, hardwareConcurrency: 2 }, crossOriginIsolated: true });
    expect(c.webgpu).toMatchObject({ shaderF16: false, isFallbackAdapter: true, maxBufferSize: 4 * GiB, vendor: 'google' });
    expect(c).toMatchObject({ cores: 2, crossOriginIsolated: true });
    expect(describeCapabilities(c)).toMatch(/software adapter.*no shader-f16/);
  });

  it('no navigator.gpu, a null adapter, a throwing or a hanging requestAdapter all mean "no WebGPU"', async () => {
    expect((await detectCapabilities({ navigator: {} })).webgpu).toBeNull();
    expect((await detectCapabilities({ navigator: { gpu: { requestAdapter: async () => null } } })).webgpuError).toMatch(/no usable GPU adapter/);
    expect((await detectCapabilities({ navigator: { gpu: { requestAdapter: () => Promise.reject(new Error('blocked')) } } })).webgpuError).toBe('blocked');
    const hanging = await detectCapabilities({ navigator: { gpu: { requestAdapter: () => new Promise(() => undefined) } } }, { timeoutMs: 50 });
    expect(hanging.webgpuError).toMatch(/did not answer within 50 ms/);
  });
});
