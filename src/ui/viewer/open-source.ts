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
  /**
   * Words of the passage to mark within its highlight, found in it as the viewer reads it: a
   * flag's marked words (the clause the flag is about, in a passage that bundles several), or
   * the words an answer quotes from it.
   */
  readonly focus?: string;
}
