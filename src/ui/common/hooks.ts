/** React hooks over the app services: workspace state and session, live queries, conversations, job progress. */
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { Casefile, WorkspaceState } from '../../app/casefile';
import { watch } from '../../app/live';
import type { ConversationView } from '../../app/ask/conversation-service';
import type { WorkspaceSession } from '../../app/workspace-session';
import { AppError } from '../../core/errors';
import type { CasefileEvent } from '../../core/events';

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

/** Re-runs `query` whenever the data it read changes (a live view of the workspace database). */
export function useLiveQuery<T>(query: () => Promise<T>, deps: readonly unknown[], initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    return watch(query, {
      next: setValue,
      error: (error: unknown) => console.error('useLiveQuery failed', error),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists the query's inputs
  }, deps);
  return value;
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

/** Per-file and overall progress of running imports, from the event stream. */
export function useImportProgress(): ImportProgress {
  const [state, setState] = useState<ImportProgress>({ files: {}, jobs: {} });
  useEvents((e) => {
    switch (e.type) {
      case 'file_started':
        setState((s) => ({ ...s, files: { ...s.files, [e.documentId]: { page: 0, pages: 0, stage: 'Reading' } } }));
        break;
      case 'page_parsed':
        setState((s) => ({ ...s, files: { ...s.files, [e.documentId]: { page: e.page, pages: e.pages, stage: 'Reading pages' } } }));
        break;
      case 'chunked':
        setState((s) => ({ ...s, files: { ...s.files, [e.documentId]: { ...(s.files[e.documentId] ?? { page: 0, pages: 0 }), stage: 'Indexing' } } }));
        break;
      case 'file_done':
      case 'file_failed':
        if (e.documentId) {
          const id = e.documentId;
          setState((s) => {
            const { [id]: _removed, ...rest } = s.files;
            return { ...s, files: rest };
          });
        }
        break;
      case 'progress':
        if (e.unit === 'files') setState((s) => ({ ...s, jobs: { ...s.jobs, [e.jobId]: { done: e.done, total: e.total, etaMs: e.etaMs } } }));
        break;
      case 'job_done':
      case 'job_cancelled':
      case 'job_failed': {
        const id = e.jobId;
        setState((s) => {
          const { [id]: _ended, ...jobs } = s.jobs;
          return { ...s, jobs };
        });
        break;
      }
      default:
        break;
    }
  }, []);
  return state;
}
