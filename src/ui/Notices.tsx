import { APP } from './app-strings';
import { useStrings } from './i18n/LanguageProvider';
import { useState } from 'react';
import { useEvents } from './common/hooks';

interface Notice {
  readonly id: number;
  readonly text: string;
  readonly kind: 'info' | 'error';
}

let nextId = 1;

/** Short-lived messages from the event stream (duplicates skipped, failures, cancelled jobs). */
export function Notices() {
  const t = useStrings(APP);
  const [notices, setNotices] = useState<Notice[]>([]);
  const push = (text: string, kind: Notice['kind']) => {
    const id = nextId++;
    setNotices((n) => [...n.slice(-3), { id, text, kind }]);
    setTimeout(() => setNotices((n) => n.filter((x) => x.id !== id)), 8000);
  };
  useEvents((e) => {
    if (e.type === 'status' && (e.stage === 'duplicate' || e.stage === 'model')) push(e.message, 'info');
    else if (e.type === 'job_failed') push(e.error.message, 'error');
    else if (e.type === 'file_failed') push(e.error.message, 'error');
    else if (e.type === 'job_cancelled' && !e.jobId.startsWith('llm-load-')) push(e.jobId.startsWith('llm-download-') ? t.downloadCancelled : e.jobId.startsWith('scan') ? t.scanCancelled : t.importCancelled, 'info');
  }, [t]);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <p key={n.id} className={`notice notice-${n.kind}`}>
          {n.text}
        </p>
      ))}
    </div>
  );
}
