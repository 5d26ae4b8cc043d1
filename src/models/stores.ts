/**
 * BlobStore backends for ModelCache: the Cache API (browser page and workers share it) and an
 * in-memory store (Node tests, CLI). Model files never go into the service worker's precache.
 */
import type { BlobStore, FileSource, StoredFile } from './model-cache';

/** Cache API keys must be http(s) URLs; this host never resolves (RFC 2606 `.invalid`). */
const CACHE_URL_PREFIX = 'https://model-files.casefile.invalid/';
const MODEL_CACHE_NAME = 'casefile-models-v1';

const SOURCE_HEADER = 'x-casefile-source';

interface CacheStorageLike {
  open(name: string): Promise<Cache>;
}

export class CacheApiStore implements BlobStore {
  #cache: Promise<Cache> | null = null;

  /** `storage` null: the global CacheStorage, looked up on first use (so constructing one needs no Cache API). */
  constructor(
    private readonly storage: CacheStorageLike | null = null,
    private readonly name: string = MODEL_CACHE_NAME,
  ) {}

  #open(): Promise<Cache> {
    return (this.#cache ??= (this.storage ?? caches).open(this.name));
  }

  async get(key: string): Promise<Response | undefined> {
    return (await (await this.#open()).match(CACHE_URL_PREFIX + key)) ?? undefined;
  }

  async put(key: string, response: Response, source: FileSource): Promise<void> {
    const headers = new Headers(response.headers);
    headers.set(SOURCE_HEADER, source);
    headers.delete('content-encoding');
    // The body is streamed into the cache; its length is what the cache stored.
    await (await this.#open()).put(CACHE_URL_PREFIX + key, new Response(response.body, { status: 200, headers }));
  }

  async delete(key: string): Promise<boolean> {
    return (await this.#open()).delete(CACHE_URL_PREFIX + key);
  }

  async list(): Promise<StoredFile[]> {
    const cache = await this.#open();
    const out: StoredFile[] = [];
    for (const request of await cache.keys()) {
      if (!request.url.startsWith(CACHE_URL_PREFIX)) continue;
      const response = await cache.match(request);
      const length = Number(response?.headers.get('content-length') ?? NaN);
      // Without a length header (some servers), read the size once from the stored body.
      const size = Number.isFinite(length) ? length : ((await response?.blob())?.size ?? 0);
      out.push({ key: request.url.slice(CACHE_URL_PREFIX.length), size, source: response?.headers.get(SOURCE_HEADER) === 'import' ? 'import' : 'download' });
    }
    return out;
  }
}

export class MemoryStore implements BlobStore {
  readonly entries = new Map<string, { bytes: Uint8Array; headers: [string, string][]; source: FileSource }>();

  async get(key: string): Promise<Response | undefined> {
    const e = this.entries.get(key);
    return e ? new Response(e.bytes.slice(), { headers: e.headers }) : undefined;
  }

  async put(key: string, response: Response, source: FileSource): Promise<void> {
    const bytes = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.set('content-length', String(bytes.byteLength));
    this.entries.set(key, { bytes, headers: [...headers], source });
  }

  async delete(key: string): Promise<boolean> {
    return this.entries.delete(key);
  }

  async list(): Promise<StoredFile[]> {
    return [...this.entries].map(([key, e]) => ({ key, size: e.bytes.byteLength, source: e.source }));
  }
}
