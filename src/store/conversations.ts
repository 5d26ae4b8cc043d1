/**
 * The ConversationStore port (src/core/answer/conversation.ts) over the workspace database
 * (Dexie version 2): a conversation row with its title, times and turn count, and one row per
 * turn in append order. Every write that touches both tables is one transaction, so a turn never
 * exists without its conversation's count and time moving with it. Turn records are stored as
 * given: fields the app keeps beside the core record (the retrieval trace) come back unchanged.
 */
import type { ConversationRecord, ConversationStore } from '../core/answer/conversation';
import type { TurnRecord } from '../core/answer-types';
import { StoreError } from '../core/errors';
import type { TurnRow, WorkspaceDb } from './db';

const MAX_TITLE = 200;

function cleanTitle(title: string, fallback: string): string {
  const clean = title.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE);
  return clean || fallback;
}

function turnOf(row: TurnRow): TurnRecord {
  const { seq: _seq, ...turn } = row;
  return turn;
}

export class DexieConversationStore implements ConversationStore {
  constructor(
    private readonly db: WorkspaceDb,
    private readonly now: () => number = Date.now,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  async create(title: string): Promise<ConversationRecord> {
    const at = this.now();
    const record: ConversationRecord = { id: this.newId(), title: cleanTitle(title, 'Conversation'), createdAt: at, updatedAt: at, turns: 0 };
    await this.db.conversations.add(record);
    return record;
  }

  /** Most recently updated first. */
  async list(): Promise<ConversationRecord[]> {
    return (await this.db.conversations.toArray()).sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt);
  }

  get(id: string): Promise<ConversationRecord | undefined> {
    return this.db.conversations.get(id);
  }

  async rename(id: string, title: string): Promise<void> {
    await this.db.transaction('rw', this.db.conversations, async () => {
      const c = await this.require(id);
      await this.db.conversations.put({ ...c, title: cleanTitle(title, c.title), updatedAt: this.now() });
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.transaction('rw', this.db.conversations, this.db.turns, async () => {
      await this.db.turns.where('conversationId').equals(id).delete();
      await this.db.conversations.delete(id);
    });
  }

  async appendTurn(conversationId: string, turn: TurnRecord): Promise<void> {
    await this.db.transaction('rw', this.db.conversations, this.db.turns, async () => {
      const c = await this.require(conversationId);
      if (await this.db.turns.get(turn.id)) throw new StoreError('store/conflict', `conversations: turn ${turn.id} is already stored`);
      const seq = await this.db.turns.where('conversationId').equals(conversationId).count();
      await this.db.turns.add({ ...turn, conversationId, seq });
      await this.db.conversations.put({ ...c, updatedAt: this.now(), turns: seq + 1 });
    });
  }

  /** Oldest first. */
  async turns(conversationId: string): Promise<TurnRecord[]> {
    await this.require(conversationId);
    const rows = await this.db.turns.where('[conversationId+seq]').between([conversationId, -Infinity], [conversationId, Infinity]).toArray();
    return rows.map(turnOf);
  }

  /**
   * Puts back a conversation exactly as it was (the undo of a delete): its record and its
   * turns in order, in one transaction. Refused when a conversation with that id exists.
   */
  async restore(conversation: ConversationRecord, turns: readonly TurnRecord[]): Promise<void> {
    await this.db.transaction('rw', this.db.conversations, this.db.turns, async () => {
      if (await this.db.conversations.get(conversation.id)) throw new StoreError('store/conflict', `conversations: conversation ${conversation.id} exists`);
      await this.db.conversations.add({ ...conversation, turns: turns.length });
      await this.db.turns.bulkAdd(turns.map((t, seq) => ({ ...t, conversationId: conversation.id, seq })));
    });
  }

  private async require(id: string): Promise<ConversationRecord> {
    const c = await this.db.conversations.get(id);
    if (!c) throw new StoreError('store/not-found', `conversations: no conversation ${id}`);
    return c;
  }
}
