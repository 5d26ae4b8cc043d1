/**
 * The worker thread behind IsolatedParser (isolated-parser.ts): InProcessParser with Node's
 * pdf.js, one file at a time, items posted back as they come. Only the parent talks to it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toSerialized } from '../core/errors';
import type { ParsedItem } from '../core/ports';
import type { ParseBudgets } from '../parsers/budgets';
import { InProcessParser } from '../parsers/parser';
import { loadPdfJsNode } from '../parsers/pdfjs-node';
import { bytesSourceFile, type SourceFileMeta } from '../parsers/source';

export interface ThreadConfig {
  readonly budgets?: Partial<ParseBudgets>;
  readonly maxBytes?: number;
  readonly renderForOcr?: boolean;
}

export type ToThread = { readonly type: 'parse'; readonly id: number; readonly bytes: ArrayBuffer; readonly meta: SourceFileMeta; readonly password?: string | undefined } | { readonly type: 'cancel'; readonly id: number };

export type FromThread =
  | { readonly type: 'item'; readonly id: number; readonly item: ParsedItem }
  | { readonly type: 'done'; readonly id: number }
  | { readonly type: 'error'; readonly id: number; readonly error: ReturnType<typeof toSerialized> };

const config = workerData as ThreadConfig;
const parser = new InProcessParser({ pdfjs: loadPdfJsNode, ...(config.budgets ? { budgets: config.budgets } : {}), ...(config.maxBytes ? { maxBytes: config.maxBytes } : {}), ...(config.renderForOcr ? { renderForOcr: {} } : {}) });
const port = parentPort!;
const controllers = new Map<number, AbortController>();

async function run(message: Extract<ToThread, { type: 'parse' }>): Promise<void> {
  const controller = new AbortController();
  controllers.set(message.id, controller);
  try {
    const file = bytesSourceFile(message.bytes, message.meta);
    for await (const item of parser.parse(file, { signal: controller.signal, password: message.password })) {
      const image = item.kind === 'page' ? item.page.image?.data : undefined;
      port.postMessage({ type: 'item', id: message.id, item } satisfies FromThread, image ? [image] : []);
    }
    port.postMessage({ type: 'done', id: message.id } satisfies FromThread);
  } catch (error) {
    port.postMessage({ type: 'error', id: message.id, error: toSerialized(error) } satisfies FromThread);
  } finally {
    controllers.delete(message.id);
  }
}

port.on('message', (message: ToThread) => {
  if (message.type === 'cancel') controllers.get(message.id)?.abort();
  else void run(message);
});
