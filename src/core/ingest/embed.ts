/** Embeds a document's chunks in batches, with progress and cancellation between batches. */
import { throwIfAborted } from '../errors';
import type { DocumentVectors, Embedder } from '../ports';
import type { ChunkRecord, DocumentRecord } from '../types';

const EMBED_BATCH = 16;

/** The text embedded for a chunk: its section heading gives the passage its context. */
function embeddingText(chunk: Pick<ChunkRecord, 'sectionPath' | 'text'>): string {
  const section = chunk.sectionPath.at(-1);
  return section && !chunk.text.startsWith(section) ? `${section}\n${chunk.text}` : chunk.text;
}

export async function embedChunks(
  doc: Pick<DocumentRecord, 'id' | 'language'>,
  chunks: readonly ChunkRecord[],
  embedder: Embedder,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<DocumentVectors> {
  let data: Float32Array | null = null;
  let dim = 0;
  onProgress(0, chunks.length);
  for (let start = 0; start < chunks.length; start += EMBED_BATCH) {
    throwIfAborted(signal, 'embedding');
    const batch = chunks.slice(start, start + EMBED_BATCH);
    const vectors = await embedder.embed(batch.map(embeddingText), { signal });
    for (const [i, v] of vectors.entries()) {
      if (!data) {
        dim = v.length;
        data = new Float32Array(chunks.length * dim);
      }
      data.set(v, (start + i) * dim);
    }
    onProgress(Math.min(chunks.length, start + batch.length), chunks.length);
  }
  return {
    documentId: doc.id,
    modelId: embedder.model.id,
    dim,
    seqs: Uint32Array.from(chunks, (c) => c.seq),
    data: data ?? new Float32Array(0),
    language: doc.language,
  };
}
