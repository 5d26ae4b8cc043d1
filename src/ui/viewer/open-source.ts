/**
 * A passage to open in the source viewer: what the answer, review and flag views hand to the
 * app frame, which shows it in SourceViewer with the searched words marked.
 */
import type { Passage } from '../../core/search-types';

export interface OpenSource {
  readonly passage: Passage;
  readonly terms: readonly string[];
  /** The question as typed (which words of a stem to mark). */
  readonly query?: string;
}
