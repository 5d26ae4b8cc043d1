/**
 * The search of one workspace as the UI sees it: always the latest question's result, never a
 * stale one.
 *
 * - A newer question supersedes the running search: it is aborted (the index worker stops it
 *   between stages) and its result never reaches the view.
 * - Re-running after imports is coalesced: a finished or failed file schedules one re-run of
 *   the latest question `coalesceMs` (1 s) later, and every file finishing meanwhile rides on
 *   it, so a 200-file import costs a handful of searches, not 200.
 *
 * The work is a SearchRunner (question + signal → outcome). Today it is the retrieval round
 * trip with the workspace's settings (`retrievalRunner`); the core `ask()` (src/core/ask)
 * slots in as another runner whose outcome carries its AskResult.
 */
import { AbortedError, describeError } from '../core/errors';
import type { CasefileEvent } from '../core/events';
import type { Retriever } from '../core/ports';
import type { PipelineResponse, PipelineSettings, RetrievalMode } from '../core/search/pipeline';

export interface SearchOutcome {
  readonly question: string;
  readonly mode: RetrievalMode;
  /** The retrieval round trip (passages and explanation); null when nothing was retrieved. */
  readonly response: PipelineResponse | null;
  /** Why nothing was retrieved, for the user (e.g. the mode needs a language model). */
  readonly notice: string | null;
}

export type SearchRunner = (question: string, options: { readonly signal: AbortSignal }) => Promise<SearchOutcome>;

export interface SearchView {
  readonly busy: boolean;
  /** The latest outcome with passages (kept while a newer search runs or when one fails). */
  readonly outcome: SearchOutcome | null;
  readonly error: string | null;
  /** Searches that completed and were shown; superseded ones do not count. */
  readonly completed: number;
}

export const DIRECT_MODE_NOTICE =
  '“Language model only” mode needs a language model, and none is available on this device. Choose “Passages only” in Settings → Search.';

/** The retrieval round trip with the workspace's pipeline settings. */
export function retrievalRunner(retriever: Retriever, settings: () => Promise<PipelineSettings>): SearchRunner {
  return async (question, { signal }) => {
    const s = await settings();
    if (s.mode === 'direct') return { question, mode: s.mode, response: null, notice: DIRECT_MODE_NOTICE };
    const response = await retriever.search({ text: question, settings: s }, { signal });
    return { question, mode: s.mode, response, notice: null };
  };
}

export interface SearchServiceDeps {
  readonly run: SearchRunner;
  /** The app's event stream: finished and failed files re-run the latest question. */
  readonly events: { subscribe(listener: (event: CasefileEvent) => void): () => void };
  /** At most one re-run per this many milliseconds of import activity (default 1000). */
  readonly coalesceMs?: number;
}

export class SearchService {
  #view: SearchView = { busy: false, outcome: null, error: null, completed: 0 };
  readonly #listeners = new Set<() => void>();
  readonly #run: SearchRunner;
  readonly #coalesceMs: number;
  readonly #unsubscribe: () => void;
  /** The running search; a newer one replaces (and aborts) it. */
  #current: AbortController | null = null;
  /** The latest question asked. */
  #question: string | null = null;
  #rerun: ReturnType<typeof setTimeout> | null = null;
  #disposed = false;
  /** Re-runs started because of imports (tests, diagnostics). */
  reruns = 0;

  constructor(deps: SearchServiceDeps) {
    this.#run = deps.run;
    this.#coalesceMs = deps.coalesceMs ?? 1000;
    this.#unsubscribe = deps.events.subscribe((event) => this.#onEvent(event));
  }

  get view(): SearchView {
    return this.#view;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Asks a question, superseding the running search. Resolves when this search has settled. */
  async ask(question: string): Promise<void> {
    if (!question.trim() || this.#disposed) return;
    this.#current?.abort(new AbortedError('search (superseded)'));
    const controller = new AbortController();
    this.#current = controller;
    this.#question = question;
    this.#set({ busy: true, error: null });
    let patch: Partial<SearchView> = {};
    try {
      const outcome = await this.#run(question, { signal: controller.signal });
      patch = outcome.response ? { outcome, error: null } : { outcome: null, error: outcome.notice };
    } catch (error) {
      patch = { error: describeError(error) };
    } finally {
      // A superseded (or disposed) search leaves the view alone: only the latest is shown.
      if (this.#current === controller) {
        this.#current = null;
        this.#set({ ...patch, busy: false, completed: this.#view.completed + 1 });
      }
    }
  }

  /** Runs a question without touching the view (benchmarks, tools). */
  search(question: string, signal: AbortSignal = new AbortController().signal): Promise<SearchOutcome> {
    return this.#run(question, { signal });
  }

  /** Stops the running search and the re-runs; the view stays as it is. */
  dispose(): void {
    this.#disposed = true;
    this.#unsubscribe();
    if (this.#rerun !== null) clearTimeout(this.#rerun);
    this.#rerun = null;
    this.#current?.abort(new AbortedError('search'));
    this.#current = null;
  }

  /** The documents changed (e.g. in another tab): re-runs the latest question once the burst has passed. */
  stale(): void {
    // Results must not show deleted or re-indexed documents.
    if (this.#disposed || this.#rerun !== null || this.#question === null || this.#view.outcome === null) return;
    this.#rerun = setTimeout(() => {
      this.#rerun = null;
      if (this.#question === null) return;
      this.reruns++;
      void this.ask(this.#question);
    }, this.#coalesceMs);
  }

  #onEvent(event: CasefileEvent): void {
    if (event.type === 'file_done' || event.type === 'file_failed') this.stale();
  }

  #set(patch: Partial<SearchView>): void {
    this.#view = { ...this.#view, ...patch };
    for (const listener of this.#listeners) listener();
  }
}
