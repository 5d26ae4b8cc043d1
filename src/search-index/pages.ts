/**
 * Stored page text for the source viewer, read in the index worker (which has the open
 * workspace's database) rather than on the page: IndexedDB deserialises a record on the thread
 * that reads it, and a 50 MB one-page text takes ~330 ms to come out, too long for the page's
 * main thread. The page gets the page's facts and its block boundaries (src/core/view/
 * text-blocks.ts), the whole text only when it is small, and any other text block by block.
 * The last large page read stays cached, so scrolling through it reads IndexedDB once.
 *
 *   pageView(documentId, page, wholeTextChars?) → PageView | null
 *   pageText(documentId, page, start, end) → string
 */
import { transfer } from 'comlink';
import { StoreError } from '../core/errors';
import type { PageLayout, PageRecord } from '../core/types';
import { textBlockEnds } from '../core/view/text-blocks';
import type { DocumentRepository } from '../store/documents';

/** A stored page as the viewer needs it. */
export interface PageView {
  readonly page: number;
  /** Characters in the stored text. */
  readonly length: number;
  readonly ocr: boolean;
  readonly confidence: number | null;
  /** OCR word boxes (pages read by OCR since they are kept). */
  readonly layout: PageLayout | null;
  /** End offsets of the text's blocks (text-blocks.ts): the viewer renders a few at a time. */
  readonly blockEnds: Uint32Array;
  /** The whole text when it has at most `wholeTextChars` characters, else null (read it with pageText). */
  readonly text: string | null;
}

/** Pages up to 1 M characters come whole (a structured clone of ~2 ms). */
const WHOLE_TEXT_CHARS = 1_000_000;

export function createPageReader(documents: () => Promise<DocumentRepository>) {
  let cached: { readonly key: string; readonly record: PageRecord } | null = null;

  const read = async (documentId: string, page: number): Promise<PageRecord | null> => {
    const key = `${documentId}\u0000${page}`;
    if (cached?.key === key) return cached.record;
    const record = (await (await documents()).page(documentId, page)) ?? null;
    cached = record && record.text.length > WHOLE_TEXT_CHARS ? { key, record } : null;
    return record;
  };

  return {
    /** The page's facts and blocks, the text itself when small; null when the page is not stored. */
    async pageView(documentId: string, page: number, wholeTextChars = WHOLE_TEXT_CHARS): Promise<PageView | null> {
      const record = await read(documentId, page);
      if (!record) return null;
      const blockEnds = textBlockEnds(record.text);
      const view: PageView = {
        page: record.page,
        length: record.text.length,
        ocr: record.ocr,
        confidence: record.confidence,
        layout: record.layout ?? null,
        blockEnds,
        text: record.text.length <= wholeTextChars ? record.text : null,
      };
      return transfer(view, [blockEnds.buffer as ArrayBuffer]);
    },

    /** Characters [start, end) of a stored page. */
    async pageText(documentId: string, page: number, start: number, end: number): Promise<string> {
      const record = await read(documentId, page);
      if (!record) throw new StoreError('store/not-found', `index worker: page ${page} of document ${documentId} is not stored`);
      return record.text.slice(Math.max(0, start), Math.max(0, end));
    },

    /** Drops a cached page of this document (it was re-imported or deleted). */
    forget(documentId: string): void {
      if (cached?.key.startsWith(`${documentId}\u0000`)) cached = null;
    },
  };
}
