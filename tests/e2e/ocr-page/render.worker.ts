/**
 * The parse worker as it will be once the app turns on `renderForOcr`: workers/parse.worker.ts
 * plus a PDF handler that renders pages needing OCR (OffscreenCanvas, 300 DPI).
 */
import { expose } from 'comlink';
import { registerRpcErrors } from '../../../src/app/rpc';
import { InProcessParser } from '../../../src/parsers/parser';
import { parsePdf } from '../../../src/parsers/pdf';
import { browserPdfJsLoader } from '../../../src/parsers/pdfjs-browser';
import { createParseSessions } from '../../../src/parsers/sessions';

registerRpcErrors();

const pdfjs = browserPdfJsLoader({ assetBase: new URL('/pdfjs/', self.location.origin) });

const api = createParseSessions(
  new InProcessParser({
    pdfjs,
    handlers: { pdf: ({ bytes, file, options }) => parsePdf(bytes, file.name, pdfjs, { password: options.password, signal: options.signal, renderForOcr: { dpi: 300 } }) },
  }),
);

expose(api);
