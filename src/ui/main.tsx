import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Casefile } from '../app/casefile';
import { describeError } from '../core/errors';
import { App } from './App';
import { APP } from './app-strings';
import { CasefileContext } from './common/hooks';
import { resolveLanguage, storedSetting } from './i18n/language';
import { LanguageProvider } from './i18n/LanguageProvider';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

// The first workspace is named in the app's language ("Mes documents").
Casefile.start({ firstWorkspaceName: APP[resolveLanguage(storedSetting())].myDocuments }).then(
  (app) => {
    // End-to-end tests and benchmarks reach the app from the page; only their build (vite
    // --mode test) has it, the app users run does not.
    if (import.meta.env.MODE === 'test') {
      (window as unknown as { casefile: Casefile }).casefile = app;
      // The worker CSP probe (src/app/workers/csp-probe.ts) is loaded in the test build only.
      void import('../app/workers/csp-probe').then(({ probeWorker }) => ((window as unknown as { casefileProbeWorker: typeof probeWorker }).casefileProbeWorker = probeWorker));
    }
    window.addEventListener('pagehide', () => void app.flush());
    root.render(
      <StrictMode>
        <LanguageProvider>
          <CasefileContext.Provider value={app}>
            <App />
          </CasefileContext.Provider>
        </LanguageProvider>
      </StrictMode>,
    );
  },
  (error: unknown) => {
    const t = APP[resolveLanguage(storedSetting())];
    root.render(
      <div className="boot-error" role="alert">
        <h1>{t.bootFailed}</h1>
        <p>{describeError(error)}</p>
        <p>{t.bootStorage}</p>
      </div>,
    );
  },
);
