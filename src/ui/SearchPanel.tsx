import { useState, type FormEvent } from 'react';
import { describeError } from '../core/errors';
import type { PipelineResponse, RetrievalMode } from '../core/search/pipeline';
import { Explanation } from './Explanation';
import type { OpenSource } from './App';
import { ResultCard } from './ResultCard';
import { useCasefile, useEvents } from './hooks';
import { ms } from './format';

export function SearchPanel({ onOpen }: { onOpen: (source: OpenSource) => void }) {
  const app = useCasefile();
  const [question, setQuestion] = useState('');
  const [response, setResponse] = useState<PipelineResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<RetrievalMode>('retrieval_only');
  /** Completed searches, exposed as data-searches so tests can wait for a fresh response. */
  const [searches, setSearches] = useState(0);

  const run = async (text: string) => {
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const settings = await app.pipelineSettings();
      setMode(settings.mode);
      if (settings.mode === 'direct') {
        setResponse(null);
        setError('“Language model only” mode needs a language model, and none is available on this device. Choose “Passages only” in Settings → Search.');
        return;
      }
      setResponse(await app.search(text, {}, settings));
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
      setSearches((n) => n + 1);
    }
  };

  // Results must not show deleted or re-indexed documents: re-run the last search on changes.
  useEvents(
    (e) => {
      if (response && (e.type === 'file_done' || e.type === 'file_failed')) void run(response.query);
    },
    [response],
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(question);
  };

  return (
    <section className="panel search" aria-labelledby="search-heading" data-searches={searches}>
      <h2 id="search-heading" className="visually-hidden">
        Ask
      </h2>
      <form className="ask" onSubmit={onSubmit} role="search">
        <label htmlFor="question">Ask a question or search your documents</label>
        <div className="ask-row">
          <input
            id="question"
            type="search"
            value={question}
            placeholder="e.g. What is the limitation of liability?"
            autoComplete="off"
            onChange={(e) => setQuestion(e.target.value)}
          />
          <button type="submit" className="primary" disabled={busy || !question.trim()}>
            {busy ? 'Searching…' : 'Search'}
          </button>
        </div>
      </form>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {response && (
        <div className="results" aria-live="polite">
          <p className="muted results-summary">
            {response.passages.length === 0
              ? `No passage matches “${response.query}”.`
              : `${response.passages.length === 1 ? '1 passage' : `${response.passages.length} passages`} for “${response.query}” · ${ms(Object.values(response.explanation.timings).reduce((a, b) => a + b, 0))}`}
          </p>
          {mode === 'rag' && response.passages.length > 0 && (
            <p className="answer-note" role="note">
              No language model is available on this device, so Casefile shows the passages that answer your question instead of writing an answer.
            </p>
          )}
          <Explanation explanation={response.explanation} passages={response.passages} />
          <ol className="result-list" aria-label="Results">
            {response.passages.map((p) => (
              <ResultCard key={p.chunkId} passage={p} terms={response.terms} onOpen={() => onOpen({ passage: p, terms: response.terms })} />
            ))}
          </ol>
        </div>
      )}
      {!response && !error && (
        <div className="empty">
          <p>Ask about your documents: “termination for convenience”, “governing law”, “Section 12.2”, “§ 7”.</p>
          <p className="muted">Every result shows the file, page and section it comes from. Click one to read it in place.</p>
        </div>
      )}
    </section>
  );
}
