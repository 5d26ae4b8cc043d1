/**
 * A file read ahead of its turn (queue.ts): its bytes read and hashed and its parser's items
 * pulled into a small buffer while the file before it is still being stored and indexed, so the
 * parser's round trips overlap that file's writes instead of following them. Nothing is written:
 * the file's turn (ingestFile with `read`) checks for duplicates, stores and indexes it in queue
 * order, and meets every error of the read — a file that cannot be read or parsed fails then, by
 * name, exactly as if it had been read in its turn.
 *
 * Bounded: at most MAX_AHEAD items wait, and none after a page that carries an image (a scanned
 * page waiting for OCR), so a long scan is never held in memory page by page. `close()` stops
 * the read (the parser's stream is cancelled) and is safe to call at any time.
 */
import { AbortedError } from '../errors';
import { sha256Hex } from '../hash';
import type { ParsedItem, Parser, SourceFile } from '../ports';

export interface PreparedRead {
  /** The file's SHA-256; rejects as reading its bytes did. */
  readonly sha256: Promise<string>;
  /** The parser's items, those read ahead first; rejects with the parser's error at the same point, with AbortedError when `signal` fires. */
  items(signal?: AbortSignal): AsyncIterable<ParsedItem>;
  /** Stops reading and releases the parser's stream (idempotent). */
  close(): void;
}

/** Items read ahead of the consumer at most (info and pages). */
const MAX_AHEAD = 32;

export function readAhead(file: SourceFile, parser: Parser, options: { readonly password?: string | undefined; readonly maxAhead?: number } = {}): PreparedRead {
  const maxAhead = options.maxAhead ?? MAX_AHEAD;
  const controller = new AbortController();
  const buffer: ParsedItem[] = [];
  let end: { readonly error?: unknown } | null = null;
  /** Wakes the consumer waiting for an item or the end. */
  let wake: (() => void) | null = null;
  /** Wakes the producer waiting for room. */
  let room: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const hashed = (async () => {
    const bytes = await file.bytes();
    return { bytes, sha256: await sha256Hex(bytes) };
  })();
  const full = () => buffer.length >= maxAhead || buffer.some((i) => i.kind === 'page' && i.page.image !== undefined);
  void (async () => {
    const { bytes } = await hashed;
    // The parser takes the bytes already read (the worker's parser transfers them).
    const once: SourceFile = { ...file, bytes: () => Promise.resolve(bytes) };
    for await (const item of parser.parse(once, { signal: controller.signal, password: options.password })) {
      buffer.push(item);
      notify();
      while (full() && !controller.signal.aborted) await new Promise<void>((resolve) => (room = resolve));
      if (controller.signal.aborted) return;
    }
  })().then(
    () => void (end = {}),
    (error: unknown) => void (end = { error }),
  ).finally(notify);

  const sha256 = hashed.then((h) => h.sha256);
  sha256.catch(() => undefined); // read by the file's turn, if it comes

  return {
    sha256,
    async *items(signal?: AbortSignal): AsyncGenerator<ParsedItem> {
      const what = `parsing ${file.name}`;
      for (;;) {
        if (signal?.aborted) throw new AbortedError(what);
        const next = buffer.shift();
        if (next) {
          const r = room;
          room = null;
          r?.();
          yield next;
          continue;
        }
        if (end) {
          if ('error' in end) throw end.error;
          return;
        }
        await new Promise<void>((resolve) => {
          const onAbort = () => resolve();
          signal?.addEventListener('abort', onAbort, { once: true });
          wake = () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          };
        });
      }
    },
    close(): void {
      if (controller.signal.aborted) return;
      controller.abort(new AbortedError(`parsing ${file.name}`));
      const r = room;
      room = null;
      r?.();
    },
  };
}
