import { afterEach, describe, expect, it } from 'vitest';
import { AbortedError, FileError } from '../../../../src/core/errors';
import { TERMINAL_EVENTS, type CasefileEvent } from '../../../../src/core/events';
import { IngestQueue, type FileResolver, type NewFile, type QueueItem } from '../../../../src/core/ingest/queue';
import type { IngestDeps } from '../../../../src/core/ingest/pipeline';
import { inProcessAnalyzer } from '../../../../src/core/ingest/analyze';
import type { IndexWriter, ParsedItem, ParseOptions, Parser, SourceFile } from '../../../../src/core/ports';
import { WorkspaceDb } from '../../../../src/store/db';
import { DocumentRepository } from '../../../../src/store/documents';
import { DexieQueueStore } from '../../../../src/store/queue-store';
import { freshIdb } from '../../../helpers/idb';

/** A text "file" whose content is its pages joined by form feeds; "BROKEN" fails to parse. */
function file(name: string, text: string): SourceFile {
  const bytes = new TextEncoder().encode(text);
  return { name, path: name, size: bytes.byteLength, mediaType: 'text/plain', lastModified: 1, bytes: async () => bytes.slice().buffer };
}

class FakeParser implements Parser {
  /** Resolves the gate to let page 2 of "slow" files through. */
  gate: Promise<void> = Promise.resolve();
  /** The files parsed, in the order their parse started. */
  readonly started: string[] = [];
  async *parse(f: SourceFile, options: ParseOptions = {}): AsyncIterable<ParsedItem> {
    this.started.push(f.name);
    const text = new TextDecoder().decode(await f.bytes());
    if (options.signal?.aborted) throw new AbortedError(`parsing ${f.name}`);
    if (text.includes('BROKEN')) throw new FileError('file/corrupt', f.name, 'not a valid PDF');
    const pages = text.split('\f');
    yield { kind: 'info', info: { pages: pages.length, title: null, mediaType: 'text/plain' } };
    for (const [i, p] of pages.entries()) {
      if (i === 1 && f.name.startsWith('slow')) await this.gate;
      yield { kind: 'page', page: { page: i + 1, text: p, ocr: false, confidence: null, needsOcr: false } };
    }
  }
}

class MemoryResolver implements FileResolver {
  readonly files = new Map<string, SourceFile>();
  released: string[] = [];
  async resolve(item: QueueItem): Promise<SourceFile> {
    const f = this.files.get(item.path);
    if (!f) throw new FileError('file/corrupt', item.name, 'the file is no longer available');
    return f;
  }
  async release(item: QueueItem): Promise<void> {
    this.released.push(item.path);
  }
}

const dbs: WorkspaceDb[] = [];
afterEach(() => dbs.splice(0).forEach((d) => d.close()));

function setup(deps = freshIdb()) {
  const db = new WorkspaceDb('q', deps);
  dbs.push(db);
  const documents = new DocumentRepository(db);
  const indexed = new Map<string, number>();
  /** Indexing waits for this (a slow commit: the next file is read meanwhile). */
  const indexing = { gate: Promise.resolve(), names: [] as string[] };
  const index: IndexWriter = {
    addDocument: async (d, chunks) => {
      await indexing.gate;
      indexing.names.push(d.name);
      indexed.set(d.id, chunks.length);
    },
    removeDocument: async (id) => void indexed.delete(id),
  };
  const parser = new FakeParser();
  const resolver = new MemoryResolver();
  const events: CasefileEvent[] = [];
  const ingest = (): IngestDeps => ({ parser, analyzer: inProcessAnalyzer, store: documents, index });
  const queue = new IngestQueue({ store: new DexieQueueStore(db), files: resolver, ingest, sink: (e) => events.push(e) });
  const add = (files: SourceFile[]): NewFile[] => files.map((f) => (resolver.files.set(f.path, f), { file: f, origin: 'vault' as const }));
  return { db, documents, indexed, indexing, parser, resolver, events, queue, add, deps };
}

const LONG = 'The Supplier shall indemnify the Customer against all third-party claims. '.repeat(20);

describe('IngestQueue', () => {
  it('ingests a job, isolates a failing file and reports monotone progress ending in job_done', async () => {
    const s = setup();
    const jobId = await s.queue.enqueue(s.add([file('a.txt', LONG), file('bad.pdf', 'BROKEN'), file('b.txt', `${LONG}\f${LONG}`)]), 'upload', 'test');
    await s.queue.idle();
    const docs = await s.documents.list();
    expect(docs.map((d) => [d.name, d.status])).toEqual([['a.txt', 'ready'], ['bad.pdf', 'failed'], ['b.txt', 'ready']]);
    expect(docs[1]?.error).toBe('bad.pdf: not a valid PDF');
    expect(s.indexed.size).toBe(2);
    const progress = s.events.filter((e) => e.type === 'progress' && e.jobId === jobId).map((e) => (e.type === 'progress' ? e.done : -1));
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(progress.at(-1)).toBe(3);
    expect(s.events.at(-1)).toMatchObject({ type: 'job_done', summary: { ingested: 2, failed: 1, duplicates: 0 } });
    // Exactly one terminal event for the job, and it is the job's last.
    const own = s.events.filter((e) => e.jobId === jobId);
    expect(own.filter((e) => TERMINAL_EVENTS.has(e.type)).map((e) => e.type)).toEqual(['job_done']);
    expect(TERMINAL_EVENTS.has(own.at(-1)!.type)).toBe(true);
  });

  it('shows queued documents at once and drops a duplicate placeholder', async () => {
    const s = setup();
    await s.queue.enqueue(s.add([file('a.txt', LONG)]), 'upload', 'first');
    await s.queue.idle();
    await s.queue.enqueue(s.add([file('copy-of-a.txt', LONG)]), 'upload', 'second');
    expect((await s.documents.list()).map((d) => d.status)).toContain('queued');
    await s.queue.idle();
    expect((await s.documents.list()).map((d) => d.name)).toEqual(['a.txt']);
    expect(s.events.some((e) => e.type === 'status' && e.message.includes('already in this workspace'))).toBe(true);
  });

  it('resumes after a crash without indexing anything twice', async () => {
    const deps = freshIdb();
    const first = setup(deps);
    let release!: () => void;
    first.parser.gate = new Promise((r) => (release = r));
    await first.queue.enqueue(first.add([file('a.txt', LONG), file('slow.txt', `${LONG}\f${LONG}`), file('c.txt', `${LONG} c`)]), 'upload', 'big');
    // Wait until "slow" is running, then "crash": abandon this queue instance mid-file.
    const slowId = (await first.db.queue.filter((i) => i.name === 'slow.txt').first())!.documentId;
    while ((await first.documents.getDocument(slowId))?.status !== 'parsing') await new Promise((r) => setTimeout(r, 5));
    first.db.close();
    release();
    await first.queue.idle();

    const second = setup(deps);
    for (const [k, v] of first.resolver.files) second.resolver.files.set(k, v);
    await second.queue.start();
    await second.queue.idle();
    const docs = await second.documents.list();
    expect(docs.map((d) => [d.name, d.status])).toEqual([['a.txt', 'ready'], ['slow.txt', 'ready'], ['c.txt', 'ready']]);
    expect(await second.db.chunks.count()).toBe(docs.reduce((n, d) => n + d.chunkCount, 0));
    expect(await second.db.queue.where('status').equals('done').count()).toBe(3);
  });

  it('treats a document committed just before a crash as done', async () => {
    const s = setup();
    await s.queue.enqueue(s.add([file('a.txt', LONG)]), 'upload', 'x');
    await s.queue.idle();
    const item = (await s.db.queue.toArray())[0]!;
    await s.db.queue.update(item.id, { status: 'running' });
    await s.db.jobs.update(item.jobId, { status: 'running' });
    const chunks = await s.db.chunks.count();
    await s.queue.start();
    await s.queue.idle();
    expect(await s.db.chunks.count()).toBe(chunks);
    expect((await s.db.queue.get(item.id))?.status).toBe('done');
  });

  it('pauses (the current file goes back to pending), resumes, and cancels leaving nothing partial', async () => {
    const s = setup();
    let release!: () => void;
    s.parser.gate = new Promise((r) => (release = r));
    const jobId = await s.queue.enqueue(s.add([file('slow.txt', `${LONG}\f${LONG}`), file('b.txt', LONG)]), 'upload', 'p');
    while (!(await s.db.queue.where('status').equals('running').first())) await new Promise((r) => setTimeout(r, 5));
    await s.queue.pause(jobId);
    release();
    await s.queue.idle();
    expect((await s.queue['deps'].store.items(jobId)).map((i) => i.status)).toEqual(['pending', 'pending']);
    expect((await s.documents.list()).map((d) => d.status)).toEqual(['queued', 'queued']);
    expect(await s.db.chunks.count()).toBe(0);

    await s.queue.resume(jobId);
    await s.queue.idle();
    expect((await s.documents.list()).map((d) => d.status)).toEqual(['ready', 'ready']);

    let release2!: () => void;
    s.parser.gate = new Promise((r) => (release2 = r));
    const job2 = await s.queue.enqueue(s.add([file('slow-2.txt', `${LONG} two\f${LONG}`), file('d.txt', `${LONG} d`)]), 'upload', 'c');
    while (!(await s.db.queue.where('status').equals('running').first())) await new Promise((r) => setTimeout(r, 5));
    await s.queue.cancel(job2);
    release2();
    await s.queue.idle();
    expect((await s.documents.list()).map((d) => d.name)).toEqual(['slow.txt', 'b.txt']);
    expect(await s.db.chunks.where('documentId').noneOf((await s.documents.list()).map((d) => d.id)).count()).toBe(0);
    expect(s.events.some((e) => e.type === 'job_cancelled' && e.jobId === job2)).toBe(true);
  });
});

/** A gate and the function that opens it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400 && !(await check()); i++) await new Promise((r) => setTimeout(r, 5));
  expect(await check()).toBe(true);
}

describe('IngestQueue reading the next file ahead', () => {
  it('parses the next file while the current one is indexed, and commits in queue order, each file once', async () => {
    const s = setup();
    const slow = gate();
    s.indexing.gate = slow.promise;
    await s.queue.enqueue(s.add([file('a.txt', `${LONG} a`), file('b.txt', `${LONG} b`), file('c.txt', `${LONG} c`)]), 'upload', 'x');
    // a.txt waits to be indexed: b.txt is already being parsed, c.txt not yet (one file ahead).
    await until(() => s.parser.started.includes('b.txt'));
    expect(s.indexing.names).toEqual([]);
    expect(s.parser.started).toEqual(['a.txt', 'b.txt']);
    // Nothing of b.txt is written before its turn: its row is still the queued one.
    const b = (await s.documents.list()).find((d) => d.name === 'b.txt');
    expect(b?.status).toBe('queued');
    slow.open();
    await s.queue.idle();
    expect(s.indexing.names).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(s.parser.started).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect((await s.documents.list()).map((d) => d.status)).toEqual(['ready', 'ready', 'ready']);
    const started = s.events.filter((e) => e.type === 'file_started').map((e) => (e.type === 'file_started' ? e.name : ''));
    expect(started).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('reports a broken file read ahead by name, in its turn, and goes on', async () => {
    const s = setup();
    const slow = gate();
    s.indexing.gate = slow.promise;
    const jobId = await s.queue.enqueue(s.add([file('a.txt', `${LONG} a`), file('bad.pdf', 'BROKEN'), file('c.txt', `${LONG} c`)]), 'upload', 'x');
    await until(() => s.parser.started.includes('bad.pdf'));
    // The failure is not reported before a.txt is done.
    expect(s.events.some((e) => e.type === 'file_failed')).toBe(false);
    slow.open();
    await s.queue.idle();
    const docs = await s.documents.list();
    expect(docs.map((d) => [d.name, d.status])).toEqual([['a.txt', 'ready'], ['bad.pdf', 'failed'], ['c.txt', 'ready']]);
    expect(docs[1]?.error).toBe('bad.pdf: not a valid PDF');
    const order = s.events.filter((e) => e.type === 'file_done' || e.type === 'file_failed').map((e) => ('name' in e ? e.name : ''));
    expect(order).toEqual(['a.txt', 'bad.pdf', 'c.txt']);
    expect(s.events.at(-1)).toMatchObject({ type: 'job_done', jobId, summary: { ingested: 2, failed: 1, duplicates: 0 } });
  });

  /** Two files queued, a.txt held at indexing while b.txt is read ahead. */
  async function readingAhead(label: string) {
    const s = setup();
    const slow = gate();
    s.indexing.gate = slow.promise;
    const jobId = await s.queue.enqueue(s.add([file('a.txt', `${LONG} a`), file('b.txt', `${LONG} b`)]), 'upload', label);
    await until(() => s.parser.started.includes('b.txt'));
    return { s, slow, jobId };
  }

  it('a pause while the next file is read ahead drops that read; resume reads it once more and commits it once', async () => {
    const { s, slow, jobId } = await readingAhead('p');
    await s.queue.pause(jobId);
    slow.open();
    await s.queue.idle();
    // a.txt was committed before the pause (indexing is not interrupted); b.txt never started its turn.
    expect((await s.queue['deps'].store.items(jobId)).map((i) => i.status)).toEqual(['done', 'pending']);
    expect(s.events.some((e) => e.type === 'file_started' && e.name === 'b.txt')).toBe(false);
    expect((await s.documents.list()).map((d) => [d.name, d.status]).sort()).toEqual([['a.txt', 'ready'], ['b.txt', 'queued']]);
    await s.queue.resume(jobId);
    await s.queue.idle();
    expect((await s.documents.list()).map((d) => [d.name, d.status]).sort()).toEqual([['a.txt', 'ready'], ['b.txt', 'ready']]);
    expect(s.indexing.names).toEqual(['a.txt', 'b.txt']);
    expect(s.parser.started).toEqual(['a.txt', 'b.txt', 'b.txt']);
    expect(await s.db.chunks.count()).toBe((await s.documents.list()).reduce((n, d) => n + d.chunkCount, 0));
  });

  it('a cancel while the next file is read ahead leaves nothing of it', async () => {
    const { s, slow, jobId } = await readingAhead('c');
    await s.queue.cancel(jobId);
    slow.open();
    await s.queue.idle();
    // a.txt was committed before the cancel (indexing is not interrupted); nothing of b.txt.
    expect((await s.documents.list()).map((d) => d.name)).toEqual(['a.txt']);
    expect(s.indexing.names).toEqual(['a.txt']);
    expect(await s.db.chunks.count()).toBe((await s.documents.list())[0]?.chunkCount);
    expect((await s.queue['deps'].store.items(jobId)).map((i) => i.status)).toEqual(['done', 'cancelled']);
  });

  it('a file whose copy is gone when read ahead fails by name in its turn', async () => {
    const s = setup();
    const slow = gate();
    s.indexing.gate = slow.promise;
    const files = s.add([file('a.txt', `${LONG} a`), file('gone.txt', `${LONG} g`)]);
    s.resolver.files.delete('gone.txt');
    await s.queue.enqueue(files, 'upload', 'g');
    await until(() => s.parser.started.includes('a.txt'));
    slow.open();
    await s.queue.idle();
    const items = await s.db.queue.orderBy('seq').toArray();
    expect(items.map((i) => [i.name, i.status, i.error])).toEqual([
      ['a.txt', 'done', null],
      ['gone.txt', 'failed', 'gone.txt: the file is no longer available'],
    ]);
  });
});
