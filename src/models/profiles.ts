/**
 * Model profiles (DESIGN.md "Model profiles") as data, the choice of a profile from the
 * capabilities, and the plan: which model, dtype and device each role runs, with the fallback
 * to WASM when WebGPU fails. The fallback keeps the same model (another dtype), so vectors stay
 * comparable and nothing must be re-embedded because a GPU went away.
 */
import type { Device, Dtype } from '../core/ports';
import type { Capabilities } from './capabilities';
import { catalogSpec, dtypesOf, type ModelRole, type ModelSpec } from './catalog';

export type ProfileId = 'gpu' | 'gpu-lite' | 'cpu';

interface RoleChoice {
  readonly model: string;
  readonly dtype: Dtype;
}

export interface Profile {
  readonly id: ProfileId;
  readonly label: string;
  readonly description: string;
  readonly device: Device;
  readonly embedder: RoleChoice;
  readonly reranker: RoleChoice | null;
  /** How many retrieved passages the reranker scores. */
  readonly rerankTop: number;
}

export const PROFILES: Readonly<Record<ProfileId, Profile>> = {
  gpu: {
    id: 'gpu',
    label: 'GPU',
    description: 'WebGPU with shader-f16: BGE-M3 and the BGE reranker in fp16.',
    device: 'webgpu',
    embedder: { model: 'bge-m3', dtype: 'fp16' },
    reranker: { model: 'bge-reranker-v2-m3', dtype: 'fp16' },
    rerankTop: 50,
  },
  'gpu-lite': {
    id: 'gpu-lite',
    label: 'GPU lite',
    description: 'WebGPU without shader-f16: fp32 weights (q8 graphs use integer matmuls that WebGPU runs poorly), fewer reranked pairs.',
    device: 'webgpu',
    embedder: { model: 'bge-m3', dtype: 'fp32' },
    reranker: { model: 'bge-reranker-v2-m3', dtype: 'fp32' },
    rerankTop: 20,
  },
  cpu: {
    id: 'cpu',
    label: 'CPU',
    description: 'No usable WebGPU: a small multilingual embedder (q8) on WASM, no reranker by default.',
    device: 'wasm',
    embedder: { model: 'multilingual-e5-small', dtype: 'q8' },
    reranker: null,
    rerankTop: 10,
  },
};

export const PROFILE_IDS = Object.keys(PROFILES) as ProfileId[];

/** GPU limits the profiles need: the 250k × 1024 embedding table is 512 MB in fp16, 1 GB in fp32. */
const GPU_REQUIREMENTS = {
  gpu: { maxBufferSize: 2 ** 30, maxStorageBufferBindingSize: 2 ** 29 },
  'gpu-lite': { maxBufferSize: 2 ** 30, maxStorageBufferBindingSize: 2 ** 30 },
} as const;

/** Batch sizes: big batches keep a GPU busy; on WASM they only add padding and latency. */
export const BATCH_SIZE: Readonly<Record<Device, Readonly<Record<ModelRole, number>>>> = {
  webgpu: { embedder: 32, reranker: 16 },
  wasm: { embedder: 8, reranker: 4 },
  cpu: { embedder: 8, reranker: 8 },
};

/** Why the automatic choice fell where it did: a code the screens word in their language (`reason` is its English). */
export type ProfileCause =
  | { readonly code: 'no-webgpu'; readonly error: string | null }
  | { readonly code: 'software-adapter' }
  | { readonly code: 'f16' }
  | { readonly code: 'f16-small-buffers' }
  | { readonly code: 'no-f16' }
  | { readonly code: 'small-buffer'; readonly mib: number };

/** A cause in English (logs, traces and the English screen). */
function causeText(cause: ProfileCause): string {
  switch (cause.code) {
    case 'no-webgpu':
      return cause.error ?? 'no WebGPU';
    case 'software-adapter':
      return 'the only WebGPU adapter is a software one (slower than WASM)';
    case 'f16':
      return 'WebGPU with shader-f16';
    case 'f16-small-buffers':
      return 'WebGPU with small buffer limits for fp16';
    case 'no-f16':
      return 'WebGPU without shader-f16';
    case 'small-buffer':
      return `the GPU's buffer limit (${cause.mib} MiB) is too small for these models`;
  }
}

function chosen(profile: ProfileId, cause: ProfileCause): { profile: ProfileId; reason: string; cause: ProfileCause } {
  return { profile, reason: causeText(cause), cause };
}

export function selectProfile(caps: Capabilities): { profile: ProfileId; reason: string; cause: ProfileCause } {
  const g = caps.webgpu;
  if (!g) return chosen('cpu', { code: 'no-webgpu', error: caps.webgpuError });
  if (g.isFallbackAdapter) return chosen('cpu', { code: 'software-adapter' });
  const fits = (r: { maxBufferSize: number; maxStorageBufferBindingSize: number }) =>
    g.maxBufferSize >= r.maxBufferSize && g.maxStorageBufferBindingSize >= r.maxStorageBufferBindingSize;
  if (g.shaderF16 && fits(GPU_REQUIREMENTS.gpu)) return chosen('gpu', { code: 'f16' });
  if (fits(GPU_REQUIREMENTS['gpu-lite'])) return chosen('gpu-lite', { code: g.shaderF16 ? 'f16-small-buffers' : 'no-f16' });
  return chosen('cpu', { code: 'small-buffer', mib: Math.round(g.maxBufferSize / 2 ** 20) });
}

// ---- the plan ----------------------------------------------------------------------------------

export interface RoleOverride {
  readonly model: string;
  readonly dtype?: Dtype | undefined;
  readonly device?: Device | undefined;
}

export interface PlanSettings {
  readonly profile: ProfileId | 'auto';
  readonly embedder: RoleOverride | null;
  /** 'none' turns reranking off. */
  readonly reranker: RoleOverride | 'none' | null;
  readonly custom: readonly ModelSpec[];
}

interface Attempt {
  readonly device: Device;
  readonly dtype: Dtype;
}

export interface RolePlan {
  readonly role: ModelRole;
  readonly spec: ModelSpec;
  /** The preferred device/dtype first, then the fallbacks, tried in order. */
  readonly attempts: readonly Attempt[];
  readonly maxPairs: number;
}

export interface ModelPlan {
  readonly profile: ProfileId;
  readonly auto: boolean;
  readonly reason: string;
  /** The automatic choice and why (the screens word it; `reason` says the same in English). */
  readonly automatic: ProfileId;
  readonly cause: ProfileCause;
  readonly embedder: RolePlan | null;
  readonly reranker: RolePlan | null;
}

/** A dtype the spec has, preferring `wanted`, then what suits the device. */
function pickDtype(spec: ModelSpec, device: Device, caps: Capabilities | null, wanted?: Dtype): Dtype {
  const have = dtypesOf(spec);
  if (wanted && have.includes(wanted) && !(wanted === 'fp16' && device === 'webgpu' && caps?.webgpu && !caps.webgpu.shaderF16)) return wanted;
  const order: Dtype[] =
    device === 'webgpu' ? (caps?.webgpu?.shaderF16 ? ['fp16', 'fp32', 'q8'] : ['fp32', 'q8']) : ['q8', 'fp32', 'fp16'];
  const pick = order.find((d) => have.includes(d)) ?? have[0];
  if (!pick) throw new Error(`models: ${spec.id} lists no dtype`);
  return pick;
}

/** What WebGPU falls back to: the same model on WASM, quantized when possible. */
function fallbackAttempt(spec: ModelSpec): Attempt {
  return { device: 'wasm', dtype: pickDtype(spec, 'wasm', null) };
}

function rolePlan(role: ModelRole, choice: RoleChoice | RoleOverride, device: Device, caps: Capabilities, custom: readonly ModelSpec[], maxPairs: number): RolePlan | null {
  const spec = catalogSpec(choice.model, custom);
  if (!spec || spec.role !== role) return null;
  const dev: Device = ('device' in choice && choice.device) || device;
  const usable: Device = dev === 'webgpu' && !caps.webgpu ? 'wasm' : dev;
  // A profile's GPU dtype (fp16) means nothing once the device fell back to WASM.
  const primary: Attempt = { device: usable, dtype: pickDtype(spec, usable, caps, usable === dev ? choice.dtype : undefined) };
  const attempts = [primary];
  if (usable === 'webgpu') {
    const fb = fallbackAttempt(spec);
    if (fb.dtype !== primary.dtype || fb.device !== primary.device) attempts.push(fb);
  }
  return { role, spec, attempts, maxPairs };
}

export function planModels(settings: PlanSettings, caps: Capabilities): ModelPlan {
  const auto = settings.profile === 'auto';
  const selected = selectProfile(caps);
  const profileId = settings.profile === 'auto' ? selected.profile : settings.profile;
  const profile = PROFILES[profileId];
  const reason = auto ? `chosen automatically: ${selected.reason}` : `chosen in settings (automatic choice: ${selected.profile}, ${selected.reason})`;
  const embedderChoice = settings.embedder ?? profile.embedder;
  const embedder =
    rolePlan('embedder', embedderChoice, profile.device, caps, settings.custom, 0) ??
    rolePlan('embedder', profile.embedder, profile.device, caps, settings.custom, 0);
  let reranker: RolePlan | null = null;
  if (settings.reranker !== 'none') {
    const choice = settings.reranker ?? profile.reranker;
    if (choice) reranker = rolePlan('reranker', choice, profile.device, caps, settings.custom, profile.rerankTop);
  }
  return { profile: profileId, auto, reason, automatic: selected.profile, cause: selected.cause, embedder, reranker };
}
