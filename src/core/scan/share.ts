/**
 * Sharing playbooks: as a file (pretty JSON) or as a link whose URL fragment carries the playbook
 * deflated (fflate) and base64url-encoded. A fragment is never sent to a server. Links are
 * bounded in length, inflation is bounded in output (a small link cannot expand into a huge
 * playbook), and whatever comes in is validated before anything else sees it. `diffPlaybooks`
 * tells what an incoming playbook changes against an installed version.
 */
import { deflateSync, Inflate } from 'fflate';
import { InputError } from '../errors';
import type { ClauseType, Playbook, Rule } from './playbook';
import { MAX_PLAYBOOK_BYTES, parsePlaybook } from './validate';

/** The fragment parameter that carries a playbook: `#playbook=…`. */
export const SHARE_PARAM = 'playbook';
/** Longest encoded playbook accepted in a link (characters of base64url). */
export const MAX_SHARE_CHARS = 48_000;

// ---- files ----------------------------------------------------------------------------------
export function playbookToJson(playbook: Playbook): string {
  return `${JSON.stringify(playbook, null, 2)}\n`;
}

export function playbookFileName(playbook: Playbook): string {
  return `${playbook.id}-${playbook.version}.playbook.json`;
}

// ---- links ----------------------------------------------------------------------------------
function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new InputError('playbook link: the encoded playbook has characters outside base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The encoded playbook (deflate + base64url). Throws InputError when it is too long for a link. */
export function encodePlaybook(playbook: Playbook): string {
  const encoded = toBase64Url(deflateSync(new TextEncoder().encode(JSON.stringify(playbook)), { level: 9 }));
  if (encoded.length > MAX_SHARE_CHARS) throw new InputError(`playbook link: "${playbook.name}" encodes to ${encoded.length} characters (at most ${MAX_SHARE_CHARS}); share it as a file instead`, { chars: encoded.length });
  return encoded;
}

/** A share link: the app's address with the playbook in the fragment. */
export function shareLink(baseUrl: string, playbook: Playbook): string {
  return `${baseUrl.split('#')[0]}#${SHARE_PARAM}=${encodePlaybook(playbook)}`;
}

/** Inflates at most `limit` bytes; a bigger output (a decompression bomb) is refused early. */
function boundedInflate(data: Uint8Array, limit: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total <= limit) parts.push(chunk);
  });
  try {
    for (let i = 0; i < data.length && total <= limit; i += 256) inflate.push(data.subarray(i, i + 256), i + 256 >= data.length);
  } catch (error) {
    throw new InputError(`playbook link: the playbook data is corrupt (${error instanceof Error ? error.message : String(error)})`);
  }
  if (total > limit) throw new InputError(`playbook link: the playbook expands beyond ${Math.round(limit / 1024)} kB`, { limit });
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Decodes and validates an encoded playbook (the part after `#playbook=`). */
export function decodePlaybook(encoded: string): Playbook {
  if (encoded.length > MAX_SHARE_CHARS) throw new InputError(`playbook link: the encoded playbook is ${encoded.length} characters (at most ${MAX_SHARE_CHARS})`, { chars: encoded.length });
  if (encoded.length === 0) throw new InputError('playbook link: the link carries no playbook');
  const json = new TextDecoder('utf-8', { fatal: true }).decode(boundedInflate(fromBase64Url(encoded), MAX_PLAYBOOK_BYTES));
  return parsePlaybook(json, 'the shared playbook');
}

/** The encoded playbook in a URL or fragment, or null when it carries none. */
export function playbookFromUrl(url: string): string | null {
  const hash = url.includes('#') ? url.slice(url.indexOf('#') + 1) : '';
  for (const part of hash.split('&')) {
    const [k, v] = part.split('=');
    if (k === SHARE_PARAM) return v ?? '';
  }
  return null;
}

/** Reads a playbook file's text (size, JSON, schema, semantics). */
export function importPlaybookFile(text: string, fileName: string): Playbook {
  return parsePlaybook(text, fileName);
}

// ---- differences ----------------------------------------------------------------------------
interface ItemChange {
  readonly id: string;
  /** Changed fields, e.g. ["severity", "checks"]. */
  readonly fields: readonly string[];
}

export interface ItemDiff<T> {
  readonly added: readonly T[];
  readonly removed: readonly T[];
  readonly changed: readonly ItemChange[];
}

export interface PlaybookDiff {
  readonly sameId: boolean;
  readonly fromVersion: string;
  readonly toVersion: string;
  /** Changed top-level fields (name, description, language…). */
  readonly metadata: readonly string[];
  readonly rules: ItemDiff<Rule>;
  readonly clauseTypes: ItemDiff<ClauseType>;
  readonly identical: boolean;
}

function diffItems<T extends { readonly id: string }>(from: readonly T[], to: readonly T[]): ItemDiff<T> {
  const before = new Map(from.map((x) => [x.id, x]));
  const after = new Map(to.map((x) => [x.id, x]));
  const changed: ItemChange[] = [];
  for (const [id, next] of after) {
    const prev = before.get(id);
    if (!prev) continue;
    const keys = new Set([...Object.keys(prev), ...Object.keys(next)]);
    const fields = [...keys].filter((k) => JSON.stringify((prev as Record<string, unknown>)[k]) !== JSON.stringify((next as Record<string, unknown>)[k]));
    if (fields.length) changed.push({ id, fields });
  }
  return { added: to.filter((x) => !before.has(x.id)), removed: from.filter((x) => !after.has(x.id)), changed };
}

/** What `incoming` changes compared with `installed`. */
export function diffPlaybooks(installed: Playbook, incoming: Playbook): PlaybookDiff {
  const meta = ['name', 'version', 'language', 'jurisdiction', 'author', 'description', 'schemaVersion'] as const;
  const metadata = meta.filter((k) => JSON.stringify(installed[k]) !== JSON.stringify(incoming[k]));
  const rules = diffItems(installed.rules, incoming.rules);
  const clauseTypes = diffItems(installed.clauseTypes, incoming.clauseTypes);
  const empty = (d: ItemDiff<unknown>) => d.added.length + d.removed.length + d.changed.length === 0;
  return { sameId: installed.id === incoming.id, fromVersion: installed.version, toVersion: incoming.version, metadata, rules, clauseTypes, identical: metadata.length === 0 && empty(rules) && empty(clauseTypes) && installed.id === incoming.id };
}
