/**
 * Calls to a ChatModel that cannot hang a turn: every wait (a JSON plan, the first token, the
 * next token) is bounded, and the user's Stop ends it at once. A timeout aborts the provider's
 * call (its signal) and releases the stream without waiting for it to agree.
 */
import { AbortedError, isAbort, ModelError } from '../errors';
import type { ChatDelta, ChatModel, ChatRequest, JsonSchema } from '../ports';

export interface ModelTimeouts {
  /** A JSON plan (one phase). */
  readonly planMs: number;
  /** The first token of an answer (prompt processing included). */
  readonly firstTokenMs: number;
  /** Between two tokens. */
  readonly idleMs: number;
}

/** Generous: a weak GPU processes a 6,000-character prompt in tens of seconds. */
export const DEFAULT_TIMEOUTS: ModelTimeouts = { planMs: 90_000, firstTokenMs: 120_000, idleMs: 30_000 };

/** Settles with `promise`, or rejects on timeout (ModelError job/timeout) or abort (AbortedError). */
function bounded<T>(promise: Promise<T>, ms: number, what: string, signal: AbortSignal | undefined, onGiveUp: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () =>
      finish(() => {
        onGiveUp();
        reject(new AbortedError(what));
      });
    const timer = setTimeout(
      () =>
        finish(() => {
          onGiveUp();
          reject(new ModelError('job/timeout', `answer: ${what} gave nothing for ${Math.round(ms / 1000)} s`, { details: { ms } }));
        }),
      ms,
    );
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

function linked(signal: AbortSignal | undefined): AbortController {
  const inner = new AbortController();
  if (signal?.aborted) inner.abort();
  else signal?.addEventListener('abort', () => inner.abort(), { once: true });
  return inner;
}

/** model.json, bounded. */
export async function boundedJson(model: ChatModel, request: ChatRequest, schema: JsonSchema, timeouts: ModelTimeouts, signal: AbortSignal | undefined): Promise<unknown> {
  const inner = linked(signal);
  try {
    return await bounded(model.json<unknown>(request, schema, { signal: inner.signal }), timeouts.planMs, 'the plan', signal, () => inner.abort());
  } catch (error) {
    if (signal?.aborted && !isAbort(error)) throw new AbortedError('the plan');
    throw error;
  }
}

/** model.chat, each wait bounded; ends early (without error) when the consumer stops pulling. */
export async function* boundedStream(model: ChatModel, request: ChatRequest, timeouts: ModelTimeouts, signal: AbortSignal | undefined): AsyncGenerator<ChatDelta> {
  const inner = linked(signal);
  const iterator = model.chat(request, { signal: inner.signal })[Symbol.asyncIterator]();
  let done = false;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    inner.abort();
    // A hung provider may never settle its return(): do not wait for it.
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  };
  try {
    for (let first = true; ; first = false) {
      const next = await bounded(iterator.next(), first ? timeouts.firstTokenMs : timeouts.idleMs, first ? 'the model (first token)' : 'the model (next token)', signal, release);
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) release();
  }
}
