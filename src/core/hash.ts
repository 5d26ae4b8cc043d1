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
