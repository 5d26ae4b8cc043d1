import { useState } from 'react';
import type { Passage } from '../core/search/retrieve';
import { DocumentsPanel } from './DocumentsPanel';
import { Notices } from './Notices';
import { SearchPanel } from './SearchPanel';
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
  const [settings, setSettings] = useState(false);
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
          <button type="button" className="ghost" onClick={() => setSettings(true)}>
            Settings
          </button>
        </div>
      </header>
      <main className="layout" key={ws.generation}>
        <DocumentsPanel />
        <SearchPanel onOpen={setSource} />
      </main>
      {source && <SourceViewer source={source} onClose={() => setSource(null)} />}
      {settings && <SettingsDialog onClose={() => setSettings(false)} />}
      <Notices />
      <UpdatePrompt />
    </div>
  );
}
