/**
 * `npm run smoke:llm -- --provider webllm|transformers|endpoint --model ID [--endpoint URL]`:
 * checks a real language model end to end — load, a plan as schema-constrained JSON, a streamed
 * answer — and prints load time, time to first token and tokens/s.
 *
 *   webllm        always in Chromium (needs a WebGPU adapter; downloads from the Hub once)
 *   transformers  in Node (onnxruntime-node), or with --browser in Chromium (WASM; --device webgpu)
 *                 --models DIR loads a local folder of model folders (e.g. tests/fixtures/models)
 *   endpoint      in Node, or with --browser in Chromium under the app's CSP with the endpoint admitted
 *                 --fake starts this repo's streaming test server instead of a real one
 * --app runs it in the built app instead (any provider): the provider is set up through the app's
 *   services and Settings screen, and the model is `session.chat.model()` (src/cli/llm-app.ts).
 * Other options: --api-key KEY, --dtype q8|q4|q4f16|fp32, --headed (a visible browser, e.g. to use a real GPU),
 * --force (webllm: load even where the device check says no, to see web-llm's own error).
 */
import { parseArgs } from 'node:util';
import { describeError } from '../core/errors';
import type { ChatModel, Device, Dtype } from '../core/ports';
import { EndpointChatModel } from '../models/chat/endpoint-chat';
import { FIXTURE_GENERATOR, generatorSpec, pickGeneratorDtype, type GeneratorSpec } from '../models/chat/generators';
import { formatSmokeReport, smokeChatModel } from '../models/chat/measure';
import { TransformersChatModel } from '../models/chat/transformers-chat';
import { DEFAULT_SOURCE } from '../models/hub';
import { configureRuntime, NetworkGate } from '../models/runtime';
import { env } from '@huggingface/transformers';
import { resolve } from 'node:path';
import { runInChromium } from './llm-browser';

const { values } = parseArgs({
  options: {
    provider: { type: 'string' },
    model: { type: 'string' },
    endpoint: { type: 'string' },
    'api-key': { type: 'string' },
    dtype: { type: 'string' },
    device: { type: 'string' },
    models: { type: 'string' },
    browser: { type: 'boolean', default: false },
    headed: { type: 'boolean', default: false },
    fake: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    app: { type: 'boolean', default: false },
  },
});

type Provider = 'webllm' | 'transformers' | 'endpoint';
const isProvider = (p: unknown): p is Provider => p === 'webllm' || p === 'transformers' || p === 'endpoint';
if (!isProvider(values.provider) || !values.model) {
  console.error('usage: npm run smoke:llm -- --provider webllm|transformers|endpoint --model ID [--endpoint URL] [--browser | --app] [--models DIR] [--fake]');
  process.exit(2);
}
const provider: Provider = values.provider;
const model: string = values.model;

function transformersModel(): { load: () => Promise<ChatModel> } {
  const known = model === FIXTURE_GENERATOR.id ? FIXTURE_GENERATOR : generatorSpec(model);
  const dtype = values.dtype as Dtype | undefined;
  const spec: GeneratorSpec = known ?? { key: model, id: model, label: model, languages: '', contextTokens: 4096, dtypes: { [dtype ?? 'q8']: { bytes: 0, externalData: 0 } } };
  const local = values.models ? resolve(values.models) + '/' : null;
  const gate = local ? null : new NetworkGate(DEFAULT_SOURCE);
  configureRuntime({ source: DEFAULT_SOURCE, localModelPath: local, cache: null, gate });
  if (!local) {
    // The CLI keeps downloads on disk between runs (the app uses the browser's Cache API instead).
    env.useFSCache = true;
    env.cacheDir = resolve('.cache/models');
  }
  return {
    load: async () => {
      let shown = -1;
      const onProgress = (p: { percent: number; loaded: number }) => {
        if (Math.floor(p.percent) === shown) return;
        shown = Math.floor(p.percent);
        process.stderr.write(`\rloading ${shown}% (${(p.loaded / 1e6).toFixed(0)} MB)   `);
      };
      const chat = new TransformersChatModel({ spec, device: 'cpu', dtype: dtype ?? pickGeneratorDtype(spec, 'wasm', false), onProgress });
      const release = gate?.allow(spec.id) ?? (() => undefined);
      try {
        await chat.load(gate ? 'download' : 'load');
      } finally {
        release();
        process.stderr.write('\n');
      }
      return chat;
    },
  };
}

async function main(): Promise<void> {
  let endpoint = values.endpoint ?? null;
  let fake: { close(): Promise<void> } | null = null;
  if (provider === 'endpoint' && values.fake) {
    const { startChatServer } = await import('../../tests/fixtures/chat-server');
    const server = await startChatServer({ reply: 'The services agreement may be terminated for convenience on thirty days’ prior written notice [1].', jsonReply: { family: 'single_doc_retrieval', language: 'en' }, models: [model], wordDelayMs: 15 });
    endpoint = server.url;
    fake = server;
    console.log(`fake endpoint: ${endpoint}`);
  }
  if (provider === 'endpoint' && !endpoint) throw new Error('smoke:llm: --endpoint URL is required for the endpoint provider (or --fake)');
  try {
    if (values.app) {
      const { smokeInApp } = await import('./llm-app');
      const device = values.device as Device | undefined;
      const { report, url } = await smokeInApp(
        { provider, model, endpoint, apiKey: values['api-key'] ?? null, models: values.models ?? null, ...(device ? { device } : {}), ...(values.dtype ? { dtype: values.dtype as Dtype } : {}) },
        { webgpu: provider === 'webllm' || device === 'webgpu', headed: values.headed },
      );
      console.log(`where: the built app at ${url}, session.chat.model() (Chromium)`);
      console.log(formatSmokeReport(report));
      return;
    }
    if (provider === 'webllm' || values.browser) {
      const { results, policy, cspViolations } = await runInChromium(
        [{ provider, model, mode: 'smoke', ...(endpoint ? { endpoint } : {}), ...(values['api-key'] ? { apiKey: values['api-key'] } : {}), ...(values.dtype ? { dtype: values.dtype as Dtype } : {}), ...(values.device ? { device: values.device as Device } : {}), localModels: Boolean(values.models), force: values.force }],
        { endpoint, webgpu: provider === 'webllm' || values.device === 'webgpu', headed: values.headed, onText: (t) => process.stdout.write(t) },
      );
      console.log(`\nwhere: Chromium (page CSP connect-src: ${policy.split('; ').find((d) => d.startsWith('connect-src'))})`);
      if (cspViolations.length) console.log(`CSP violations: ${cspViolations.join(' | ')}`);
      const [result] = results;
      if (!result?.ok) throw new Error(result?.error ?? 'no result');
      console.log(formatSmokeReport(result.smoke!));
      return;
    }
    const load = provider === 'endpoint' ? async () => new EndpointChatModel({ baseUrl: endpoint!, model, apiKey: values['api-key'] ?? null }, { appOrigin: null }) : transformersModel().load;
    const report = await smokeChatModel(load, { onText: (t) => process.stdout.write(t) });
    console.log(`\nwhere: Node ${process.version}`);
    console.log(formatSmokeReport(report));
  } finally {
    await fake?.close();
  }
}

main().catch((error: unknown) => {
  console.error(`smoke:llm failed: ${describeError(error)}`);
  process.exitCode = 1;
});
