import { useEffect, useState } from 'react';
import { DOCUMENTS } from './documents/documents-strings';
import { useStrings } from './i18n/LanguageProvider';
import { formatMb, type StorageState } from '../app/browser/storage-space';
import type { DocumentRecord } from '../core/types';
import { useCasefile } from './common/hooks';
import { BYTE_UNITS, withDecimal } from './settings/byte-units';

/** Shown when files did not fit: how much storage is used, and persistent storage on request. */
export function QuotaBanner({ docs }: { docs: readonly DocumentRecord[] }) {
  const app = useCasefile();
  const t = useStrings(DOCUMENTS);
  const units = useStrings(BYTE_UNITS);
  const refused = docs.filter((d) => d.status === 'failed' && d.errorInfo?.code === 'store/quota').length;
  const [state, setState] = useState<StorageState | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    if (refused > 0) app.space.state().then(setState, () => setState(null));
  }, [app, refused]);
  if (refused === 0) return null;
  const persist = () =>
    void app.space.persist().then((granted) => {
      setNote(granted ? t.persistent : t.notPersistent);
      return app.space.state().then(setState);
    });
  return (
    <div className="quota-banner" role="status" data-testid="quota-banner">
      <p>{t.didNotFit(refused, state?.usage != null ? withDecimal(formatMb(state.usage), units) : null)}</p>
      {state && !state.persisted && (
        <button type="button" className="small" onClick={persist}>
          {t.keepPersistent}
        </button>
      )}
      {note && <p>{note}</p>}
    </div>
  );
}
