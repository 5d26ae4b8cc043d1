/**
 * What a first visit downloads: reads the precache manifest injected into the built service
 * worker (dist/sw.js) and prints the entry count, the total size and the largest entries, sizes
 * taken from the files in dist/. Run after a build: npx tsx src/cli/precache-report.ts [dist] [--top N]
 */
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface PrecacheEntry {
  readonly url: string;
  readonly bytes: number;
}

/** The URLs in the manifest workbox injected (objects `{"revision":…,"url":"…"}` in sw.js). */
export function manifestUrls(sw: string): string[] {
  const urls: string[] = [];
  const entry = /\{"revision":(?:null|"[^"]*"),"url":"([^"]+)"\}|\{"url":"([^"]+)","revision":(?:null|"[^"]*")\}/g;
  for (const m of sw.matchAll(entry)) urls.push((m[1] ?? m[2])!);
  return urls;
}

export function precacheEntries(dist: string): PrecacheEntry[] {
  const urls = manifestUrls(readFileSync(join(dist, 'sw.js'), 'utf8'));
  return urls.map((url) => ({ url, bytes: statSync(join(dist, decodeURIComponent(url.split('?')[0]!))).size }));
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

function main(args: string[]): void {
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args[topAt + 1]) : 15;
  const rest = topAt >= 0 ? [...args.slice(0, topAt), ...args.slice(topAt + 2)] : args;
  const dist = resolve(rest[0] ?? 'dist');
  const entries = precacheEntries(dist);
  if (entries.length === 0) throw new Error(`no precache manifest found in ${join(dist, 'sw.js')}`);
  const total = entries.reduce((sum, e) => sum + e.bytes, 0);
  console.log(`precache: ${entries.length} entries, ${mb(total)} (${total} bytes) in ${dist}`);
  console.log(`largest ${Math.min(top, entries.length)}:`);
  for (const e of [...entries].sort((a, b) => b.bytes - a.bytes).slice(0, top)) console.log(`  ${mb(e.bytes).padStart(10)}  ${e.url}`);
}

main(process.argv.slice(2));
