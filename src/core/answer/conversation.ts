/**
 * Conversations: the store port (one per workspace; Dexie in the app, in memory here and in
 * Node) and its in-memory implementation. A conversation is a titled list of turn records in
 * order; deleting it deletes its turns.
 */
import { StoreError } from '../errors';
import type { TurnRecord } from '../answer-types';

export interface ConversationRecord {
  readonly id: string;
  readonly title: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly turns: number;
}

export interface ConversationStore {
  create(title: string): Promise<ConversationRecord>;
  /** Most recently updated first. */
  list(): Promise<ConversationRecord[]>;
  get(id: string): Promise<ConversationRecord | undefined>;
  rename(id: string, title: string): Promise<void>;
  /** Removes the conversation and its turns. */
  delete(id: string): Promise<void>;
  appendTurn(conversationId: string, turn: TurnRecord): Promise<void>;
  /** Oldest first. */
  turns(conversationId: string): Promise<TurnRecord[]>;
}

const MAX_TITLE = 120;

/** A title from the first question: its first line, whitespace collapsed, cut at a word. */
export function titleFromQuestion(question: string): string {
  const line = (question.split('\n').find((l) => l.trim()) ?? '').replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_TITLE) return line || 'Conversation';
  const cut = line.lastIndexOf(' ', MAX_TITLE - 1);
  return `${line.slice(0, cut > 40 ? cut : MAX_TITLE - 1)}…`;
}

export class MemoryConversationStore implements ConversationStore {
  private readonly conversations = new Map<string, ConversationRecord>();
  private readonly turnsById = new Map<string, TurnRecord[]>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  async create(title: string): Promise<ConversationRecord> {
    const at = this.now();
    const record: ConversationRecord = { id: this.newId(), title: title.trim() || 'Conversation', createdAt: at, updatedAt: at, turns: 0 };
    this.conversations.set(record.id, record);
    this.turnsById.set(record.id, []);
    return { ...record };
  }

  async list(): Promise<ConversationRecord[]> {
    return [...this.conversations.values()].sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt).map((c) => ({ ...c }));
  }

  async get(id: string): Promise<ConversationRecord | undefined> {
    const c = this.conversations.get(id);
    return c ? { ...c } : undefined;
  }

  async rename(id: string, title: string): Promise<void> {
    const c = this.require(id);
    this.conversations.set(id, { ...c, title: title.trim() || c.title, updatedAt: this.now() });
  }

  async delete(id: string): Promise<void> {
    this.conversations.delete(id);
    this.turnsById.delete(id);
  }

  async appendTurn(conversationId: string, turn: TurnRecord): Promise<void> {
    const c = this.require(conversationId);
    const list = this.turnsById.get(conversationId)!;
    if (list.some((t) => t.id === turn.id)) throw new StoreError('store/conflict', `conversations: turn ${turn.id} is already in conversation ${conversationId}`);
    // Stored as a copy: a caller mutating its object later does not change the history.
    list.push(structuredClone({ ...turn, conversationId }));
    this.conversations.set(conversationId, { ...c, updatedAt: this.now(), turns: list.length });
  }

  async turns(conversationId: string): Promise<TurnRecord[]> {
    this.require(conversationId);
    return structuredClone(this.turnsById.get(conversationId)!);
  }

  private require(id: string): ConversationRecord {
    const c = this.conversations.get(id);
    if (!c) throw new StoreError('store/not-found', `conversations: no conversation ${id}`);
    return c;
  }
}
