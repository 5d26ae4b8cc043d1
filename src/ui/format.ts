import type { ChunkRecord } from '../core/types';

export function pageLabel(chunk: Pick<ChunkRecord, 'pageStart' | 'pageEnd'>): string {
  return chunk.pageStart === chunk.pageEnd ? `p. ${chunk.pageStart}` : `pp. ${chunk.pageStart}–${chunk.pageEnd}`;
}

export function sectionLabel(chunk: Pick<ChunkRecord, 'sectionPath'>): string {
  return chunk.sectionPath.join(' › ');
}

export function ms(n: number): string {
  return n < 10 ? `${n.toFixed(1)} ms` : `${Math.round(n)} ms`;
}
