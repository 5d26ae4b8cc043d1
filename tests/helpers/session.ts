/**
 * WorkspaceSessions in Node, as tabs: each "tab" has its own event bus, parse worker (an API
 * over a MessageChannel) and index workers, while the tabs of one "browser" share IndexedDB
 * (fake-indexeddb), the file vault and the cross-tab locks.
 */
import { EventBus } from '../../src/app/event-bus';
import { MemoryVault, type FileVault } from '../../src/app/browser/file-vault';
import { ModelService } from '../../src/app/models/model-service';
import { WorkerParser } from '../../src/app/workers/parser-proxy';
import { WorkerScanner } from '../../src/app/workers/scan-proxy';
import { StorageSpace, type StorageManagerLike } from '../../src/app/browser/storage-space';
import { memoryLocks, TabLocks } from '../../src/app/browser/tab-locks';
import { reviewDeps, WorkspaceSession, type SessionDeps } from '../../src/app/workspace-session';
import type { CasefileEvent } from '../../src/core/events';
import { analyzeDocument } from '../../src/core/ingest/analyze';
import type { ParseOptions, SourceFile } from '../../src/core/ports';
import type { WorkspaceRecord } from '../../src/core/types';
import { ModelSettingsRepository } from '../../src/models/settings';
import { MemoryStore } from '../../src/models/stores';
import { InProcessParser } from '../../src/parsers/parser';
import { createParseSessions } from '../../src/parsers/sessions';
import { createScanApi } from '../../src/scanner/api';
import { createIndexApi } from '../../src/search-index/api';
import type { IdbDeps } from '../../src/store/db';
import { WorkspaceRegistry } from '../../src/store/workspaces';
import { channelWorker } from './channel-worker';
import { freshIdb } from './idb';

/** What the tabs of one browser share. */
export interface Browser {
  readonly idb: IdbDeps;
  readonly registry: WorkspaceRegistry;
  readonly vault: FileVault;
  readonly locks: TabLocks;
  /** Names of the files every tab's parser read, in order (a file read twice shows twice). */
  readonly parsed: string[];
  storage: StorageManagerLike | null;
}

export function browser(): Browser {
  const idb = freshIdb();
  return { idb, registry: new WorkspaceRegistry(idb), vault: new MemoryVault(), locks: new TabLocks(memoryLocks()), parsed: [], storage: null };
}

export interface Tab {
  readonly session: WorkspaceSession;
  readonly events: EventBus;
  readonly seen: CasefileEvent[];
  readonly deps: SessionDeps;
  readonly indexWorkers: { spawned: number; terminated: number };
  /** Resolves when `n` import jobs have ended in this tab. */
  jobsDone(n: number): Promise<void>;
}

/** Opens `workspace` (default: the current one) in a new tab of `b`. */
export async function openTab(b: Browser, workspace?: WorkspaceRecord, options: { start?: boolean } = {}): Promise<Tab> {
  const events = new EventBus();
  const seen: CasefileEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const indexWorkers = { spawned: 0, terminated: 0 };
  const inner = new InProcessParser();
  const counting = {
    parse: (file: SourceFile, o?: ParseOptions) => {
      b.parsed.push(file.name);
      return inner.parse(file, o);
    },
  };
  const deps: SessionDeps = {
    registry: b.registry,
    vault: b.vault,
    parser: new WorkerParser({ spawn: () => channelWorker({ ...createParseSessions(counting), analyze: analyzeDocument }) }),
    ocr: { recognize: async () => ({ text: '', confidence: 0 }) },
    models: new ModelService({
      settings: new ModelSettingsRepository(b.registry.db),
      store: new MemoryStore(),
      spawn: {
        embedder: () => {
          throw new Error('no model workers in this test');
        },
        reranker: () => {
          throw new Error('no model workers in this test');
        },
      },
    }),
    events,
    spawnIndex: () => {
      indexWorkers.spawned++;
      return channelWorker(createIndexApi({ idb: b.idb, saveDelayMs: 0, log: () => undefined }), () => indexWorkers.terminated++);
    },
    locks: b.locks,
    space: new StorageSpace(b.storage),
    review: reviewDeps(b.registry, new WorkerScanner({ spawn: () => channelWorker(createScanApi()), idleMs: 10 })),
  };
  const session = await WorkspaceSession.open(workspace ?? (await b.registry.current()), deps);
  if (options.start !== false) await session.start();
  const jobsDone = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => seen.filter((e) => e.type === 'job_done').length >= n;
      if (check()) return resolve();
      const stop = events.subscribe(() => {
        if (check()) {
          stop();
          resolve();
        }
      });
    });
  return { session, events, seen, deps, indexWorkers, jobsDone };
}

/** A plain-text File. */
export const textFile = (name: string, text: string) => new File([text], name, { type: 'text/plain' });
