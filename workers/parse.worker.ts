/**
 * The parse worker: a thin comlink adapter around InProcessParser (src/parsers). It also runs the text stage of ingestion
 * (cleaning, language detection, metadata, chunking) so none of it blocks the page.
 * The page side is src/app/workers/parser-proxy.ts (WorkerParser); the protocol is src/parsers/sessions.ts.
 */
import { expose, transfer } from 'comlink';
import { installCspProbe } from '../src/rpc/csp-probe';
import { registerRpcErrors } from '../src/rpc/errors';
import { InProcessParser } from '../src/parsers/parser';
import { browserPdfJsLoader } from '../src/parsers/pdfjs-browser';
import { createParseSessions } from '../src/parsers/sessions';
import { documentView, viewTransferables, type HtmlView } from '../src/parsers/views';
import { analyzeDocument, type AnalyzedDocument, type AnalyzeMeta, type AnalyzeOptions } from '../src/core/ingest/analyze';
import type { PageText } from '../src/core/ingest/chunker';

installCspProbe();
registerRpcErrors();

// pdf.js assets are served from <base>/pdfjs/ on our own origin (see the vite config).
const assetBase = new URL(`${import.meta.env.BASE_URL.replace(/^\.?\/?/, '/')}pdfjs/`, self.location.origin);

const api = {
  // Scanned pages are rendered here (OffscreenCanvas) so the OCR worker can read them.
  ...createParseSessions(new InProcessParser({ pdfjs: browserPdfJsLoader({ assetBase }), renderForOcr: {} })),
  /** The text stage of ingestion (clean, language, metadata, chunk), off the main thread. */
  analyze: (pages: PageText[], meta: AnalyzeMeta, options?: AnalyzeOptions): AnalyzedDocument => analyzeDocument(pages, meta, options),
  /** The formatted, paginated view of a Word or HTML original for the source viewer (bytes transferred). */
  view: async (bytes: ArrayBuffer, fileName: string): Promise<HtmlView> => {
    const view = await documentView(new Uint8Array(bytes), fileName);
    return transfer(view, viewTransferables(view));
  },
};

expose(api);

export type ParseWorkerApi = typeof api;
