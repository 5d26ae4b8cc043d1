/**
 * The OCR worker: a thin comlink adapter around TesseractOcr (src/ocr). tesseract.js runs its
 * WASM engine in a nested classic worker loaded from our origin (<base>tesseract/worker.min.js,
 * no blob: URL), with the core and English data from <base>tesseract/ as well (see
 * src/ocr/assets.ts and the vite config). The page side is src/app/workers/ocr-proxy.ts (WorkerOcr),
 * which terminates this worker when idle so the WASM memory goes back to the system.
 */
import { expose } from 'comlink';
import { installCspProbe } from '../src/rpc/csp-probe';
import { registerRpcErrors } from '../src/rpc/errors';
import { browserOcrRuntime, tesseractAssetBase } from '../src/ocr/runtime';
import { createOcrService } from '../src/ocr/service';
import { TesseractOcr } from '../src/ocr/tesseract';

installCspProbe();
registerRpcErrors();

const runtime = browserOcrRuntime(tesseractAssetBase(self.location.origin, import.meta.env.BASE_URL));

const api = createOcrService(new TesseractOcr({ runtime }));

expose(api);

export type OcrWorkerApi = typeof api;
