import { useState } from 'react';
import { AnswerSettings } from './AnswerSettings';
import { EmbeddingStatus } from './EmbeddingStatus';
import { useCasefile } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { LanguageModelSettings } from './LanguageModelSettings';
import { LanguageSettings } from './LanguageSettings';
import { ModelManager } from './ModelManager';
import './models.css';
import { useModalDialog } from '../common/modal';
import { useRovingFocus } from '../common/roving';
import { SearchSettings } from './SearchSettings';
import { SETTINGS } from './settings-strings';
import { StorageSettings } from './StorageSettings';

export type SettingsTab = 'search' | 'models' | 'storage' | 'languages';

const TABS: readonly SettingsTab[] = ['search', 'models', 'storage', 'languages'];

/**
 * Settings: how this workspace searches and answers, its language model, the local models and
 * storage of this device, and the languages (of Casefile, of the workspace's scans). The title,
 * the tabs (one Tab stop, ← → between them) and Close share one row at the top.
 */
export function SettingsDialog({ onClose, initial = 'search' }: { onClose: () => void; initial?: SettingsTab }) {
  const app = useCasefile();
  const dialog = useModalDialog();
  const t = useStrings(SETTINGS);
  const [tab, setTab] = useState<SettingsTab>(initial);
  const tabs = useRovingFocus<HTMLDivElement>({ rows: '[role=tablist]' });
  const names: Record<SettingsTab, string> = { search: t.search, models: t.models, storage: t.storage, languages: t.languages };
  return (
    <dialog ref={dialog} className="settings" aria-labelledby="settings-title" onClose={onClose} onCancel={onClose}>
      <header className="settings-head">
        <h2 id="settings-title">{t.settings}</h2>
        <div className="tabs-wrap" ref={tabs}>
          <div role="tablist" aria-label={t.sections} className="tabs">
            {TABS.map((id) => (
              <button key={id} type="button" role="tab" id={`settings-tab-${id}`} aria-selected={tab === id} aria-controls={`settings-${id}`} onClick={() => setTab(id)}>
                {names[id]}
              </button>
            ))}
          </div>
        </div>
        <button type="button" className="ghost settings-close" onClick={() => dialog.current?.close()} aria-label={t.closeSettings}>
          {t.close}
        </button>
      </header>
      <div className="settings-body">
        {tab === 'search' ? (
          <div role="tabpanel" id="settings-search" aria-labelledby="settings-tab-search">
            <AnswerSettings />
            <SearchSettings />
          </div>
        ) : tab === 'models' ? (
          <div role="tabpanel" id="settings-models" aria-labelledby="settings-tab-models">
            <LanguageModelSettings />
            <EmbeddingStatus />
            <ModelManager service={app.models} />
          </div>
        ) : tab === 'storage' ? (
          <div role="tabpanel" id="settings-storage" aria-labelledby="settings-tab-storage">
            <StorageSettings />
          </div>
        ) : (
          <div role="tabpanel" id="settings-languages" aria-labelledby="settings-tab-languages">
            <LanguageSettings />
          </div>
        )}
      </div>
    </dialog>
  );
}
