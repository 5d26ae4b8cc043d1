/**
 * The loader of workers/generate.worker.ts (the "CPU model"): a transformers.js decoder
 * (TransformersChatModel) on WASM or WebGPU, from the model cache. Like the embedder's worker
 * (../worker-host.ts) the network is closed by the gate except for a model the user asked to
 * download (stage 'download'), and files missing from the cache become "not downloaded".
 */
import { ModelError } from '../../core/errors';
import type { Device, Dtype } from '../../core/ports';
import { DEFAULT_SOURCE, type HubSource } from '../hub';
import { ModelCache, type BlobStore } from '../model-cache';
import { configureRuntime, NetworkGate } from '../runtime';
import type { ChatLoader } from './chat-host';
import type { GeneratorSpec } from './generators';
import { TransformersChatModel } from './transformers-chat';

export interface GeneratorLoadRequest {
  readonly spec: GeneratorSpec;
  readonly device: Device;
  readonly dtype: Dtype;
  /** 'download' opens the network for this model (only the user's Download button sends it). */
  readonly stage: 'load' | 'download';
  readonly source: HubSource | null;
  readonly loadTimeoutMs?: number;
}

export interface GeneratorHostDeps {
  readonly store: BlobStore;
  readonly wasmPaths?: { readonly wasm: string; readonly mjs: string } | null;
  /** Node only: a folder of model folders loaded directly (tests). */
  readonly localModelPath?: string | null;
  /** The network under the gate (tests pass a fake). */
  readonly fetch?: (input: string | URL, init?: RequestInit) => Promise<Response>;
}

export function createGeneratorLoader(deps: GeneratorHostDeps): ChatLoader<GeneratorLoadRequest> {
  const gate = new NetworkGate(DEFAULT_SOURCE, deps.fetch);
  const cache = new ModelCache(deps.store, () => null);
  return async (request, onProgress) => {
    const { spec, device, dtype, stage } = request;
    configureRuntime({ source: request.source ?? DEFAULT_SOURCE, localModelPath: deps.localModelPath ?? null, cache, gate, wasmPaths: deps.wasmPaths ?? null });
    const model = new TransformersChatModel({ spec, device, dtype, onProgress, ...(request.loadTimeoutMs ? { loadTimeoutMs: request.loadTimeoutMs } : {}) });
    const release = stage === 'download' ? gate.allow(spec.id) : () => undefined;
    const refusedBefore = gate.refused.length;
    try {
      await model.load(stage);
    } catch (error) {
      await model.dispose().catch(() => undefined);
      const missing = gate.refused.slice(refusedBefore);
      if (stage === 'load' && missing.length > 0 && !(error instanceof ModelError && error.code === 'model/unavailable')) {
        throw new ModelError('model/unavailable', `transformers: ${spec.label} (${dtype}) is not downloaded: ${missing.length} file(s) missing (Settings → Models → Language model)`, {
          cause: error,
          details: { reason: 'not-downloaded', provider: 'transformers', modelId: spec.id, device, dtype, missing },
        });
      }
      throw error;
    } finally {
      release();
    }
    return { model, dispose: () => model.dispose() };
  };
}
