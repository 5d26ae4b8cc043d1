/**
 * What a scan produces and what review adds to it: flags with their evidence, per-rule outcomes,
 * the scan record kept per document and playbook version, and the review state of each flag.
 * Plain records (IndexedDB, worker boundaries, exports).
 */
import type { ClauseLabel } from '../ports';
import type { RuleKind, Severity } from './playbook';

/** Where a flag points: the passage, verbatim, with its file, page and section. */
export interface Evidence {
  readonly documentId: string;
  readonly documentName: string;
  readonly chunkId: string;
  /** 1-based pages the passage spans. */
  readonly page: number;
  readonly pageEnd: number;
  readonly sectionPath: readonly string[];
  /** The passage text exactly as indexed (offsets charStart/charEnd into the page texts). */
  readonly text: string;
  readonly charStart: number;
  readonly charEnd: number;
  /**
   * [start, end) offsets in `text` of the words that read most as the flag's clause kind (the
   * classifier's best window), shown marked; absent when the classifier cannot tell.
   */
  readonly focus?: { readonly start: number; readonly end: number };
}

/**
 * missing: a required clause was found nowhere; failed: a clause does not pass the rule's checks;
 * present: a prohibited clause is there; unverified: the checks could not decide (no model, no
 * value found) — a person must look.
 */
export type FlagKind = 'missing' | 'failed' | 'present' | 'unverified';

/** What a flag reports, for people: its kind, or "possible" for a present flag that is tentative. */
export type FindingKind = FlagKind | 'possible';

export function findingKind(flag: Pick<Flag, 'kind' | 'tentative'>): FindingKind {
  return flag.kind === 'present' && flag.tentative ? 'possible' : flag.kind;
}

export interface Flag {
  /** Stable across re-scans of the same document and playbook: review state carries over. */
  readonly id: string;
  readonly documentId: string;
  readonly playbookId: string;
  readonly ruleId: string;
  readonly ruleTitle: string;
  readonly ruleKind: RuleKind;
  readonly clauseType: string;
  readonly severity: Severity;
  readonly kind: FlagKind;
  /**
   * A present flag on a passage that only nearly gives the document the clause (the review's
   * offset, scan/rules.ts): the contract may contain it. Absent: not tentative.
   */
  readonly tentative?: true;
  /** Why it was raised, for people: the rule's explanation and what the checks found. */
  readonly explanation: string;
  readonly details: readonly string[];
  readonly evidence: Evidence | null;
  readonly guidance: string | null;
  readonly fallback: string | null;
}

export type RuleOutcomeKind = 'pass' | 'fail' | 'missing' | 'not_applicable' | 'not_checked';

export interface RuleOutcome {
  readonly ruleId: string;
  readonly outcome: RuleOutcomeKind;
  /** Chunks of the rule's clause type that were checked. */
  readonly chunkIds: readonly string[];
  readonly details: readonly string[];
}

interface ChunkLabels {
  readonly chunkId: string;
  /** 1-based pages the chunk spans. */
  readonly page: number;
  readonly pageEnd: number;
  readonly labels: readonly ClauseLabel[];
}

type ScanStatus = 'done' | 'cancelled' | 'failed';

export interface ScanRecord {
  /** scanKey(): document id + content hash + playbook id + version + content hash + the classifier's identity (its model, and the embedder when one read the playbook's types: scan/reader.ts). */
  readonly key: string;
  readonly documentId: string;
  readonly documentName: string;
  readonly documentSha256: string;
  readonly playbookId: string;
  readonly playbookVersion: string;
  readonly playbookName: string;
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly status: ScanStatus;
  readonly pages: number;
  readonly chunkLabels: readonly ChunkLabels[];
  readonly outcomes: readonly RuleOutcome[];
  /** Sorted by severity (critical first), then document order. */
  readonly flags: readonly Flag[];
}

export type FlagStatus = 'open' | 'resolved' | 'dismissed' | 'escalated';

interface ReviewEntry {
  readonly at: number;
  /** The local user's name. */
  readonly user: string;
  readonly from: FlagStatus;
  readonly to: FlagStatus;
  readonly note: string;
}

export interface FlagReview {
  readonly flagId: string;
  readonly documentId: string;
  readonly status: FlagStatus;
  /** The latest note. */
  readonly note: string;
  readonly history: readonly ReviewEntry[];
}
