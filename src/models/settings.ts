/**
 * Model settings, persisted in the registry database (`RegistryDb.kv`, key "models.settings").
 * The stored value carries a version; anything unreadable or from an unknown version falls back
 * to the defaults (a bad value never blocks the app), and every write is validated.
 */
import { InputError } from '../core/errors';
import { isObject } from '../core/json-object';
import type { Device, Dtype } from '../core/ports';
import type { RegistryDb } from '../store/db';
import type { ModelSpec } from './catalog';
import { validateSource, type HubSource } from './hub';
import { PROFILE_IDS, type PlanSettings, type ProfileId, type RoleOverride } from './profiles';

export const SETTINGS_KEY = 'models.settings';
const SETTINGS_VERSION = 1;

export interface ModelSettings extends PlanSettings {
  readonly version: typeof SETTINGS_VERSION;
  /** A mirror of the Hub; null = huggingface.co. */
  readonly source: HubSource | null;
}

export const DEFAULT_SETTINGS: ModelSettings = {
  version: SETTINGS_VERSION,
  profile: 'auto',
  embedder: null,
  reranker: null,
  source: null,
  custom: [],
};

const DTYPES: readonly Dtype[] = ['fp32', 'fp16', 'q8', 'q4', 'q4f16'];
const DEVICES: readonly Device[] = ['webgpu', 'wasm', 'cpu'];

function readOverride(v: unknown): RoleOverride | null {
  if (!isObject(v) || typeof v['model'] !== 'string' || !v['model']) return null;
  const dtype = DTYPES.includes(v['dtype'] as Dtype) ? (v['dtype'] as Dtype) : undefined;
  const device = DEVICES.includes(v['device'] as Device) ? (v['device'] as Device) : undefined;
  return { model: v['model'], dtype, device };
}

function readSpec(v: unknown): ModelSpec | null {
  if (!isObject(v)) return null;
  const { key, role, id, label, dtypes } = v;
  if (typeof key !== 'string' || typeof id !== 'string' || typeof label !== 'string') return null;
  if (role !== 'embedder' && role !== 'reranker') return null;
  if (!isObject(dtypes)) return null;
  return {
    key,
    role,
    id,
    label,
    languages: typeof v['languages'] === 'string' ? v['languages'] : '',
    dim: typeof v['dim'] === 'number' ? v['dim'] : null,
    pooling: v['pooling'] === 'mean' ? 'mean' : 'cls',
    prefix: typeof v['prefix'] === 'string' ? v['prefix'] : '',
    maxTokens: typeof v['maxTokens'] === 'number' ? v['maxTokens'] : 512,
    dtypes: dtypes,
    custom: true,
  };
}

/** Parses a stored value; returns the defaults for anything it cannot read. */
export function readSettings(value: unknown): ModelSettings {
  if (!isObject(value) || value['version'] !== SETTINGS_VERSION) return DEFAULT_SETTINGS;
  const profile = value['profile'] === 'auto' || PROFILE_IDS.includes(value['profile'] as ProfileId) ? (value['profile'] as ProfileId | 'auto') : 'auto';
  const src = value['source'];
  const source =
    isObject(src) && typeof src['remoteHost'] === 'string' && typeof src['remotePathTemplate'] === 'string'
      ? { remoteHost: src['remoteHost'], remotePathTemplate: src['remotePathTemplate'] }
      : null;
  return {
    version: SETTINGS_VERSION,
    profile,
    embedder: readOverride(value['embedder']),
    reranker: value['reranker'] === 'none' ? 'none' : readOverride(value['reranker']),
    source: source && validateSource(source) === null ? source : null,
    custom: Array.isArray(value['custom']) ? value['custom'].map(readSpec).filter((s): s is ModelSpec => s !== null) : [],
  };
}

export type SettingsPatch = Partial<Omit<ModelSettings, 'version'>>;

export class ModelSettingsRepository {
  constructor(private readonly db: RegistryDb) {}

  async get(): Promise<ModelSettings> {
    const row = await this.db.kv.get(SETTINGS_KEY);
    return readSettings(row?.value);
  }

  /** Applies `patch` atomically and returns the stored settings. */
  async update(patch: SettingsPatch): Promise<ModelSettings> {
    if (patch.source) {
      const problem = validateSource(patch.source);
      if (problem) throw new InputError(problem, { source: patch.source });
    }
    if (patch.profile !== undefined && patch.profile !== 'auto' && !PROFILE_IDS.includes(patch.profile)) {
      throw new InputError(`models: unknown profile "${String(patch.profile)}"`);
    }
    return this.db.transaction('rw', this.db.kv, async () => {
      const current = readSettings((await this.db.kv.get(SETTINGS_KEY))?.value);
      const next: ModelSettings = { ...current, ...patch, version: SETTINGS_VERSION };
      await this.db.kv.put({ key: SETTINGS_KEY, value: next });
      return next;
    });
  }

  /** Adds or replaces an imported model (by key). */
  async addCustom(spec: ModelSpec): Promise<ModelSettings> {
    const current = await this.get();
    return this.update({ custom: [...current.custom.filter((s) => s.key !== spec.key), { ...spec, custom: true }] });
  }

  async removeCustom(key: string): Promise<ModelSettings> {
    const current = await this.get();
    const patch: SettingsPatch = { custom: current.custom.filter((s) => s.key !== key) };
    const e = current.embedder;
    const r = current.reranker;
    return this.update({
      ...patch,
      ...(e?.model === key ? { embedder: null } : {}),
      ...(r !== 'none' && r?.model === key ? { reranker: null } : {}),
    });
  }
}
