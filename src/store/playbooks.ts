/**
 * Playbooks the user installed (imported from a file, opened from a link, saved from the
 * editor), in the registry database: they belong to the user, across workspaces. The core's
 * PlaybookStore port on Dexie; one version per playbook id. Callers validate before installing
 * (src/app/review/playbook-library.ts does); rows are plain data.
 */
import type { InstalledPlaybook, PlaybookStore } from '../core/scan/store';
import type { PlaybookRow, RegistryDb } from './db';

const entryOf = ({ playbook, source, installedAt }: PlaybookRow): InstalledPlaybook => ({ playbook, source, installedAt });

export class DexiePlaybookStore implements PlaybookStore {
  constructor(private readonly db: RegistryDb) {}

  async listPlaybooks(): Promise<InstalledPlaybook[]> {
    const rows = await this.db.playbooks.toArray();
    return rows.map(entryOf).sort((a, b) => a.playbook.name.localeCompare(b.playbook.name));
  }

  async getPlaybook(id: string): Promise<InstalledPlaybook | undefined> {
    const row = await this.db.playbooks.get(id);
    return row ? entryOf(row) : undefined;
  }

  async putPlaybook(entry: InstalledPlaybook): Promise<void> {
    await this.db.playbooks.put({ id: entry.playbook.id, playbook: entry.playbook, source: entry.source, installedAt: entry.installedAt });
  }

  async deletePlaybook(id: string): Promise<void> {
    await this.db.playbooks.delete(id);
  }
}
