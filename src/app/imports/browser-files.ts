/** SourceFile adapters for files the browser hands us (picker, drag-and-drop, fetch). */
import type { SourceFile } from '../../core/ports';

export function sourceFromFile(file: File, path?: string): SourceFile {
  return {
    name: file.name,
    path: path ?? (file.webkitRelativePath || file.name),
    size: file.size,
    mediaType: file.type,
    lastModified: file.lastModified || null,
    bytes: () => file.arrayBuffer(),
  };
}

/** A dropped file with the path it had inside a dropped folder ('' for a loose file). */
export interface DroppedFile {
  readonly file: File;
  readonly path: string;
}

/**
 * Files from a drop, descending into dropped folders (webkitGetAsEntry works in every current
 * browser). Entries must be taken synchronously inside the drop event; reading them is async.
 */
export async function filesFromDrop(dataTransfer: DataTransfer): Promise<{ files: DroppedFile[]; hadFolder: boolean }> {
  const entries = [...dataTransfer.items].map((item) => item.webkitGetAsEntry()).filter((e): e is FileSystemEntry => e !== null);
  if (entries.length === 0) return { files: [...dataTransfer.files].map((file) => ({ file, path: '' })), hadFolder: false };
  const files: DroppedFile[] = [];
  let hadFolder = false;
  const visit = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      files.push({ file, path: prefix ? `${prefix}/${file.name}` : '' });
    } else if (entry.isDirectory) {
      hadFolder = true;
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      // readEntries returns the listing in batches until an empty one.
      for (;;) {
        const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
        if (batch.length === 0) break;
        for (const child of batch) await visit(child, path);
      }
    }
  };
  for (const entry of entries) await visit(entry, '');
  return { files, hadFolder };
}
