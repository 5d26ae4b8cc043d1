import { useState, type FormEvent } from 'react';
import { describeError } from '../core/errors';
import type { PipelineResponse } from '../core/search/pipeline';
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

  const run = async (text: string) => {
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      setResponse(await app.search(text));
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
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
    <section className="panel search" aria-labelledby="search-heading">
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
              : `${response.passages.length} passages for “${response.query}” · ${ms(Object.values(response.explanation.timings).reduce((a, b) => a + b, 0))}`}
          </p>
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
