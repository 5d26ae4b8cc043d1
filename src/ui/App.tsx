import { useState, type MouseEvent } from 'react';
import type { Passage } from '../core/search/retrieve';
import { ConversationPanel } from './ConversationPanel';
import { DocumentsDrawer } from './DocumentsDrawer';
import { DocumentsPanel } from './DocumentsPanel';
import { Notices } from './Notices';
import { ReviewView } from './review/ReviewView';
import { SharedPlaybookPrompt } from './review/SharedPlaybookPrompt';
import { SettingsDialog } from './SettingsDialog';
import { SourceViewer } from './SourceViewer';
import { UpdatePrompt } from './UpdatePrompt';
import { WorkspaceBar } from './WorkspaceBar';
import { useWorkspace } from './hooks';
import { useNarrow } from './narrow';

export interface OpenSource {
  readonly passage: Passage;
  readonly terms: readonly string[];
}

export function App() {
  const ws = useWorkspace();
  const [source, setSource] = useState<OpenSource | null>(null);
  const [settings, setSettings] = useState<'search' | 'models' | null>(null);
  const [view, setView] = useState<'ask' | 'review'>('ask');
  const narrow = useNarrow();
  // The skip link: the first Tab stop, to the question box (from the Review view too).
  const skipToQuestion = (e: MouseEvent) => {
    e.preventDefault();
    setView('ask');
    requestAnimationFrame(() => document.getElementById('question')?.focus());
  };
  return (
    <div className="app">
      <a className="skip-link" href="#question" onClick={skipToQuestion}>
        Skip to the question
      </a>
      <header className="topbar">
        <div className="brand">
          <img src={`${import.meta.env.BASE_URL}icons/icon.svg`} alt="" width={28} height={28} />
          <h1 className="brand-name">Casefile</h1>
          <span className="brand-tag">Private legal document assistant · runs on this device</span>
        </div>
        <nav className="view-nav" aria-label="Views">
          {(['ask', 'review'] as const).map((v) => (
            <button key={v} type="button" aria-current={view === v ? 'page' : undefined} onClick={() => setView(v)}>
              {v === 'ask' ? 'Ask' : 'Review'}
            </button>
          ))}
        </nav>
        <div className="topbar-actions">
          <WorkspaceBar />
          <button type="button" className="ghost" onClick={() => setSettings('search')}>
            Settings
          </button>
        </div>
      </header>
      <main className="layout" key={ws.generation} hidden={view !== 'ask'}>
        {narrow ? <DocumentsDrawer /> : <DocumentsPanel />}
        <ConversationPanel onOpen={setSource} onSetUpModel={() => setSettings('models')} />
      </main>
      <main className="layout review-layout" key={`review-${ws.generation}`} hidden={view !== 'review'}>
        <ReviewView active={view === 'review'} onOpen={setSource} />
      </main>
      {source && <SourceViewer source={source} onClose={() => setSource(null)} />}
      {settings && <SettingsDialog initial={settings} onClose={() => setSettings(null)} />}
      <SharedPlaybookPrompt onInstalled={() => setView('review')} />
      <Notices />
      <UpdatePrompt />
    </div>
  );
}
