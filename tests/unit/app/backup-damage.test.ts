/**
 * Damaged backups, generated from a good one: truncated, a byte flipped in each part, an
 * original altered with its checksum fixed, bombs (honest and lying headers, over the budgets,
 * over the free storage), future versions, duplicate entries, wrong counts, parts that are not
 * what they claim, and seeded random damage. Each is refused with a message naming the backup
 * file, the part and the problem in words; nothing of the restore is left behind, and the
 * workspace the backup was made from is exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportWorkspace, restoreWorkspace, currentSchemaVersion, type BackupManifest, type RestoreLimits } from '../../../src/app/browser/backup';
import type { WorkspaceSession } from '../../../src/app/workspace-session';
import { prng } from '../../../src/core/prng';
import type { WorkspaceRecord } from '../../../src/core/types';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { WORKSPACE_DB_PREFIX } from '../../../src/store/db';
import { backupParts, installBlobReader, tableRows, workspaceWithDocuments, zipLayout } from '../../helpers/backup';
import { browser, openTab, type Browser } from '../../helpers/session';
import { handZip, type BombEntry } from '../parsers/helpers/office';

registerRpcErrors();

const NAME = 'acme.casefile';
const sessions: WorkspaceSession[] = [];
let b: Browser;
let ws: WorkspaceRecord;
let source: WorkspaceSession;
let good: Uint8Array;
let parts: Record<string, Uint8Array>;
let manifest: BackupManifest;
let before: Record<string, unknown[]>;
let originalsBefore: Record<string, Uint8Array>;
let restores = 0;

beforeAll(async () => {
  installBlobReader();
  b = browser();
  const made = await workspaceWithDocuments(b, sessions);
  ws = made.ws;
  source = made.tab.session;
  await source.index.flush();
  good = new Uint8Array(await (await exportWorkspace(ws, { registry: b.registry, vault: b.vault, locks: b.locks, idb: b.idb })).arrayBuffer());
  parts = backupParts(good);
  manifest = JSON.parse(new TextDecoder().decode(parts['manifest.json'])) as BackupManifest;
  before = await tableRows(source);
  originalsBefore = {};
  for (const o of manifest.originals) originalsBefore[o.documentId] = new Uint8Array(await (await b.vault.get(ws.id, o.documentId))!.arrayBuffer());
}, 60_000);

afterAll(async () => {
  for (const s of sessions.splice(0)) await s.dispose(false);
});

const enc = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const originalOf = (name: string) => manifest.originals.find((o) => o.name === name)!;
const path = (documentId: string) => `originals/${documentId}`;

/** The good backup's parts as hand-zip entries, with some replaced (or, with `null`, left out). */
function rebuilt(changes: Record<string, BombEntry | Uint8Array | null> = {}, extra: BombEntry[] = []): Uint8Array {
  const entries: BombEntry[] = [];
  for (const [name, data] of Object.entries(parts)) {
    const change = changes[name];
    if (change === null) continue;
    if (change instanceof Uint8Array) entries.push({ name, data: change, stored: name.startsWith('originals/') });
    else entries.push(change ?? { name, data, stored: name.startsWith('originals/') });
  }
  return handZip([...entries, ...extra]);
}

const withManifest = (change: (m: BackupManifest) => unknown) => enc(change(JSON.parse(JSON.stringify(manifest)) as BackupManifest));

interface Options {
  readonly limits?: Partial<RestoreLimits>;
  readonly freeBytes?: number;
}

function restore(bytes: Uint8Array, options: Options = {}) {
  const id = `restored-${++restores}`;
  const promise = restoreWorkspace(new File([bytes as BlobPart], NAME), { registry: b.registry, vault: b.vault, locks: b.locks, idb: b.idb, ...(options.freeBytes === undefined ? {} : { freeBytes: async () => options.freeBytes! }) }, { workspaceId: id, ...(options.limits ? { limits: options.limits } : {}) });
  return { id, promise };
}

/** Nothing of restore `id` is left: no database, no stored files, no registry entry. */
async function leftNothing(id: string): Promise<void> {
  const names = (await (b.idb.indexedDB as IDBFactory).databases()).map((d) => d.name);
  expect(names).not.toContain(`${WORKSPACE_DB_PREFIX}${id}`);
  expect(await b.vault.workspaces()).not.toContain(id);
  expect(await b.registry.get(id)).toBeUndefined();
}

/** Refused with a message naming the backup and matching `problem`; nothing left behind. */
async function refused(bytes: Uint8Array, problem: RegExp, options: Options = {}): Promise<string> {
  const { id, promise } = restore(bytes, options);
  const error = await promise.then(
    () => null,
    (e: unknown) => e as Error & { code?: string },
  );
  expect(error, `restore ${id} should fail with ${problem}`).not.toBeNull();
  expect(error!.message).toMatch(/^Backup: acme\.casefile /);
  expect(error!.message).toMatch(problem);
  expect(error!.message).not.toMatch(/Cannot read properties|undefined|\[object/);
  await leftNothing(id);
  return error!.message;
}

/** Flips one byte in the middle of the stored data of `entry`. */
function flipped(entry: string, at = 0.5): Uint8Array {
  const e = zipLayout(good).find((x) => x.name === entry)!;
  const out = good.slice();
  out[e.dataStart + Math.floor(e.compressedSize * at)]! ^= 0x20;
  return out;
}

describe('damaged backups are refused by name, the workspace left as it was', { timeout: 60_000 }, () => {
  it('a good backup restores (the baseline the damage is measured against)', async () => {
    const { id, promise } = restore(good);
    await promise;
    const tab = await openTab(b, (await b.registry.get(id)), { start: false });
    sessions.push(tab.session);
    expect(await tableRows(tab.session)).toEqual(before);
  });

  it('truncated anywhere: not a readable backup, or a part cut off', async () => {
    const layout = zipLayout(good);
    const cuts = [10, ...layout.map((e) => e.dataStart + Math.floor(e.compressedSize / 2)), good.length - 30, good.length - 1];
    for (const cut of cuts) await refused(good.slice(0, cut), /not a readable Casefile backup: it is not a zip archive, or it was cut off/);
  });

  it('a byte flipped in each part: that part is named, its checksum or its compressed data failing', async () => {
    // A flipped bit in deflated data can fail the checksum, break the stream, or inflate to another size: each names the part.
    await refused(flipped('manifest.json'), /its manifest \(manifest\.json\) (fails its checksum|cannot be inflated|is [\d,]+ bytes instead of the [\d,]+ bytes its directory declares|inflates past the [\d,]+ bytes its directory declares)/);
    await refused(flipped('database.json'), /the database \(database\.json\) (fails its checksum \(CRC-32\)|cannot be inflated|is [\d,]+ bytes instead of the [\d,]+ bytes its directory declares|inflates past the [\d,]+ bytes its directory declares)/);
    for (const name of ['msa.txt', 'nda.txt']) {
      const o = originalOf(name);
      const message = await refused(flipped(path(o.documentId)), new RegExp(`the original of “${name}” \\(originals/${o.documentId}\\) fails its checksum \\(CRC-32\\): its bytes were altered\\. Nothing here was changed\\.$`));
      expect(message).toContain(name);
    }
  });

  it('an original altered with its checksum fixed: its sha256 no longer matches its document', async () => {
    const o = originalOf('nda.txt');
    const altered = parts[path(o.documentId)]!.slice();
    altered[40]! ^= 0x01;
    await refused(rebuilt({ [path(o.documentId)]: altered }), /the original of “nda\.txt” \(originals\/[\w-]+\) does not match the fingerprint \(sha256\) its document recorded at import/);
  });

  it('bombs: an honest 1 GB original from 1 MB, a lying header, parts over the budgets or the free storage', async () => {
    const o = originalOf('msa.txt');
    const gib = 1024 ** 3;
    // The directory and the manifest both say 1 GB: refused before a byte is inflated.
    const honest = rebuilt({ [path(o.documentId)]: { name: path(o.documentId), zeros: gib, crc: 0 }, 'manifest.json': { name: 'manifest.json', data: withManifest((m) => ({ ...m, originals: m.originals.map((x) => (x.documentId === o.documentId ? { ...x, size: gib } : x)) })) } });
    expect(honest.length).toBeLessThan(2 * 1024 * 1024);
    await refused(honest, /the original of “msa\.txt” \(originals\/[\w-]+\) would expand to 1\.0 GB from [\d,.]+ (bytes|MB) \([\d,]+:1; stored originals are about 1:1\): it looks like a zip bomb/);
    // Only the directory says 1 GB: it disagrees with the manifest.
    await refused(rebuilt({ [path(o.documentId)]: { name: path(o.documentId), zeros: gib, crc: 0 } }), /the original of “msa\.txt” .* is 1\.0 GB in the archive but [\d,]+ bytes in the manifest/);
    // A lying header: declares the right size, inflates to 64 MB: stopped where it passes the size.
    await refused(rebuilt({ [path(o.documentId)]: { name: path(o.documentId), zeros: 64 * 1024 * 1024, declaredSize: o.size, crc: 0 } }), /the original of “msa\.txt” .* inflates past the [\d,]+ bytes its directory declares \(stopped there: a zip bomb or a damaged file\)/);
    await refused(good, /the database \(database\.json\) would expand to [\d,]+ bytes, over the 1,000 bytes a restore allows/, { limits: { maxDatabaseBytes: 1000 } });
    await refused(good, /the stored original originals\/|the original of “(msa|nda)\.txt” .* would expand to .* over the 100 bytes a restore allows for one file/, { limits: { maxOriginalBytes: 100 } });
    await refused(good, /the file would expand to [\d,]+ bytes, over the 2,000 bytes a restore allows/, { limits: { maxTotalBytes: 2000 } });
    await refused(good, /the file needs [\d,.]+ (bytes|MB) of storage and only 1,000 bytes is free/, { freeBytes: 1000 });
  });

  it('future versions are refused before anything is written', async () => {
    await refused(rebuilt({ 'manifest.json': withManifest((m) => ({ ...m, formatVersion: 2 })) }), /was made by a newer Casefile \(backup format 2/);
    await refused(rebuilt({ 'manifest.json': withManifest((m) => ({ ...m, database: { ...m.database, version: currentSchemaVersion() + 1 } })) }), /was made by a newer Casefile/);
  });

  it('duplicate entries and parts listed twice', async () => {
    await refused(rebuilt({}, [{ name: 'database.json', data: '{}' }]), /the database \(database\.json\) appears twice in the archive/);
    await refused(rebuilt({}, [{ name: 'manifest.json', data: '{}' }]), /its manifest \(manifest\.json\) appears twice in the archive/);
    const o = originalOf('nda.txt');
    await refused(rebuilt({}, [{ name: path(o.documentId), data: 'x', stored: true }]), /the original of “nda\.txt” .* appears twice in the archive/);
    await refused(rebuilt({ 'manifest.json': withManifest((m) => ({ ...m, originals: [...m.originals, m.originals[0]] })) }), /is listed twice in the manifest/);
  });

  it('wrong counts: a table, an original missing, an original nobody owns, a part left out', async () => {
    const chunks = manifest.database.tables.find((t) => t.name === 'chunks')!;
    await refused(rebuilt({ 'manifest.json': withManifest((m) => ({ ...m, database: { ...m.database, tables: m.database.tables.map((t) => (t.name === 'chunks' ? { ...t, rowCount: t.rowCount + 1 } : t)) } })) }), new RegExp(`has ${chunks.rowCount} rows in table “chunks” where the manifest lists ${chunks.rowCount + 1}`));
    await refused(rebuilt({ 'manifest.json': withManifest((m) => ({ ...m, originals: [...m.originals, { documentId: 'ghost', size: 10, name: 'ghost.pdf' }] })) }), /the original of “ghost\.pdf” \(originals\/ghost\) is missing \(the backup is incomplete\)/);
    await refused(rebuilt({ 'manifest.json': withManifest((m) => ({ ...m, originals: [...m.originals, { documentId: 'stranger', size: 1 }] })) }, [{ name: 'originals/stranger', data: 'x', stored: true }]), /the stored original originals\/stranger belongs to no document in the backup’s database/);
    await refused(rebuilt({ 'database.json': null }), /the database \(database\.json\) is missing/);
    await refused(rebuilt({ 'manifest.json': null }), /is not a Casefile backup \(it has no manifest\)/);
  });

  it('parts that are not what they claim: a manifest or a database that is not one', async () => {
    await refused(rebuilt({ 'manifest.json': enc('not json at all') }), /its manifest \(manifest\.json\) is not valid JSON/);
    await refused(rebuilt({ 'manifest.json': withManifest((m) => ({ ...m, database: { ...m.database, tables: [{ name: 'documents', rowCount: -1 }] } })) }), /its manifest \(manifest\.json\) lists a table without a valid name, size or count/);
    for (const junk of ['garbage', '{}', '{"formatName":"dexie","formatVersion":1,"data":{"databaseName":"x","databaseVersion":1,"tables":[],"data":[{"tableName":"documents","inbound":true,"rows":[null,7]}]}}']) {
      await refused(rebuilt({ 'database.json': enc(junk) }), /the database \(database\.json\) (cannot be read as a Casefile database|has \d+ rows in table)/);
    }
  });

  it('seeded random damage: restored exactly or refused by name, never half-restored', async () => {
    const rnd = prng(21);
    let outcomes = { restored: 0, refused: 0 };
    for (let i = 0; i < 40; i++) {
      const bytes = good.slice();
      const flips = 1 + Math.floor(rnd() * 6);
      for (let k = 0; k < flips; k++) bytes[Math.floor(rnd() * bytes.length)]! ^= 1 << Math.floor(rnd() * 8);
      const { id, promise } = restore(bytes);
      const result = await promise.then(
        () => null,
        (e: unknown) => e as Error,
      );
      if (result === null) {
        // Damage the checks do not see (a name's high bit in a local header, a time stamp) must change nothing restored.
        const tab = await openTab(b, (await b.registry.get(id)), { start: false });
        sessions.push(tab.session);
        expect(await tableRows(tab.session)).toEqual(before);
        outcomes = { ...outcomes, restored: outcomes.restored + 1 };
      } else {
        expect(result.message).toMatch(/^Backup: acme\.casefile /);
        expect(result.message).not.toMatch(/Cannot read properties|undefined|\[object/);
        await leftNothing(id);
        outcomes = { ...outcomes, refused: outcomes.refused + 1 };
      }
    }
    expect(outcomes.refused).toBeGreaterThan(30);
  });

  it('the workspace the backup was made from is exactly as it was', async () => {
    expect(await tableRows(source)).toEqual(before);
    for (const [id, bytes] of Object.entries(originalsBefore)) expect(new Uint8Array(await (await b.vault.get(ws.id, id))!.arrayBuffer())).toEqual(bytes);
    expect(await b.registry.get(ws.id)).toMatchObject({ id: ws.id, name: ws.name });
  });
});
