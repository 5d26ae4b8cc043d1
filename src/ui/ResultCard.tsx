import type { Passage } from '../core/search/retrieve';
import { Highlighted } from './Highlighted';
import { pageLabel, sectionLabel } from './format';

const MAX_CHARS = 700;

export function ResultCard({ passage, terms, onOpen }: { passage: Passage; terms: readonly string[]; onOpen: () => void }) {
  const { chunk, document } = passage;
  const text = chunk.text.length > MAX_CHARS ? `${chunk.text.slice(0, MAX_CHARS)}…` : chunk.text;
  const section = sectionLabel(chunk);
  const where = pageLabel(chunk, document);
  // The button's accessible name is its visible text (file, page, section, passage).
  return (
    <li className="result" data-testid="result">
      <button type="button" className="result-open" onClick={onOpen}>
        <span className="result-head">
          <span className="rank">{passage.rank}</span>
          <span className="result-file" data-testid="result-file">
            {document.name}
          </span>
          {where && (
            <span className="result-page" data-testid="result-page">
              {where}
            </span>
          )}
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
