/** Resolves queued files to their bytes: the file vault for uploads, the folder for folder imports. */
import { FileError } from '../../core/errors';
import type { FileResolver, QueueItem, QueueItemStatus } from '../../core/ingest/queue';
import type { SourceFile } from '../../core/ports';
import type { FileVault } from '../browser/file-vault';

export interface FolderFiles {
  /** The file at `path` in the workspace's opened folder, or a FileError. */
  open(path: string): Promise<File>;
}

export class QueueFiles implements FileResolver {
  constructor(
    private readonly workspaceId: string,
    private readonly vault: FileVault,
    private readonly folder: () => FolderFiles | null,
  ) {}

  async resolve(item: QueueItem): Promise<SourceFile> {
    const file = item.origin === 'vault' ? await this.vault.get(this.workspaceId, item.documentId) : await this.fromFolder(item);
    if (!file) throw new FileError('file/corrupt', item.name, 'the saved copy of this file is gone; add it again');
    return { name: item.name, path: item.path, size: file.size, mediaType: item.mediaType, lastModified: item.lastModified, bytes: () => file.arrayBuffer() };
  }

  private async fromFolder(item: QueueItem): Promise<File> {
    const folder = this.folder();
    if (!folder) throw new FileError('file/corrupt', item.name, 'the folder is not open; open it again to finish importing');
    return folder.open(item.path);
  }

  async release(item: QueueItem, outcome: QueueItemStatus): Promise<void> {
    if (item.origin === 'vault' && (outcome === 'duplicate' || outcome === 'cancelled')) await this.vault.remove(this.workspaceId, item.documentId);
  }
}
