/**
 * What this browser can run: WebGPU (adapter, shader-f16, buffer limits, software fallback),
 * cross-origin isolation (WASM threads), cores and memory. Works in a page and in a worker; the
 * `scope` parameter lets tests pass a plain object. Never throws and never hangs: a
 * requestAdapter() that does not answer within `timeoutMs` counts as "no WebGPU".
 */

export interface GpuInfo {
  readonly vendor: string;
  readonly architecture: string;
  readonly description: string;
  /** A software adapter (SwiftShader, WARP): usually slower than WASM. */
  readonly isFallbackAdapter: boolean;
  readonly shaderF16: boolean;
  readonly maxBufferSize: number;
  readonly maxStorageBufferBindingSize: number;
}

export interface Capabilities {
  readonly webgpu: GpuInfo | null;
  /** Why there is no WebGPU adapter (when `webgpu` is null). */
  readonly webgpuError: string | null;
  readonly crossOriginIsolated: boolean;
  readonly cores: number;
  /** navigator.deviceMemory (Chromium only, rounded down, capped at 8). */
  readonly memoryGb: number | null;
}

/** The slice of the WebGPU API used here (no @webgpu/types dependency). */
interface AdapterLike {
  readonly features: { has(name: string): boolean };
  readonly limits: { readonly maxBufferSize?: number; readonly maxStorageBufferBindingSize?: number };
  readonly isFallbackAdapter?: boolean;
  readonly info?: { vendor?: string; architecture?: string; description?: string; isFallbackAdapter?: boolean };
}
interface GpuLike {
  requestAdapter(options?: { powerPreference?: string }): Promise<AdapterLike | null>;
}
export interface ScopeLike {
  readonly navigator?: { gpu?: GpuLike; hardwareConcurrency?: number; deviceMemory?: number };
  readonly crossOriginIsolated?: boolean;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describeAdapter(adapter: AdapterLike): GpuInfo {
  return {
    vendor: adapter.info?.vendor ?? '',
    architecture: adapter.info?.architecture ?? '',
    description: adapter.info?.description ?? '',
    isFallbackAdapter: Boolean(adapter.info?.isFallbackAdapter ?? adapter.isFallbackAdapter ?? false),
    shaderF16: adapter.features.has('shader-f16'),
    maxBufferSize: Number(adapter.limits.maxBufferSize ?? 0),
    maxStorageBufferBindingSize: Number(adapter.limits.maxStorageBufferBindingSize ?? 0),
  };
}

export async function detectCapabilities(scope: ScopeLike = globalThis, options: { timeoutMs?: number } = {}): Promise<Capabilities> {
  const nav = scope.navigator;
  const base = {
    crossOriginIsolated: Boolean(scope.crossOriginIsolated),
    cores: nav?.hardwareConcurrency ?? 1,
    memoryGb: typeof nav?.deviceMemory === 'number' ? nav.deviceMemory : null,
  };
  if (!nav?.gpu) return { ...base, webgpu: null, webgpuError: 'this browser has no WebGPU (navigator.gpu is missing)' };
  try {
    const adapter = await withTimeout(nav.gpu.requestAdapter({ powerPreference: 'high-performance' }), options.timeoutMs ?? 5000, 'WebGPU requestAdapter()');
    if (!adapter) return { ...base, webgpu: null, webgpuError: 'WebGPU found no usable GPU adapter' };
    return { ...base, webgpu: describeAdapter(adapter), webgpuError: null };
  } catch (error) {
    return { ...base, webgpu: null, webgpuError: error instanceof Error ? error.message : String(error) };
  }
}

/** One line for people: "WebGPU: SwiftShader (software), no shader-f16". */
export function describeCapabilities(caps: Capabilities): string {
  if (!caps.webgpu) return `No WebGPU (${caps.webgpuError ?? 'unknown reason'}); models run on the CPU (WASM).`;
  const g = caps.webgpu;
  const name = [g.vendor, g.architecture, g.description].filter(Boolean).join(' ') || 'GPU';
  const gib = (n: number) => `${(n / 2 ** 30).toFixed(1)} GiB`;
  return `WebGPU: ${name}${g.isFallbackAdapter ? ' (software adapter)' : ''}, ${g.shaderF16 ? 'shader-f16' : 'no shader-f16'}, max buffer ${gib(g.maxBufferSize)}.`;
}
