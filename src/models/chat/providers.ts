/**
 * The language-model provider registry, as data and pure functions: which providers exist, the
 * per-workspace choice (settings shape, validated on read like the pipeline settings; stored in
 * the workspace database under CHAT_SETTINGS_KEY by src/app/models/chat-service.ts), each provider's
 * status from what the app knows (capabilities, caches, the endpoint's last check, the last
 * failure), and which provider answers. "None" (extractive answers) is a provider choice like the others.
 */
import type { Device, Dtype } from '../../core/ports';
import type { Capabilities } from '../capabilities';
import { readEndpointConfig, type EndpointConfig } from './endpoint-config';
import { generatorSpec, pickGeneratorDtype, type GeneratorSpec } from './generators';
import { planWebLlm, WEBLLM_MODELS } from './webllm-catalog';

export type ProviderId = 'webllm' | 'transformers' | 'endpoint' | 'none';
export type ProviderChoice = 'auto' | ProviderId;

export const CHAT_SETTINGS_KEY = 'settings/llm';
const CHAT_SETTINGS_VERSION = 1;

export interface ChatSettings {
  readonly version: typeof CHAT_SETTINGS_VERSION;
  readonly provider: ProviderChoice;
  /** A WebLLM model_id; null = the one recommended for this device. */
  readonly webllm: { readonly model: string | null; readonly memoryOverrideMB: number | null };
  /** A generator key or id; null dtype/device = chosen for this device. */
  readonly transformers: { readonly model: string; readonly dtype: Dtype | null; readonly device: Device | null };
  readonly endpoint: EndpointConfig | null;
}

export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  version: CHAT_SETTINGS_VERSION,
  provider: 'auto',
  webllm: { model: null, memoryOverrideMB: null },
  transformers: { model: 'qwen2.5-0.5b-instruct', dtype: null, device: null },
  endpoint: null,
};

const CHOICES: readonly ProviderChoice[] = ['auto', 'webllm', 'transformers', 'endpoint', 'none'];
const DTYPES: readonly Dtype[] = ['fp32', 'fp16', 'q8', 'q4', 'q4f16'];
const DEVICES: readonly Device[] = ['webgpu', 'wasm', 'cpu'];
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Valid ChatSettings from anything (a stored value of any age, user input): field by field, defaults for the rest. */
export function sanitizeChatSettings(raw: unknown): ChatSettings {
  const r = obj(raw);
  const d = DEFAULT_CHAT_SETTINGS;
  const w = obj(r['webllm']);
  const t = obj(r['transformers']);
  let endpoint: EndpointConfig | null = null;
  if (r['endpoint'] !== null && r['endpoint'] !== undefined) {
    try {
      endpoint = readEndpointConfig(r['endpoint']);
    } catch {
      endpoint = null;
    }
  }
  const override = w['memoryOverrideMB'];
  return {
    version: CHAT_SETTINGS_VERSION,
    provider: CHOICES.includes(r['provider'] as ProviderChoice) ? (r['provider'] as ProviderChoice) : d.provider,
    webllm: {
      model: typeof w['model'] === 'string' && WEBLLM_MODELS.some((m) => m.id === w['model']) ? w['model'] : null,
      memoryOverrideMB: typeof override === 'number' && Number.isFinite(override) && override > 0 ? Math.min(override, 1_000_000) : null,
    },
    transformers: {
      model: typeof t['model'] === 'string' && t['model'] ? t['model'] : d.transformers.model,
      dtype: DTYPES.includes(t['dtype'] as Dtype) ? (t['dtype'] as Dtype) : null,
      device: DEVICES.includes(t['device'] as Device) ? (t['device'] as Device) : null,
    },
    endpoint,
  };
}

// ---- status -----------------------------------------------------------------------------------

export type ProviderStatus =
  | { readonly kind: 'ready' }
  | { readonly kind: 'not-configured'; readonly message: string }
  | { readonly kind: 'no-webgpu'; readonly message: string }
  | { readonly kind: 'not-downloaded'; readonly message: string }
  | { readonly kind: 'checking' }
  | { readonly kind: 'error'; readonly message: string };

export interface ProviderFacts {
  readonly caps: Capabilities;
  /** WebLLM model ids found in the browser cache (web-llm's hasModelInCache). */
  readonly webllmCached: ReadonlySet<string>;
  /** `<generator id>@<dtype>` whose files are all in the model cache (generatorFiles). */
  readonly generatorsCached: ReadonlySet<string>;
  /** The endpoint's last check(): null when not checked yet. */
  readonly endpointCheck: { readonly ok: true } | { readonly ok: false; readonly message: string } | null;
  /** The last load or generation failure per provider (cleared by the next success). */
  readonly failures?: Readonly<Partial<Record<ProviderId, string>>>;
  readonly customGenerators?: readonly GeneratorSpec[];
}

export interface ProviderRow {
  readonly id: ProviderId;
  readonly label: string;
  readonly status: ProviderStatus;
  /** What it would run: a model id (with dtype/device where that matters), or null. */
  readonly model: string | null;
  readonly device: Device | null;
  readonly dtype: Dtype | null;
}

/** The transformers.js model, device and dtype this device runs for `settings`. */
export function generatorChoice(settings: ChatSettings, caps: Capabilities, custom: readonly GeneratorSpec[] = []): { spec: GeneratorSpec; device: Device; dtype: Dtype } | null {
  const spec = generatorSpec(settings.transformers.model, custom);
  if (!spec) return null;
  const gpu = caps.webgpu && !caps.webgpu.isFallbackAdapter ? caps.webgpu : null;
  const device: Device = settings.transformers.device === 'webgpu' && !caps.webgpu ? 'wasm' : (settings.transformers.device ?? (gpu ? 'webgpu' : 'wasm'));
  const wanted = settings.transformers.dtype;
  const dtype = wanted && spec.dtypes[wanted] ? wanted : pickGeneratorDtype(spec, device, Boolean(caps.webgpu?.shaderF16));
  return { spec, device, dtype };
}

export function providerRows(settings: ChatSettings, facts: ProviderFacts): ProviderRow[] {
  const failed = (id: ProviderId): ProviderStatus | null => {
    const message = facts.failures?.[id];
    return message ? { kind: 'error', message } : null;
  };
  const plan = planWebLlm({ gpu: facts.caps.webgpu, gpuError: facts.caps.webgpuError, memoryGb: facts.caps.memoryGb, overrideMB: settings.webllm.memoryOverrideMB });
  const webModel = settings.webllm.model ?? plan.recommended?.id ?? null;
  const webChoice = plan.choices.find((c) => c.model.id === webModel);
  const webllm: ProviderRow = {
    id: 'webllm',
    label: 'WebLLM (GPU)',
    model: webModel,
    device: 'webgpu',
    dtype: null,
    status: plan.unavailable
      ? { kind: 'no-webgpu', message: plan.unavailable }
      : !webModel
        ? { kind: 'not-configured', message: plan.warning ?? 'no catalog model fits this GPU' }
        : (failed('webllm') ??
          (!facts.webllmCached.has(webModel)
            ? { kind: 'not-downloaded', message: `${webChoice ? `${webChoice.model.label} (${webChoice.model.quant})` : webModel} is not downloaded${webChoice && !webChoice.fits ? ` (and ${webChoice.reason})` : ''}` }
            : { kind: 'ready' })),
  };
  const gen = generatorChoice(settings, facts.caps, facts.customGenerators);
  const transformers: ProviderRow = {
    id: 'transformers',
    label: 'CPU model',
    model: gen?.spec.id ?? settings.transformers.model,
    device: gen?.device ?? null,
    dtype: gen?.dtype ?? null,
    status: !gen
      ? { kind: 'not-configured', message: `unknown model "${settings.transformers.model}"` }
      : (failed('transformers') ??
        (facts.generatorsCached.has(`${gen.spec.id}@${gen.dtype}`) ? { kind: 'ready' } : { kind: 'not-downloaded', message: `${gen.spec.label} (${gen.dtype}) is not downloaded` })),
  };
  const check = facts.endpointCheck;
  const endpoint: ProviderRow = {
    id: 'endpoint',
    label: 'Local server',
    model: settings.endpoint?.model ?? null,
    device: null,
    dtype: null,
    status: !settings.endpoint
      ? { kind: 'not-configured', message: 'no server address and model set' }
      : (failed('endpoint') ?? (check === null ? { kind: 'checking' } : check.ok ? { kind: 'ready' } : { kind: 'error', message: check.message })),
  };
  const none: ProviderRow = { id: 'none', label: 'None (extractive)', model: null, device: null, dtype: null, status: { kind: 'ready' } };
  return [webllm, transformers, endpoint, none];
}

/**
 * The provider that answers: the chosen one, or with 'auto' the first ready one of WebLLM (where
 * WebGPU exists), the local server, the CPU model, and else none. A chosen provider that is not
 * ready still answers "not ready" (the answer layer then falls back to extractive and says why).
 */
export function activeProvider(settings: ChatSettings, rows: readonly ProviderRow[]): ProviderId {
  if (settings.provider !== 'auto') return settings.provider;
  for (const id of ['webllm', 'endpoint', 'transformers'] as const) if (rows.find((r) => r.id === id)?.status.kind === 'ready') return id;
  return 'none';
}

export function describeProviderStatus(status: ProviderStatus): string {
  switch (status.kind) {
    case 'ready':
      return 'Ready';
    case 'checking':
      return 'Checking…';
    case 'not-configured':
      return `Not configured: ${status.message}`;
    case 'no-webgpu':
      return `No WebGPU: ${status.message}`;
    case 'not-downloaded':
      return `Model not downloaded: ${status.message}`;
    case 'error':
      return `Error: ${status.message}`;
  }
}
