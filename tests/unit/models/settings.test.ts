/** Model settings persisted in the registry database (fake-indexeddb). */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors';
import { DEFAULT_SETTINGS, ModelSettingsRepository, readSettings, SETTINGS_KEY } from '../../../src/models/settings';
import { RegistryDb } from '../../../src/store/db';
import { freshIdb } from '../../helpers/idb';
import { TINY_EMBEDDER } from './fixture-specs';

describe('ModelSettingsRepository', () => {
  it('starts from the defaults and persists every change across instances', async () => {
    const deps = freshIdb();
    const repo = new ModelSettingsRepository(new RegistryDb(deps));
    expect(await repo.get()).toEqual(DEFAULT_SETTINGS);
    await repo.update({ profile: 'gpu-lite', embedder: { model: 'bge-m3', dtype: 'q8', device: 'wasm' }, reranker: 'none' });
    await repo.update({ source: { remoteHost: 'https://mirror.example.org/', remotePathTemplate: '{model}/resolve/{revision}/' } });
    const again = await new ModelSettingsRepository(new RegistryDb(deps)).get();
    expect(again).toMatchObject({
      profile: 'gpu-lite',
      embedder: { model: 'bge-m3', dtype: 'q8', device: 'wasm' },
      reranker: 'none',
      source: { remoteHost: 'https://mirror.example.org/' },
    });
  });

  it('rejects a bad mirror or profile with an InputError and keeps the old value', async () => {
    const repo = new ModelSettingsRepository(new RegistryDb(freshIdb()));
    await expect(repo.update({ source: { remoteHost: 'ftp://x', remotePathTemplate: '{model}/' } })).rejects.toBeInstanceOf(InputError);
    await expect(repo.update({ profile: 'turbo' as never })).rejects.toThrow(/unknown profile "turbo"/);
    expect((await repo.get()).source).toBeNull();
  });

  it('adds and removes imported models; removing one clears a role that used it', async () => {
    const repo = new ModelSettingsRepository(new RegistryDb(freshIdb()));
    const spec = { ...TINY_EMBEDDER, key: 'local/tiny-bge-m3', id: 'local/tiny-bge-m3' };
    await repo.addCustom(spec);
    await repo.update({ embedder: { model: 'local/tiny-bge-m3' } });
    expect((await repo.get()).custom).toEqual([{ ...spec, custom: true }]);
    const after = await repo.removeCustom('local/tiny-bge-m3');
    expect(after.custom).toEqual([]);
    expect(after.embedder).toBeNull();
  });

  it('reads garbage, old versions and partial values as safe defaults', async () => {
    expect(readSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings({ version: 99, profile: 'gpu' })).toEqual(DEFAULT_SETTINGS);
    expect(readSettings({ version: 1, profile: 'warp', embedder: { dtype: 'q8' }, reranker: 7, custom: [{ nope: 1 }] })).toEqual(DEFAULT_SETTINGS);
    const db = new RegistryDb(freshIdb());
    await db.kv.put({ key: SETTINGS_KEY, value: 'not an object' });
    expect(await new ModelSettingsRepository(db).get()).toEqual(DEFAULT_SETTINGS);
  });
});
