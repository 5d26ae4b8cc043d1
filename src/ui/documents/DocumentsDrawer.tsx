/**
 * The documents in the narrow layout: a "Documents (N)" button under the top bar opens them in
 * a drawer (a modal dialog: the page behind is inert, Tab stays inside, Escape or Close returns
 * focus to the button). Running imports stay in view outside the drawer.
 */
import { APP } from '../app-strings';
import { DOCUMENTS } from './documents-strings';
import { useStrings } from '../i18n/LanguageProvider';
import { useState } from 'react';
import { DocumentsPanel } from './DocumentsPanel';
import { ImportJobs } from './ImportJobs';
import { useDocumentList, useImportProgress } from '../common/hooks';
import { trapTab, useModalDialog } from '../common/modal';

function Drawer({ onClose, onSearchIn }: { onClose: () => void; onSearchIn: () => void }) {
  const dialog = useModalDialog();
  const t = useStrings(DOCUMENTS);
  const close = useStrings(APP).close;
  return (
    <dialog ref={dialog} className="drawer" aria-labelledby="documents-heading" onClose={onClose} onCancel={onClose} onKeyDown={trapTab}>
      <button type="button" className="ghost drawer-close" onClick={() => dialog.current?.close()} aria-label={t.closeDocuments}>
        {close}
      </button>
      <DocumentsPanel showJobs={false} onSearchIn={onSearchIn} />
    </dialog>
  );
}

export function DocumentsDrawer() {
  const progress = useImportProgress();
  const docs = useDocumentList();
  const [open, setOpen] = useState(false);
  const t = useStrings(DOCUMENTS);
  return (
    <div className="drawer-bar">
      <button type="button" className="drawer-open" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {t.documentsCount(docs.length)}
      </button>
      {docs.length === 0 && <p className="muted small-text drawer-hint">{t.drawerHint}</p>}
      <ImportJobs progress={progress.jobs} files={progress.files} documents={docs} />
      {open && (
        <Drawer
          onClose={() => setOpen(false)}
          onSearchIn={() => {
            setOpen(false);
            // After the drawer has gone (and given focus back to its button).
            requestAnimationFrame(() => document.getElementById('question')?.focus());
          }}
        />
      )}
    </div>
  );
}
