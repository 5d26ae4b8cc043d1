/**
 * Keeps one workspace's dense search in step with the models: which embedder/reranker can be
 * used now (a model is used only when its files are on this device, so nothing is fetched
 * behind the user's back), which vectors the index searches (those of the active embedder
 * only), and the background job that embeds documents that have no vectors of that model yet
 * (documents added while no model was available, or all of them after a switch of embedder).
 * Part of the WorkspaceSession: closing the workspace cancels its backfill.
 */
import { AbortedError, describeError, isAbort, toSerialized } from '../../core/errors';
import { jobEmitter, ProgressTracker, type EventSink } from '../../core/events';
import { newId } from '../../core/hash';
import { embedChunks } from '../../core/ingest/embed';
import type { Embedder, Reranker } from '../../core/ports';
import type { ModelRole } from '../../models/catalog';
import type { DocumentRepository } from '../../store/documents';
import type { IndexClient } from '../workers/index-client';
import type { ModelService } from './model-service';

/** What the backfill needs from the workspace's index. */
export type EmbeddingIndex = Pick<IndexClient, 'useEmbeddingModel' | 'documentsWithoutVectors' | 'addVectors'>;

export interface EmbeddingState {
  /** Model id of the active embedder, or null when dense search is off. */
  readonly model: string | null;
  /** Indexed documents without vectors of that model. */
  readonly missing: number;
  /** A backfill job is running. */
  readonly running: boolean;
}

/** The loaded-or-loadable model of a role, only when its files are on this device. */
function availableModel<T extends Embedder | Reranker>(models: ModelService, role: ModelRole, model: T | null): T | null {
  if (!model) return null;
  const row = models.state.rows.find((r) => r.role === role && r.use === 'primary');
  const kind = row?.status.kind;
  return kind === 'cached' || kind === 'imported' ? model : null;
}

export class Embeddings {
  private state: EmbeddingState = { model: null, missing: 0, running: false };
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | null = null;

  constructor(
    private readonly models: ModelService,
    private readonly index: EmbeddingIndex,
    private readonly documents: DocumentRepository,
    private readonly sink: EventSink,
  ) {}

  get current(): EmbeddingState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<EmbeddingState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  embedder(): Embedder | null {
    return availableModel(this.models, 'embedder', this.models.embedder);
  }

  reranker(): Reranker | null {
    return availableModel(this.models, 'reranker', this.models.reranker);
  }

  /**
   * Points the index at the available embedder's vectors (call after model or workspace
   * changes). Documents left without vectors by an interrupted run are embedded again at once;
   * after a switch to another embedder (no vectors of it yet) the user is asked first, since
   * re-embedding a large workspace takes a while.
   */
  async sync(resume = true): Promise<void> {
    const embedder = this.embedder();
    const dim = embedder?.model.dim;
    const model = embedder && dim ? { modelId: embedder.model.id, dim } : null;
    const { missing, vectors } = await this.index.useEmbeddingModel(model);
    const changed = model?.modelId !== this.state.model;
    this.set({ model: model?.modelId ?? null, missing });
    if (!model || missing === 0 || this.controller || !resume) return;
    if (vectors > 0) void this.backfill();
    else if (changed) {
      this.sink({
        type: 'status', jobId: 'embeddings', at: Date.now(), stage: 'model',
        message: `${missing} document${missing === 1 ? '' : 's'} can be embedded with ${model.modelId} for meaning-based search: Settings → Models.`,
      });
    }
  }

  /** Embeds every indexed document that lacks vectors of the active model, one at a time. */
  async backfill(): Promise<void> {
    const embedder = this.embedder();
    if (!embedder || this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    const jobId = newId();
    const emit = jobEmitter(jobId, this.sink);
    this.set({ running: true });
    try {
      const ids = await this.index.documentsWithoutVectors();
      const progress = new ProgressTracker(emit, 'documents', ids.length);
      for (const id of ids) {
        if (controller.signal.aborted) throw new AbortedError('embedding');
        const repo = this.documents;
        const doc = await repo.getDocument(id);
        if (doc) {
          // The document stays searchable (and its status untouched) while it is embedded.
          const chunks = await repo.chunks(id);
          const vectors = await embedChunks(doc, chunks, embedder, (done, total) => emit({ type: 'embedded', documentId: id, done, total }), controller.signal);
          await repo.saveVectors(id, vectors);
          await this.index.addVectors(id, vectors);
        }
        progress.advance();
        this.set({ missing: Math.max(0, this.state.missing - 1) });
      }
      emit({ type: 'job_done', summary: { embedded: ids.length } });
    } catch (error) {
      if (isAbort(error)) emit({ type: 'job_cancelled' });
      else {
        // Whatever failed keeps its own code (a model that is not there, a full disk, a lost GPU).
        const failure = toSerialized(error);
        emit({ type: 'job_failed', error: { ...failure, message: `Embedding: ${describeError(error)}` } });
      }
    } finally {
      this.controller = null;
      this.set({ running: false });
      // No automatic resume from here: a failing model must not loop.
      await this.sync(false).catch(() => undefined);
    }
  }

  cancel(): void {
    this.controller?.abort(new AbortedError('embedding'));
  }
}
