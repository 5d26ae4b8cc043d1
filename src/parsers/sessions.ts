/**
 * The parse worker's API as plain functions over a Parser: a pull protocol, one item per call.
 *
 *   open(bytes, meta, password?) → {sessionId}     bytes are transferred, not copied
 *   next(sessionId) → ParsedItem | null            `info` first, then pages; null when done
 *   cancel(sessionId)                              the parser stops before the next page
 *   close(sessionId)                               frees the session (after done, error or early exit)
 *
 * The consumer asks for the next page only when it has dealt with the last one, so the worker
 * never runs ahead (backpressure) and never holds more than one page. Environment-neutral, so
 * Node tests drive it over a MessageChannel exactly as the app drives the worker.
 */
import { InputError } from '../core/errors';
import type { ParsedItem, Parser } from '../core/ports';
import { bytesSourceFile, type SourceFileMeta } from './source';

interface Session {
  readonly iterator: AsyncIterator<ParsedItem>;
  readonly controller: AbortController;
  /** The last next() in flight; calls on one session run one after another. */
  pending: Promise<unknown>;
}

export function createParseSessions(parser: Parser) {
  const sessions = new Map<string, Session>();
  let counter = 0;

  const get = (sessionId: string): Session => {
    const session = sessions.get(sessionId);
    if (!session) throw new InputError(`parse worker: unknown or closed session ${JSON.stringify(sessionId)}`, { sessionId });
    return session;
  };

  const finish = (sessionId: string, session: Session) => {
    if (sessions.get(sessionId) === session) sessions.delete(sessionId);
  };

  return {
    /** Starts parsing; the first next() does the work. */
    open(bytes: ArrayBuffer, meta: SourceFileMeta, password?: string): { sessionId: string } {
      const sessionId = `parse-${++counter}`;
      const controller = new AbortController();
      const file = bytesSourceFile(bytes, meta);
      const iterator = parser.parse(file, { signal: controller.signal, password })[Symbol.asyncIterator]();
      sessions.set(sessionId, { iterator, controller, pending: Promise.resolve() });
      return { sessionId };
    },

    /** The next item, or null when the document is done (the session then closes itself). */
    async next(sessionId: string): Promise<ParsedItem | null> {
      const session = get(sessionId);
      const run = session.pending.then(async () => {
        try {
          const result = await session.iterator.next();
          if (result.done) finish(sessionId, session);
          return result.done ? null : result.value;
        } catch (error) {
          finish(sessionId, session);
          throw error;
        }
      });
      session.pending = run.catch(() => undefined);
      return run;
    },

    /** Asks the parser to stop; the pending or next next() rejects with AbortedError. */
    cancel(sessionId: string): void {
      sessions.get(sessionId)?.controller.abort();
    },

    /** Ends the session and frees what the parser holds (pdf.js document). Idempotent. */
    async close(sessionId: string): Promise<void> {
      const session = sessions.get(sessionId);
      if (!session) return;
      sessions.delete(sessionId);
      session.controller.abort();
      await session.pending;
      await session.iterator.return?.().catch(() => undefined);
    },

    /** Open sessions (for tests and diagnostics). */
    openSessions(): number {
      return sessions.size;
    },
  };
}

export type ParseSessionsApi = ReturnType<typeof createParseSessions>;
