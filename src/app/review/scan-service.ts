/**
 * Contract scans in one workspace: documents against a playbook, in the scan worker, one batch
 * after another, with progress, ETA and cancel, every event on the app's EventBus, and each
 * result stored (ScanStore) before its `scan_done` is published, so a view that re-reads on
 * `scan_done` finds it.
 *
 * - Idempotent: a document whose content and playbook (id, version, content) have a stored
 *   scan is not scanned again (`scan_done` with `cached`), unless `force`, or unless a language
 *   model is now ready for model checks that were "not checked" last time.
 * - Re-runs: when a scanned document is imported again (its content may have changed) or a
 *   playbook it was scanned with is installed, edited or removed, its scans are brought up to
 *   date; unchanged ones stay cached, so this costs nothing when nothing changed.
 * - Model checks use the workspace's language model (`session.chat`), loaded on the page only
 *   when the playbook has model checks; the scan worker calls back for each question
 *   (scan-proxy.ts). Without one they are "not checked", never passed.
 *
 * `start({ documentIds, playbookId })` is also what the Ask view calls once the user approves a
 * proposed scan (the answer layer's scan_request action).
 */
import { AbortedError, describeError, InputError, isAbort, toSerialized } from '../../core/errors';
import type { CasefileEvent } from '../../core/events';
import type { ChatModel, Embedder } from '../../core/ports';
import type { Playbook } from '../../core/scan/playbook';
import { readerIdentity } from '../../core/scan/reader';
import { scanKey } from '../../core/scan/scan';
import type { ScanStore } from '../../core/scan/store';
import type { ScanRecord } from '../../core/scan/types';
import type { ChunkRecord, DocumentRecord } from '../../core/types';
import type { ChatAccess } from '../models/chat-access';
import type { EventBus } from '../event-bus';
import type { PlaybookLibrary } from './playbook-library';
import type { ScanJob } from '../workers/scan-proxy';

export interface ScanStartRequest {
  readonly documentIds: readonly string[];
  readonly playbookId: string;
  /** Scan again even when a scan of the same document and playbook version is stored. */
  readonly force?: boolean;
}

interface ScanFailure {
  readonly documentId: string;
  readonly name: string;
  readonly message: string;
}

export interface ScanBatchResult {
  readonly batchId: string;
  readonly playbookId: string;
  readonly status: 'done' | 'cancelled';
  readonly scans: readonly ScanRecord[];
  readonly failures: readonly ScanFailure[];
}

interface RunningScan {
  readonly batchId: string;
  readonly playbookName: string;
  readonly documents: number;
  /** 0-based index of the document being scanned. */
  readonly current: number;
  readonly currentName: string;
  /** Share of the batch done, 0..1 (never goes backwards). */
  readonly fraction: number;
  /** Estimated milliseconds left for the batch, when it can be estimated. */
  readonly etaMs: number | null;
}

export interface ScanView {
  readonly running: RunningScan | null;
  /** Batches waiting behind the running one. */
  readonly queued: number;
  readonly last: ScanBatchResult | null;
}

export interface ScanServiceDeps {
  readonly documents: {
    getDocument(id: string): Promise<DocumentRecord | undefined>;
    chunks(documentId: string): Promise<ChunkRecord[]>;
  };
  readonly store: ScanStore;
  readonly playbooks: Pick<PlaybookLibrary, 'get' | 'onChange'>;
  readonly scanner: {
    scan(job: ScanJob): AsyncGenerator<CasefileEvent, ScanRecord, undefined>;
    /** The clause model's identity, part of a scan's key: a scan stored by an earlier model is made again. */
    classifierIdentity(): Promise<string>;
  };
  readonly chat: Pick<ChatAccess, 'state' | 'model'>;
  /** The embedder usable now, if any (its similarity to clause examples is extra evidence). */
  readonly embedder: () => Embedder | null;
  readonly events: Pick<EventBus, 'publish' | 'subscribe'>;
  readonly now?: () => number;
}

const SCANNABLE = new Set<DocumentRecord['status']>(['ready', 'degraded']);

/** Ids of the playbook's rules that put a question to the language model. */
function modelRules(playbook: Playbook): Set<string> {
  return new Set(playbook.rules.filter((r) => r.checks?.some((c) => c.type === 'model')).map((r) => r.id));
}

/** The document, when it exists and its text is ready; InputError naming it otherwise. */
function scannable(document: DocumentRecord | undefined, documentId: string): DocumentRecord {
  if (!document) throw new InputError(`scan: no document ${documentId} in this workspace`, { documentId });
  if (!SCANNABLE.has(document.status)) throw new InputError(`scan: ${document.name} is not ready (${document.status})`, { documentId });
  return document;
}

const warn = (what: string) => (error: unknown) => {
  if (!isAbort(error)) console.warn(`Casefile: ${what}: ${describeError(error)}`);
};

export class ScanService {
  readonly #deps: ScanServiceDeps;
  readonly #now: () => number;
  readonly #listeners = new Set<() => void>();
  /** Running and queued batches (cancel stops them all). */
  readonly #controllers = new Set<AbortController>();
  readonly #unsubscribe: (() => void)[] = [];
  #view: ScanView = { running: null, queued: 0, last: null };
  #chain: Promise<unknown> = Promise.resolve();
  #batches = 0;
  #jobs = 0;
  #disposed = false;

  constructor(deps: ScanServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.#unsubscribe.push(
      deps.events.subscribe((e) => {
        if (e.type === 'file_done' && SCANNABLE.has(e.status)) this.#documentChanged(e.documentId).catch(warn('re-scanning an imported document'));
      }),
      deps.playbooks.onChange((id) => {
        this.#playbookChanged(id).catch(warn(`re-scanning with playbook ${id}`));
      }),
    );
  }

  get view(): ScanView {
    return this.#view;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Scans documents against a playbook after any batch already running. Resolves when the batch
   * ends (done or cancelled; a document that fails is listed in `failures`, the others go on);
   * rejects at once with InputError for an empty list or an unknown playbook.
   */
  async start(request: ScanStartRequest): Promise<ScanBatchResult> {
    if (this.#disposed) throw new AbortedError('scan (the workspace is closed)');
    if (request.documentIds.length === 0) throw new InputError('scan: choose at least one document');
    const playbook = await this.#deps.playbooks.get(request.playbookId);
    if (!playbook) throw new InputError(`scan: no playbook "${request.playbookId}"`, { playbookId: request.playbookId });
    const controller = new AbortController();
    this.#controllers.add(controller);
    const batchId = `scan-batch-${++this.#batches}`;
    this.#set({ queued: this.#view.queued + 1 });
    const run = this.#chain.then(() => {
      this.#set({ queued: this.#view.queued - 1 });
      return this.#run(batchId, playbook, request, controller);
    });
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /** Cancels the running batch and every queued one. */
  cancel(): void {
    for (const c of this.#controllers) c.abort();
  }

  /**
   * "Test on a document": scans with a playbook that need not be installed (the editor's draft),
   * storing nothing and publishing nothing; the caller shows which rules fire where.
   */
  async test(documentId: string, playbook: Playbook, options: { readonly signal?: AbortSignal } = {}): Promise<ScanRecord> {
    const document = scannable(await this.#deps.documents.getDocument(documentId), documentId);
    const scan = this.#deps.scanner.scan({ jobId: `scan-test-${++this.#jobs}`, document, chunks: await this.#deps.documents.chunks(document.id), playbook, chatModel: await this.#chatModel(playbook, options.signal), embedder: this.#deps.embedder(), signal: options.signal });
    for (;;) {
      const next = await scan.next();
      if (next.done) return next.value;
    }
  }

  /** Stops every scan; the session is closing. */
  /** Who reads a scan now (scan/reader.ts): the clause model, and the embedder loaded, if any; part of every scan's key. */
  async readerIdentity(): Promise<string> {
    return readerIdentity(await this.#deps.scanner.classifierIdentity(), this.#deps.embedder()?.model.id);
  }

  dispose(): void {
    this.#disposed = true;
    this.cancel();
    for (const u of this.#unsubscribe.splice(0)) u();
    this.#listeners.clear();
  }

  async #run(batchId: string, playbook: Playbook, request: ScanStartRequest, controller: AbortController): Promise<ScanBatchResult> {
    const { signal } = controller;
    const ids = [...new Set(request.documentIds)];
    const scans: ScanRecord[] = [];
    const failures: ScanFailure[] = [];
    let cancelled = false;
    // ETA: what the current document's job estimates, plus the documents after it at the mean
    // time of those done so far (or, for the first, this one's projected time).
    const started = this.#now();
    let docStarted = started;
    let fraction = 0;
    const progress = (current: number, name: string, docFraction: number, docEta: number | null) => {
      fraction = Math.max(fraction, (current + docFraction) / ids.length);
      const now = this.#now();
      const perDoc = current > 0 ? (docStarted - started) / current : docEta !== null ? now - docStarted + docEta : null;
      const etaMs = docEta === null || perDoc === null ? null : Math.round(docEta + perDoc * (ids.length - current - 1));
      this.#set({ running: { batchId, playbookName: playbook.name, documents: ids.length, current, currentName: name, fraction, etaMs } });
    };
    try {
      for (const [i, documentId] of ids.entries()) {
        if (signal.aborted) throw new AbortedError('scan');
        let name = documentId;
        try {
          const found = await this.#deps.documents.getDocument(documentId);
          name = found?.name ?? documentId;
          const document = scannable(found, documentId);
          docStarted = this.#now();
          progress(i, name, 0, null);
          scans.push(await this.#scanOne(document, playbook, request.force ?? false, signal, (f, eta) => progress(i, name, f, eta)));
        } catch (error) {
          if (isAbort(error) || signal.aborted) throw error;
          failures.push({ documentId, name, message: describeError(error) });
        }
      }
    } catch (error) {
      if (!isAbort(error) && !signal.aborted) throw error;
      cancelled = true;
    } finally {
      this.#controllers.delete(controller);
    }
    const result: ScanBatchResult = { batchId, playbookId: playbook.id, status: cancelled ? 'cancelled' : 'done', scans, failures };
    this.#set({ running: null, last: result });
    return result;
  }

  async #scanOne(document: DocumentRecord, playbook: Playbook, force: boolean, signal: AbortSignal, onProgress: (fraction: number, etaMs: number | null) => void): Promise<ScanRecord> {
    const jobId = `scan-${++this.#jobs}:${document.id}`;
    const publish = this.#deps.events.publish;
    const key = scanKey(document, playbook, await this.readerIdentity());
    const stored = force ? undefined : await this.#deps.store.getScan(key);
    const chatModel = await this.#chatModel(playbook, signal);
    const modelIds = modelRules(playbook);
    const retryModel = chatModel !== null && stored?.outcomes.some((o) => o.outcome === 'not_checked' && modelIds.has(o.ruleId));
    if (stored?.status === 'done' && !retryModel) {
      publish({ type: 'scan_done', flags: stored.flags.length, scanKey: key, documentId: document.id, cached: true, jobId, at: this.#now() });
      return stored;
    }
    const chunks = await this.#deps.documents.chunks(document.id);
    if (chunks.length === 0) throw new InputError(`scan: ${document.name} has no text to scan`, { documentId: document.id });
    const scan = this.#deps.scanner.scan({ jobId, document, chunks, playbook, chatModel, embedder: this.#deps.embedder(), signal });
    let done: CasefileEvent | null = null;
    let ended = false;
    try {
      for (;;) {
        const next = await scan.next();
        if (next.done) {
          await this.#deps.store.putScan(next.value);
          publish(done ?? { type: 'scan_done', flags: next.value.flags.length, scanKey: key, documentId: document.id, cached: false, jobId, at: this.#now() });
          return next.value;
        }
        const event = next.value;
        if (event.type === 'scan_done') done = event; // published once the record is stored
        else publish(event);
        if (event.type === 'job_failed' || event.type === 'job_cancelled') ended = true;
        if (event.type === 'progress') onProgress(event.total > 0 ? event.done / event.total : 0, event.etaMs);
      }
    } catch (error) {
      // The worker's own terminal event does not arrive when the page cancels or the worker dies.
      if (!ended) publish(isAbort(error) || signal.aborted ? { type: 'job_cancelled', jobId, at: this.#now() } : { type: 'job_failed', error: toSerialized(error), jobId, at: this.#now() });
      throw error;
    }
  }

  /** The workspace's language model when the playbook asks it questions; null otherwise or when none loads. */
  async #chatModel(playbook: Playbook, signal: AbortSignal | undefined): Promise<ChatModel | null> {
    if (modelRules(playbook).size === 0 || this.#deps.chat.state.provider === 'none') return null;
    try {
      return await this.#deps.chat.model({ signal });
    } catch (error) {
      if (isAbort(error)) throw error;
      this.#deps.events.publish({ type: 'status', stage: 'model', message: `Model checks are not checked: ${describeError(error)}`, jobId: 'scan', at: this.#now() });
      return null;
    }
  }

  async #documentChanged(documentId: string): Promise<void> {
    const playbookIds = new Set((await this.#deps.store.listScans({ documentId })).map((s) => s.playbookId));
    for (const playbookId of playbookIds) {
      if (await this.#deps.playbooks.get(playbookId)) await this.start({ documentIds: [documentId], playbookId });
    }
  }

  async #playbookChanged(playbookId: string): Promise<void> {
    const documentIds = [...new Set((await this.#deps.store.listScans({ playbookId })).map((s) => s.documentId))];
    if (documentIds.length > 0 && (await this.#deps.playbooks.get(playbookId))) await this.start({ documentIds, playbookId });
  }

  #set(patch: Partial<ScanView>): void {
    this.#view = { ...this.#view, ...patch };
    for (const l of this.#listeners) l();
  }
}
