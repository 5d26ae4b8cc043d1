import { useState, type FormEvent } from 'react';
import { Explanation } from './Explanation';
import type { OpenSource } from './App';
import { ResultCard } from './ResultCard';
import { useSearch, useSession } from './hooks';
import { ms } from './format';

/** The question box and the latest question's passages. The search service decides what is shown. */
export function SearchPanel({ onOpen }: { onOpen: (source: OpenSource) => void }) {
  const { search } = useSession();
  const { busy, outcome, error, completed } = useSearch();
  const [question, setQuestion] = useState('');
  const response = outcome?.response ?? null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // A new question supersedes one still running: only the latest reaches the results.
    void search.ask(question);
  };

  return (
    <section className="panel search" aria-labelledby="search-heading" data-searches={completed}>
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
          <button type="submit" className="primary" disabled={!question.trim()}>
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
          {outcome?.mode === 'rag' && response.passages.length > 0 && (
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
