/**
 * The source viewer's access to a document's original: the uploaded copy in the file vault
 * (OPFS), or the file in the workspace's connected folder, read as it is now. What the viewer
 * can show from it depends on the kind:
 *
 *   pdf    pages drawn by pdf.js on the page (pdf-view.ts)
 *   image  the picture itself (an object URL the viewer releases)
 *   html   Word and HTML: the formatted, paginated view built in the parse worker from the
 *          original (src/parsers/views.ts), kept for the last two documents opened
 *   text   plain text and Markdown: the stored text is the original
 *
 * When the original cannot be shown the answer says why, in words for the user: the folder is
 * disconnected or needs permission again, the file is no longer there, it changed since it was
 * imported (its pages would not match the text), or the stored copy is gone.
 */
import { describeError, FileError, isAbort } from '../../core/errors';
import type { SourceFile } from '../../core/ports';
import type { DocumentRecord } from '../../core/types';
import type { HtmlView } from '../../parsers/views';
import type { DocumentRepository } from '../../store/documents';
import type { FileVault } from '../browser/file-vault';
import type { FolderSync } from '../imports/folder-sync';
import type { DocumentViews } from '../workers/parser-proxy';
import { openPdfOriginal, type PdfOriginal } from './pdf-view';

export type { HtmlView, HtmlViewPage } from '../../parsers/views';
export type { PdfOriginal } from './pdf-view';

export type OriginalView =
  | { readonly kind: 'pdf'; readonly pdf: PdfOriginal }
  | { readonly kind: 'image'; readonly url: string }
  | { readonly kind: 'html'; readonly view: HtmlView }
  /** The stored text is the document (plain text, Markdown). */
  | { readonly kind: 'text' }
  | { readonly kind: 'unavailable'; readonly reason: string };

export interface OriginalsDeps {
  readonly workspaceId: string;
  readonly vault: FileVault;
  readonly documents: DocumentRepository;
  readonly folder: () => FolderSync;
  readonly views: DocumentViews;
}

const HTML_KINDS = new Set(['text/html', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']);
const IMAGE_KINDS = new Set(['image/png', 'image/jpeg']);

/** What kind of original view a document of this media type has. */
export function originalKind(mediaType: string): 'pdf' | 'image' | 'html' | 'text' {
  if (mediaType === 'application/pdf') return 'pdf';
  if (IMAGE_KINDS.has(mediaType)) return 'image';
  if (HTML_KINDS.has(mediaType)) return 'html';
  return 'text';
}

class Unavailable extends Error {}

export class Originals {
  readonly #views = new Map<string, Promise<HtmlView>>();

  constructor(private readonly deps: OriginalsDeps) {}

  /**
   * Opens the original of a document for viewing. Release what it returns with `close` when
   * the viewer closes (a PDF's memory, an image's object URL).
   */
  async open(documentId: string, options: { signal?: AbortSignal } = {}): Promise<OriginalView> {
    const doc = await this.deps.documents.getDocument(documentId);
    if (!doc) return { kind: 'unavailable', reason: 'This document is no longer in the workspace.' };
    const kind = originalKind(doc.mediaType);
    if (kind === 'text') return { kind: 'text' };
    try {
      const file = await this.#file(doc);
      if (kind === 'image') return { kind: 'image', url: URL.createObjectURL(file) };
      if (kind === 'pdf') return { kind: 'pdf', pdf: await openPdfOriginal(await file.arrayBuffer(), doc.name) };
      return { kind: 'html', view: await this.#htmlView(doc, file, options.signal) };
    } catch (error) {
      if (error instanceof Unavailable) return { kind: 'unavailable', reason: error.message };
      if (error instanceof FileError && error.code === 'file/encrypted') return { kind: 'unavailable', reason: 'This PDF is password-protected; its password was used once to import it and is not kept.' };
      if (isAbort(error)) throw error;
      return { kind: 'unavailable', reason: `The original could not be opened: ${describeError(error)}` };
    }
  }

  /** Releases what `open` returned. */
  close(view: OriginalView): void {
    if (view.kind === 'pdf') view.pdf.destroy();
    else if (view.kind === 'image') URL.revokeObjectURL(view.url);
  }

  async #file(doc: DocumentRecord): Promise<File> {
    if (doc.source !== 'folder') {
      const file = await this.deps.vault.get(this.deps.workspaceId, doc.id);
      if (!file) throw new Unavailable('The copy of this file that Casefile kept is gone (the browser’s storage was cleared).');
      return file;
    }
    const folder = this.deps.folder();
    const settings = await folder.settings();
    if (!settings) throw new Unavailable('The folder this file came from is no longer connected to this workspace.');
    if ((await folder.permission().catch(() => null)) !== 'granted') {
      throw new Unavailable(`Casefile needs your permission to read the folder “${settings.name}” again: choose “Allow access” in the Documents panel.`);
    }
    let file: File;
    try {
      file = await folder.open(doc.path);
    } catch {
      throw new Unavailable(`“${doc.path}” is no longer in the folder “${settings.name}”.`);
    }
    if (file.size !== doc.size || (doc.mtime !== null && file.lastModified !== doc.mtime)) {
      throw new Unavailable(`“${doc.path}” changed since it was imported, so its pages may not match the text; rescan the folder to update it.`);
    }
    return file;
  }

  #htmlView(doc: DocumentRecord, file: File, signal: AbortSignal | undefined): Promise<HtmlView> {
    const key = `${doc.id}:${doc.sha256}`;
    let view = this.#views.get(key);
    if (!view) {
      const source: SourceFile = { name: doc.name, path: doc.path, size: file.size, mediaType: doc.mediaType, lastModified: file.lastModified, bytes: () => file.arrayBuffer() };
      view = this.deps.views.view(source, { signal });
      view.catch(() => this.#views.delete(key));
      this.#views.set(key, view);
      // The last two documents' views are kept (paging back and forth, reopening a citation).
      while (this.#views.size > 2) this.#views.delete(this.#views.keys().next().value!);
    }
    return view;
  }
}
