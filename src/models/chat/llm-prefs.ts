/**
 * What this device keeps about language models, whatever the workspace (the provider choice is
 * per workspace: providers.ts ChatSettings): the text-generation folders the user imported
 * (their GeneratorSpecs, like ModelSettings.custom for embedders) and WebLLM's download mirror.
 * Stored in the registry database (`RegistryDb.kv`, key "models.llm"), versioned, validated on
 * read (a bad value falls back to the defaults) and on write.
 */
import { InputError } from '../../core/errors';
import { isObject } from '../../core/json-object';
import type { Dtype } from '../../core/ports';
import type { RegistryDb } from '../../store/db';
import type { DtypeFiles } from '../catalog';
import { DTYPE_SUFFIX } from '../hub';
import type { GeneratorSpec } from './generators';
import type { WebLlmSource } from './webllm-catalog';

export const LLM_PREFS_KEY = 'models.llm';
const LLM_PREFS_VERSION = 1;

export interface LlmPrefs {
  readonly version: typeof LLM_PREFS_VERSION;
  /** Imported text-generation model folders (`local/<name>`). */
  readonly custom: readonly GeneratorSpec[];
  /** WebLLM's download mirror; null = huggingface.co and web-llm's library host. */
  readonly webllmSource: WebLlmSource | null;
}

const DEFAULT_LLM_PREFS: LlmPrefs = { version: LLM_PREFS_VERSION, custom: [], webllmSource: null };

const DTYPES = Object.keys(DTYPE_SUFFIX) as Dtype[];

function readSpec(v: unknown): GeneratorSpec | null {
  if (!isObject(v) || !isObject(v['dtypes'])) return null;
  const { key, id, label } = v;
  if (typeof key !== 'string' || typeof id !== 'string' || typeof label !== 'string' || !id.startsWith('local/')) return null;
  const dtypes: Partial<Record<Dtype, DtypeFiles>> = {};
  for (const d of DTYPES) {
    const f = v['dtypes'][d];
    if (isObject(f) && typeof f['bytes'] === 'number' && typeof f['externalData'] === 'number') dtypes[d] = { bytes: f['bytes'], externalData: f['externalData'] };
  }
  if (Object.keys(dtypes).length === 0) return null;
  const contextTokens = typeof v['contextTokens'] === 'number' && v['contextTokens'] > 0 ? v['contextTokens'] : 4096;
  return { key, id, label, languages: typeof v['languages'] === 'string' ? v['languages'] : '', contextTokens, dtypes, custom: true };
}

/** The problem with a mirror URL ("webllm: …"), or null. https, or http on localhost (a mirror on this machine). */
function mirrorProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `webllm: the mirror "${url}" is not a URL`;
  }
  const local = parsed.hostname === 'localhost' || parsed.hostname === '127.0.0.1';
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local)) return `webllm: the mirror "${url}" must use https`;
  if (parsed.search || parsed.hash || parsed.username || parsed.password) return `webllm: the mirror "${url}" must be a plain folder URL`;
  return null;
}

function readSource(v: unknown): WebLlmSource | null {
  if (!isObject(v)) return null;
  const host = (x: unknown) => (typeof x === 'string' && mirrorProblem(x) === null ? x : null);
  const source = { modelHost: host(v['modelHost']), libraryHost: host(v['libraryHost']) };
  return source.modelHost || source.libraryHost ? source : null;
}

export function readLlmPrefs(value: unknown): LlmPrefs {
  if (!isObject(value) || value['version'] !== LLM_PREFS_VERSION) return DEFAULT_LLM_PREFS;
  return {
    version: LLM_PREFS_VERSION,
    custom: Array.isArray(value['custom']) ? value['custom'].map(readSpec).filter((s): s is GeneratorSpec => s !== null) : [],
    webllmSource: readSource(value['webllmSource']),
  };
}

export class LlmPrefsRepository {
  constructor(private readonly db: RegistryDb) {}

  async get(): Promise<LlmPrefs> {
    return readLlmPrefs((await this.db.kv.get(LLM_PREFS_KEY))?.value);
  }

  async #update(change: (current: LlmPrefs) => LlmPrefs): Promise<LlmPrefs> {
    return this.db.transaction('rw', this.db.kv, async () => {
      const next = readLlmPrefs(change(readLlmPrefs((await this.db.kv.get(LLM_PREFS_KEY))?.value)));
      await this.db.kv.put({ key: LLM_PREFS_KEY, value: next });
      return next;
    });
  }

  /** Adds or replaces an imported model (by key). */
  addCustom(spec: GeneratorSpec): Promise<LlmPrefs> {
    return this.#update((p) => ({ ...p, custom: [...p.custom.filter((s) => s.key !== spec.key), { ...spec, custom: true }] }));
  }

  removeCustom(key: string): Promise<LlmPrefs> {
    return this.#update((p) => ({ ...p, custom: p.custom.filter((s) => s.key !== key) }));
  }

  /** Sets WebLLM's mirror (null: the default hosts); InputError naming a bad URL. */
  async setWebLlmSource(source: WebLlmSource | null): Promise<LlmPrefs> {
    for (const url of [source?.modelHost, source?.libraryHost]) {
      const problem = url ? mirrorProblem(url) : null;
      if (problem) throw new InputError(problem, { url });
    }
    return this.#update((p) => ({ ...p, webllmSource: source && (source.modelHost || source.libraryHost) ? source : null }));
  }
}
