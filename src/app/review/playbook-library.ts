/**
 * The user's playbooks: the built-in ones (playbooks/*.json) and those installed from a file, a
 * share link or the editor (kept in the registry database, across workspaces). An installed
 * playbook with a built-in's id replaces it (an edited built-in); removing it restores the
 * built-in.
 *
 * Whatever comes in is data and is checked before anything uses it: a file over the size limit
 * is refused before it is read, a link over the length limit before it is decoded, and the rest
 * is parsed and validated (schema, ids, RE2 patterns) in the scan worker, off the page. Opening
 * one only reads it (`IncomingPlaybook`, with its differences from the installed version);
 * `install` adds it, after the user said so. Nothing here renders text: the UI shows it as text.
 */
import { InputError } from '../../core/errors';
import { PLAYBOOK_SCHEMA_VERSION, type Playbook } from '../../core/scan/playbook';
import { diffPlaybooks, MAX_SHARE_CHARS, playbookFileName, playbookFromUrl, playbookToJson, SHARE_PARAM, type PlaybookDiff } from '../../core/scan/share';
import type { InstalledPlaybook, PlaybookStore } from '../../core/scan/store';
import { MAX_PLAYBOOK_BYTES, type ValidationResult } from '../../core/scan/validate';
import { BUILTIN_PLAYBOOKS } from '../../playbooks/builtin';
import type { WorkerScanner } from '../workers/scan-proxy';

type PlaybookOrigin = 'builtin' | InstalledPlaybook['source'];

export interface PlaybookEntry {
  readonly playbook: Playbook;
  readonly origin: PlaybookOrigin;
  /** The built-in playbook with this id, when there is one (an edited built-in). */
  readonly builtin: Playbook | null;
  readonly installedAt: number | null;
}

/** A playbook read from a file or a link, validated, not yet installed. */
export interface IncomingPlaybook {
  readonly playbook: Playbook;
  readonly from: 'file' | 'link';
  /** Where it came from, for people: the file name, or "a shared link". */
  readonly label: string;
  /** The playbook now installed (or built in) with the same id. */
  readonly current: PlaybookEntry | null;
  /** What it changes against `current`; null when there is none. */
  readonly diff: PlaybookDiff | null;
}

export interface LibraryState {
  readonly entries: readonly PlaybookEntry[];
  readonly loaded: boolean;
}

/** The playbook engine the library needs (the scan worker in the app). */
export type PlaybookEngine = Pick<WorkerScanner, 'validate' | 'parse' | 'decode' | 'encode'>;

export interface PlaybookFile {
  readonly name: string;
  readonly size: number;
  text(): Promise<string>;
}

/** The next patch version: "1.2.3" → "1.2.4". */
export function nextVersion(version: string): string {
  const parts = version.split('.').map((n) => Number.parseInt(n, 10));
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n))) return '1.0.1';
  return `${parts[0]}.${parts[1]}.${(parts[2] ?? 0) + 1}`;
}

const sameContent = (a: Playbook, b: Playbook) => JSON.stringify({ ...a, version: '' }) === JSON.stringify({ ...b, version: '' });

export class PlaybookLibrary {
  readonly #store: PlaybookStore;
  readonly #engine: PlaybookEngine;
  readonly #builtins: readonly Playbook[];
  readonly #now: () => number;
  readonly #listeners = new Set<() => void>();
  readonly #installed = new Set<(playbookId: string) => void>();
  #state: LibraryState = { entries: [], loaded: false };

  constructor(deps: { store: PlaybookStore; engine: PlaybookEngine; builtins?: readonly Playbook[]; now?: () => number }) {
    this.#store = deps.store;
    this.#engine = deps.engine;
    this.#builtins = deps.builtins ?? BUILTIN_PLAYBOOKS;
    this.#now = deps.now ?? Date.now;
  }

  /** The playbooks as the menus show them (built-ins first, in their order, then by name). */
  get state(): LibraryState {
    return this.#state;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Called with the playbook's id whenever one is installed, replaced or removed (re-scans follow). */
  onChange(listener: (playbookId: string) => void): () => void {
    this.#installed.add(listener);
    return () => this.#installed.delete(listener);
  }

  /** Reads the installed playbooks again (at start and after every change). */
  async refresh(): Promise<readonly PlaybookEntry[]> {
    const installed = new Map((await this.#store.listPlaybooks()).map((e) => [e.playbook.id, e]));
    const entry = (e: InstalledPlaybook, builtin: Playbook | null): PlaybookEntry => ({ playbook: e.playbook, origin: e.source, builtin, installedAt: e.installedAt });
    const builtins = this.#builtins.map((b) => {
      const own = installed.get(b.id);
      return own ? entry(own, b) : { playbook: b, origin: 'builtin' as const, builtin: b, installedAt: null };
    });
    const others = [...installed.values()].filter((e) => !this.#builtins.some((b) => b.id === e.playbook.id)).map((e) => entry(e, null));
    this.#state = { entries: [...builtins, ...others], loaded: true };
    for (const l of this.#listeners) l();
    return this.#state.entries;
  }

  async list(): Promise<readonly PlaybookEntry[]> {
    return this.#state.loaded ? this.#state.entries : this.refresh();
  }

  /** The playbook with this id now in use (installed, else built in). */
  async get(id: string): Promise<Playbook | undefined> {
    return (await this.list()).find((e) => e.playbook.id === id)?.playbook;
  }

  async entry(id: string): Promise<PlaybookEntry | null> {
    return (await this.list()).find((e) => e.playbook.id === id) ?? null;
  }

  /** Reads a playbook file (picker or drop): refused unread when too large, then validated in the worker. */
  async readFile(file: PlaybookFile): Promise<IncomingPlaybook> {
    if (file.size > MAX_PLAYBOOK_BYTES) {
      throw new InputError(`playbook: ${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB (at most ${MAX_PLAYBOOK_BYTES / 1024 / 1024} MB); it was not read`, { source: file.name, bytes: file.size });
    }
    const playbook = await this.#engine.parse(await file.text(), file.name);
    return this.#incoming(playbook, 'file', file.name);
  }

  /**
   * The playbook a share link (or its fragment) carries; null when it carries none. Refused
   * before decoding when the encoded part is over the link limit.
   */
  async readLink(url: string): Promise<IncomingPlaybook | null> {
    const encoded = playbookFromUrl(url.includes('#') ? url : `#${url}`);
    if (encoded === null) return null;
    if (encoded.length > MAX_SHARE_CHARS) throw new InputError(`playbook link: the encoded playbook is ${encoded.length} characters (at most ${MAX_SHARE_CHARS})`, { chars: encoded.length });
    return this.#incoming(await this.#engine.decode(encoded), 'link', 'a shared link');
  }

  /** Installs (or replaces) a playbook, validated again on the way in. */
  async install(playbook: Playbook, source: InstalledPlaybook['source']): Promise<void> {
    const checked = await this.#engine.validate(playbook);
    if (!checked.ok) throw new InputError(`playbook: "${playbook.name}" is invalid: ${checked.issues.slice(0, 5).map((i) => `${i.pointer || '/'}: ${i.message}`).join('; ')}`, { issues: checked.issues.map((i) => ({ ...i })) });
    await this.#store.putPlaybook({ playbook: checked.playbook, source, installedAt: this.#now() });
    await this.#changed(playbook.id);
  }

  /**
   * Saves a playbook edited in the editor: validated, and with the next patch version when its
   * content changed but its version did not (scans are keyed by version). Returns what was saved.
   */
  async saveEdited(draft: Playbook): Promise<Playbook> {
    const current = await this.get(draft.id);
    const changed = !current || !sameContent(current, draft);
    const playbook = current && changed && draft.version === current.version ? { ...draft, version: nextVersion(draft.version) } : draft;
    if (!changed && current && current.version === playbook.version) return current;
    await this.install(playbook, 'editor');
    return playbook;
  }

  /** Removes an installed playbook (an edited built-in goes back to the built-in). */
  async remove(id: string): Promise<void> {
    await this.#store.deletePlaybook(id);
    await this.#changed(id);
  }

  /** Live validation for the editor: every issue with the JSON pointer of its field. */
  validate(draft: unknown, signal?: AbortSignal): Promise<ValidationResult> {
    return this.#engine.validate(draft, signal);
  }

  /** The playbook as a file to download. */
  exportFile(playbook: Playbook): { readonly name: string; readonly type: string; readonly text: string } {
    return { name: playbookFileName(playbook), type: 'application/json', text: playbookToJson(playbook) };
  }

  /** A link to this app carrying the playbook in its fragment (never sent to a server). */
  async shareLink(playbook: Playbook, baseUrl: string): Promise<string> {
    return `${baseUrl.split('#')[0]}#${SHARE_PARAM}=${await this.#engine.encode(playbook)}`;
  }

  /** A copy of a playbook under a new id, to make one's own variant (a draft: not installed). */
  duplicate(from: Playbook): Playbook {
    const ids = new Set(this.#state.entries.map((e) => e.playbook.id));
    let n = 1;
    while (ids.has(`${from.id}-copy${n > 1 ? `-${n}` : ''}`)) n++;
    const suffix = n > 1 ? ` ${n}` : '';
    return { ...from, schemaVersion: PLAYBOOK_SCHEMA_VERSION, id: `${from.id}-copy${n > 1 ? `-${n}` : ''}`.slice(0, 64), name: `${from.name} (copy${suffix})`.slice(0, 120), version: '1.0.0' };
  }

  async #incoming(playbook: Playbook, from: 'file' | 'link', label: string): Promise<IncomingPlaybook> {
    const current = await this.entry(playbook.id);
    return { playbook, from, label, current, diff: current ? diffPlaybooks(current.playbook, playbook) : null };
  }

  async #changed(id: string): Promise<void> {
    await this.refresh();
    for (const l of this.#installed) l(id);
  }
}
