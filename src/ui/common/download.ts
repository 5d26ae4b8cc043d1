/** Saves bytes as a file through the browser's download (a blob URL, nothing leaves the device). */
export function downloadFile(file: { readonly name: string; readonly type: string; readonly bytes: Uint8Array }): void {
  const url = URL.createObjectURL(new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  // The download has its own copy once it starts.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
