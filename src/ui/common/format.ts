import type { ChunkRecord } from '../../core/types';

export { hasPrintedPages, pageLabel, pagerLabel } from '../../core/page-label';

export function sectionLabel(chunk: Pick<ChunkRecord, 'sectionPath'>): string {
  return chunk.sectionPath.join(' › ');
}

export function ms(n: number): string {
  return n < 10 ? `${n.toFixed(1)} ms` : `${Math.round(n)} ms`;
}
