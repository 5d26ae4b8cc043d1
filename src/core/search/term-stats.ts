/**
 * What the workspace's text says about the words of a question, for document resolution (ask's
 * `terms`): each word analysed as the index analyses text (every language the index holds), its
 * best BM25 idf over passages (0 when no passage holds it), and for a rare word the documents
 * whose text holds it, most passages first — so "our deal with KBW" finds the agreement that
 * mentions KBW even when its parties were not recognised. Stop words are left out.
 */
import { idf } from './bm25';
import { documentIdOfChunk } from './lexical-index';
import type { SearchEngine } from './engine';

export interface TermStats {
  /** BM25 idf over passages; 0 when no passage holds the word. */
  readonly idf: number;
  /** Documents whose text holds the word, most passages first (rare words only; at most MAX_DOCUMENTS). */
  readonly documents: readonly string[];
  /** The idf at and above which a word is as rare as a name in this workspace (nameIdf()); NAME_IDF when absent. */
  readonly nameIdf?: number;
  /**
   * In a workspace too small for a name to be rare by its passages (nameIdf under NAME_IDF): the
   * one document whose text holds the word, when only one does, whatever its idf; absent otherwise.
   */
  readonly onlyIn?: string;
}

/**
 * BM25 idf (over passages) at and above which a word is as rare as a name (about one passage in
 * 150 or fewer holds it: "Adaptimmune", "Dynamex"); under it, a clause word counts less.
 */
export const NAME_IDF = 5;
/** Words at or above this idf are looked up (about 1 passage in 20 or fewer holds them). */
const RARE_IDF = 3;
/** In a workspace too small for "one passage in 150", a word this few passages hold is as rare as a name. */
const NAME_PASSAGES = 6;

/**
 * The name idf of a workspace of `passages` passages: NAME_IDF, or less where the workspace is too
 * small for any word to reach it — two contracts hold about 150 passages, where a word in a single
 * passage has idf 4.6, so no party's or project's name ("Miaoli", held by five) was rare — but not
 * under the idf at which the documents holding a word are looked up (RARE_IDF).
 */
export function nameIdf(passages: number): number {
  return Math.min(NAME_IDF, Math.max(RARE_IDF, idf(NAME_PASSAGES, passages)));
}

/** At most this many documents are listed for a word (a list this long means "many"). */
export const MAX_DOCUMENTS = 12;
const MAX_HITS = 300;

/** The documents whose text holds the word, most passages first. */
async function holdersOf(engine: Pick<SearchEngine, 'searchLexical'>, word: string): Promise<string[]> {
  const counts = new Map<string, number>();
  for (const hit of await engine.searchLexical({ text: word, limit: MAX_HITS })) {
    const id = hit.documentId || documentIdOfChunk(hit.chunkId);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

export function engineTermStats(engine: Pick<SearchEngine, 'queryTerms' | 'idf' | 'searchLexical' | 'stats'>): (words: readonly string[]) => Promise<ReadonlyMap<string, TermStats>> {
  return async (words) => {
    const out = new Map<string, TermStats>();
    const rareAt = nameIdf(engine.stats.chunks);
    for (const w of words) {
      const terms = engine.queryTerms(w);
      if (terms.length === 0) continue;
      const wordIdf = Math.max(...terms.map((t) => engine.idf(t)));
      // In a small workspace every word is looked up: its passages are few, and one document
      // holding them all tells a name where its idf cannot (doc-match.ts contentFactor).
      const small = rareAt < NAME_IDF && wordIdf > 0;
      const holders = wordIdf >= RARE_IDF || small ? await holdersOf(engine, w) : [];
      const documents = wordIdf >= RARE_IDF ? holders.slice(0, MAX_DOCUMENTS) : [];
      out.set(w, { idf: wordIdf, documents, nameIdf: rareAt, ...(small && holders.length === 1 ? { onlyIn: holders[0]! } : {}) });
    }
    return out;
  };
}
