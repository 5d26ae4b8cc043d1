/**
 * What the app keeps in this browser, per workspace, and the clean-up of what nothing owns:
 *
 * - `report()`: for each workspace its documents, stored originals (file vault) and an estimate
 *   of its database, with the browser's usage, quota and whether storage is persistent
 *   (Settings → Storage shows it).
 * - `cleanUp()`: databases and vault folders of workspaces the registry no longer lists (a
 *   deletion cut short, a crash) are removed, unless a tab is using them (their workspace lock);
 *   run at every start and from the "Clean up" button.
 *
 * Database sizes are estimated from a sample of each table's rows (IndexedDB does not tell the
 * size of one database); the browser's own figure for everything is the usage.
 */
import { describeError } from '../../core/errors';
import { WORKSPACE_DB_PREFIX, WorkspaceDb, type IdbDeps } from '../../store/db';
import type { WorkspaceRegistry } from '../../store/workspaces';
import type { FileVault } from './file-vault';
import type { StorageSpace, StorageState } from './storage-space';
import { lockNames, type TabLocks } from './tab-locks';

interface WorkspaceUsage {
  readonly id: string;
  readonly name: string;
  readonly documents: number;
  /** Bytes of stored originals (uploads) in the file vault. */
  readonly originalsBytes: number;
  /** Estimated bytes of the workspace database (documents, passages, vectors, index, settings…). */
  readonly databaseBytes: number;
}

export interface StorageReport extends StorageState {
  readonly workspaces: readonly WorkspaceUsage[];
}

export interface CleanUpReport {
  /** Databases and vault folders of workspaces that no longer exist. */
  readonly removedDatabases: readonly string[];
  readonly removedFolders: readonly string[];
  /** Bytes of leftovers removed from the open workspace's vault folder. */
  readonly freedBytes: number;
}

export interface StorageCareDeps {
  readonly registry: WorkspaceRegistry;
  readonly vault: FileVault;
  readonly locks: TabLocks;
  readonly space: StorageSpace;
  readonly idb?: IdbDeps;
}

/** Rows read per table to estimate its size. */
const SAMPLE_ROWS = 40;

/** Approximate stored size of a value (strings by length, binary by bytes). */
function approximateBytes(value: unknown, depth = 0): number {
  if (value === null || value === undefined) return 1;
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number' || typeof value === 'boolean') return 8;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (value instanceof Blob) return value.size;
  if (depth > 8 || typeof value !== 'object') return 8;
  let total = 2;
  if (Array.isArray(value)) for (const v of value) total += approximateBytes(v, depth + 1);
  else for (const [k, v] of Object.entries(value)) total += k.length + approximateBytes(v, depth + 1);
  return total;
}

export class StorageCare {
  constructor(private readonly deps: StorageCareDeps) {}

  async report(): Promise<StorageReport> {
    const state = await this.deps.space.state();
    const workspaces: WorkspaceUsage[] = [];
    for (const ws of await this.deps.registry.list()) {
      const entries = await this.deps.vault.entries(ws.id).catch(() => []);
      const { documents, bytes } = await this.#databaseSize(ws.id).catch(() => ({ documents: 0, bytes: 0 }));
      workspaces.push({ id: ws.id, name: ws.name, documents, originalsBytes: entries.reduce((s, e) => s + e.size, 0), databaseBytes: bytes });
    }
    return { ...state, workspaces };
  }

  /** Removes the databases and vault folders of workspaces the registry does not list and no tab uses. */
  async cleanUp(): Promise<Omit<CleanUpReport, 'freedBytes'>> {
    const known = new Set((await this.deps.registry.list()).map((w) => w.id));
    const factory = this.#factory();
    const databases = factory && typeof factory.databases === 'function' ? (await factory.databases()).map((d) => d.name ?? '') : [];
    const removedDatabases: string[] = [];
    const removedFolders: string[] = [];
    for (const name of databases.filter((n) => n.startsWith(WORKSPACE_DB_PREFIX))) {
      const id = name.slice(WORKSPACE_DB_PREFIX.length);
      if (known.has(id) || !(await this.deps.locks.isFree(lockNames.workspace(id)))) continue;
      try {
        await this.deps.registry.deleteDatabase(id);
        removedDatabases.push(name);
      } catch (error) {
        console.warn(`Casefile: could not remove the leftover database ${name}: ${describeError(error)}`);
      }
    }
    for (const id of await this.deps.vault.workspaces()) {
      if (known.has(id) || !(await this.deps.locks.isFree(lockNames.workspace(id)))) continue;
      try {
        await this.deps.vault.removeWorkspace(id);
        removedFolders.push(id);
      } catch (error) {
        console.warn(`Casefile: could not remove the leftover files of workspace ${id}: ${describeError(error)}`);
      }
    }
    return { removedDatabases, removedFolders };
  }

  #factory(): IDBFactory | null {
    return (this.deps.idb?.indexedDB as IDBFactory | undefined) ?? (typeof indexedDB === 'undefined' ? null : indexedDB);
  }

  /** Documents and an estimate of the database's bytes: each table's row count × its sampled mean row size. */
  async #databaseSize(workspaceId: string): Promise<{ documents: number; bytes: number }> {
    const db = new WorkspaceDb(workspaceId, this.deps.idb);
    try {
      await db.open();
      let bytes = 0;
      let documents = 0;
      for (const table of db.tables) {
        const count = await table.count();
        if (table.name === 'documents') documents = count;
        if (count === 0) continue;
        const sample = await table.limit(SAMPLE_ROWS).toArray();
        const mean = sample.reduce((s: number, row: unknown) => s + approximateBytes(row), 0) / sample.length;
        bytes += Math.round(mean * count);
      }
      return { documents, bytes };
    } finally {
      db.close();
    }
  }
}
