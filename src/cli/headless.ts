/**
 * Headless ingestion in Node: the same pipeline as the app (parser, cleaning, chunking,
 * embedding) into an in-memory workspace, for the evaluation and benchmark commands.
 * Parsed documents are cached on disk by content hash and code version, so re-running an
 * evaluation after a retrieval change does not parse 300 pages again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeError } from '../core/errors';
import { inProcessAnalyzer } from '../core/ingest/analyze';
import { ingestFile, type IngestDeps } from '../core/ingest/pipeline';
import type { ChunkerOptions } from '../core/ingest/chunker';
import type { Embedder, OcrEngine } from '../core/ports';
import { SearchEngine } from '../core/search/engine';
import type { ChunkRecord, DocumentRecord, PageRecord } from '../core/types';
import type { Parser } from '../core/ports';
import { InProcessParser } from '../parsers/parser';
import { loadPdfJsNode } from '../parsers/pdfjs-node';
import type { MemoryWorkspace } from '../store/memory';
import { IsolatedParser, type IsolatedParserOptions } from './isolated-parser';
import { nodeSourceFile } from './node-source-file';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = join(ROOT, 'node_modules/.cache/casefile/ingest');
const SUPPORTED = /\.(pdf|txt|text|md|markdown|html?|docx|png|jpe?g)$/i;

export interface HeadlessOptions {
  readonly embedder?: Embedder | null;
  readonly ocr?: OcrEngine | null;
  readonly cache?: boolean;
  readonly chunker?: ChunkerOptions;
  readonly log?: (line: string) => void;
  /**
   * Parse each file in a worker thread under a deadline and a memory ceiling (isolated-parser.ts)
   * instead of in this thread: for folders that may hold hostile files.
   */
  readonly isolate?: IsolatedParserOptions;
}

export interface IngestReport {
  readonly path: string;
  readonly document: DocumentRecord | null;
  readonly error: string | null;
  readonly cached: boolean;
  readonly ms: number;
}

/** Every supported file under `dir`, skipping a .txt whose PDF twin is there too. */
export async function listDocuments(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const p = join(d, entry.name);
      if (entry.isDirectory()) await walk(p);
      else if (SUPPORTED.test(entry.name)) out.push(p);
    }
  };
  await walk(dir);
  const lower = new Set(out.map((p) => p.toLowerCase()));
  return out.filter((p) => !(/\.txt$/i.test(p) && lower.has(p.toLowerCase().replace(/\.txt$/, '.pdf')))).sort();
}

/** A QA file's documents (by `doc_id`) → the ids they were ingested as; `paths[i]` is the path of `docs[i]` (resolved), unread ones left out. */
export function ingestedIds(docs: readonly { readonly doc_id: string }[], paths: readonly string[], reports: readonly IngestReport[], root: string): Map<string, string> {
  const out = new Map<string, string>();
  docs.forEach((d, i) => {
    const id = reports.find((r) => resolve(root, r.path) === paths[i])?.document?.id;
    if (id) out.set(d.doc_id, id);
  });
  return out;
}

/**
 * A hash of the code ingestion runs, so any change to parsing, cleaning, chunking, identity or
 * the text helpers invalidates the cache: every .ts file under src/core and src/parsers, at any
 * depth (a top-level-only hash once missed a change in ingest/identity/).
 */
async function codeVersion(): Promise<string> {
  const h = createHash('sha256');
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(join(ROOT, dir), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) await walk(p);
      else if (entry.name.endsWith('.ts')) h.update(p).update(await readFile(join(ROOT, p)));
    }
  };
  for (const dir of ['src/core', 'src/parsers']) await walk(dir);
  return h.digest('hex').slice(0, 16);
}

interface Cached {
  readonly document: DocumentRecord;
  readonly pages: PageRecord[];
  readonly chunks: ChunkRecord[];
}

export async function ingestPaths(paths: readonly string[], root: string, workspace: MemoryWorkspace, options: HeadlessOptions = {}): Promise<IngestReport[]> {
  const isolated = options.isolate ? new IsolatedParser({ ...options.isolate, ...(options.ocr ? { renderForOcr: true } : {}) }) : null;
  const parser: Parser = isolated ?? new InProcessParser({ pdfjs: loadPdfJsNode, ...(options.ocr ? { renderForOcr: {} } : {}) });
  try {
    return await ingestWith(parser, paths, root, workspace, options);
  } finally {
    await isolated?.terminate();
  }
}

async function ingestWith(parser: Parser, paths: readonly string[], root: string, workspace: MemoryWorkspace, options: HeadlessOptions): Promise<IngestReport[]> {
  const noIndex = { addDocument: async () => undefined, removeDocument: async () => undefined };
  const deps: IngestDeps = { parser, analyzer: inProcessAnalyzer, store: workspace, index: noIndex, ocr: options.ocr ?? null, embedder: options.embedder ?? null, ...(options.chunker ? { chunker: options.chunker } : {}) };
  const version = options.cache === false ? null : await codeVersion();
  const reports: IngestReport[] = [];
  for (const path of paths) {
    const started = performance.now();
    const rel = relative(root, path);
    const bytes = await readFile(path);
    const key = version && !options.embedder && !options.ocr ? createHash('sha256').update(bytes).update(version).update(rel).update(JSON.stringify(options.chunker ?? {})).digest('hex') : null;
    const cacheFile = key ? join(CACHE, `${key}.json`) : null;
    if (cacheFile) {
      const hit = await readFile(cacheFile, 'utf8').then((t) => JSON.parse(t) as Cached, () => null);
      if (hit) {
        await workspace.commitDocument(hit.document, hit.pages, hit.chunks);
        reports.push({ path: rel, document: hit.document, error: null, cached: true, ms: performance.now() - started });
        continue;
      }
    }
    const file = await nodeSourceFile(path, { root });
    try {
      const outcome = await ingestFile({ file, source: 'folder' }, deps, () => undefined);
      if (outcome.kind === 'ingested') {
        const document = outcome.document;
        if (cacheFile) {
          await mkdir(dirname(cacheFile), { recursive: true });
          const cached: Cached = { document, pages: workspace.pages.get(document.id) ?? [], chunks: workspace.chunksByDoc.get(document.id) ?? [] };
          // Written aside, then renamed into place: two runs ingesting the same file at once (an
          // eval beside a scan) each leave a whole entry, never one's document with the other's
          // chunks ("chunk … of document … should be named …").
          const aside = `${cacheFile}.${process.pid}.${randomUUID()}.tmp`;
          await writeFile(aside, JSON.stringify(cached));
          await rename(aside, cacheFile);
        }
        reports.push({ path: rel, document, error: null, cached: false, ms: performance.now() - started });
      } else if (outcome.kind === 'failed') {
        reports.push({ path: rel, document: null, error: outcome.error.message, cached: false, ms: performance.now() - started });
      } else {
        reports.push({ path: rel, document: outcome.existing, error: null, cached: false, ms: performance.now() - started });
      }
    } catch (error) {
      reports.push({ path: rel, document: null, error: describeError(error), cached: false, ms: performance.now() - started });
    }
    options.log?.(`${reports.at(-1)!.error ? 'failed' : 'ingested'} ${rel} (${Math.round(performance.now() - started)} ms)`);
  }
  return reports;
}

/** Opens the search engine over an ingested workspace (and the embedder's vectors). */
export async function openEngine(workspace: MemoryWorkspace, embedder?: Embedder | null): Promise<SearchEngine> {
  const { engine } = await SearchEngine.open(workspace, { saveDelayMs: 0 });
  if (embedder) {
    const any = [...workspace.vectors.values()][0];
    if (any) await engine.useEmbeddingModel({ modelId: any.modelId, dim: any.dim });
  }
  return engine;
}
