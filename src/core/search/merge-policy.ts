/**
 * When the lexical index merges its segments (as Lucene's log merge policy does): segments are
 * sized in levels, each MERGE_FACTOR times the last; MERGE_FACTOR adjacent segments of one level
 * become one of the next, so a chunk is rewritten about log₄(chunks / LEVEL_CHUNKS) times over
 * its life and a query meets a few segments. A segment whose postings are mostly those of
 * removed chunks is rewritten on its own.
 */
const MERGE_FACTOR = 4;
const LEVEL_CHUNKS = 2048;

interface Sized {
  readonly id: string;
  readonly count: number;
}

function level(live: number): number {
  return live <= LEVEL_CHUNKS ? 0 : Math.floor(Math.log(live / LEVEL_CHUNKS) / Math.log(MERGE_FACTOR)) + 1;
}

/**
 * Segments [from, to) to merge next, or null when the segments are in shape.
 * `dead`: chunks removed since the segment was written (their postings are still in it).
 */
export function mergePlan(segments: readonly Sized[], dead: ReadonlyMap<string, number>): [number, number] | null {
  const live = segments.map((s) => s.count - (dead.get(s.id) ?? 0));
  for (const [i, s] of segments.entries()) {
    if ((dead.get(s.id) ?? 0) * 2 > s.count) return [i, i + 1];
  }
  const levels = live.map(level);
  for (let i = 0; i + MERGE_FACTOR <= segments.length; i++) {
    let same = true;
    for (let j = i + 1; j < i + MERGE_FACTOR && same; j++) same = levels[j] === levels[i];
    if (same) return [i, i + MERGE_FACTOR];
  }
  return null;
}
