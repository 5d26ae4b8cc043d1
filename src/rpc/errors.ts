/**
 * Typed errors across every worker boundary. By default comlink keeps only an error's message,
 * name and stack, so a FileError thrown in a worker would arrive as a plain Error without its
 * code. This replaces comlink's "throw" transfer handler with one that sends
 * `toSerialized(error)` and rebuilds the AppError subclass with `fromSerialized` on the other
 * side. Both sides (the page and every worker) call `registerRpcErrors()` once before any call
 * crosses.
 */
import { transferHandlers, type TransferHandler } from 'comlink';
import { AppError, fromSerialized, toSerialized, type SerializedError } from '../core/errors';

/** What comlink hands the "throw" handler: the thrown value, wrapped. */
interface Thrown {
  readonly value: unknown;
}

type WireThrown =
  | { readonly isError: true; readonly app: boolean; readonly value: SerializedError }
  | { readonly isError: false; readonly value: unknown };

/** Details must survive structured cloning; anything exotic is reduced to JSON. */
function cloneable(s: SerializedError): SerializedError {
  if (!s.details) return s;
  try {
    structuredClone(s.details);
    return s;
  } catch {
    try {
      return { ...s, details: JSON.parse(JSON.stringify(s.details)) as Record<string, unknown> };
    } catch {
      return { ...s, details: undefined };
    }
  }
}

function serializeThrown(value: unknown): WireThrown {
  if (value instanceof Error) return { isError: true, app: value instanceof AppError, value: cloneable(toSerialized(value)) };
  return { isError: false, value };
}

/** Rebuilds what was thrown on the other side: an AppError subclass, or an Error with its name. */
function rebuildThrown(wire: WireThrown): unknown {
  if (!wire.isError) return wire.value;
  if (wire.app) return fromSerialized(wire.value);
  const error = new Error(wire.value.message);
  error.name = wire.value.name;
  if (wire.value.stack) error.stack = wire.value.stack;
  return error;
}

let registered = false;

/** Installs the typed-error handler (idempotent). */
export function registerRpcErrors(): void {
  if (registered) return;
  const builtin = transferHandlers.get('throw') as TransferHandler<Thrown, unknown> | undefined;
  if (!builtin) throw new AppError('internal', 'rpc: comlink has no "throw" transfer handler to replace');
  const handler: TransferHandler<Thrown, WireThrown> = {
    // comlink marks thrown values with a private symbol; its own check recognises them.
    canHandle: (value): value is Thrown => builtin.canHandle(value),
    serialize: (thrown) => [serializeThrown(thrown.value), []],
    deserialize: (wire) => {
      throw rebuildThrown(wire);
    },
  };
  transferHandlers.set('throw', handler);
  registered = true;
}
