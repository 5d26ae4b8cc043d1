/**
 * The review workflow as pure functions: a flag is open until a person resolves, dismisses or
 * escalates it (with a note); an escalated flag can then be resolved or dismissed; any closed
 * flag can be reopened. Every transition is kept in the history with the local user's name and
 * the time. Also the filters the review screen needs and a document's review state at a glance.
 */
import { InputError } from '../errors';
import { severityRank, type Severity } from './playbook';
import type { Flag, FlagReview, FlagStatus } from './types';

export const FLAG_STATUSES: readonly FlagStatus[] = ['open', 'escalated', 'resolved', 'dismissed'];

const ALLOWED: Record<FlagStatus, readonly FlagStatus[]> = {
  open: ['resolved', 'dismissed', 'escalated'],
  escalated: ['resolved', 'dismissed', 'open'],
  resolved: ['open'],
  dismissed: ['open'],
};

export interface ReviewAction {
  readonly to: FlagStatus;
  readonly note?: string;
  /** The local user's name. */
  readonly user: string;
  readonly at: number;
}

/** The review of a flag nobody has touched. */
export function openReview(flag: Pick<Flag, 'id' | 'documentId'>): FlagReview {
  return { flagId: flag.id, documentId: flag.documentId, status: 'open', note: '', history: [] };
}

/** Applies a transition; throws InputError for one the workflow does not allow. */
export function transition(review: FlagReview, action: ReviewAction): FlagReview {
  if (!ALLOWED[review.status].includes(action.to)) throw new InputError(`review: a flag that is ${review.status} cannot be marked ${action.to}`, { flagId: review.flagId, from: review.status, to: action.to });
  const user = action.user.trim();
  if (!user) throw new InputError('review: the reviewer name is empty', { flagId: review.flagId });
  const note = (action.note ?? '').trim();
  if (note.length > 5000) throw new InputError(`review: the note is ${note.length} characters (at most 5000)`, { flagId: review.flagId });
  return {
    ...review,
    status: action.to,
    note,
    history: [...review.history, { at: action.at, user, from: review.status, to: action.to, note }],
  };
}

export const resolveFlag = (r: FlagReview, user: string, note: string, at = Date.now()) => transition(r, { to: 'resolved', user, note, at });
export const dismissFlag = (r: FlagReview, user: string, note: string, at = Date.now()) => transition(r, { to: 'dismissed', user, note, at });
export const escalateFlag = (r: FlagReview, user: string, note: string, at = Date.now()) => transition(r, { to: 'escalated', user, note, at });
export const reopenFlag = (r: FlagReview, user: string, note: string, at = Date.now()) => transition(r, { to: 'open', user, note, at });

/** A flag with its review state (open when never reviewed). */
export interface ReviewedFlag {
  readonly flag: Flag;
  readonly review: FlagReview;
}

export function withReviews(flags: readonly Flag[], reviews: readonly FlagReview[]): ReviewedFlag[] {
  const byId = new Map(reviews.map((r) => [r.flagId, r]));
  return flags.map((flag) => ({ flag, review: byId.get(flag.id) ?? openReview(flag) }));
}

export interface FlagFilter {
  readonly severities?: readonly Severity[];
  readonly statuses?: readonly FlagStatus[];
  readonly documentIds?: readonly string[];
  readonly ruleIds?: readonly string[];
}

export function filterFlags(items: readonly ReviewedFlag[], filter: FlagFilter): ReviewedFlag[] {
  const has = <T>(list: readonly T[] | undefined, v: T) => !list || list.length === 0 || list.includes(v);
  return items.filter((i) => has(filter.severities, i.flag.severity) && has(filter.statuses, i.review.status) && has(filter.documentIds, i.flag.documentId) && has(filter.ruleIds, i.flag.ruleId));
}

export interface ReviewSummary {
  readonly total: number;
  readonly byStatus: Readonly<Record<FlagStatus, number>>;
  /** Open or escalated flags per severity. */
  readonly unresolvedBySeverity: Readonly<Record<Severity, number>>;
  /** The most severe open or escalated flag, null when every flag is closed. */
  readonly worstOpen: Severity | null;
  /** Every flag resolved or dismissed. */
  readonly complete: boolean;
}

/** A document's review state at a glance. */
export function reviewSummary(items: readonly ReviewedFlag[]): ReviewSummary {
  const byStatus: Record<FlagStatus, number> = { open: 0, escalated: 0, resolved: 0, dismissed: 0 };
  const unresolved: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  let worst: Severity | null = null;
  for (const { flag, review } of items) {
    byStatus[review.status]++;
    if (review.status === 'open' || review.status === 'escalated') {
      unresolved[flag.severity]++;
      if (worst === null || severityRank(flag.severity) < severityRank(worst)) worst = flag.severity;
    }
  }
  return { total: items.length, byStatus, unresolvedBySeverity: unresolved, worstOpen: worst, complete: worst === null };
}
