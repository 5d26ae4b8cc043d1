/**
 * Final selection and neighbour expansion.
 *
 * Selection keeps the best candidates in score order, at most `perFile` per document (so one
 * long contract cannot fill every slot; 0 = no limit) and none under `minScore`. Expansion adds
 * the chunks just before and after each selected one as context, only when they belong to the
 * same section (identical section path), never across a section boundary.
 */
import type { ChunkRecord } from '../types';
import type { Candidate, SelectionOptions } from '../search-types';

export const DEFAULT_SELECTION: SelectionOptions = { topK: 5, perFile: 1, minScore: Number.NEGATIVE_INFINITY };

export function select<T extends Pick<Candidate, 'documentId' | 'score'>>(ranked: readonly T[], options: SelectionOptions = DEFAULT_SELECTION): T[] {
  const perDoc = new Map<string, number>();
  const out: T[] = [];
  for (const c of ranked) {
    if (out.length >= options.topK) break;
    if (c.score < options.minScore) continue;
    const n = perDoc.get(c.documentId) ?? 0;
    if (options.perFile > 0 && n >= options.perFile) continue;
    perDoc.set(c.documentId, n + 1);
    out.push(c);
  }
  return out;
}

export interface NeighbourLookup {
  /** Chunks of a document by seq (missing seqs are simply absent). */
  chunksBySeq(documentId: string, seqs: readonly number[]): Promise<ChunkRecord[]>;
}

export interface Expanded {
  readonly before: readonly ChunkRecord[];
  readonly after: readonly ChunkRecord[];
}

function sameSection(a: ChunkRecord, b: ChunkRecord): boolean {
  return a.documentId === b.documentId && a.sectionPath.length === b.sectionPath.length && a.sectionPath.every((p, i) => p === b.sectionPath[i]);
}

/** Adds up to `depth` same-section neighbours on each side of each chunk. */
export async function expandNeighbours(chunks: readonly ChunkRecord[], lookup: NeighbourLookup, depth = 1): Promise<Expanded[]> {
  if (depth <= 0) return chunks.map(() => ({ before: [], after: [] }));
  return Promise.all(
    chunks.map(async (chunk) => {
      const seqs: number[] = [];
      for (let d = 1; d <= depth; d++) seqs.push(chunk.seq - d, chunk.seq + d);
      const found = new Map((await lookup.chunksBySeq(chunk.documentId, seqs.filter((s) => s >= 0))).map((c) => [c.seq, c]));
      const walk = (step: -1 | 1): ChunkRecord[] => {
        const out: ChunkRecord[] = [];
        for (let d = 1; d <= depth; d++) {
          const n = found.get(chunk.seq + step * d);
          // Stop at the first gap or section boundary: context never jumps over either.
          if (!n || !sameSection(chunk, n)) break;
          out.push(n);
        }
        return step < 0 ? out.reverse() : out;
      };
      return { before: walk(-1), after: walk(1) };
    }),
  );
}
