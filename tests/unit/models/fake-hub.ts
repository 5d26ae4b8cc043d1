/**
 * A fake Hugging Face Hub for Node tests: answers `<host><id>/resolve/main/<file>` for any model
 * id with the bytes of a tiny fixture folder (so `Xenova/bge-m3` "downloads" and loads like the
 * real one) and records every URL asked for. External-data files get a few bytes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileKeyResolver, type HubSource } from '../../../src/models/hub';
import { MODELS_DIR } from './fixture-specs';

export interface FakeHub {
  /** Every URL fetched (including transformers.js's 1-byte `Range: bytes=0-0` size probes). */
  readonly requests: string[];
  /** Full-body downloads only. */
  readonly downloads: string[];
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
}

export function fakeHub(source: HubSource, folderFor: (id: string) => string): FakeHub {
  const resolve = fileKeyResolver(source, null);
  const requests: string[] = [];
  const downloads: string[] = [];
  return {
    requests,
    downloads,
    async fetch(input, init) {
      const url = String(input);
      requests.push(url);
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      const key = resolve(url);
      if (!key) return new Response(null, { status: 404 });
      const path = join(MODELS_DIR, folderFor(key.id), key.file);
      const bytes = /_data(_\d+)?$/.test(key.file) ? new Uint8Array(16) : existsSync(path) ? new Uint8Array(readFileSync(path)) : null;
      if (!bytes) return new Response(null, { status: 404 });
      const range = new Headers(init?.headers).get('range');
      if (range === 'bytes=0-0') {
        return new Response(bytes.slice(0, 1), { status: 206, headers: { 'content-length': '1', 'content-range': `bytes 0-0/${bytes.byteLength}` } });
      }
      downloads.push(url);
      return new Response(bytes, { status: 200, headers: { 'content-length': String(bytes.byteLength), 'content-type': 'application/octet-stream' } });
    },
  };
}

export const fixtureFolder = (role: 'embedder' | 'reranker'): string => (role === 'embedder' ? 'casefile/tiny-bge-m3' : 'casefile/tiny-bge-reranker');
