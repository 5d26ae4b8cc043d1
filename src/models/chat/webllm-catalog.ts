/**
 * WebLLM's model catalog for Casefile, as data and pure functions (no web-llm import, so the page
 * can rank models without loading the 6 MB library): the instruct models offered, what each needs
 * (shader-f16 for q?f16 builds, VRAM from web-llm 0.2.86's `vram_required_MB`, buffer sizes), the
 * filter over a description of the device's WebGPU adapter, and the `appConfig` (with a mirror)
 * built from web-llm's own prebuilt records. tests/unit/models/chat/webllm-catalog.test.ts pins
 * every figure here against the installed package.
 */
import type { GpuInfo } from '../capabilities';

export interface WebLlmModel {
  /** web-llm's model_id, e.g. "Qwen2.5-7B-Instruct-q4f16_1-MLC". */
  readonly id: string;
  readonly label: string;
  /** Billions of parameters (ranking: bigger answers better when it fits). */
  readonly params: number;
  /** q4f16 = 4-bit weights, fp16 activations (needs shader-f16); q4f32 runs on any WebGPU. */
  readonly quant: 'q4f16' | 'q4f32';
  readonly vramMB: number;
  /** Bytes of one storage buffer binding the model's kernels need, when web-llm lists it. */
  readonly bufferBytes?: number;
  readonly contextTokens: number;
  readonly languages: string;
}

const QWEN = 'multilingual (29 languages)';
const LLAMA = 'English, German, French, Italian, Portuguese, Hindi, Spanish, Thai';
const model = (id: string, label: string, params: number, vramMB: number, languages: string): WebLlmModel => ({
  id,
  label,
  params,
  quant: id.includes('q4f16') ? 'q4f16' : 'q4f32',
  vramMB,
  contextTokens: 4096,
  languages,
});

/** Largest first; each model in its f16 and f32 build. */
export const WEBLLM_MODELS: readonly WebLlmModel[] = [
  model('Llama-3.1-8B-Instruct-q4f16_1-MLC', 'Llama 3.1 8B Instruct', 8, 5001, LLAMA),
  model('Llama-3.1-8B-Instruct-q4f32_1-MLC', 'Llama 3.1 8B Instruct', 8, 6101.01, LLAMA),
  model('Qwen2.5-7B-Instruct-q4f16_1-MLC', 'Qwen2.5 7B Instruct', 7, 5106.67, QWEN),
  model('Qwen2.5-7B-Instruct-q4f32_1-MLC', 'Qwen2.5 7B Instruct', 7, 5900.09, QWEN),
  model('Phi-3.5-mini-instruct-q4f16_1-MLC', 'Phi-3.5 mini Instruct (3.8B)', 3.8, 3672.07, 'English (multilingual fair)'),
  model('Phi-3.5-mini-instruct-q4f32_1-MLC', 'Phi-3.5 mini Instruct (3.8B)', 3.8, 5483.12, 'English (multilingual fair)'),
  model('Qwen2.5-3B-Instruct-q4f16_1-MLC', 'Qwen2.5 3B Instruct', 3, 2504.76, QWEN),
  model('Qwen2.5-3B-Instruct-q4f32_1-MLC', 'Qwen2.5 3B Instruct', 3, 2893.64, QWEN),
  model('Llama-3.2-3B-Instruct-q4f16_1-MLC', 'Llama 3.2 3B Instruct', 3, 2263.69, LLAMA),
  model('Llama-3.2-3B-Instruct-q4f32_1-MLC', 'Llama 3.2 3B Instruct', 3, 2951.51, LLAMA),
  model('Qwen2.5-1.5B-Instruct-q4f16_1-MLC', 'Qwen2.5 1.5B Instruct', 1.5, 1629.75, QWEN),
  model('Qwen2.5-1.5B-Instruct-q4f32_1-MLC', 'Qwen2.5 1.5B Instruct', 1.5, 1888.97, QWEN),
  model('Llama-3.2-1B-Instruct-q4f16_1-MLC', 'Llama 3.2 1B Instruct', 1, 879.04, LLAMA),
  model('Llama-3.2-1B-Instruct-q4f32_1-MLC', 'Llama 3.2 1B Instruct', 1, 1128.82, LLAMA),
  model('Qwen2.5-0.5B-Instruct-q4f16_1-MLC', 'Qwen2.5 0.5B Instruct', 0.5, 944.62, QWEN),
  model('Qwen2.5-0.5B-Instruct-q4f32_1-MLC', 'Qwen2.5 0.5B Instruct', 0.5, 1060.2, QWEN),
];

/** web-llm's own floor (detectGPUDevice falls back to 256 MiB / 128 MiB and fails below). */
const WEBLLM_MIN_LIMITS = { maxBufferSize: 2 ** 28, maxStorageBufferBindingSize: 2 ** 27 } as const;

/** Share of the memory budget a model may take (the KV cache grows, the page needs some too). */
const HEADROOM = 0.9;

/**
 * How much GPU memory (MB) the device can give a model. WebGPU does not report VRAM, so this is an
 * estimate from what it does report: the largest buffer the adapter allows (a 4 GiB limit comes
 * with discrete GPUs, 1 GiB with small integrated ones) capped by the machine's memory
 * (navigator.deviceMemory, at most 8) where known. `overrideMB` is the user's own figure.
 */
function memoryBudgetMB(gpu: GpuInfo, memoryGb: number | null, overrideMB?: number | null): number {
  if (overrideMB && overrideMB > 0) return overrideMB;
  const byLimits = gpu.maxBufferSize >= 2 ** 32 - 4096 ? 8192 : gpu.maxBufferSize >= 2 ** 31 - 4096 ? 4096 : gpu.maxBufferSize >= 2 ** 30 ? 3072 : 1536;
  const byMemory = memoryGb ? memoryGb * 1024 * 0.75 : Infinity;
  return Math.min(byLimits, byMemory);
}

interface WebLlmChoice {
  readonly model: WebLlmModel;
  readonly fits: boolean;
  /** Why it does not fit (null when it does). */
  readonly reason: string | null;
}

export interface WebLlmPlan {
  /** Every catalog model with whether this device can run it, largest first. */
  readonly choices: readonly WebLlmChoice[];
  /** The one to offer by default: the largest that fits, the f16 build where the GPU has shader-f16; none on a software adapter. */
  readonly recommended: WebLlmModel | null;
  readonly budgetMB: number;
  /** Why WebLLM cannot run at all here (no WebGPU, tiny limits); null when it can. */
  readonly unavailable: string | null;
  /** Why it would run badly (a software adapter: no GPU); the models that fit stay selectable. */
  readonly warning: string | null;
}

export interface WebLlmDevice {
  readonly gpu: GpuInfo | null;
  /** Why there is no adapter (Capabilities.webgpuError). */
  readonly gpuError?: string | null;
  readonly memoryGb: number | null;
  readonly overrideMB?: number | null;
}

export function planWebLlm(device: WebLlmDevice, models: readonly WebLlmModel[] = WEBLLM_MODELS): WebLlmPlan {
  const { gpu } = device;
  const none = (why: string): WebLlmPlan => ({ choices: models.map((m) => ({ model: m, fits: false, reason: why })), recommended: null, budgetMB: 0, unavailable: why, warning: null });
  if (!gpu) return none(`WebLLM needs WebGPU: ${device.gpuError ?? 'this browser has none'}`);
  if (gpu.maxBufferSize < WEBLLM_MIN_LIMITS.maxBufferSize || gpu.maxStorageBufferBindingSize < WEBLLM_MIN_LIMITS.maxStorageBufferBindingSize) {
    return none(`the GPU's buffer limits (${Math.round(gpu.maxBufferSize / 2 ** 20)} MiB / ${Math.round(gpu.maxStorageBufferBindingSize / 2 ** 20)} MiB) are below WebLLM's minimum`);
  }
  const budgetMB = memoryBudgetMB(gpu, device.memoryGb, device.overrideMB);
  const choices = models.map((m): WebLlmChoice => {
    if (m.quant === 'q4f16' && !gpu.shaderF16) return { model: m, fits: false, reason: 'needs shader-f16 (16-bit arithmetic), which this GPU lacks: take its q4f32 build' };
    if (m.bufferBytes && m.bufferBytes > gpu.maxStorageBufferBindingSize) return { model: m, fits: false, reason: `needs ${Math.round(m.bufferBytes / 2 ** 20)} MiB storage buffers` };
    if (m.vramMB > budgetMB * HEADROOM) return { model: m, fits: false, reason: `needs about ${(m.vramMB / 1024).toFixed(1)} GB of GPU memory; this device has about ${(budgetMB / 1024).toFixed(1)} GB` };
    return { model: m, fits: true, reason: null };
  });
  const fitting = choices.filter((c) => c.fits).map((c) => c.model);
  const best = Math.max(0, ...fitting.map((m) => m.params));
  const recommended = fitting.filter((m) => m.params === best).sort((a, b) => (a.quant === b.quant ? a.vramMB - b.vramMB : a.quant === 'q4f16' ? -1 : 1))[0] ?? null;
  if (gpu.isFallbackAdapter) {
    // SwiftShader, WARP: WebGPU on the CPU. A model runs, at a word every few seconds: offered, never chosen for the user.
    return { choices, recommended: null, budgetMB, unavailable: null, warning: 'only a software adapter: WebGPU here has no graphics card behind it, so a model would run on the processor, slower than the CPU model' };
  }
  return { choices, recommended, budgetMB, unavailable: null, warning: null };
}

// ---- appConfig --------------------------------------------------------------------------------

/** The slice of web-llm's ModelRecord used here. */
export interface WebLlmRecord {
  readonly model: string;
  readonly model_id: string;
  readonly model_lib: string;
  readonly vram_required_MB?: number;
  readonly low_resource_required?: boolean;
  readonly buffer_size_required_bytes?: number;
  readonly required_features?: string[];
  readonly overrides?: Record<string, unknown>;
}

export interface WebLlmSource {
  /** Replaces "https://huggingface.co/" in model URLs (a Hub mirror), or null. */
  readonly modelHost: string | null;
  /** Replaces web-llm's model library URL prefix (where the compiled .wasm kernels live), or null. */
  readonly libraryHost: string | null;
}

const WEBLLM_DEFAULT_SOURCE: WebLlmSource = { modelHost: null, libraryHost: null };
export const HF_HOST = 'https://huggingface.co/';
/** web-llm 0.2.86's `modelLibURLPrefix` (pinned by the catalog test). */
export const WEBLLM_LIBRARY_HOST = 'https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/';

const withSlash = (u: string) => (u.endsWith('/') ? u : `${u}/`);

/**
 * web-llm's `appConfig.model_list` for the catalog (from its prebuilt records, which the worker
 * passes in), with model and library URLs moved to the mirror when one is set.
 */
export function webLlmAppConfig(prebuilt: readonly WebLlmRecord[], source: WebLlmSource = WEBLLM_DEFAULT_SOURCE, ids: readonly string[] = WEBLLM_MODELS.map((m) => m.id)) {
  const byId = new Map(prebuilt.map((r) => [r.model_id, r]));
  const model_list = ids.map((id) => {
    const record = byId.get(id);
    if (!record) throw new Error(`webllm: "${id}" is not a prebuilt model of this web-llm version`);
    const model = source.modelHost && record.model.startsWith(HF_HOST) ? withSlash(source.modelHost) + record.model.slice(HF_HOST.length) : record.model;
    const model_lib = source.libraryHost && record.model_lib.startsWith(WEBLLM_LIBRARY_HOST) ? withSlash(source.libraryHost) + record.model_lib.slice(WEBLLM_LIBRARY_HOST.length) : record.model_lib;
    return { ...record, model, model_lib };
  });
  return { model_list, cacheBackend: 'cache' as const };
}

/** Origins a WebLLM download talks to (for the CSP's connect-src). */
export function webLlmOrigins(source: WebLlmSource = WEBLLM_DEFAULT_SOURCE): string[] {
  const origins = new Set<string>();
  origins.add(new URL(source.modelHost ?? HF_HOST).origin);
  origins.add(new URL(source.libraryHost ?? WEBLLM_LIBRARY_HOST).origin);
  return [...origins];
}
