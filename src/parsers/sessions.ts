/**
 * The parse worker's API as plain functions over a Parser: a stream per document (src/rpc
 * streams), pulled one item per call.
 *
 *   open(bytes, meta, password?) → {streamId}      bytes are transferred, not copied
 *   next(streamId) → {done, value}                 `info` first, then pages; done at the end
 *   cancel(streamId)                               the parser stops before the next page
 *   close(streamId)                                frees the stream (after done, error or early exit)
 *
 * The consumer asks for the next page only when it has dealt with the last one, so the worker
 * never runs ahead (backpressure) and never holds more than one page. A page rendered for OCR
 * travels with its image, whose bytes are transferred to the page (and from there to the OCR
 * worker), never copied. Environment-neutral, so Node tests drive it over a MessageChannel
 * exactly as the app drives the worker.
 */
import type { ParsedItem, Parser } from '../core/ports';
import { createStreamHost, type StreamApi, type StreamRef } from '../rpc/streams';
import { bytesSourceFile, type SourceFileMeta } from './source';

/** The page image's bytes, when the item carries one. */
function itemTransferables(item: ParsedItem): ArrayBuffer[] {
  return item.kind === 'page' && item.page.image ? [item.page.image.data] : [];
}

export interface ParseSessionsApi extends StreamApi {
  /** Starts parsing; the first next() does the work. */
  open(bytes: ArrayBuffer, meta: SourceFileMeta, password?: string): StreamRef<ParsedItem>;
}

export function createParseSessions(parser: Parser): ParseSessionsApi {
  const host = createStreamHost('parse worker', 'parse');
  return {
    ...host.api,
    open(bytes, meta, password) {
      const file = bytesSourceFile(bytes, meta);
      return host.exposeIterable((signal) => parser.parse(file, { signal, password }), { transfer: itemTransferables });
    },
  };
}
