/**
 * Where model files live: the file names transformers.js 4.3.2 requests for a model and dtype,
 * the Hub (or mirror) URL of each, and the inverse mapping from any URL or local path it asks
 * the cache for back to `{id, file}` (so downloaded and imported files share one cache key,
 * whatever mirror was set when they arrived). Pure: no fetch, no transformers.js import.
 */
import type { Dtype } from '../core/ports';
import type { ModelSpec } from './catalog';

const HUB_HOST = 'https://huggingface.co/';
export const HUB_PATH_TEMPLATE = '{model}/resolve/{revision}/';

/** transformers.js's DEFAULT_DTYPE_SUFFIX_MAPPING for the dtypes Casefile uses. */
export const DTYPE_SUFFIX: Readonly<Record<Dtype, string>> = {
  fp32: '',
  fp16: '_fp16',
  q8: '_quantized',
  q4: '_q4',
  q4f16: '_q4f16',
};

/** Files every XLM-RoBERTa style text model needs besides its ONNX graph. */
export const CONFIG_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json'] as const;

export function onnxFile(dtype: Dtype): string {
  return `onnx/model${DTYPE_SUFFIX[dtype]}.onnx`;
}

/** `model.onnx_data`, `model.onnx_data_1`, ... (transformers.js getExternalDataChunkNames). */
export function externalDataFiles(dtype: Dtype, chunks: number): string[] {
  const base = onnxFile(dtype);
  return Array.from({ length: chunks }, (_, i) => `${base}_data${i === 0 ? '' : `_${i}`}`);
}

/** Every file transformers.js requests to load `spec` with `dtype`, in request order. */
export function modelFiles(spec: Pick<ModelSpec, 'dtypes'>, dtype: Dtype): string[] {
  const chunks = spec.dtypes[dtype]?.externalData ?? 0;
  return [...CONFIG_FILES, onnxFile(dtype), ...externalDataFiles(dtype, chunks)];
}

/** The `use_external_data_format` option to pass so transformers.js fetches the data files. */
export function externalDataOption(spec: Pick<ModelSpec, 'dtypes'>, dtype: Dtype): Record<string, number> | undefined {
  const chunks = spec.dtypes[dtype]?.externalData ?? 0;
  return chunks > 0 ? { [onnxFile(dtype).slice('onnx/'.length)]: chunks } : undefined;
}

export interface HubSource {
  /** e.g. "https://huggingface.co/" or a mirror such as "https://hf-mirror.example/". */
  readonly remoteHost: string;
  /** e.g. "{model}/resolve/{revision}/". */
  readonly remotePathTemplate: string;
}

export const DEFAULT_SOURCE: HubSource = { remoteHost: HUB_HOST, remotePathTemplate: HUB_PATH_TEMPLATE };

/** Same joining rule as transformers.js pathJoin: one slash between parts. */
function pathJoin(...parts: string[]): string {
  return parts
    .map((part, i) => {
      let p = part;
      if (i > 0) p = p.replace(/^\//, '');
      if (i < parts.length - 1) p = p.replace(/\/$/, '');
      return p;
    })
    .join('/');
}

/** The URL transformers.js fetches for `file` of model `id` (buildResourcePaths' remoteURL). */
export function fileUrl(id: string, file: string, source: HubSource = DEFAULT_SOURCE, revision = 'main'): string {
  const path = source.remotePathTemplate.replaceAll('{model}', id).replaceAll('{revision}', encodeURIComponent(revision));
  return pathJoin(source.remoteHost, path, file);
}

export function validateSource(source: HubSource): string | null {
  let url: URL;
  try {
    url = new URL(source.remoteHost);
  } catch {
    return `models: the mirror URL "${source.remoteHost}" is not a URL`;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1'))) {
    return `models: the mirror URL "${source.remoteHost}" must use https`;
  }
  if (!source.remotePathTemplate.includes('{model}')) return `models: the path template "${source.remotePathTemplate}" has no {model}`;
  return null;
}

export interface FileKey {
  readonly id: string;
  readonly file: string;
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Maps whatever transformers.js asks its cache for (the remote URL under the current source, or
 * `<localModelPath>/<id>/<file>`) to `{id, file}`; null for anything else. Ids are "owner/name".
 */
export function fileKeyResolver(source: HubSource, localModelPath: string | null): (request: string) => FileKey | null {
  const template = pathJoin(source.remoteHost, source.remotePathTemplate, '\u0000');
  const pattern = new RegExp(
    '^' +
      escapeRe(template)
        .replace(escapeRe('{model}'), '([^/]+/[^/]+)')
        .replace(escapeRe('{revision}'), '[^/]+')
        .replace('\u0000', '(.+)') +
      '$',
  );
  const local = localModelPath === null ? null : localModelPath.replace(/\/?$/, '/');
  return (request) => {
    const remote = pattern.exec(request);
    if (remote) return { id: remote[1]!, file: remote[2]! };
    if (local !== null && request.startsWith(local)) {
      const m = /^([^/]+\/[^/]+)\/(.+)$/.exec(request.slice(local.length));
      if (m) return { id: m[1]!, file: m[2]! };
    }
    return null;
  };
}
