/**
 * The source viewer's data, as React hooks over the app services: the document's original (what
 * can be drawn of it, or why not), the stored page (read in the index worker), and the passage's
 * own text on the page (the slice of the stored text the highlight is aligned with).
 */
import { useEffect, useState } from 'react';
import type { PageView } from '../../app/workers/index-client';
import type { OriginalView } from '../../app/viewer/originals';
import { describeError, isAbort } from '../../core/errors';
import type { Range } from '../../core/search/highlight';
import type { ChunkRecord } from '../../core/types';
import { useSession } from '../common/hooks';

/** The passage's range on a given page (it may span several pages). */
export function passageRangeOnPage(chunk: Pick<ChunkRecord, 'pageStart' | 'pageEnd' | 'charStart' | 'charEnd'>, page: number, pageLength: number): Range | null {
  if (page < chunk.pageStart || page > chunk.pageEnd) return null;
  const start = page === chunk.pageStart ? chunk.charStart : 0;
  const end = page === chunk.pageEnd ? chunk.charEnd : pageLength;
  return { start: Math.min(start, pageLength), end: Math.min(end, pageLength) };
}

/** The document's original, opened once per viewer; null while opening. Released on close. */
export function useOriginal(documentId: string): OriginalView | null {
  const { originals } = useSession();
  const [view, setView] = useState<OriginalView | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let opened: OriginalView | null = null;
    let live = true;
    originals.open(documentId, { signal: abort.signal }).then(
      (v) => {
        if (live) setView((opened = v));
        else originals.close(v);
      },
      (error: unknown) => {
        if (live && !isAbort(error)) setView({ kind: 'unavailable', reason: `The original could not be opened: ${describeError(error)}` });
      },
    );
    return () => {
      live = false;
      abort.abort();
      if (opened) originals.close(opened);
    };
  }, [originals, documentId]);
  return view;
}

export type Loaded<T> = { readonly state: 'loading' } | { readonly state: 'ready'; readonly value: T } | { readonly state: 'failed'; readonly error: string };

/** A stored page (facts, blocks, the text when small); `value` null when the page is not stored. */
export function usePageView(documentId: string, page: number): Loaded<PageView | null> {
  const { index } = useSession();
  const [loaded, setLoaded] = useState<{ key: string; result: Loaded<PageView | null> } | null>(null);
  const key = `${documentId}:${page}`;
  useEffect(() => {
    let live = true;
    index.pageView(documentId, page).then(
      (value) => live && setLoaded({ key, result: { state: 'ready', value } }),
      (error: unknown) => live && setLoaded({ key, result: { state: 'failed', error: describeError(error) } }),
    );
    return () => {
      live = false;
    };
  }, [index, documentId, page, key]);
  return loaded?.key === key ? loaded.result : { state: 'loading' };
}

/** The passage's text on this page (from the page's text, or read from the worker for a large page). */
export function usePassageText(documentId: string, view: PageView | null, range: Range | null): string | null {
  const { index } = useSession();
  const page = view?.page ?? 0;
  const whole = view?.text ?? null;
  const start = range?.start ?? -1;
  const end = range?.end ?? -1;
  const key = view && range ? `${documentId}:${page}:${start}:${end}` : null;
  const [fetched, setFetched] = useState<{ key: string; text: string } | null>(null);
  useEffect(() => {
    if (!key || whole !== null) return;
    let live = true;
    index.pageText(documentId, page, start, end).then(
      (text) => live && setFetched({ key, text }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [index, documentId, page, start, end, key, whole]);
  if (!key) return null;
  if (whole !== null) return whole.slice(start, end);
  return fetched?.key === key ? fetched.text : null;
}
