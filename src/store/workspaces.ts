/**
 * The registry of workspaces: create, rename, switch, delete. Deleting a workspace deletes its
 * whole database (documents, pages, chunks, vectors, index snapshots), so nothing is left behind.
 */
import { InputError, StoreError } from '../core/errors';
import type { WorkspaceRecord } from '../core/types';
import { RegistryDb, WORKSPACE_DB_PREFIX, WorkspaceDb, type IdbDeps } from './db';

const CURRENT_KEY = 'currentWorkspace';
/** How long a deletion waits for other connections (another tab) to close the database. */
const DELETE_WAIT_MS = 20_000;

export class WorkspaceRegistry {
  readonly db: RegistryDb;

  constructor(private readonly deps: IdbDeps = {}) {
    this.db = new RegistryDb(deps);
  }

  list(): Promise<WorkspaceRecord[]> {
    return this.db.workspaces.orderBy('name').toArray();
  }

  get(id: string): Promise<WorkspaceRecord | undefined> {
    return this.db.workspaces.get(id);
  }

  async create(name: string): Promise<WorkspaceRecord> {
    const clean = validName(name);
    const now = Date.now();
    const ws: WorkspaceRecord = { id: crypto.randomUUID(), name: clean, createdAt: now, openedAt: now };
    await this.db.workspaces.add(ws);
    return ws;
  }

  /** Registers a workspace whose database already exists (a restored backup). */
  async adopt(workspace: Pick<WorkspaceRecord, 'id' | 'name' | 'createdAt'>): Promise<WorkspaceRecord> {
    const ws: WorkspaceRecord = { id: workspace.id, name: validName(workspace.name), createdAt: workspace.createdAt, openedAt: Date.now() };
    await this.db.workspaces.add(ws);
    return ws;
  }

  async rename(id: string, name: string): Promise<void> {
    const n = await this.db.workspaces.update(id, { name: validName(name) });
    if (n === 0) throw new StoreError('store/not-found', `WorkspaceRegistry: no workspace ${id}`);
  }

  /** Marks a workspace as the current one and returns it. */
  async open(id: string): Promise<WorkspaceRecord> {
    const ws = await this.db.workspaces.get(id);
    if (!ws) throw new StoreError('store/not-found', `WorkspaceRegistry: no workspace ${id}`);
    const opened = { ...ws, openedAt: Date.now() };
    await this.db.transaction('rw', this.db.workspaces, this.db.kv, async () => {
      await this.db.workspaces.put(opened);
      await this.db.kv.put({ key: CURRENT_KEY, value: id });
    });
    return opened;
  }

  /** The name of the workspace made when there is none (the app's language says it: "Mes documents"). */
  firstName = 'My documents';

  /** The workspace to open at start-up: the last one used, or a new one named `firstName`. */
  async current(): Promise<WorkspaceRecord> {
    const kv = await this.db.kv.get(CURRENT_KEY);
    const id = typeof kv?.value === 'string' ? kv.value : undefined;
    const ws = id ? await this.db.workspaces.get(id) : undefined;
    if (ws) return ws;
    const latest = await this.db.workspaces.orderBy('openedAt').last();
    return this.open((latest ?? (await this.create(this.firstName))).id);
  }

  /** Deletes the workspace and its whole database. */
  async delete(id: string): Promise<void> {
    await this.deleteDatabase(id);
    await this.db.transaction('rw', this.db.workspaces, this.db.kv, async () => {
      await this.db.workspaces.delete(id);
      const kv = await this.db.kv.get(CURRENT_KEY);
      if (kv?.value === id) await this.db.kv.delete(CURRENT_KEY);
    });
  }

  /**
   * Deletes the workspace's database and checks that it is gone. A connection still open
   * elsewhere blocks the deletion: it is waited for (the app's connections close when asked),
   * and after `waitMs` the deletion fails naming the workspace.
   */
  async deleteDatabase(id: string, waitMs = DELETE_WAIT_MS): Promise<void> {
    const factory = (this.deps.indexedDB as IDBFactory | undefined) ?? indexedDB;
    const name = WORKSPACE_DB_PREFIX + id;
    for (let attempt = 1; ; attempt++) {
      await new Promise<void>((resolve, reject) => {
        const request = factory.deleteDatabase(name);
        const timer = setTimeout(() => reject(new StoreError('store/conflict', `WorkspaceRegistry: the database of workspace ${id} is still open in another tab or window; close it and delete again`)), waitMs);
        request.onsuccess = () => {
          clearTimeout(timer);
          resolve();
        };
        request.onerror = () => {
          clearTimeout(timer);
          reject(new StoreError('store/conflict', `WorkspaceRegistry: the database of workspace ${id} could not be deleted (${request.error?.message ?? 'unknown error'})`));
        };
      });
      const left = typeof factory.databases === 'function' ? (await factory.databases()).some((d) => d.name === name) : false;
      if (!left) return;
      // Something opened it again between the deletion and the check: once more.
      if (attempt >= 3) throw new StoreError('store/conflict', `WorkspaceRegistry: the database of workspace ${id} keeps being reopened; close the other tabs and delete again`);
    }
  }

  openDatabase(id: string): WorkspaceDb {
    return new WorkspaceDb(id, this.deps);
  }
}

function validName(name: string): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (!clean) throw new InputError('WorkspaceRegistry: a workspace needs a name');
  if (clean.length > 80) throw new InputError(`WorkspaceRegistry: name too long (${clean.length} characters, at most 80)`);
  return clean;
}
