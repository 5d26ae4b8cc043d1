import { APP } from './app-strings';
import { useStrings } from './i18n/LanguageProvider';
import { useState } from 'react';
import { useCasefile, useEvents } from './common/hooks';
import type { SerializedError } from '../core/errors';
import type { SessionPart } from '../core/events';

interface Notice {
  readonly id: number;
  readonly text: string;
  readonly kind: 'info' | 'error';
  /** Stays until dismissed (something the user must know, not a passing message). */
  readonly sticky?: boolean;
}

let nextId = 1;

/** A reason as a sentence of the notice: it ends with its stop. */
const sentence = (message: string) => (/[.!?…]$/u.test(message.trim()) ? message.trim() : `${message.trim()}.`);

/**
 * Messages from the event stream: short-lived ones (duplicates skipped, failures, cancelled jobs)
 * and, until dismissed, a part of the workspace that could not start (also those that failed
 * before this view was there).
 */
export function Notices() {
  const t = useStrings(APP);
  const app = useCasefile();
  const problem = (p: { part: SessionPart; error: SerializedError }) => t.sessionProblem(p.part, sentence(p.error.message));
  // What failed before this view was there (the session starts in the background).
  const [notices, setNotices] = useState<Notice[]>(() => app.session.problems.map((p) => ({ id: nextId++, text: problem(p), kind: 'error', sticky: true })));
  const dismiss = (id: number) => setNotices((n) => n.filter((x) => x.id !== id));
  const push = (text: string, kind: Notice['kind'], sticky = false) => {
    const id = nextId++;
    setNotices((n) => [...n.filter((x, i) => x.sticky || i >= n.length - 3), { id, text, kind, sticky }]);
    if (!sticky) setTimeout(() => dismiss(id), 8000);
  };
  useEvents((e) => {
    if (e.type === 'session_problem') push(problem(e), 'error', true);
    else if (e.type === 'status' && (e.stage === 'duplicate' || e.stage === 'model')) push(e.message, 'info');
    else if (e.type === 'job_failed') push(e.error.message, 'error');
    else if (e.type === 'file_failed') push(e.error.message, 'error');
    else if (e.type === 'job_cancelled' && !e.jobId.startsWith('llm-load-')) push(e.jobId.startsWith('llm-download-') ? t.downloadCancelled : e.jobId.startsWith('scan') ? t.scanCancelled : t.importCancelled, 'info');
  }, [t]);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <p key={n.id} className={`notice notice-${n.kind}`}>
          {n.text}
          {n.sticky && (
            <button type="button" className="ghost small" onClick={() => dismiss(n.id)}>
              {t.dismiss}
            </button>
          )}
        </p>
      ))}
    </div>
  );
}
