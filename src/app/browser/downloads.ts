/**
 * Saving a generated file (a report, a playbook) through the browser's download: a Blob behind
 * an object URL, clicked on a temporary link, the URL revoked afterwards. Nothing leaves the
 * device; no network request is made.
 */
export interface DownloadFile {
  readonly name: string;
  readonly type: string;
  readonly data: string | Uint8Array;
}

export function saveFile(file: DownloadFile): void {
  const blob = new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
