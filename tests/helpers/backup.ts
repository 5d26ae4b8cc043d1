/**
 * Backups in Node tests: the globals dexie-export-import needs, a workspace with documents to
 * back up, and the parts of a backup file (to rebuild it damaged with `handZip`).
 */
export { zipLayout } from './zip-layout';
import { unzipSync } from 'fflate';
import type { WorkspaceSession } from '../../src/app/workspace-session';
import { openTab, textFile, type Browser } from './session';

/** dexie-export-import reads Blobs with the browser's FileReader and probes `self`. */
export function installBlobReader(): void {
  const g = globalThis as unknown as Record<string, unknown>;
  g['self'] ??= globalThis;
  g['FileReader'] ??= class {
    onload: ((e: { target: { result: unknown } }) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    onabort: ((e: unknown) => void) | null = null;
    readAsArrayBuffer(blob: Blob): void {
      blob.arrayBuffer().then((result) => this.onload?.({ target: { result } }), (error: unknown) => this.onerror?.({ target: { error } }));
    }
  };
}

const MSA = 'MASTER SERVICES AGREEMENT\n\n12. Limitation of Liability. The total liability of either party shall not exceed the fees paid in the twelve (12) months before the claim.\n\n13. Governing Law. This Agreement is governed by the laws of England and Wales.';
const NDA = 'MUTUAL NON-DISCLOSURE AGREEMENT\n\n1. Confidential Information. The receiving party shall keep the Confidential Information secret for three (3) years.';

/** A workspace with two imported text documents (msa.txt, nda.txt), a vector row and a setting. */
export async function workspaceWithDocuments(b: Browser, sessions: WorkspaceSession[]) {
  const ws = await b.registry.create('Acme v. Globex');
  const tab = await openTab(b, ws);
  sessions.push(tab.session);
  await tab.session.imports.addFiles([textFile('msa.txt', MSA), textFile('nda.txt', NDA)]);
  await tab.jobsDone(1);
  const doc = (await tab.session.documents.list())[0]!;
  // Vectors are typed arrays; a table added by another part of the app rides along untouched.
  await tab.session.db.vectors.put({ documentId: doc.id, modelId: 'test/model', dim: 2, seqs: new Uint32Array([0, 1]), data: new Float32Array([0.25, -1.5, 3, 0.125]), language: 'en' });
  await tab.session.settings.setPipeline({ ...(await tab.session.settings.pipeline()), neighbours: 2 });
  await tab.session.db.table('meta').put({ key: 'someone-elses/table-row', value: { nested: [1, 'two', null] } });
  return { ws, tab };
}

/** Every table's rows. */
export async function tableRows(session: WorkspaceSession): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of session.db.tables) out[table.name] = await table.toArray();
  return out;
}

/** The inflated parts of a backup, by name. */
export function backupParts(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes);
}
