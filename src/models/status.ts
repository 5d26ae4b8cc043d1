/**
 * What the model manager lists: one row per model and dtype that the plan uses (its primary
 * attempt and its WASM fallback), that is cached, or that was imported — with size and status.
 * Pure: computed from the plan, the cache listing and the running downloads.
 */
import type { Device, Dtype } from '../core/ports';
import { CATALOG, dtypesOf, type ModelRole, type ModelSpec } from './catalog';
import { modelFiles } from './hub';
import type { StoredFile } from './model-cache';
import type { ModelPlan } from './profiles';
import type { DownloadProgress } from './progress';

export type ModelStatus =
  | { readonly kind: 'not-downloaded' }
  | { readonly kind: 'partial'; readonly files: number; readonly of: number }
  | { readonly kind: 'downloading'; readonly progress: DownloadProgress }
  | { readonly kind: 'cached' }
  | { readonly kind: 'imported' }
  | { readonly kind: 'failed'; readonly message: string };

export interface ModelRow {
  /** `<model id>@<dtype>` */
  readonly rowId: string;
  readonly role: ModelRole;
  readonly spec: ModelSpec;
  readonly dtype: Dtype;
  /** Where the plan runs it; null for a cached model the plan does not use. */
  readonly device: Device | null;
  readonly use: 'primary' | 'fallback' | null;
  /** Bytes on disk when (partly) cached, else the catalog's size. */
  readonly bytes: number;
  readonly approximate: boolean;
  readonly status: ModelStatus;
  /** A warning about a cached model (e.g. it downloaded but failed to start on WebGPU). */
  readonly note: string | null;
}

const rowIdOf = (spec: Pick<ModelSpec, 'id'>, dtype: Dtype): string => `${spec.id}@${dtype}`;

export interface RowInputs {
  readonly plan: ModelPlan;
  readonly custom: readonly ModelSpec[];
  /** Cached files per model id, keyed by file name. */
  readonly cached: ReadonlyMap<string, ReadonlyMap<string, StoredFile>>;
  readonly downloads: ReadonlyMap<string, DownloadProgress>;
  readonly failures: ReadonlyMap<string, string>;
}

function statusOf(spec: ModelSpec, dtype: Dtype, inputs: RowInputs): { status: ModelStatus; bytes: number; approximate: boolean; note: string | null } {
  const rowId = rowIdOf(spec, dtype);
  const files = modelFiles(spec, dtype);
  const have = inputs.cached.get(spec.id);
  const present = files.filter((f) => have?.has(f));
  const bytes = present.reduce((s, f) => s + (have?.get(f)?.size ?? 0), 0);
  const failure = inputs.failures.get(rowId) ?? null;
  const download = inputs.downloads.get(rowId);
  const complete = present.length === files.length;
  const approx = spec.dtypes[dtype]?.bytes ?? 0;
  if (download) return { status: { kind: 'downloading', progress: download }, bytes: download.total || approx, approximate: false, note: null };
  if (complete) {
    const imported = present.some((f) => have?.get(f)?.source === 'import');
    return { status: { kind: imported ? 'imported' : 'cached' }, bytes, approximate: false, note: failure };
  }
  if (failure) return { status: { kind: 'failed', message: failure }, bytes: present.length ? bytes : approx, approximate: present.length === 0, note: null };
  if (present.length > 0) return { status: { kind: 'partial', files: present.length, of: files.length }, bytes, approximate: false, note: null };
  return { status: { kind: 'not-downloaded' }, bytes: approx, approximate: true, note: null };
}

export function buildRows(inputs: RowInputs): ModelRow[] {
  const rows = new Map<string, ModelRow>();
  const add = (spec: ModelSpec, dtype: Dtype, device: Device | null, use: ModelRow['use']) => {
    const rowId = rowIdOf(spec, dtype);
    if (rows.has(rowId)) return;
    rows.set(rowId, { rowId, role: spec.role, spec, dtype, device, use, ...statusOf(spec, dtype, inputs) });
  };
  for (const role of [inputs.plan.embedder, inputs.plan.reranker]) {
    if (!role) continue;
    role.attempts.forEach((a, i) => add(role.spec, a.dtype, a.device, i === 0 ? 'primary' : 'fallback'));
  }
  for (const spec of [...CATALOG, ...inputs.custom]) {
    const have = inputs.cached.get(spec.id);
    for (const dtype of dtypesOf(spec)) {
      const rowId = rowIdOf(spec, dtype);
      // Config and tokenizer files are shared by every dtype: only the dtype's own ONNX files count.
      const own = modelFiles(spec, dtype).filter((f) => f.startsWith('onnx/'));
      const touched = inputs.downloads.has(rowId) || inputs.failures.has(rowId) || own.some((f) => have?.has(f));
      if (touched) add(spec, dtype, null, null);
    }
  }
  return [...rows.values()];
}

export function describeStatus(status: ModelStatus): string {
  switch (status.kind) {
    case 'not-downloaded':
      return 'Not downloaded';
    case 'partial':
      return `Partly downloaded (${status.files} of ${status.of} files)`;
    case 'downloading':
      return status.progress.phase === 'downloading' ? `Downloading ${Math.floor(status.progress.percent)}%` : 'Checking the model…';
    case 'cached':
      return 'Downloaded';
    case 'imported':
      return 'Imported';
    case 'failed':
      return 'Failed';
  }
}
