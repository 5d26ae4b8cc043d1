/**
 * Originals: what the source viewer can show of a document's original, or why not, in words
 * for the user (vault copy gone, folder disconnected or without permission, file gone or
 * changed since import), and the formatted views kept for the last two documents.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentViews } from '../../../src/app/workers/parser-proxy';
import type { FileVault } from '../../../src/app/browser/file-vault';
import type { FolderSync } from '../../../src/app/imports/folder-sync';
import { Originals, originalKind } from '../../../src/app/viewer/originals';
import type { DocumentRecord } from '../../../src/core/types';
import type { HtmlView } from '../../../src/parsers/views';
import type { DocumentRepository } from '../../../src/store/documents';
import { docRecord } from '../../helpers/records';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const VIEW: HtmlView = { pages: [{ html: '<p>x</p>', blockEnds: Uint32Array.of(8), textEnds: Uint32Array.of(1) }] };

function harness(docs: DocumentRecord[], options: { vault?: Record<string, File>; folder?: { name: string; permission: 'granted' | 'prompt'; files: Record<string, File> } | null } = {}) {
  const vault = { get: async (_ws: string, key: string) => options.vault?.[key] } as unknown as FileVault;
  const folder = {
    settings: async () => (options.folder ? { name: options.folder.name } : null),
    permission: async () => options.folder?.permission ?? null,
    open: async (path: string) => {
      const f = options.folder?.files[path];
      if (!f) throw new Error('gone');
      return f;
    },
  } as unknown as FolderSync;
  let views = 0;
  const parser: DocumentViews = {
    view: async () => {
      views++;
      return VIEW;
    },
  };
  const documents = { getDocument: async (id: string) => docs.find((d) => d.id === id) } as unknown as DocumentRepository;
  const originals = new Originals({ workspaceId: 'ws', vault, documents, folder: () => folder, views: parser });
  return { originals, views: () => views };
}

const file = (name: string, text: string, lastModified = 1000) => new File([text], name, { lastModified });

describe('Originals', () => {
  it('knows which documents have an original view', () => {
    expect(['application/pdf', 'image/png', 'image/jpeg', DOCX, 'text/html', 'text/plain', 'text/markdown'].map(originalKind)).toEqual(['pdf', 'image', 'image', 'html', 'html', 'text', 'text']);
  });

  it('shows an uploaded image and a formatted Word document from the vault', async () => {
    const img = docRecord('img', { mediaType: 'image/png', name: 'scan.png' });
    const word = docRecord('word', { mediaType: DOCX, name: 'deal.docx', sha256: 'abc' });
    const h = harness([img, word], { vault: { img: file('img', 'png bytes'), word: file('word', 'docx bytes') } });
    const picture = await h.originals.open('img');
    expect(picture.kind).toBe('image');
    h.originals.close(picture);
    expect(await h.originals.open('word')).toEqual({ kind: 'html', view: VIEW });
    await h.originals.open('word');
    expect(h.views()).toBe(1); // kept: paging and reopening do not parse it again
  });

  it('shows plain text and Markdown as their stored text', async () => {
    const h = harness([docRecord('t', { mediaType: 'text/plain' })]);
    expect(await h.originals.open('t')).toEqual({ kind: 'text' });
  });

  it('says why the original cannot be shown', async () => {
    const upload = docRecord('up', { mediaType: 'application/pdf', name: 'lease.pdf' });
    const inFolder = (id: string, patch: Partial<DocumentRecord> = {}) => docRecord(id, { mediaType: 'application/pdf', source: 'folder', path: `leases/${id}.pdf`, size: 5, mtime: 1000, ...patch });
    const reason = async (h: ReturnType<typeof harness>, id: string) => {
      const v = await h.originals.open(id);
      return v.kind === 'unavailable' ? v.reason : v.kind;
    };
    expect(await reason(harness([upload]), 'up')).toMatch(/^The copy of this file that Casefile kept is gone/);
    expect(await reason(harness([inFolder('a')], { folder: null }), 'a')).toBe('The folder this file came from is no longer connected to this workspace.');
    expect(await reason(harness([inFolder('a')], { folder: { name: 'Leases', permission: 'prompt', files: {} } }), 'a')).toMatch(/permission to read the folder “Leases” again/);
    expect(await reason(harness([inFolder('a')], { folder: { name: 'Leases', permission: 'granted', files: {} } }), 'a')).toBe('“leases/a.pdf” is no longer in the folder “Leases”.');
    const changed = harness([inFolder('a')], { folder: { name: 'Leases', permission: 'granted', files: { 'leases/a.pdf': file('a.pdf', 'other bytes') } } });
    expect(await reason(changed, 'a')).toMatch(/^“leases\/a\.pdf” changed since it was imported/);
    expect(await reason(harness([]), 'nope')).toBe('This document is no longer in the workspace.');
  });
});
