/**
 * The core's FlowStore port (src/core/workspace/flows.ts) on Dexie: flows in the workspace
 * database (version 4), listed and paged in (createdAt, id) order — a stable order with no ties,
 * so two pages never share a flow — and the durations the ETA refines from, a small record kept
 * in a key-value table (the app passes the registry's, so what one workspace learnt about this
 * device serves every workspace; the workspace's own `meta` table by default).
 */
import type { Table } from 'dexie';
import { validRecord, type DurationRecord } from '../core/workspace/durations';
import type { FlowRecord, FlowStore } from '../core/workspace/flows';
import type { WorkspaceDb } from './db';

const DURATIONS_KEY = 'flow-durations';

/** A (createdAt, id) key: a page starts strictly after it. */
export interface FlowKey {
  readonly createdAt: number;
  readonly id: string;
}

export interface FlowPage {
  readonly flows: readonly FlowRecord[];
  /** Where the next page starts; null when this one is the last. */
  readonly next: FlowKey | null;
}

export class DexieFlowStore implements FlowStore {
  constructor(
    private readonly db: WorkspaceDb,
    private readonly kv: Table<{ readonly key: string; readonly value: unknown }, string> = db.meta,
  ) {}

  get(id: string): Promise<FlowRecord | undefined> {
    return this.db.flows.get(id);
  }

  async put(flow: FlowRecord): Promise<void> {
    await this.db.flows.put(flow);
  }

  /** Every flow, oldest first. */
  list(): Promise<FlowRecord[]> {
    return this.db.flows.orderBy('[createdAt+id]').toArray();
  }

  /** `limit` flows after `after` in (createdAt, id) order, oldest first. */
  async page(after: FlowKey | null, limit: number): Promise<FlowPage> {
    const n = Math.max(1, Math.floor(limit));
    const from = after ? [after.createdAt, after.id] : [-Infinity, ''];
    const rows = await this.db.flows
      .where('[createdAt+id]')
      .between(from, [Infinity, '\uffff'], !after, true)
      .limit(n + 1)
      .toArray();
    const flows = rows.slice(0, n);
    const last = flows[flows.length - 1];
    return { flows, next: rows.length > n && last ? { createdAt: last.createdAt, id: last.id } : null };
  }

  /** The flows proposed in a conversation, oldest first. */
  async forConversation(conversationId: string): Promise<FlowRecord[]> {
    const rows = await this.db.flows.where('conversationId').equals(conversationId).toArray();
    return rows.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async loadDurations(): Promise<DurationRecord | null> {
    return validRecord((await this.kv.get(DURATIONS_KEY))?.value);
  }

  async saveDurations(record: DurationRecord): Promise<void> {
    await this.kv.put({ key: DURATIONS_KEY, value: record });
  }
}
