/** Reading a picked model folder in the browser: File System Access, or `<input webkitdirectory>`. */
import type { PickedFile } from '../../app/models/model-view';

interface DirectoryHandleLike {
  readonly kind: 'directory';
  readonly name: string;
  values(): AsyncIterable<DirectoryHandleLike | FileHandleLike>;
}
interface FileHandleLike {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<File>;
}

type PickerWindow = Window & { showDirectoryPicker?: (options?: { mode?: 'read' }) => Promise<DirectoryHandleLike> };

export const canPickDirectory = (): boolean => typeof (window as PickerWindow).showDirectoryPicker === 'function';

async function walk(dir: DirectoryHandleLike, prefix: string, out: PickedFile[]): Promise<void> {
  for await (const entry of dir.values()) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.kind === 'directory') await walk(entry, path, out);
    else out.push({ path, blob: await entry.getFile() });
  }
}

/** Opens the folder picker; null when the user cancels. */
export async function pickDirectory(): Promise<{ name: string; files: PickedFile[] } | null> {
  try {
    const handle = await (window as PickerWindow).showDirectoryPicker!({ mode: 'read' });
    const files: PickedFile[] = [];
    await walk(handle, '', files);
    return { name: handle.name, files };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
}

/** Files from `<input type=file webkitdirectory>` (paths start with the folder's name). */
export function filesFromInput(list: FileList): { name: string; files: PickedFile[] } {
  const files = [...list].map((f) => ({ path: f.webkitRelativePath || f.name, blob: f }));
  const name = files[0]?.path.split('/')[0] ?? 'model';
  return { name, files };
}
