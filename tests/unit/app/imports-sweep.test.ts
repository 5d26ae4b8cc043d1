/**
 * The vault sweep at a session's start runs while imports may already be copying files (the
 * app is up before its background start ends; another tab may be importing): a file whose
 * document is written while the sweep runs is never taken for a leftover, nor are files being
 * queued for a copy when a drain recovers the copies a closed tab left.
 */
import { describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../src/app/browser/file-vault';
import { memoryLocks, TabLocks } from '../../../src/app/browser/tab-locks';
import { ImportService, type ImportDeps } from '../../../src/app/imports/imports';
import type { NewFile, QueueItem } from '../../../src/core/ingest/queue';
import type { DocumentRecord } from '../../../src/core/types';

const WS = 'ws-sweep';

type Doc = { id: string; status: DocumentRecord['status'] };

function sweeper(vault: MemoryVault, documents: { list(): Promise<DocumentRecord[]> }): ImportService {
  // The sweep reads only the vault and the documents.
  return new ImportService({ workspaceId: WS, vault, documents } as unknown as ImportDeps);
}

const listOf = (docs: readonly Doc[]) => docs.map((d) => ({ ...d }) as DocumentRecord);

describe('ImportService.sweep', () => {
  it('removes files no document owns and swap files of no copy, and counts their bytes', async () => {
    const vault = new MemoryVault();
    await vault.put(WS, 'kept', new Blob(['12345']));
    await vault.put(WS, 'gone', new Blob(['123']));
    await vault.put(WS, 'copying.crswap', new Blob(['12']));
    await vault.put(WS, 'stale.crswap', new Blob(['1234567']));
    const docs: Doc[] = [{ id: 'kept', status: 'ready' }, { id: 'copying', status: 'queued' }, { id: 'stale', status: 'ready' }];
    const freed = await sweeper(vault, { list: async () => listOf(docs) }).sweep();
    expect(freed).toBe(10);
    expect((await vault.names(WS)).sort()).toEqual(['copying.crswap', 'kept']);
  });

  it('keeps a file an import stores while the sweep runs (its document is written before its bytes)', async () => {
    const vault = new MemoryVault();
    const docs: Doc[] = [];
    // An import lands after the sweep's first read, whichever that is: its document, then its bytes.
    let landed = false;
    const land = async () => {
      if (landed) return;
      landed = true;
      docs.push({ id: 'new', status: 'queued' });
      await vault.put(WS, 'new', new Blob(['x']));
    };
    const names = vault.names.bind(vault);
    vault.names = async (ws) => {
      const listed = await names(ws);
      await land();
      return listed;
    };
    const documents = {
      list: async () => {
        const listed = listOf(docs);
        await land();
        return listed;
      },
    };
    await sweeper(vault, documents).sweep();
    expect(await vault.names(WS)).toEqual(['new']);
  });
});

describe('ImportService.recover', () => {
  it('never takes files being queued for a copy for a closed tab’s leftovers (a drain that runs as they are queued)', async () => {
    const vault = new MemoryVault();
    const locks = new TabLocks(memoryLocks());
    const receiving: QueueItem[] = [];
    const notTaken: string[] = [];
    const self: { service: ImportService | null } = { service: null };
    let recovered: Promise<unknown> = Promise.resolve();
    const queue = {
      enqueueReceiving: async (files: readonly NewFile[]) => {
        const items = files.map((f, i) => ({ id: `item-${i}`, jobId: 'job-1', documentId: f.documentId!, name: f.file.name, size: f.file.size, status: 'receiving' }) as unknown as QueueItem);
        receiving.push(...items);
        recovered = self.service!.recover(); // another drain, here or in another tab, recovers now
        await new Promise((r) => setTimeout(r, 5));
        return { jobId: 'job-1', items };
      },
      received: async (id: string) => {
        receiving.splice(receiving.findIndex((i) => i.id === id), 1);
        return true;
      },
      notTaken: async (item: QueueItem) => void notTaken.push(item.name),
    };
    const deps = { workspaceId: WS, vault, locks, queue, jobs: { receiving: async () => [...receiving] }, space: { ensureRoom: async () => undefined } };
    const service = new ImportService(deps as unknown as ImportDeps);
    self.service = service;
    await service.addFiles([new File(['hello'], 'a.txt'), new File(['world'], 'b.txt')]);
    await recovered;
    expect(notTaken).toEqual([]);
    expect((await vault.names(WS)).length).toBe(2);
  });
});
