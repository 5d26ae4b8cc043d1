/**
 * What Settings → Models → Language model shows, computed from the providers' registry and
 * catalogs (src/models/chat) so the UI depends on the app layer only: the provider choices with
 * each status in plain words, the WebLLM catalog for this device (recommended first, those that
 * do not fit last with the reason), and the CPU models with their download state.
 */
import type { Dtype } from '../../core/ports';
import { pickGeneratorDtype } from '../../models/chat/generators';
import { activeProvider, type ProviderChoice, type ProviderId, type ProviderStatus } from '../../models/chat/providers';
import { WEBLLM_MODELS } from '../../models/chat/webllm-catalog';
import type { ChatView } from './chat-service';
import { shortReason } from './chat-reasons';

export { plainMessage } from './chat-reasons';
import { downloadKey, type LanguageModelsState, type LlmDownload } from './chat-device';

export type { ChatView } from './chat-service';
export type { LanguageModelsState, LlmDownload } from './chat-device';
export type { ProviderChoice, ProviderId } from '../../models/chat/providers';
export { HF_HOST, WEBLLM_LIBRARY_HOST } from '../../models/chat/webllm-catalog';

export interface ProviderOption {
  readonly value: ProviderChoice;
  readonly label: string;
  readonly description: string;
}

/** The choices as the Settings screen words them (plain language; the registry's labels name them in code and logs). */
export const PROVIDER_OPTIONS: readonly ProviderOption[] = [
  { value: 'auto', label: 'Automatic', description: 'Uses the first one that is ready: WebLLM, then your local server, then the CPU model. Otherwise answers quote the passages.' },
  { value: 'webllm', label: 'WebLLM (graphics card)', description: "A model that runs on this computer's graphics card. The fastest; downloaded once (1–5 GB), then it works offline." },
  { value: 'transformers', label: 'CPU model', description: 'A small model that runs on the processor of any computer. Slower, with simpler answers; downloaded once (0.5–1.6 GB).' },
  { value: 'endpoint', label: 'Local server', description: 'A model server you or your IT team run (Ollama, llama.cpp, LM Studio, vLLM), on this computer or your network.' },
  { value: 'none', label: 'None', description: 'No model: each answer is made of the passages themselves, quoted and cited.' },
];

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A provider's status for people: a short label and, when useful, the detail (as a sentence). */
export function statusWords(status: ProviderStatus): { label: string; detail: string | null; tone: 'ok' | 'warn' | 'error' | 'busy' } {
  const words = statusLabel(status);
  return { ...words, detail: words.detail === null ? null : `${sentence(shortReason(words.detail))}.` };
}

function statusLabel(status: ProviderStatus): { label: string; detail: string | null; tone: 'ok' | 'warn' | 'error' | 'busy' } {
  switch (status.kind) {
    case 'ready':
      return { label: 'Ready', detail: null, tone: 'ok' };
    case 'checking':
      return { label: 'Checking the connection…', detail: null, tone: 'busy' };
    case 'not-configured':
      return { label: 'Not set up', detail: status.message, tone: 'warn' };
    case 'no-webgpu':
      return { label: 'Not available on this device', detail: status.message, tone: 'warn' };
    case 'not-downloaded':
      return { label: 'Not downloaded', detail: status.message, tone: 'warn' };
    case 'error':
      return { label: 'Problem', detail: status.message, tone: 'error' };
  }
}

export interface WebLlmRowView {
  readonly id: string;
  readonly label: string;
  readonly quant: string;
  readonly languages: string;
  /** GPU memory the model needs, in bytes. */
  readonly gpuBytes: number;
  readonly fits: boolean;
  readonly reason: string | null;
  readonly recommended: boolean;
  readonly cached: boolean;
  /** The model this workspace uses (its choice, or the recommended one). */
  readonly chosen: boolean;
  readonly download: LlmDownload | null;
  readonly failure: string | null;
}

/** The WebLLM catalog for this device: the recommended model first, then the others that fit (largest first), then those that do not. */
export function webLlmRows(view: ChatView, llm: LanguageModelsState): WebLlmRowView[] {
  const plan = view.webllm;
  if (!plan) return [];
  const chosen = view.rows.find((r) => r.id === 'webllm')?.model ?? null;
  const rows = plan.choices.map((c): WebLlmRowView => {
    const key = downloadKey('webllm', c.model.id);
    return {
      id: c.model.id,
      label: c.model.label,
      quant: c.model.quant,
      languages: c.model.languages,
      gpuBytes: c.model.vramMB * 2 ** 20,
      fits: c.fits,
      reason: c.reason,
      recommended: plan.recommended?.id === c.model.id,
      cached: llm.webllmCached.has(c.model.id),
      chosen: chosen === c.model.id,
      download: llm.downloads[key] ?? null,
      failure: llm.failures[key] ?? null,
    };
  });
  const rank = (r: WebLlmRowView) => (r.recommended ? 0 : r.cached ? 1 : r.fits ? 2 : 3);
  return rows.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i).map(({ r }) => r);
}

export interface GeneratorRowView {
  /** The settings key ("qwen2.5-0.5b-instruct", "local/…"). */
  readonly key: string;
  readonly id: string;
  readonly label: string;
  readonly languages: string;
  readonly imported: boolean;
  /** The dtype this device runs it with (the workspace's choice for the chosen model). */
  readonly dtype: Dtype;
  readonly bytes: number;
  readonly cached: boolean;
  readonly chosen: boolean;
  readonly download: LlmDownload | null;
  readonly failure: string | null;
}

/** Every CPU model (catalog, then imported) with the dtype it would run with on the workspace's device. */
export function generatorRows(view: ChatView, llm: LanguageModelsState): GeneratorRowView[] {
  const row = view.rows.find((r) => r.id === 'transformers');
  const device = row?.device ?? 'wasm';
  const f16 = Boolean(llm.caps?.webgpu?.shaderF16);
  return llm.generators.map((spec) => {
    const chosen = row?.model === spec.id;
    const dtype = chosen && row?.dtype ? row.dtype : pickGeneratorDtype(spec, device, f16);
    const key = downloadKey('transformers', spec.id, dtype);
    return {
      key: spec.key,
      id: spec.id,
      label: spec.label,
      languages: spec.languages,
      imported: Boolean(spec.custom),
      dtype,
      bytes: spec.dtypes[dtype]?.bytes ?? 0,
      cached: llm.generatorsCached.has(`${spec.id}@${dtype}`),
      chosen,
      download: llm.downloads[key] ?? null,
      failure: llm.failures[key] ?? null,
    };
  });
}

export { sentence };

/** The provider 'Automatic' would take now (whatever the workspace chose). */
export function automaticChoice(view: ChatView): ProviderId {
  return activeProvider({ ...view.settings, provider: 'auto' }, view.rows);
}

/** The model that answers, as people know it ("Qwen2.5 1.5B Instruct (q4f32)", "tiny-chat"). */
export function answeringModel(view: ChatView, llm: LanguageModelsState): string | null {
  const { provider, model } = view.state;
  if (!model) return null;
  if (provider === 'webllm') {
    const m = WEBLLM_MODELS.find((x) => x.id === model);
    return m ? `${m.label} (${m.quant})` : model;
  }
  if (provider === 'transformers') return llm.generators.find((g) => g.id === model)?.label ?? model;
  return model;
}
