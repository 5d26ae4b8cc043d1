/**
 * The provider registry: settings read back safely from anything, each provider's status from the
 * device, caches, endpoint check and failures, and which provider answers under 'auto'.
 */
import { describe, expect, it } from 'vitest';
import type { Capabilities } from '../../../../src/models/capabilities';
import { activeProvider, DEFAULT_CHAT_SETTINGS, describeProviderStatus, generatorChoice, providerRows, sanitizeChatSettings, type ProviderFacts } from '../../../../src/models/chat/providers';

const noGpu: Capabilities = { webgpu: null, webgpuError: 'navigator.gpu is missing', crossOriginIsolated: true, cores: 2, memoryGb: 8 };
const strongGpu: Capabilities = {
  ...noGpu,
  webgpuError: null,
  webgpu: { vendor: 'nvidia', architecture: '', description: '', isFallbackAdapter: false, shaderF16: true, maxBufferSize: 2 ** 32 - 1, maxStorageBufferBindingSize: 2 ** 31 - 4 },
};
const facts = (over: Partial<ProviderFacts> = {}): ProviderFacts => ({ caps: noGpu, webllmCached: new Set(), generatorsCached: new Set(), endpointCheck: null, ...over });
const status = (rows: ReturnType<typeof providerRows>, id: string) => rows.find((r) => r.id === id)!.status;

describe('chat settings', () => {
  it('falls back to the defaults field by field', () => {
    expect(sanitizeChatSettings(undefined)).toEqual(DEFAULT_CHAT_SETTINGS);
    expect(sanitizeChatSettings('junk')).toEqual(DEFAULT_CHAT_SETTINGS);
    const s = sanitizeChatSettings({
      provider: 'endpoint',
      webllm: { model: 'Not-A-Model', memoryOverrideMB: -3 },
      transformers: { model: 'qwen2.5-1.5b-instruct', dtype: 'q9', device: 'wasm' },
      endpoint: { baseUrl: 'http://localhost:11434', model: 'qwen2.5:7b' },
    });
    expect(s).toEqual({
      version: 1,
      provider: 'endpoint',
      webllm: { model: null, memoryOverrideMB: null },
      transformers: { model: 'qwen2.5-1.5b-instruct', dtype: null, device: 'wasm' },
      endpoint: { baseUrl: 'http://localhost:11434', model: 'qwen2.5:7b', apiKey: null },
    });
    expect(sanitizeChatSettings({ provider: 'gpt-9', endpoint: { baseUrl: 'javascript:alert(1)', model: 'x' } })).toMatchObject({ provider: 'auto', endpoint: null });
  });
});

describe('provider status', () => {
  it('without WebGPU: WebLLM says why, the CPU model is not downloaded, the server is not configured, none is ready', () => {
    const rows = providerRows(DEFAULT_CHAT_SETTINGS, facts());
    expect(status(rows, 'webllm')).toEqual({ kind: 'no-webgpu', message: expect.stringContaining('navigator.gpu is missing') as string });
    expect(status(rows, 'transformers')).toMatchObject({ kind: 'not-downloaded' });
    expect(rows.find((r) => r.id === 'transformers')).toMatchObject({ model: 'onnx-community/Qwen2.5-0.5B-Instruct', device: 'wasm', dtype: 'q8' });
    expect(status(rows, 'endpoint')).toMatchObject({ kind: 'not-configured' });
    expect(status(rows, 'none')).toEqual({ kind: 'ready' });
    expect(activeProvider(DEFAULT_CHAT_SETTINGS, rows)).toBe('none');
    expect(describeProviderStatus(status(rows, 'webllm'))).toMatch(/^No WebGPU: /);
  });

  it('with a strong GPU: the recommended WebLLM model, ready once cached, chosen first under auto', () => {
    const before = providerRows(DEFAULT_CHAT_SETTINGS, facts({ caps: strongGpu }));
    const webllm = before.find((r) => r.id === 'webllm')!;
    expect(webllm.status.kind).toBe('not-downloaded');
    expect(webllm.model).toMatch(/q4f16/);
    const rows = providerRows(DEFAULT_CHAT_SETTINGS, facts({ caps: strongGpu, webllmCached: new Set([webllm.model!]), endpointCheck: { ok: true } }));
    expect(status(rows, 'webllm')).toEqual({ kind: 'ready' });
    expect(activeProvider(DEFAULT_CHAT_SETTINGS, rows)).toBe('webllm');
    expect(rows.find((r) => r.id === 'transformers')).toMatchObject({ device: 'webgpu', dtype: 'q4f16' });
  });

  it('the endpoint: checking, then ready or the check error; a failure shows as error', () => {
    const settings = sanitizeChatSettings({ endpoint: { baseUrl: 'http://localhost:11434', model: 'qwen2.5' } });
    expect(status(providerRows(settings, facts()), 'endpoint')).toEqual({ kind: 'checking' });
    const ok = providerRows(settings, facts({ endpointCheck: { ok: true } }));
    expect(status(ok, 'endpoint')).toEqual({ kind: 'ready' });
    expect(activeProvider(settings, ok)).toBe('endpoint');
    expect(status(providerRows(settings, facts({ endpointCheck: { ok: false, message: 'endpoint: cannot reach http://localhost:11434' } })), 'endpoint')).toMatchObject({ kind: 'error' });
    expect(status(providerRows(settings, facts({ endpointCheck: { ok: true }, failures: { endpoint: 'timed out' } })), 'endpoint')).toEqual({ kind: 'error', message: 'timed out' });
  });

  it('the CPU model is ready when its files for the chosen dtype are cached; an explicit choice wins over auto', () => {
    const settings = sanitizeChatSettings({ provider: 'transformers' });
    const rows = providerRows(settings, facts({ generatorsCached: new Set(['onnx-community/Qwen2.5-0.5B-Instruct@q8']) }));
    expect(status(rows, 'transformers')).toEqual({ kind: 'ready' });
    expect(activeProvider(settings, rows)).toBe('transformers');
    expect(activeProvider(sanitizeChatSettings({ provider: 'none' }), rows)).toBe('none');
    expect(generatorChoice(sanitizeChatSettings({ transformers: { model: 'nope' } }), noGpu)).toBeNull();
  });
});
