/** Hooks for the review screens: the playbook library, the scan job, the reviewer's name, ready documents. */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { LibraryState } from '../../app/review/playbook-library';
import type { ReviewerState } from '../../app/review/reviewer';
import type { ScanView } from '../../app/review/scan-service';
import type { DocumentRecord } from '../../core/types';
import { useCasefile, useDocumentList, useSession } from '../common/hooks';

export function usePlaybooks(): LibraryState {
  const app = useCasefile();
  return useSyncExternalStore(
    (cb) => app.playbooks.subscribe(cb),
    () => app.playbooks.state,
  );
}

export function useScanView(): ScanView {
  const { scans } = useSession();
  return useSyncExternalStore(
    (cb) => scans.subscribe(cb),
    () => scans.view,
  );
}

export function useReviewer(): ReviewerState {
  const app = useCasefile();
  const state = useSyncExternalStore(
    (cb) => app.reviewer.subscribe(cb),
    () => app.reviewer.state,
  );
  useEffect(() => {
    if (!state.loaded) void app.reviewer.name();
  }, [app, state.loaded]);
  return state;
}

/** Documents whose text is ready to scan, live (the shared, paced document list: an import writes each document several times). */
export function useReadyDocuments(): DocumentRecord[] {
  const docs = useDocumentList();
  return useMemo(() => docs.filter((d) => d.status === 'ready' || d.status === 'degraded'), [docs]);
}
