/**
 * The check page's worker: the transformers.js and endpoint providers run here, as they will in
 * the app's LLM worker (ONNX Runtime's wasm from our origin; the model from the page's /models/
 * folder, or downloaded from the Hub into the model cache through the network gate).
 */
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import type { ChatModel } from '../../../src/core/ports';
import { EndpointChatModel } from '../../../src/models/chat/endpoint-chat';
import { FIXTURE_GENERATOR, generatorSpec, pickGeneratorDtype, type GeneratorSpec } from '../../../src/models/chat/generators';
import { TransformersChatModel } from '../../../src/models/chat/transformers-chat';
import { DEFAULT_SOURCE } from '../../../src/models/hub';
import { ModelCache } from '../../../src/models/model-cache';
import { configureRuntime, NetworkGate } from '../../../src/models/runtime';
import { CacheApiStore } from '../../../src/models/stores';
import type { LlmRun, WorkerMessage } from './protocol';
import { runWith } from './run';

const post = (m: WorkerMessage) => self.postMessage(m);

function transformersLoader(run: LlmRun): () => Promise<ChatModel> {
  const known = run.model === FIXTURE_GENERATOR.id || run.model === FIXTURE_GENERATOR.key ? FIXTURE_GENERATOR : generatorSpec(run.model);
  const spec: GeneratorSpec = known ?? { key: run.model, id: run.model, label: run.model, languages: '', contextTokens: 4096, dtypes: { [run.dtype ?? 'q8']: { bytes: 0, externalData: 0 } } };
  const device = run.device ?? 'wasm';
  const dtype = run.dtype ?? pickGeneratorDtype(spec, device, false);
  const gate = run.localModels ? null : new NetworkGate(DEFAULT_SOURCE);
  configureRuntime({
    source: DEFAULT_SOURCE,
    // A path, not a URL: transformers.js probes local files only for non-URL paths.
    localModelPath: run.localModels ? '/models/' : null,
    cache: run.localModels ? null : new ModelCache(new CacheApiStore(), () => null),
    gate,
    wasmPaths: { wasm: ortWasm, mjs: ortMjs },
  });
  return async () => {
    const model = new TransformersChatModel({ spec, device, dtype });
    const release = gate?.allow(spec.id) ?? (() => undefined);
    try {
      await model.load(gate ? 'download' : 'load');
    } finally {
      release();
    }
    return model;
  };
}

self.onmessage = (event: MessageEvent<LlmRun>) => {
  const run = event.data;
  const load =
    run.provider === 'endpoint'
      ? async () => new EndpointChatModel({ baseUrl: run.endpoint ?? '', model: run.model, apiKey: run.apiKey ?? null })
      : transformersLoader(run);
  void runWith(run, load, (text) => post({ type: 'text', text })).then((result) => post({ type: 'result', result }));
};
