/**
 * The playbook data model: what a contract-review playbook file holds (see playbooks/schema.json
 * and playbooks/README.md). Plain data, structured-clone friendly; a playbook is validated
 * (src/core/scan/validate.ts) before any of it is used, and its text is never rendered as HTML.
 */

export const PLAYBOOK_SCHEMA_VERSION = 1;

export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

/** Rank for sorting: critical first. */
export function severityRank(s: Severity): number {
  return SEVERITIES.indexOf(s);
}

/**
 * A lexical signal of a clause type: a linear-time (RE2) pattern, matched case-insensitively on the
 * passage text. A positive weight is evidence for the type, a negative one evidence against it.
 */
interface Signal {
  readonly pattern: string;
  /** -1..1, not 0. */
  readonly weight: number;
}

export interface ClauseType {
  /** Stable id, snake_case (e.g. "cap_on_liability"). Rules refer to it. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** Words people use for it: matched in section titles and in questions. */
  readonly keywords: readonly string[];
  /**
   * The keywords in other languages (ISO 639-1 code → words): matched like the keywords, and in
   * a question written in that language with its stems ("résilié sans motif" for "résiliation sans motif").
   */
  readonly keywordsByLanguage?: Readonly<Record<string, readonly string[]>>;
  readonly signals: readonly Signal[];
  /** Short reference clauses written for the playbook (the embedder compares passages to them). */
  readonly examples: readonly string[];
}

export type CompareOp = '>=' | '>' | '<=' | '<' | '==';
type DurationUnit = 'hours' | 'days' | 'weeks' | 'months' | 'years';

interface PhrasesCheck {
  readonly type: 'phrases';
  /** any: one of the phrases; all: every phrase. */
  readonly match: 'any' | 'all';
  readonly phrases: readonly string[];
  /** The check passes when the phrases are NOT found. */
  readonly negate?: boolean;
}

interface PatternCheck {
  readonly type: 'pattern';
  /** RE2 syntax (no backreferences or lookaround); matched case-insensitively. */
  readonly pattern: string;
  readonly negate?: boolean;
}

export type ValueCheck =
  | { readonly type: 'value'; readonly value: 'duration'; readonly op: CompareOp; readonly amount: number; readonly unit: DurationUnit; readonly near?: string }
  | { readonly type: 'value'; readonly value: 'amount'; readonly op: CompareOp; readonly amount: number; readonly currency?: string; readonly near?: string }
  | { readonly type: 'value'; readonly value: 'percentage'; readonly op: CompareOp; readonly amount: number; readonly near?: string }
  /** A liability cap expressed in months of fees ("fees paid in the 12 months", "twice the annual fees"). */
  | { readonly type: 'value'; readonly value: 'fee_months'; readonly op: CompareOp; readonly amount: number }
  | { readonly type: 'value'; readonly value: 'date'; readonly op: CompareOp; readonly date: string }
  | { readonly type: 'value'; readonly value: 'jurisdiction'; readonly op: 'in' | 'not_in'; readonly list: readonly string[] };

export interface ModelCheck {
  readonly type: 'model';
  /** A yes/no question about the clause; "yes" passes. */
  readonly question: string;
}

export type Check = PhrasesCheck | PatternCheck | ValueCheck | ModelCheck;

export type RuleKind = 'required' | 'prohibited' | 'condition';

export interface Rule {
  readonly id: string;
  readonly title: string;
  readonly clauseType: string;
  readonly severity: Severity;
  /**
   * required: a clause of the type must exist (and pass the checks, when there are any);
   * prohibited: no clause of the type may exist (that passes the checks, when there are any);
   * condition: every clause of the type must pass the checks (nothing to check when none exists).
   */
  readonly kind: RuleKind;
  readonly checks?: readonly Check[];
  /** How the checks combine; default all. */
  readonly match?: 'all' | 'any';
  /** Why the rule matters, shown with a flag. */
  readonly explanation?: string;
  /** What to do about a flag. */
  readonly guidance?: string;
  /** Language to propose instead. */
  readonly fallback?: string;
}

export interface Playbook {
  readonly schemaVersion: number;
  readonly id: string;
  readonly name: string;
  /** Semantic version; a scan is keyed by playbook id + version. */
  readonly version: string;
  /** ISO 639-1 language of the contracts it reviews. */
  readonly language: string;
  readonly jurisdiction?: string;
  readonly author?: string;
  readonly description: string;
  readonly clauseTypes: readonly ClauseType[];
  readonly rules: readonly Rule[];
}
