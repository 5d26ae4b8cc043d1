/**
 * Who is reviewing: the local user's name as the UI sees it (asked once, kept in the registry
 * database, recorded with every review decision). A small observable over the LocalUser store.
 */
import type { LocalUser } from '../../store/local-user';

export interface ReviewerState {
  readonly name: string | null;
  readonly loaded: boolean;
}

export class Reviewer {
  #state: ReviewerState = { name: null, loaded: false };
  readonly #listeners = new Set<() => void>();

  constructor(private readonly user: Pick<LocalUser, 'name' | 'setName'>) {}

  get state(): ReviewerState {
    return this.#state;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The name (read once from the registry, then from memory). */
  async name(): Promise<string | null> {
    if (!this.#state.loaded) this.#set({ name: await this.user.name(), loaded: true });
    return this.#state.name;
  }

  /** Keeps the name; throws InputError for an empty or over-long one. */
  async setName(name: string): Promise<string> {
    const clean = await this.user.setName(name);
    this.#set({ name: clean, loaded: true });
    return clean;
  }

  #set(state: ReviewerState): void {
    this.#state = state;
    for (const l of this.#listeners) l();
  }
}
