/**
 * What a restore checks before anything it wrote becomes a workspace (backup.ts runs them):
 *
 *   plan        the archive's directory against the manifest and the budgets, before a byte is
 *               inflated: every part present once, originals the size the manifest says, no
 *               part expanding past its budget or far past its compressed size (a bomb), the
 *               whole within the budget and the free storage;
 *   tables      every table's row count against the manifest (generic over tables: whatever
 *               tables a version adds are counted the same way);
 *   originals   each original's size and sha256 against its document row.
 *
 * Every failure is a RestoreError: the backup file's name, the part in words (“the original of
 * “Lease.pdf””, “the database”) with its path in the archive, and the problem in words.
 */
import { InputError } from '../../core/errors';
import { sha256Hex } from '../../core/hash';
import { formatAmount, formatCount } from '../../parsers/budgets';
import { duplicateEntry, type ZipEntryInfo } from './backup-zip';

export const MANIFEST = 'manifest.json';
export const DATABASE = 'database.json';
export const ORIGINALS = 'originals/';

export interface RestoreLimits {
  /** Bytes the manifest may inflate to (default 16 MB). */
  readonly maxManifestBytes: number;
  /** Bytes the database part may inflate to (default 4 GB). */
  readonly maxDatabaseBytes: number;
  /** Bytes one original may inflate to (default 1 GB: five times the largest file the app imports). */
  readonly maxOriginalBytes: number;
  /** Bytes the whole backup may inflate to (default 8 GB), and never more than the free storage. */
  readonly maxTotalBytes: number;
  /** An original expanding more than this many times its compressed size is a bomb (default 100: originals are stored, ~1:1). */
  readonly maxOriginalRatio: number;
  /** Originals under this size are not checked for their ratio (default 10 MB). */
  readonly ratioMinBytes: number;
}

export const DEFAULT_RESTORE_LIMITS: RestoreLimits = {
  maxManifestBytes: 16 * 1024 * 1024,
  maxDatabaseBytes: 4 * 1024 ** 3,
  maxOriginalBytes: 1024 ** 3,
  maxTotalBytes: 8 * 1024 ** 3,
  maxOriginalRatio: 100,
  ratioMinBytes: 10 * 1024 * 1024,
};

/** One original as the manifest lists it (`name` since the manifest started naming files; older backups have none). */
export interface ManifestOriginal {
  readonly documentId: string;
  readonly size: number;
  readonly name?: string;
}

/** A restore refused: names the backup file, the part and the problem; nothing here was changed. */
export class RestoreError extends InputError {
  constructor(backup: string, what: string, problem: string, details: Record<string, unknown> = {}) {
    super(`Backup: ${backup} cannot be restored: ${what} ${problem}. Nothing here was changed.`, { backup, ...details });
  }
}

/** Names the parts of one backup in messages: an original by its file name when it is known. */
export class PartNames {
  readonly #names = new Map<string, string>();

  constructor(originals: readonly ManifestOriginal[]) {
    for (const o of originals) if (typeof o.name === 'string' && o.name) this.#names.set(o.documentId, o.name);
  }

  learn(documentId: string, name: string): void {
    if (name) this.#names.set(documentId, name);
  }

  /** “the original of “Lease.pdf” (originals/…)”, “the database (database.json)”. */
  describe(entry: string | null): string {
    if (entry === null) return 'the file';
    if (entry === MANIFEST) return `its manifest (${MANIFEST})`;
    if (entry === DATABASE) return `the database (${DATABASE})`;
    if (entry.startsWith(ORIGINALS)) {
      const name = this.#names.get(entry.slice(ORIGINALS.length));
      return name ? `the original of “${name}” (${entry})` : `the stored original ${entry}`;
    }
    return entry;
  }
}

export interface RestorePlan {
  readonly database: ZipEntryInfo;
  /** In manifest order. */
  readonly originals: readonly { readonly original: ManifestOriginal; readonly entry: ZipEntryInfo }[];
  /** Bytes the restore will write (the parts' declared sizes). */
  readonly totalBytes: number;
}

/**
 * Checks the archive's directory against the manifest and the budgets before anything is
 * inflated. `free` is the storage left (null: unknown).
 */
export function planRestore(backup: string, entries: readonly ZipEntryInfo[], originals: readonly ManifestOriginal[], names: PartNames, limits: RestoreLimits, free: number | null): RestorePlan {
  const refuse = (entry: string | null, problem: string, details: Record<string, unknown> = {}) => new RestoreError(backup, names.describe(entry), problem, { entry, ...details });
  const twice = duplicateEntry(entries);
  if (twice !== null) throw refuse(twice, 'appears twice in the archive (a backup has each part once)');
  const byName = new Map(entries.map((e) => [e.name, e]));
  const database = byName.get(DATABASE);
  if (!database) throw refuse(DATABASE, 'is missing (the backup is incomplete)');
  if (database.size > limits.maxDatabaseBytes) throw refuse(DATABASE, `would expand to ${formatAmount(database.size)}, over the ${formatAmount(limits.maxDatabaseBytes)} a restore allows`, { limit: 'maxDatabaseBytes' });
  const seen = new Set<string>();
  const planned: { original: ManifestOriginal; entry: ZipEntryInfo }[] = [];
  let total = database.size;
  for (const original of originals) {
    const path = `${ORIGINALS}${original.documentId}`;
    if (seen.has(path)) throw refuse(path, 'is listed twice in the manifest');
    seen.add(path);
    const entry = byName.get(path);
    if (!entry) throw refuse(path, 'is missing (the backup is incomplete)');
    if (entry.size !== original.size) throw refuse(path, `is ${formatAmount(entry.size)} in the archive but ${formatAmount(original.size)} in the manifest (the backup was altered)`);
    if (entry.size > limits.maxOriginalBytes) throw refuse(path, `would expand to ${formatAmount(entry.size)}, over the ${formatAmount(limits.maxOriginalBytes)} a restore allows for one file`, { limit: 'maxOriginalBytes' });
    const ratio = entry.size / Math.max(1, entry.compressedSize);
    if (entry.size >= limits.ratioMinBytes && ratio > limits.maxOriginalRatio) {
      throw refuse(path, `would expand to ${formatAmount(entry.size)} from ${formatAmount(entry.compressedSize)} (${formatCount(ratio)}:1; stored originals are about 1:1): it looks like a zip bomb`, { limit: 'maxOriginalRatio' });
    }
    total += entry.size;
    planned.push({ original, entry });
  }
  if (total > limits.maxTotalBytes) throw refuse(null, `would expand to ${formatAmount(total)}, over the ${formatAmount(limits.maxTotalBytes)} a restore allows`, { limit: 'maxTotalBytes' });
  if (free !== null && total > free) throw refuse(null, `needs ${formatAmount(total)} of storage and only ${formatAmount(free)} is free`, { limit: 'storage' });
  return { database, originals: planned, totalBytes: total };
}

/** The row counts of a restored database at the backup's version (`count` per table name). */
export async function checkTableCounts(backup: string, tables: readonly { readonly name: string; readonly rowCount: number }[], count: (table: string) => Promise<number>): Promise<void> {
  for (const table of tables) {
    const rows = await count(table.name);
    if (rows !== table.rowCount) {
      throw new RestoreError(backup, `the database (${DATABASE})`, `has ${formatCount(rows)} rows in table “${table.name}” where the manifest lists ${formatCount(table.rowCount)} (the backup was altered or is incomplete)`, { table: table.name, rows, expected: table.rowCount });
    }
  }
}

/** The document row an original must match (its size and, once hashed at import, its sha256). */
export interface OriginalRow {
  readonly name: string;
  readonly size: number;
  readonly sha256: string;
}

/** Checks an inflated original against its document row (size, then sha256 when the row has one). */
export async function checkOriginal(backup: string, path: string, data: Blob, row: OriginalRow | undefined, names: PartNames): Promise<void> {
  if (!row) throw new RestoreError(backup, names.describe(path), 'belongs to no document in the backup’s database (the backup was altered)', { entry: path });
  if (data.size !== row.size) throw new RestoreError(backup, names.describe(path), `is ${formatAmount(data.size)} where its document row says ${formatAmount(row.size)} (the backup was altered)`, { entry: path });
  if (!row.sha256) return; // a file that failed before it was hashed (e.g. too large to import)
  const sha256 = await sha256Hex(await data.arrayBuffer());
  if (sha256 !== row.sha256) throw new RestoreError(backup, names.describe(path), 'does not match the fingerprint (sha256) its document recorded at import: its bytes were altered', { entry: path });
}
