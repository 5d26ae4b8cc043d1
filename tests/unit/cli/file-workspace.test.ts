/**
 * The folder-backed workspace the query benchmark opens cold: passages read back by id and by
 * position as they were written (one batch, one pass), unknown ids and positions left out.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchDocuments } from '../../../src/cli/bench-corpus';
import { FileWorkspace } from '../../../src/cli/file-workspace';

describe('FileWorkspace', () => {
  let dir: string;
  let ws: FileWorkspace;
  const written = [...benchDocuments(250, { dim: 8 })];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'casefile-file-ws-'));
    ws = await FileWorkspace.write(dir, written);
  });
  afterAll(async () => {
    await ws.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a batch of passages by id in the order asked, undefined for what it does not hold', async () => {
    const last = written[written.length - 1]!;
    const wanted = [last.chunks[last.chunks.length - 1]!, written[0]!.chunks[0]!, written[1]!.chunks[2]!];
    const ids = [wanted[0]!.id, 'doc-unknown:0', wanted[1]!.id, `${written[0]!.doc.id}:${written[0]!.doc.chunkCount}`, wanted[2]!.id, 'no-colon'];
    expect(await ws.chunksByIds(ids)).toEqual([wanted[0], undefined, wanted[1], undefined, wanted[2], undefined]);
    expect(await ws.chunksByIds([])).toEqual([]);
  });

  it('reads passages by position within a document and whole documents', async () => {
    const { doc, chunks } = written[1]!;
    expect(await ws.chunksBySeq(doc.id, [3, -1, 0, chunks.length, 1.5])).toEqual([chunks[3], chunks[0]]);
    expect(await ws.chunks(doc.id)).toEqual(chunks);
    expect(await ws.chunksBySeq('doc-unknown', [0])).toEqual([]);
  });

  it('reads vectors back into arrays of their own', async () => {
    const { doc, vectors } = written[2]!;
    const read = await ws.documentVectors(doc.id);
    expect(read?.data).toEqual(vectors!.data);
    expect(read?.data.buffer.byteLength).toBe(vectors!.data.byteLength);
  });
});
