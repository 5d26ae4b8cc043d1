import { useState, type MouseEvent } from 'react';
import { APP } from './app-strings';
import { Composer, ConversationPanel } from './ask/ConversationPanel';
import { DocumentsDrawer } from './documents/DocumentsDrawer';
import { DocumentsPanel } from './documents/DocumentsPanel';
import { useStrings } from './i18n/LanguageProvider';
import { Notices } from './Notices';
import { ReviewView } from './review/ReviewView';
import { SharedPlaybookPrompt } from './review/SharedPlaybookPrompt';
import { useRovingFocus } from './common/roving';
import { SettingsDialog, type SettingsTab } from './settings/SettingsDialog';
import { SourceViewer } from './viewer/SourceViewer';
import type { OpenSource } from './viewer/open-source';
import { UpdatePrompt } from './UpdatePrompt';
import { WorkspaceBar } from './WorkspaceBar';
import { useWorkspace } from './common/hooks';
import { useNarrow } from './common/narrow';

/**
 * The app's frame. Keyboard: the skip link is the first Tab stop; then the views (Ask, Review:
 * one stop, ← → between them), the workspace menu, Settings, and the question box — the fifth
 * stop from the top, whatever the workspace holds (the Ask view puts the question box first and
 * shows it at the top of the conversation column; every list below is one stop).
 */
export function App() {
  const ws = useWorkspace();
  const t = useStrings(APP);
  const [source, setSource] = useState<OpenSource | null>(null);
  const [settings, setSettings] = useState<SettingsTab | null>(null);
  const [view, setView] = useState<'ask' | 'review'>('ask');
  const narrow = useNarrow();
  const views = useRovingFocus<HTMLDivElement>({ rows: '[role=tablist]' });
  // The skip link: the first Tab stop, to the question box (from the Review view too).
  const skipToQuestion = (e: MouseEvent) => {
    e.preventDefault();
    setView('ask');
    requestAnimationFrame(() => document.getElementById('question')?.focus());
  };
  return (
    <div className="app">
      <a className="skip-link" href="#question" onClick={skipToQuestion}>
        {t.skipToQuestion}
      </a>
      <header className="topbar">
        <div className="brand">
          <img src={`${import.meta.env.BASE_URL}icons/icon.svg`} alt="" width={28} height={28} />
          <h1 className="brand-name">Casefile</h1>
          <span className="brand-tag">{t.tagline}</span>
          <UpdatePrompt />
        </div>
        <nav className="view-nav" aria-label={t.views} ref={views}>
          <div role="tablist" aria-label={t.views}>
            {(['ask', 'review'] as const).map((v) => (
              <button key={v} type="button" role="tab" id={`tab-${v}`} aria-selected={view === v} aria-controls={`view-${v}`} onClick={() => setView(v)}>
                {v === 'ask' ? t.ask : t.review}
              </button>
            ))}
          </div>
        </nav>
        <div className="topbar-actions">
          <WorkspaceBar />
          <button type="button" className="ghost" onClick={() => setSettings('search')}>
            {t.settings}
          </button>
        </div>
      </header>
      <main id="view-ask" className="layout ask-layout" key={ws.generation} hidden={view !== 'ask'}>
        <Composer />
        {narrow ? <DocumentsDrawer /> : <DocumentsPanel />}
        <ConversationPanel onOpen={setSource} onSetUpModel={() => setSettings('models')} />
      </main>
      <main id="view-review" className="layout review-layout" key={`review-${ws.generation}`} hidden={view !== 'review'}>
        <ReviewView active={view === 'review'} onOpen={setSource} />
      </main>
      {source && <SourceViewer source={source} onClose={() => setSource(null)} />}
      {settings && <SettingsDialog initial={settings} onClose={() => setSettings(null)} />}
      <SharedPlaybookPrompt onInstalled={() => setView('review')} />
      <Notices />
    </div>
  );
}
