/**
 * This device's import rates (the import ETA's basis, core/ingest/import-rates.ts) in a
 * key-value table: the app passes the registry's, so what one workspace's imports measured
 * serves every workspace on the device.
 */
import type { Table } from 'dexie';
import type { ImportRatesStore } from '../core/ingest/import-eta';
import { validRates, type ImportRatesRecord } from '../core/ingest/import-rates';

const IMPORT_RATES_KEY = 'import-rates';

export class DexieImportRatesStore implements ImportRatesStore {
  constructor(private readonly kv: Table<{ readonly key: string; readonly value: unknown }, string>) {}

  async load(): Promise<ImportRatesRecord | null> {
    return validRates((await this.kv.get(IMPORT_RATES_KEY))?.value);
  }

  async save(record: ImportRatesRecord): Promise<void> {
    await this.kv.put({ key: IMPORT_RATES_KEY, value: record });
  }
}
