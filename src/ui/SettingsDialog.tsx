import { useState } from 'react';
import { AnswerSettings } from './AnswerSettings';
import { EmbeddingStatus } from './EmbeddingStatus';
import { LanguageModelSettings } from './LanguageModelSettings';
import { ModelManager } from './ModelManager';
import { SearchSettings } from './SearchSettings';
import { StorageSettings } from './StorageSettings';
import { useCasefile } from './hooks';
import './models.css';
import { useModalDialog } from './modal';

export type SettingsTab = 'search' | 'models' | 'storage';

/** Settings: how this workspace searches and answers, its language model, and the local models and storage of this device. */
export function SettingsDialog({ onClose, initial = 'search' }: { onClose: () => void; initial?: SettingsTab }) {
  const app = useCasefile();
  const dialog = useModalDialog();
  const [tab, setTab] = useState<SettingsTab>(initial);
  return (
    <dialog ref={dialog} className="settings" aria-labelledby="settings-title" onClose={onClose} onCancel={onClose}>
      <header className="viewer-head">
        <h2 id="settings-title">Settings</h2>
        <div role="tablist" aria-label="Settings sections" className="tabs">
          <button type="button" role="tab" aria-selected={tab === 'search'} aria-controls="settings-search" onClick={() => setTab('search')}>
            Search
          </button>
          <button type="button" role="tab" aria-selected={tab === 'models'} aria-controls="settings-models" onClick={() => setTab('models')}>
            Models
          </button>
          <button type="button" role="tab" aria-selected={tab === 'storage'} aria-controls="settings-storage" onClick={() => setTab('storage')}>
            Storage
          </button>
        </div>
        <button type="button" className="ghost" onClick={() => dialog.current?.close()} aria-label="Close settings">
          Close
        </button>
      </header>
      <div className="settings-body">
        {tab === 'search' ? (
          <div role="tabpanel" id="settings-search" aria-label="Search">
            <AnswerSettings />
            <SearchSettings />
          </div>
        ) : tab === 'models' ? (
          <div role="tabpanel" id="settings-models" aria-label="Models">
            <LanguageModelSettings />
            <EmbeddingStatus />
            <ModelManager service={app.models} />
          </div>
        ) : (
          <div role="tabpanel" id="settings-storage" aria-label="Storage">
            <StorageSettings />
          </div>
        )}
      </div>
    </dialog>
  );
}
