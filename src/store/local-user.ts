/**
 * The local user's name, recorded with every review decision ("who and when"). Asked once and
 * kept in the registry database, so it is the same in every workspace of this browser. There
 * are no accounts: it is what the person typed, nothing more.
 */
import { InputError } from '../core/errors';
import type { RegistryDb } from './db';

const KEY = 'reviewer/name';
/** Longest name kept. */
const MAX_USER_NAME = 80;

export class LocalUser {
  constructor(private readonly db: RegistryDb) {}

  /** The name, or null when the user has not given one yet. */
  async name(): Promise<string | null> {
    const row = await this.db.kv.get(KEY);
    return typeof row?.value === 'string' && row.value ? row.value : null;
  }

  /** Keeps the name (spaces collapsed); throws InputError for an empty or over-long one. */
  async setName(name: string): Promise<string> {
    const clean = name.replace(/\s+/g, ' ').trim();
    if (!clean) throw new InputError('reviewer: the name is empty');
    if (clean.length > MAX_USER_NAME) throw new InputError(`reviewer: the name is ${clean.length} characters (at most ${MAX_USER_NAME})`);
    await this.db.kv.put({ key: KEY, value: clean });
    return clean;
  }
}
