/**
 * Serves the production build (dist/) with Vite's preview server on a free port for the whole
 * end-to-end run, exactly as `npm start` serves it to a user.
 */
import { existsSync } from 'node:fs';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

let server: PreviewServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync('dist/index.html')) throw new Error('e2e: no build in dist/; run `npm run build` first (npm run test:e2e does)');
  server = await preview({ preview: { port: 0, strictPort: false, host: '127.0.0.1' }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('e2e: the preview server did not report a URL');
  project.provide('baseUrl', url.replace('127.0.0.1', 'localhost'));
}

export async function teardown(): Promise<void> {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
