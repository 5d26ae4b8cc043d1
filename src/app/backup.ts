/**
 * Backup and restore of one workspace as one file (issue 14), to move a matter to another
 * browser or machine exactly as it was: every table of the workspace database, whatever tables
 * later versions add (dexie-export-import reads the schema, not a list of ours), and the stored
 * originals from the file vault.
 *
 *   casefile-backup (zip, src/app/backup-zip.ts)
 *     manifest.json       format and format version, app version, the workspace, the database's
 *                         schema version and tables (schema + row count), the originals
 *     database.json       the database (dexie-export-import: typed arrays such as vectors kept)
 *     originals/<doc id>  each stored original
 *
 * A restore rebuilds the database at the backup's schema version, then opens it with this app's
 * schema, so the normal upgrades run on an older backup; a newer backup than the app is
 * refused. It writes a workspace id no database uses (the caller picks: the backup's own, or a
 * new one), holds that workspace's lock while writing, and removes what it wrote if it fails.
 */
import Dexie from 'dexie';
import { version as APP_VERSION } from '../../package.json';
import { AppError, InputError, StoreError, describeError, throwIfAborted } from '../core/errors';
import type { WorkspaceRecord } from '../core/types';
import { WORKSPACE_DB_PREFIX, WorkspaceDb, type IdbDeps } from '../store/db';
import type { WorkspaceRegistry } from '../store/workspaces';
import { readZip, ZipWriter } from './backup-zip';
import { SWAP_SUFFIX, type FileVault } from './file-vault';
import { lockNames, type TabLocks } from './tab-locks';

export const BACKUP_FORMAT = 'casefile-backup';
export const BACKUP_FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
const DATABASE = 'database.json';
const ORIGINALS = 'originals/';

export interface BackupManifest {
  readonly format: typeof BACKUP_FORMAT;
  readonly formatVersion: number;
  readonly appVersion: string;
  readonly createdAt: number;
  readonly workspace: Pick<WorkspaceRecord, 'id' | 'name' | 'createdAt'>;
  readonly database: { readonly version: number; readonly tables: readonly { readonly name: string; readonly schema: string; readonly rowCount: number }[] };
  readonly originals: readonly { readonly documentId: string; readonly size: number }[];
}

export interface BackupDeps {
  readonly registry: WorkspaceRegistry;
  readonly vault: FileVault;
  readonly locks: TabLocks;
  readonly idb?: IdbDeps;
}

export interface BackupOptions {
  readonly signal?: AbortSignal;
  /** Called as parts are done (tables then originals). */
  readonly onProgress?: (done: number, total: number) => void;
}

/** dexie-export-import, loaded when a backup or restore runs (it is not needed before). */
const exportImport = () => import('dexie-export-import');

/** The schema version this app's workspace database has. */
export function currentSchemaVersion(): number {
  return new WorkspaceDb('schema-probe').verno;
}

/** Writes the workspace `workspace` (open or not) to a backup file. */
export async function exportWorkspace(workspace: WorkspaceRecord, deps: BackupDeps, options: BackupOptions = {}): Promise<Blob> {
  const { exportDB, peakImportFile } = await exportImport();
  const db = new WorkspaceDb(workspace.id, deps.idb);
  try {
    await db.open();
    // Rows are read and written in chunks (a vectors row can be hundreds of KB): the export is a Blob of parts, never one string.
    const dump = await exportDB(db, { numRowsPerChunk: 50 });
    throwIfAborted(options.signal, 'backup');
    const meta = (await peakImportFile(dump)).data;
    const stored = await deps.vault.entries(workspace.id);
    const documents = new Set((await db.documents.toCollection().primaryKeys()).map(String));
    const originals = stored.filter((e) => !e.name.endsWith(SWAP_SUFFIX) && documents.has(e.name)).map((e) => ({ documentId: e.name, size: e.size }));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: APP_VERSION,
      createdAt: Date.now(),
      workspace: { id: workspace.id, name: workspace.name, createdAt: workspace.createdAt },
      database: { version: meta.databaseVersion, tables: meta.tables },
      originals,
    };
    const zip = new ZipWriter();
    const total = originals.length + 1;
    await zip.add(MANIFEST, new Blob([JSON.stringify(manifest, null, 2)]));
    await zip.add(DATABASE, dump, { level: 1, ...(options.signal ? { signal: options.signal } : {}) });
    options.onProgress?.(1, total);
    for (const [i, original] of originals.entries()) {
      const file = await deps.vault.get(workspace.id, original.documentId);
      if (!file) throw new StoreError('store/not-found', `Backup: the stored original of document ${original.documentId} disappeared during the backup; try again`);
      await zip.add(`${ORIGINALS}${original.documentId}`, file, { level: 0, ...(options.signal ? { signal: options.signal } : {}) });
      options.onProgress?.(i + 2, total);
    }
    return zip.finish();
  } finally {
    db.close();
  }
}

/** Reads and checks a backup's manifest (fast: stops after the first entry). */
export async function readBackupManifest(file: Blob): Promise<BackupManifest> {
  let manifest: unknown = null;
  await readZip(file, async (name, data) => {
    if (name === MANIFEST) manifest = JSON.parse(await data.text()) as unknown;
    return false;
  });
  return checkManifest(manifest, file);
}

function checkManifest(value: unknown, file: Blob): BackupManifest {
  const name = file instanceof File ? file.name : 'the backup';
  const m = value as Partial<BackupManifest> | null;
  if (!m || m.format !== BACKUP_FORMAT || typeof m.formatVersion !== 'number' || !m.workspace || typeof m.workspace.id !== 'string' || !m.database || !Array.isArray(m.originals)) {
    throw new InputError(`Backup: ${name} is not a Casefile backup (no manifest)`);
  }
  if (m.formatVersion > BACKUP_FORMAT_VERSION) throw new InputError(`Backup: ${name} was made by a newer Casefile (backup format ${m.formatVersion}, this version reads up to ${BACKUP_FORMAT_VERSION}); update Casefile first`);
  if (m.database.version > currentSchemaVersion()) {
    throw new InputError(`Backup: ${name} was made by a newer Casefile (${m.appVersion}, database version ${m.database.version}; this one has ${currentSchemaVersion()}); update Casefile first`);
  }
  const validId = (id: unknown) => typeof id === 'string' && /^[\w-]{1,100}$/.test(id);
  if (!validId(m.workspace.id) || (m.originals as unknown[]).some((o) => !validId((o as { documentId?: unknown } | null)?.documentId))) {
    throw new InputError(`Backup: ${name} names a workspace or document with an invalid id`);
  }
  return m as BackupManifest;
}

export interface RestoreOptions extends BackupOptions {
  /** The workspace id to restore into (no database may use it yet); default: the backup's own. */
  readonly workspaceId?: string;
  /** The restored workspace's name; default: the backup's. */
  readonly name?: string;
}

/**
 * Restores a backup as a workspace and registers it; returns the workspace. Fails, leaving
 * nothing behind, when the file is not a readable backup or the id is taken.
 */
export async function restoreWorkspace(file: Blob, deps: BackupDeps, options: RestoreOptions = {}): Promise<WorkspaceRecord> {
  const manifest = await readBackupManifest(file);
  const id = options.workspaceId ?? manifest.workspace.id;
  const dbName = WORKSPACE_DB_PREFIX + id;
  const factory = (deps.idb?.indexedDB as IDBFactory | undefined) ?? indexedDB;
  if ((await deps.registry.get(id)) || (await factory.databases()).some((d) => d.name === dbName)) {
    throw new StoreError('store/conflict', `Backup: a workspace with id ${id} already exists here; restore it as a new workspace`);
  }
  const lock = await deps.locks.hold(lockNames.workspace(id), 'shared', options.signal);
  let wrote = false;
  try {
    const wanted = new Set([DATABASE, ...manifest.originals.map((o) => `${ORIGINALS}${o.documentId}`)]);
    let restoredDb = false;
    let restoredFiles = 0;
    const total = manifest.originals.length + 1;
    await readZip(
      file,
      async (name, data) => {
        wrote = true;
        if (name === DATABASE) {
          await importDatabase(dbName, data, manifest, deps.idb);
          restoredDb = true;
        } else {
          const documentId = name.slice(ORIGINALS.length);
          const expected = manifest.originals.find((o) => o.documentId === documentId);
          if (expected && expected.size !== data.size) throw new InputError(`Backup: the original of document ${documentId} is damaged (${data.size} bytes, ${expected.size} expected)`);
          await deps.vault.put(id, documentId, data);
          restoredFiles++;
        }
        options.onProgress?.((restoredDb ? 1 : 0) + restoredFiles, total);
      },
      { wanted: (name) => wanted.has(name), ...(options.signal ? { signal: options.signal } : {}) },
    );
    if (!restoredDb || restoredFiles !== manifest.originals.length) throw new InputError('Backup: the file is incomplete (its database or some originals are missing)');
    // Opened with this app's schema: an older backup is upgraded here like any old database.
    const db = new WorkspaceDb(id, deps.idb);
    await db.open();
    db.close();
    return await deps.registry.adopt({ id, name: options.name ?? manifest.workspace.name, createdAt: manifest.workspace.createdAt });
  } catch (error) {
    if (wrote) {
      await deps.registry.deleteDatabase(id).catch(() => undefined);
      await deps.vault.removeWorkspace(id).catch(() => undefined);
    }
    if (error instanceof AppError) throw error;
    throw new StoreError('internal', `Backup: restoring failed (${describeError(error)})`, { cause: error });
  } finally {
    lock.release();
  }
}

/** Rebuilds the database at the backup's schema version from its export. */
async function importDatabase(dbName: string, dump: Blob, manifest: BackupManifest, idb: IdbDeps | undefined): Promise<void> {
  const { importInto } = await exportImport();
  const db = new Dexie(dbName, idb);
  db.version(manifest.database.version).stores(Object.fromEntries(manifest.database.tables.map((t) => [t.name, t.schema])));
  try {
    await importInto(db, dump, { acceptNameDiff: true, chunkSizeBytes: 1024 * 1024 });
  } finally {
    db.close();
  }
}
