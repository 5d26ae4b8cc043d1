/**
 * The model file cache transformers.js reads and writes (`env.customCache`). Keys are
 * `<id>/<file>` whatever URL or local path transformers.js asked for (see hub.ts
 * fileKeyResolver), so a downloaded file, a file downloaded through a mirror and an imported
 * file are the same entry. Backed by a BlobStore: the Cache API in browsers (stores.ts), memory
 * in tests. Also what the model manager lists, sizes and deletes.
 */
import type { FileKey } from './hub';

export type FileSource = 'download' | 'import';

export interface StoredFile {
  /** `<id>/<file>` */
  readonly key: string;
  readonly size: number;
  readonly source: FileSource;
}

export interface BlobStore {
  get(key: string): Promise<Response | undefined>;
  /** Stores the body of `response` (streamed where the backend can). */
  put(key: string, response: Response, source: FileSource): Promise<void>;
  delete(key: string): Promise<boolean>;
  list(): Promise<StoredFile[]>;
}

export type ProgressCallback = (data: { progress: number; loaded: number; total: number }) => void;

const fileKey = (k: FileKey): string => `${k.id}/${k.file}`;

/** A copy of `response` whose body reports how much of it has been read. */
function withProgress(response: Response, onProgress: ProgressCallback): Response {
  const total = Number(response.headers.get('content-length') ?? 0);
  if (!response.body) return response;
  let loaded = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      onProgress({ progress: total ? (loaded / total) * 100 : 0, loaded, total: Math.max(total, loaded) });
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter), { status: response.status, headers: response.headers });
}

export class ModelCache {
  #resolve: (request: string) => FileKey | null;

  constructor(
    readonly store: BlobStore,
    resolve: (request: string) => FileKey | null,
  ) {
    this.#resolve = resolve;
  }

  /** Call when the mirror or the local path changes. */
  setResolver(resolve: (request: string) => FileKey | null): void {
    this.#resolve = resolve;
  }

  keyOf(request: string): string | null {
    const k = this.#resolve(request);
    return k ? fileKey(k) : null;
  }

  // ---- transformers.js CacheInterface -------------------------------------------------------------
  async match(request: string): Promise<Response | undefined> {
    const key = this.keyOf(request);
    return key === null ? undefined : this.store.get(key);
  }

  async put(request: string, response: Response, progress?: ProgressCallback): Promise<void> {
    const key = this.keyOf(request);
    if (key === null) return; // not a model file we manage
    await this.store.put(key, progress ? withProgress(response, progress) : response, 'download');
  }

  async delete(request: string): Promise<boolean> {
    const key = this.keyOf(request);
    return key === null ? false : this.store.delete(key);
  }

  // ---- management ----------------------------------------------------------------------------------
  /** Files cached for model `id`, keyed by file name ("onnx/model_fp16.onnx"). */
  async files(id: string): Promise<Map<string, StoredFile>> {
    const prefix = `${id}/`;
    const out = new Map<string, StoredFile>();
    for (const f of await this.store.list()) if (f.key.startsWith(prefix)) out.set(f.key.slice(prefix.length), f);
    return out;
  }

  async deleteFiles(id: string, files?: readonly string[]): Promise<number> {
    const cached = await this.files(id);
    let removed = 0;
    for (const file of files ?? [...cached.keys()]) if (cached.has(file) && (await this.store.delete(`${id}/${file}`))) removed++;
    return removed;
  }

  async totalBytes(): Promise<number> {
    return (await this.store.list()).reduce((sum, f) => sum + f.size, 0);
  }
}
