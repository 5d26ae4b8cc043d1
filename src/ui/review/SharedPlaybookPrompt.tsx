/**
 * Opening a share link: when the page's address carries `#playbook=…`, the playbook is decoded
 * and validated (in the scan worker), shown with its differences from the installed version, and
 * added only if the user agrees. The fragment is then removed from the address, so a reload does
 * not ask again.
 */
import { useStrings } from '../i18n/LanguageProvider';
import { REVIEW } from './review-strings';
import { useEffect, useState } from 'react';
import type { IncomingPlaybook } from '../../app/review/playbook-library';
import { describeError } from '../../core/errors';
import { useCasefile } from '../common/hooks';
import { IncomingPlaybookDialog } from './IncomingPlaybookDialog';

function clearFragment(): void {
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
}

export function SharedPlaybookPrompt({ onInstalled }: { onInstalled: () => void }) {
  const app = useCasefile();
  const t = useStrings(REVIEW);
  const [incoming, setIncoming] = useState<IncomingPlaybook | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const check = () => {
      if (!window.location.hash.includes('playbook=')) return;
      app.playbooks.readLink(window.location.href).then(
        (x) => {
          setIncoming(x);
          if (!x) clearFragment();
        },
        (e: unknown) => {
          clearFragment();
          setError(describeError(e));
        },
      );
    };
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [app]);

  if (error) {
    return (
      <div className="notices shared-error" role="alert">
        <p className="notice notice-error">
          {t.sharedNotAdded(error)}{' '}
          <button type="button" className="small" onClick={() => setError(null)}>
            {t.dismiss}
          </button>
        </p>
      </div>
    );
  }
  if (!incoming) return null;
  return (
    <IncomingPlaybookDialog
      incoming={incoming}
      onClose={() => {
        clearFragment();
        setIncoming(null);
      }}
      onInstalled={onInstalled}
    />
  );
}
