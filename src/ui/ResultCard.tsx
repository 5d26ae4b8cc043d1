import type { Passage } from '../core/search/retrieve';
import { Highlighted } from './Highlighted';
import { pageLabel, sectionLabel } from './format';

const MAX_CHARS = 700;

export function ResultCard({ passage, terms, onOpen }: { passage: Passage; terms: readonly string[]; onOpen: () => void }) {
  const { chunk, document } = passage;
  const text = chunk.text.length > MAX_CHARS ? `${chunk.text.slice(0, MAX_CHARS)}…` : chunk.text;
  const section = sectionLabel(chunk);
  return (
    <li className="result" data-testid="result">
      <button type="button" className="result-open" onClick={onOpen} aria-label={`Open ${document.name}, ${pageLabel(chunk)}${section ? `, ${section}` : ''}`}>
        <span className="result-head">
          <span className="rank">{passage.rank}</span>
          <span className="result-file" data-testid="result-file">
            {document.name}
          </span>
          <span className="result-page" data-testid="result-page">
            {pageLabel(chunk)}
          </span>
        </span>
        {section && (
          <span className="result-section" data-testid="result-section">
            {section}
          </span>
        )}
        <span className="result-text">
          <Highlighted text={text} terms={terms} language={document.language} />
        </span>
      </button>
    </li>
  );
}
