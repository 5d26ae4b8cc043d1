import type { ActiveImport } from '../app/imports';
import { UNFINISHED } from '../core/ingest/queue';
import { useLiveQuery, useSession, useWorkspace, type ImportProgress } from './hooks';

function eta(ms: number | null): string {
  if (ms === null || ms <= 0) return '';
  if (ms < 60_000) return ` · about ${Math.max(1, Math.round(ms / 1000))} s left`;
  return ` · about ${Math.round(ms / 60_000)} min left`;
}

/** Running and paused imports with overall progress, ETA, pause/resume and cancel. */
export function ImportJobs({ progress }: { progress: ImportProgress['jobs'] }) {
  const { imports } = useSession();
  const ws = useWorkspace();
  const jobs = useLiveQuery<ActiveImport[]>(() => imports.active(), [ws.generation], []);
  if (jobs.length === 0) return null;
  return (
    <ul className="jobs" aria-label="Imports">
      {jobs.map(({ job, items }) => {
        const done = items.filter((i) => !UNFINISHED.has(i.status)).length;
        const paused = job.status === 'paused';
        return (
          <li key={job.id} className="job">
            <label htmlFor={`job-${job.id}`}>
              {paused ? 'Paused' : 'Importing'} {job.label.toLowerCase()}: {done} of {items.length} files
              {!paused ? eta(progress[job.id]?.etaMs ?? null) : ''}
            </label>
            <progress id={`job-${job.id}`} max={items.length} value={done} />
            <div className="job-actions">
              {paused ? (
                <button type="button" className="small" onClick={() => void imports.resume(job.id)}>
                  Resume
                </button>
              ) : (
                <button type="button" className="small" onClick={() => void imports.pause(job.id)}>
                  Pause
                </button>
              )}
              <button type="button" className="small ghost danger" onClick={() => void imports.cancel(job.id)}>
                Cancel import
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
