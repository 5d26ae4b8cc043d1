/**
 * The numbered sources of a turn (file, the contract's title and parties, page, section, the passage with the question's terms
 * marked), each opening the passage in the viewer. For an abstention they are the closest
 * passages, each labelled as such: shown so the reader can check, never as the answer. Beside an
 * answer, a source it neither quotes nor cites is labelled as context. A long
 * file name or section breaks anywhere rather than widen the page (a phone at 390 px).
 */
import { pageLabel } from '../../core/answer/sources';
import { identityLine } from '../../core/ingest/identity/label';
import type { AnswerSource } from '../../core/answer-types';
import { Highlighted } from './Highlighted';

const MAX_CHARS = 700;

export function SourceList({
  sources,
  terms,
  heading,
  closestLabel,
  context,
  lang,
  query,
  onOpen,
}: {
  sources: readonly AnswerSource[];
  terms: readonly string[];
  heading: string;
  /** Abstentions: the label every passage carries ("Closest"). */
  closestLabel?: string | undefined;
  /** Answers: the sources the answer neither quotes nor cites, and how they are labelled ("Context"). */
  context?: { readonly unused: ReadonlySet<number>; readonly label: string; readonly title: string } | undefined;
  /** The turn's language (the page words: "p. 5", "S. 5"). */
  lang?: string;
  /** The question as typed (which words of a stem to mark). */
  query?: string;
  onOpen: (source: AnswerSource) => void;
}) {
  if (sources.length === 0) return null;
  return (
    <div className={`sources${closestLabel ? ' sources-closest' : ''}`}>
      <h3 className="sources-heading">{heading}</h3>
      <ol className="result-list" aria-label={heading}>
        {sources.map((s) => {
          const section = s.sectionPath.join(' › ');
          // Which contract: its title and parties ("PROMOTION AGREEMENT — SIGA Technologies / Meridian Medical").
          const contract = identityLine(s.file, s.title, s.parties ?? []);
          const text = s.text.length > MAX_CHARS ? `${s.text.slice(0, MAX_CHARS)}…` : s.text;
          return (
            <li key={s.chunkId} className="result" data-testid="result" data-n={s.n}>
              <button type="button" className="result-open" onClick={() => onOpen(s)}>
                <span className="result-head">
                  <span className="rank">{s.n}</span>
                  {closestLabel && <span className="badge badge-closest">{closestLabel}</span>}
                  {context?.unused.has(s.n) && (
                    <span className="badge badge-context" title={context.title} data-testid="result-context">
                      {context.label}
                    </span>
                  )}
                  <span className="result-file" data-testid="result-file">
                    {s.file}
                  </span>
                  <span className="result-page" data-testid="result-page">
                    {pageLabel(s, lang)}
                  </span>
                </span>
                {contract && (
                  <span className="result-doc" data-testid="result-doc">
                    {contract}
                  </span>
                )}
                {section && (
                  <span className="result-section" data-testid="result-section">
                    {section}
                  </span>
                )}
                <span className="result-text">
                  <Highlighted text={text} terms={terms} language={s.language} query={query} />
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
