/**
 * The vault sweep at a session's start runs while imports may already be copying files (the
 * app is up before its background start ends; another tab may be importing): a file whose
 * document is written while the sweep runs is never taken for a leftover.
 */
import { describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../src/app/browser/file-vault';
import { ImportService, type ImportDeps } from '../../../src/app/imports/imports';
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
