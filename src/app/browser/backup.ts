/**
 * Backup and restore of one workspace as one file (issue 14), to move a matter to another
 * browser or machine exactly as it was: every table of the workspace database, whatever tables
 * later versions add (dexie-export-import reads the schema, not a list of ours), and the stored
 * originals from the file vault.
 *
 *   casefile-backup (zip, src/app/browser/backup-zip.ts)
 *     manifest.json       format and format version, app version, the workspace, the database's
 *                         schema version and tables (schema + row count), the originals (id,
 *                         size, file name)
 *     database.json       the database (dexie-export-import: typed arrays such as vectors kept)
 *     originals/<doc id>  each stored original
 *
 * A restore never touches a workspace that is already here: it writes a workspace id no
 * database uses (the caller picks: the backup's own, or a new one beside the existing one) and
 * verifies everything before that workspace is registered (backup-checks.ts): the directory
 * against the manifest and the size budgets before anything is inflated, every part's size and
 * CRC-32 as it inflates, the tables' row counts against the manifest, each original's size and
 * sha256 against its document row. Any failure removes what it wrote and names the backup file,
 * the part and the problem. It rebuilds the database at the backup's schema version, then opens
 * it with this app's schema, so the normal upgrades run on an older backup; a newer backup than
 * the app is refused. The caller replaces a workspace only after this has succeeded.
 */
import Dexie from 'dexie';
import { version as APP_VERSION } from '../../../package.json';
import { AppError, InputError, StoreError, describeError, isAbort, throwIfAborted } from '../../core/errors';
import type { WorkspaceRecord } from '../../core/types';
import { WORKSPACE_DB_PREFIX, WorkspaceDb, type IdbDeps } from '../../store/db';
import type { WorkspaceRegistry } from '../../store/workspaces';
import { checkOriginal, checkTableCounts, DATABASE, DEFAULT_RESTORE_LIMITS, MANIFEST, ORIGINALS, PartNames, planRestore, RestoreError, type ManifestOriginal, type OriginalRow, type RestoreLimits } from './backup-checks';
import { readZipEntry, zipEntries, ZipEntryError, ZipWriter, type ZipEntryInfo } from './backup-zip';
import { SWAP_SUFFIX, type FileVault } from './file-vault';
import { lockNames, type TabLocks } from './tab-locks';

export { type RestoreLimits } from './backup-checks';

const BACKUP_FORMAT = 'casefile-backup';
const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  readonly format: typeof BACKUP_FORMAT;
  readonly formatVersion: number;
  readonly appVersion: string;
  readonly createdAt: number;
  readonly workspace: Pick<WorkspaceRecord, 'id' | 'name' | 'createdAt'>;
  readonly database: { readonly version: number; readonly tables: readonly { readonly name: string; readonly schema: string; readonly rowCount: number }[] };
  readonly originals: readonly ManifestOriginal[];
}

export interface BackupDeps {
  readonly registry: WorkspaceRegistry;
  readonly vault: FileVault;
  readonly locks: TabLocks;
  readonly idb?: IdbDeps;
  /** Bytes of storage left (a restore larger than that is refused before it writes); absent or null: unknown. */
  readonly freeBytes?: () => Promise<number | null>;
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
    const names = new Map((await db.documents.toArray()).map((d) => [d.id, d.name]));
    const originals: ManifestOriginal[] = stored.filter((e) => !e.name.endsWith(SWAP_SUFFIX) && names.has(e.name)).map((e) => ({ documentId: e.name, size: e.size, name: names.get(e.name)! }));
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


/** The backup's name in messages: its file name, or "the backup". */
function backupName(file: Blob): string {
  return file instanceof File && file.name ? file.name : 'the backup';
}

/** A ZipEntryError (or any unexpected failure) as the RestoreError a person reads. */
function asRestoreError(error: unknown, backup: string, names: PartNames): unknown {
  if (error instanceof ZipEntryError) return new RestoreError(backup, names.describe(error.entry), error.problem, { entry: error.entry, kind: error.kind });
  return error;
}

/** The archive's entries and its checked manifest. */
async function openBackup(file: Blob, limits: RestoreLimits): Promise<{ entries: ZipEntryInfo[]; manifest: BackupManifest }> {
  const backup = backupName(file);
  const none = new PartNames([]);
  try {
    const entries = await zipEntries(file);
    const manifests = entries.filter((e) => e.name === MANIFEST);
    const entry = manifests[0];
    if (!entry) throw new InputError(`Backup: ${backup} is not a Casefile backup (it has no manifest)`);
    if (manifests.length > 1) throw new RestoreError(backup, none.describe(MANIFEST), 'appears twice in the archive (a backup has each part once)', { entry: MANIFEST });
    const text = await (await readZipEntry(file, entry, { maxBytes: limits.maxManifestBytes })).text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RestoreError(backup, none.describe(MANIFEST), 'is not valid JSON (the backup was altered)', { entry: MANIFEST });
    }
    return { entries, manifest: checkManifest(json, backup) };
  } catch (error) {
    if (error instanceof ZipEntryError && error.entry === null) throw new InputError(`Backup: ${backup} is not a readable Casefile backup: it ${error.problem}`, { backup });
    throw asRestoreError(error, backup, none);
  }
}

/** Reads and checks a backup's manifest (fast: the directory and one small entry). */
export async function readBackupManifest(file: Blob, limits: RestoreLimits = DEFAULT_RESTORE_LIMITS): Promise<BackupManifest> {
  return (await openBackup(file, limits)).manifest;
}

function checkManifest(value: unknown, name: string): BackupManifest {
  const m = value as Partial<BackupManifest> | null;
  if (!m || m.format !== BACKUP_FORMAT || typeof m.formatVersion !== 'number' || !m.workspace || typeof m.workspace.id !== 'string' || !m.database || !Array.isArray(m.originals)) {
    throw new InputError(`Backup: ${name} is not a Casefile backup (no manifest)`);
  }
  if (m.formatVersion > BACKUP_FORMAT_VERSION) throw new InputError(`Backup: ${name} was made by a newer Casefile (backup format ${m.formatVersion}, this version reads up to ${BACKUP_FORMAT_VERSION}); update Casefile first`);
  if (typeof m.database.version !== 'number' || !Array.isArray(m.database.tables)) throw new RestoreError(name, `its manifest (${MANIFEST})`, 'does not describe the database (the backup was altered)');
  if (m.database.version > currentSchemaVersion()) {
    throw new InputError(`Backup: ${name} was made by a newer Casefile (${m.appVersion}, database version ${m.database.version}; this one has ${currentSchemaVersion()}); update Casefile first`);
  }
  const validId = (id: unknown) => typeof id === 'string' && /^[\w-]{1,100}$/.test(id);
  if (!validId(m.workspace.id) || (m.originals as unknown[]).some((o) => !validId((o as { documentId?: unknown } | null)?.documentId))) {
    throw new InputError(`Backup: ${name} names a workspace or document with an invalid id`);
  }
  const count = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  const badTable = (m.database.tables as unknown[]).some((t) => {
    const table = t as { name?: unknown; schema?: unknown; rowCount?: unknown } | null;
    return typeof table?.name !== 'string' || typeof table.schema !== 'string' || !count(table.rowCount);
  });
  const badOriginal = (m.originals as unknown[]).some((o) => {
    const original = o as { size?: unknown; name?: unknown };
    return !count(original.size) || (original.name !== undefined && typeof original.name !== 'string');
  });
  if (badTable || badOriginal) throw new RestoreError(name, `its manifest (${MANIFEST})`, `lists ${badTable ? 'a table' : 'an original'} without a valid name, size or count (the backup was altered)`);
  return m as BackupManifest;
}

export interface RestoreOptions extends BackupOptions {
  /** The workspace id to restore into (no database may use it yet); default: the backup's own. */
  readonly workspaceId?: string;
  /** The restored workspace's name; default: the backup's. */
  readonly name?: string;
  readonly limits?: Partial<RestoreLimits>;
}

/**
 * Restores a backup as a workspace and registers it, once everything in it is verified; returns
 * the workspace. Fails, leaving nothing behind, when the file is not a readable backup, a part
 * is damaged or over its budget, or the id is taken (RestoreError / InputError / StoreError
 * naming the file, the part and the problem).
 */
export async function restoreWorkspace(file: Blob, deps: BackupDeps, options: RestoreOptions = {}): Promise<WorkspaceRecord> {
  const limits: RestoreLimits = { ...DEFAULT_RESTORE_LIMITS, ...options.limits };
  const backup = backupName(file);
  const { entries, manifest } = await openBackup(file, limits);
  const names = new PartNames(manifest.originals);
  const plan = planRestore(backup, entries, manifest.originals, names, limits, (await deps.freeBytes?.()) ?? null);
  const id = options.workspaceId ?? manifest.workspace.id;
  const dbName = WORKSPACE_DB_PREFIX + id;
  const factory = (deps.idb?.indexedDB as IDBFactory | undefined) ?? indexedDB;
  if ((await deps.registry.get(id)) || (await factory.databases()).some((d) => d.name === dbName)) {
    throw new StoreError('store/conflict', `Backup: a workspace with id ${id} already exists here; restore it as a new workspace`);
  }
  const lock = await deps.locks.hold(lockNames.workspace(id), 'shared', options.signal);
  let wrote = false;
  try {
    const total = plan.originals.length + 1;
    const signal = options.signal;
    let budget = plan.totalBytes;
    const read = async (entry: ZipEntryInfo) => {
      const data = await readZipEntry(file, entry, { maxBytes: Math.min(entry.size, budget), signal });
      budget -= data.size;
      return data;
    };
    // 1. The database, verified (CRC-32, size) before it is imported; then its tables counted.
    const dump = await read(plan.database);
    throwIfAborted(signal, 'restore');
    wrote = true;
    const rows = await importDatabase(dbName, dump, manifest, deps.idb, backup);
    for (const [documentId, row] of rows) names.learn(documentId, row.name);
    options.onProgress?.(1, total);
    // 2. Each original, verified against its document row, then stored.
    for (const [i, { original, entry }] of plan.originals.entries()) {
      const data = await read(entry);
      await checkOriginal(backup, entry.name, data, rows.get(original.documentId), names);
      throwIfAborted(signal, 'restore');
      await deps.vault.put(id, original.documentId, data);
      options.onProgress?.(i + 2, total);
    }
    // 3. Opened with this app's schema: an older backup is upgraded here like any old database.
    const db = new WorkspaceDb(id, deps.idb);
    try {
      await db.open();
    } catch (error) {
      throw new RestoreError(backup, `the database (${DATABASE})`, `cannot be opened by this version of Casefile (${describeError(error)})`);
    } finally {
      db.close();
    }
    return await deps.registry.adopt({ id, name: options.name ?? manifest.workspace.name, createdAt: manifest.workspace.createdAt });
  } catch (error) {
    if (wrote) {
      await deps.registry.deleteDatabase(id).catch(() => undefined);
      await deps.vault.removeWorkspace(id).catch(() => undefined);
    }
    const named = asRestoreError(error, backup, names);
    if (named instanceof AppError) throw named;
    throw new StoreError('internal', `Backup: restoring ${backup} failed (${describeError(error)}). Nothing here was changed.`, { cause: error });
  } finally {
    lock.release();
  }
}

/**
 * Rebuilds the database at the backup's schema version from its export, checks every table's
 * row count against the manifest, and returns the document rows originals are checked against.
 */
async function importDatabase(dbName: string, dump: Blob, manifest: BackupManifest, idb: IdbDeps | undefined, backup: string): Promise<Map<string, OriginalRow>> {
  const { importInto } = await exportImport();
  const db = new Dexie(dbName, idb);
  const part = `the database (${DATABASE})`;
  try {
    try {
      db.version(manifest.database.version).stores(Object.fromEntries(manifest.database.tables.map((t) => [t.name, t.schema])));
      await db.open();
    } catch (error) {
      throw new RestoreError(backup, `its manifest (${MANIFEST})`, `describes tables this app cannot create (${describeError(error)})`);
    }
    try {
      await importInto(db, dump, { acceptNameDiff: true, chunkSizeBytes: 1024 * 1024 });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new RestoreError(backup, part, 'cannot be read as a Casefile database (its contents do not match the manifest or are not a database export)', { detail: describeError(error) });
    }
    await checkTableCounts(backup, manifest.database.tables, (name) => db.table(name).count());
    const rows = new Map<string, OriginalRow>();
    if (manifest.originals.length > 0) {
      const documents = manifest.database.tables.some((t) => t.name === 'documents') ? await db.table('documents').toArray() : [];
      for (const d of documents as { id?: unknown; name?: unknown; size?: unknown; sha256?: unknown }[]) {
        if (typeof d.id === 'string') rows.set(d.id, { name: typeof d.name === 'string' ? d.name : '', size: typeof d.size === 'number' ? d.size : -1, sha256: typeof d.sha256 === 'string' ? d.sha256 : '' });
      }
    }
    return rows;
  } finally {
    db.close();
  }
}
