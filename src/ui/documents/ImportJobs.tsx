/**
 * The import job bar: each running or paused import with its title, overall progress (files
 * done, the current file's pages counted in, an ETA), the file being read with its page (and
 * "(OCR)" while its scanned pages are recognised), pause/resume and cancel. A polite live region
 * tells screen readers when files finish and when the imports are done.
 */
import { useState } from 'react';
import type { JobSummary } from '../../core/ingest/queue';
import type { DocumentRecord } from '../../core/types';
import { DOCUMENTS, type DocumentsStrings } from './documents-strings';
import { DOCUMENT_LIST_INTERVAL_MS, useLiveQuery, useSession, useWorkspace, type FileProgress, type ImportProgress } from '../common/hooks';
import { useLanguage } from '../i18n/LanguageProvider';
import { fileLine, jobCounts, jobTitle } from './import-labels';

/** What the live region says: the jobs' counts while they run, "Import finished" once they end. */
function useAnnouncement(t: DocumentsStrings, jobs: readonly JobSummary[]): string {
  const summary = jobs.map(({ job, total, done }) => t.jobDone(jobTitle(t, job.label, total, job.status === 'paused'), done, total)).join('. ');
  // "Finished" once the last job ends (state adjusted while rendering, as React advises).
  const [seen, setSeen] = useState(jobs.length);
  const [finished, setFinished] = useState(false);
  if (seen !== jobs.length) {
    setSeen(jobs.length);
    setFinished(seen > 0 && jobs.length === 0);
  }
  return summary || (finished ? t.importFinished : '');
}

const NO_IMPORTS: JobSummary[] = [];

export function ImportJobs({ progress, files, documents }: { progress: ImportProgress['jobs']; files: ImportProgress['files']; documents: readonly DocumentRecord[] }) {
  const { imports } = useSession();
  const ws = useWorkspace();
  // Counts and the files being read, not every file of the job: re-read often during an import.
  const jobs = useLiveQuery<JobSummary[]>(() => imports.summaries(), [ws.generation], NO_IMPORTS, { minIntervalMs: DOCUMENT_LIST_INTERVAL_MS });
  const { lang } = useLanguage();
  const t = DOCUMENTS[lang];
  const announcement = useAnnouncement(t, jobs);
  const status = new Map(documents.map((d) => [d.id, d.status]));
  return (
    <>
      <p className="visually-hidden" role="status" data-testid="import-announcement">
        {announcement}
      </p>
      {jobs.length > 0 && (
        <ul className="jobs" aria-label={t.imports}>
          {jobs.map(({ job, total, done, running }) => {
            const paused = job.status === 'paused';
            const partOf = (p: FileProgress | undefined) => (p && p.pages > 0 ? Math.min(1, p.page / p.pages) : 0);
            const value = done + running.reduce((n, i) => n + partOf(files[i.documentId]), 0);
            const title = jobTitle(t, job.label, total, paused);
            // No progress event yet: no estimate yet either ("estimating…").
            const eta = paused ? undefined : progress[job.id] ? progress[job.id]!.etaMs : null;
            return (
              <li key={job.id} className="job" data-testid="import-job">
                <p className="job-title">
                  <strong>{title}</strong> <span data-testid="job-counts">{jobCounts(t, lang, done, total, eta)}</span>
                </p>
                <progress aria-label={t.overall(title)} max={total} value={value} />
                {!paused &&
                  running.map((i) => {
                    const p = files[i.documentId];
                    return (
                      <p key={i.id} className="job-file" data-testid="job-file" title={i.path || i.name}>
                        {fileLine(t, i.name, p?.page ?? 0, p?.pages ?? 0, status.get(i.documentId) === 'ocr', p?.stage ?? 'Reading')}
                      </p>
                    );
                  })}
                <div className="job-actions">
                  {paused ? (
                    <button type="button" className="small" onClick={() => void imports.resume(job.id)}>
                      {t.resume}
                    </button>
                  ) : (
                    <button type="button" className="small" onClick={() => void imports.pause(job.id)}>
                      {t.pause}
                    </button>
                  )}
                  <button type="button" className="small ghost danger" onClick={() => void imports.cancel(job.id)}>
                    {t.cancelImport}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
