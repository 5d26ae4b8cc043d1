/** React hooks over the app services: workspace state and session, live queries, conversations, job progress. */
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Casefile, WorkspaceState } from '../../app/casefile';
import { watch, type WatchOptions } from '../../app/live';
import type { ConversationView } from '../../app/ask/conversation-service';
import type { WorkspaceSession } from '../../app/workspace-session';
import { AppError } from '../../core/errors';
import type { CasefileEvent } from '../../core/events';
import type { DocumentRecord } from '../../core/types';

export const CasefileContext = createContext<Casefile | null>(null);

export function useCasefile(): Casefile {
  const app = useContext(CasefileContext);
  if (!app) throw new AppError('internal', 'useCasefile: no Casefile in context (render inside CasefileContext.Provider)');
  return app;
}

export function useWorkspace(): WorkspaceState {
  const app = useCasefile();
  return useSyncExternalStore(
    (cb) => app.subscribe(cb),
    () => app.workspace,
  );
}

/** The open workspace's services (a new session after every switch). */
export function useSession(): WorkspaceSession {
  const app = useCasefile();
  return useSyncExternalStore(
    (cb) => app.subscribe(cb),
    () => app.session,
  );
}

/** The open workspace's conversation: its turns (the running one live), scope, history. */
export function useConversation(): ConversationView {
  const { conversation } = useSession();
  return useSyncExternalStore(
    (cb) => conversation.subscribe(cb),
    () => conversation.view,
  );
}

/**
 * Re-runs `query` whenever the data it read changes (a live view of the workspace database);
 * with `options.minIntervalMs`, at most once per interval (a view of a whole table, during an import).
 */
export function useLiveQuery<T>(query: () => Promise<T>, deps: readonly unknown[], initial: T, options: WatchOptions = {}): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    return watch(
      query,
      {
        next: setValue,
        error: (error: unknown) => console.error('useLiveQuery failed', error),
      },
      options,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists the query's inputs
  }, deps);
  return value;
}

/**
 * Views of the queue during an import (the Imports list) are re-read at most this often: an
 * import writes each item several times, and re-reading a thousand items after every write made
 * an import slower the more files it had.
 */
export const DOCUMENT_LIST_INTERVAL_MS = 400;

/** The open workspace's documents, oldest first (live; one paced view shared by every component: app/document-list.ts). */
export function useDocumentList(): readonly DocumentRecord[] {
  const { documentList } = useSession();
  return useSyncExternalStore(documentList.subscribe, documentList.current);
}

/** Calls `listener` for every event on the bus while the component is mounted. */
export function useEvents(listener: (event: CasefileEvent) => void, deps: readonly unknown[]): void {
  const app = useCasefile();
  useEffect(
    () => app.events.subscribe(listener),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists the listener's inputs
    [app, ...deps],
  );
}

export interface FileProgress {
  readonly page: number;
  readonly pages: number;
  readonly stage: string;
}

interface JobProgress {
  readonly done: number;
  readonly total: number;
  readonly etaMs: number | null;
}

export interface ImportProgress {
  readonly files: Readonly<Record<string, FileProgress>>;
  /** Latest progress of each running job, by job id. */
  readonly jobs: Readonly<Record<string, JobProgress>>;
}

/** Import events are applied to the progress state this often at most (one render for many pages' events). */
const PROGRESS_INTERVAL_MS = 150;

/** Per-file and overall progress of running imports, from the event stream (rendered at most every PROGRESS_INTERVAL_MS). */
export function useImportProgress(): ImportProgress {
  const [state, setState] = useState<ImportProgress>({ files: {}, jobs: {} });
  const pending = useRef<CasefileEvent[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  useEvents((e) => {
    if (!PROGRESS_EVENTS.has(e.type)) return;
    pending.current.push(e);
    timer.current ??= setTimeout(() => {
      timer.current = null;
      const events = pending.current;
      pending.current = [];
      setState((s) => events.reduce(withProgress, s));
    }, PROGRESS_INTERVAL_MS);
  }, []);
  return state;
}

const PROGRESS_EVENTS = new Set<CasefileEvent['type']>(['file_started', 'page_parsed', 'chunked', 'file_done', 'file_failed', 'progress', 'job_done', 'job_cancelled', 'job_failed']);

/** The progress after one event. */
function withProgress(s: ImportProgress, e: CasefileEvent): ImportProgress {
  switch (e.type) {
    case 'file_started':
      return { ...s, files: { ...s.files, [e.documentId]: { page: 0, pages: 0, stage: 'Reading' } } };
    case 'page_parsed':
      return { ...s, files: { ...s.files, [e.documentId]: { page: e.page, pages: e.pages, stage: 'Reading pages' } } };
    case 'chunked':
      return { ...s, files: { ...s.files, [e.documentId]: { ...(s.files[e.documentId] ?? { page: 0, pages: 0 }), stage: 'Indexing' } } };
    case 'file_done':
    case 'file_failed': {
      if (!e.documentId || !(e.documentId in s.files)) return s;
      const { [e.documentId]: _removed, ...rest } = s.files;
      return { ...s, files: rest };
    }
    case 'progress':
      return e.unit === 'files' ? { ...s, jobs: { ...s.jobs, [e.jobId]: { done: e.done, total: e.total, etaMs: e.etaMs } } } : s;
    case 'job_done':
    case 'job_cancelled':
    case 'job_failed': {
      if (!(e.jobId in s.jobs)) return s;
      const { [e.jobId]: _ended, ...jobs } = s.jobs;
      return { ...s, jobs };
    }
    default:
      return s;
  }
}
