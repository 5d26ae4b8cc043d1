/**
 * End-to-end helpers for what the app keeps in the browser: the databases
 * (indexedDB.databases()), the file vault folders in the Origin Private File System, the open
 * workspace, import events seen by a page, and generated PDFs to import.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { paddedPdf } from '../fixtures/collection';

/** Writes files to a temporary folder and returns their paths (Playwright passes large files best as paths). */
export async function writeFiles(files: readonly { name: string; buffer: Buffer }[]): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'casefile-e2e-'));
  return Promise.all(files.map(async (f) => (await writeFile(join(dir, f.name), f.buffer), join(dir, f.name))));
}

/** Names of every IndexedDB database of the origin, as the page sees them. */
export const databases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));

/** Workspace folders of the file vault (OPFS `casefile/`). */
export const vaultFolders = (page: Page) =>
  page.evaluate(async () => {
    const names: string[] = [];
    try {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('casefile');
      for await (const key of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(key);
    } catch {
      // no vault at all
    }
    return names;
  });

/** The entries (name, size) of one workspace's vault folder. */
export const vaultEntries = (page: Page, workspaceId: string) =>
  page.evaluate(async (id) => {
    const out: { name: string; size: number }[] = [];
    try {
      const dir = await (await (await navigator.storage.getDirectory()).getDirectoryHandle('casefile')).getDirectoryHandle(id);
      for await (const [name, handle] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }).entries()) out.push({ name, size: (await handle.getFile()).size });
    } catch {
      // no folder
    }
    return out;
  }, workspaceId);

interface TestWindow {
  casefile: { workspace: { current: { id: string; name: string } }; session: { documents: { list(): Promise<{ id: string; name: string; status: string; error: string | null; errorInfo: { code: string } | null }[]> } } };
  startedFiles?: string[];
}

export const currentWorkspace = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).casefile.workspace.current);

/** The open workspace's documents, straight from the app. */
export const documentRows = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).casefile.session.documents.list());

/** Starts recording the files this page saw start (`jobId|documentId|at`: a relayed event is the same event). */
export const recordStarts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as TestWindow & { casefile: { events: { subscribe(l: (e: { type: string; jobId: string; documentId?: string; at: number }) => void): void } } };
    w.startedFiles = [];
    w.casefile.events.subscribe((e) => {
      if (e.type === 'file_started') w.startedFiles!.push(`${e.jobId}|${e.documentId}|${e.at}`);
    });
  });

export const startedFiles = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).startedFiles ?? []);

/** `count` distinct PDFs named `${prefix}-N.pdf`, each with a unique phrase and `padBytes` of filler. */
export async function pdfBatch(prefix: string, count: number, padBytes = 0): Promise<{ name: string; mimeType: string; buffer: Buffer; phrase: string }[]> {
  const out = [];
  for (let i = 1; i <= count; i++) {
    const phrase = `${prefix} clause ${i} zebra${prefix}${i}`;
    const bytes = await paddedPdf([`AGREEMENT ${prefix.toUpperCase()} ${i}`, `${i}. Delivery. The Supplier shall deliver under ${phrase} within ${i + 2} days.`], padBytes, i * 7919 + prefix.length);
    out.push({ name: `${prefix}-${i}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(bytes), phrase });
  }
  return out;
}
