import { useState } from 'react';
import type { Passage } from '../core/search/retrieve';
import { ConversationPanel } from './ConversationPanel';
import { DocumentsPanel } from './DocumentsPanel';
import { Notices } from './Notices';
import { SettingsDialog } from './SettingsDialog';
import { SourceViewer } from './SourceViewer';
import { UpdatePrompt } from './UpdatePrompt';
import { WorkspaceBar } from './WorkspaceBar';
import { useWorkspace } from './hooks';

export interface OpenSource {
  readonly passage: Passage;
  readonly terms: readonly string[];
}

export function App() {
  const ws = useWorkspace();
  const [source, setSource] = useState<OpenSource | null>(null);
  const [settings, setSettings] = useState<'search' | 'models' | null>(null);
  return (
    <div className="app">
      <header className="topbar">
        <div className="brand">
          <img src={`${import.meta.env.BASE_URL}icons/icon.svg`} alt="" width={28} height={28} />
          <span className="brand-name">Casefile</span>
          <span className="brand-tag">Private legal document assistant · runs on this device</span>
        </div>
        <div className="topbar-actions">
          <WorkspaceBar />
          <button type="button" className="ghost" onClick={() => setSettings('search')}>
            Settings
          </button>
        </div>
      </header>
      <main className="layout" key={ws.generation}>
        <DocumentsPanel />
        <ConversationPanel onOpen={setSource} onSetUpModel={() => setSettings('models')} />
      </main>
      {source && <SourceViewer source={source} onClose={() => setSource(null)} />}
      {settings && <SettingsDialog initial={settings} onClose={() => setSettings(null)} />}
      <Notices />
      <UpdatePrompt />
    </div>
  );
}
