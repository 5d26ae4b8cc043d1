/**
 * The web-standard globals the pure core may use. They exist in browsers, in workers and in
 * Node 20, so code written against this list runs unchanged everywhere. Anything else (DOM,
 * IndexedDB, fetch, Worker, Node modules) is reached through the ports in ports.ts.
 * This file is only part of the core's own type-check (src/core/tsconfig.json); the other
 * projects get the real definitions from lib.dom / lib.webworker / @types/node.
 */
interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
declare var AbortSignal: {
  abort(reason?: unknown): AbortSignal;
  timeout(ms: number): AbortSignal;
  any(signals: AbortSignal[]): AbortSignal;
};
interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
declare var AbortController: { new (): AbortController };

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string;
}
declare var crypto: {
  readonly subtle: { digest(algorithm: 'SHA-256' | 'SHA-1', data: ArrayBuffer | ArrayBufferView): Promise<ArrayBuffer> };
  randomUUID(): string;
  getRandomValues<T extends ArrayBufferView>(array: T): T;
};
declare var performance: { now(): number };
/** Base64 of a binary string (each char one byte), and back. */
declare function btoa(data: string): string;
declare function atob(data: string): string;
declare var console: {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
};
/** An opaque timer handle (a number in browsers, an object in Node). */
interface CoreTimer {
  readonly __coreTimer?: never;
}
declare function setTimeout(handler: () => void, timeout?: number): CoreTimer;
declare function clearTimeout(id: CoreTimer | undefined): void;
declare function queueMicrotask(callback: () => void): void;
declare function structuredClone<T>(value: T): T;

/** WebAssembly, as far as the vector index's kernel needs it (vector-int8.ts). */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
    grow(pages: number): number;
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  function validate(bytes: Uint8Array): boolean;
}
