// Picked up by the tsconfig include globs (src/parsers/**/*.ts), not imported.
// pdfjs-dist ships no declarations for its worker modules; only `WorkerMessageHandler` is used
// (handed to pdf.js as `globalThis.pdfjsWorker` so its worker code runs in the same thread).
declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}
declare module 'pdfjs-dist/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
