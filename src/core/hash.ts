/** Hex SHA-256 of bytes (Web Crypto, available in browsers, workers and Node 20). */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** A short random id (for jobs and documents). */
export function newId(): string {
  return crypto.randomUUID();
}

/** FNV-1a, 53-bit safe, as base 36: stable short ids and content keys (not for security). */
export function shortHash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 16777619) >>> 0;
    h2 = Math.imul(h2 ^ c, 2246822519) >>> 0;
  }
  return (h1.toString(36) + h2.toString(36)).slice(0, 14);
}
