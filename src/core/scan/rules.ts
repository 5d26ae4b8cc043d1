/**
 * Rule evaluation over a classified document. For each rule, the chunks that give the document
 * the rule's clause type (labelled with it and, with a learned model, reaching its contract
 * threshold: profiles.ts hasClause) are checked:
 * - required: none → a missing-clause flag; with checks, at least one chunk must pass them;
 * - prohibited: the strongest chunk of the type and the others clearly of it (profiles.ts
 *   clausesOf) are flagged (those that pass the checks, when there are any); with the
 *   classifier's review offset, when no passage gives the document the kind, one that only
 *   nearly does counts, and its flag says the contract may contain the clause;
 * - condition: those chunks must pass the checks; nothing to check when none exists.
 * Checks that cannot decide (no model, no value found) give `unverified` flags, never a pass.
 */
import { clausesOf, hasClause, kindStrength, withPresenceOffset } from '../clauses/profiles';
import { isAttachmentPath } from '../ingest/headings';
import { isDefinitionsPassage, isPreliminarySection } from '../text/definitions';
import { isRedacted } from '../text/redaction';
import type { ClauseLabel, JobOptions } from '../ports';
import { shortHash } from '../hash';
import type { ChunkRecord } from '../types';
import { tooSlow } from './budget';
import { allKeywords } from './classify';
import { compilePhrase, type SafePattern } from './patterns';
import { combine, evaluateCheck, localCheck, type CheckDeps, type CheckOutcome, type CheckResult } from './checks';
import { clauseTypeName, findingLead, otherPlacesNote } from './finding-text';
import type { Playbook, Rule } from './playbook';
import type { Evidence, FindingKind, Flag, FlagKind, RuleOutcome } from './types';

/** The clause type's keywords (every language) as title patterns, compiled once per playbook. */
const titlePatterns = new WeakMap<Playbook, Map<string, readonly SafePattern[]>>();
function titleKeywords(playbook: Playbook, type: string): readonly SafePattern[] {
  const byType = titlePatterns.get(playbook) ?? titlePatterns.set(playbook, new Map()).get(playbook)!;
  let out = byType.get(type);
  if (!out) {
    const t = playbook.clauseTypes.find((c) => c.id === type);
    out = t?.keywords ? allKeywords(t).map(compilePhrase) : [];  // (types built in code may leave keywords out)
    byType.set(type, out);
  }
  return out;
}

/**
 * The passage under a heading naming the clause type ("9. LIMITATION OF LIABILITY") whose text is
 * redacted past reading, when no passage gives the document the kind: the clause is there, its
 * words are not, so whether it meets a required rule cannot be told.
 */
function redactedClause(classified: readonly ClassifiedChunk[], playbook: Playbook, type: string): ChunkRecord | null {
  const keywords = titleKeywords(playbook, type);
  if (keywords.length === 0) return null;
  const titled = (chunk: ChunkRecord) => [...chunk.sectionPath, chunk.sectionTitle ?? ''].some((title) => keywords.some((k) => k.test(title)));
  return classified.find(({ chunk }) => isRedacted(chunk.text) && titled(chunk))?.chunk ?? null;
}

/**
 * Flags per rule per document at most (a clause type repeated in 40 chunks is one problem). Not for
 * a prohibited rule's clauses: they become one finding that names every other one
 * (merge-flags.ts ruleFindings), so all of them are kept for it to count and name.
 */
const MAX_FLAGS_PER_RULE = 5;

export interface ClassifiedChunk {
  readonly chunk: ChunkRecord;
  readonly labels: readonly ClauseLabel[];
}

export interface DocumentRef {
  readonly id: string;
  readonly name: string;
}

/** A flag id that survives re-scans: document, playbook, rule and the evidence text (or "missing"). */
function flagId(documentId: string, playbookId: string, ruleId: string, evidenceText: string | null): string {
  return `${documentId}:${playbookId}:${ruleId}:${evidenceText === null ? 'missing' : shortHash(evidenceText)}`;
}

function evidenceOf(document: DocumentRef, chunk: ChunkRecord): Evidence {
  return {
    documentId: document.id,
    documentName: document.name,
    chunkId: chunk.id,
    page: chunk.pageStart,
    pageEnd: chunk.pageEnd,
    sectionPath: chunk.sectionPath,
    text: chunk.text,
    charStart: chunk.charStart,
    charEnd: chunk.charEnd,
  };
}

const hasType = (labels: readonly ClauseLabel[], type: string) => labels.some((l) => l.type === type);
const scoreOf = (labels: readonly ClauseLabel[], type: string) => labels.find((l) => l.type === type)?.score ?? 0;

/** A rule's share of a scan's time budget (budget.ts): why it must stop, and its pattern work timed. */
export interface RuleBudget {
  stopped(): string | null;
  time<T>(work: () => T): T;
}

/** Runs a rule's checks on one clause text (with a budget, the checks that need no model are timed). */
async function checkClause(rule: Rule, text: string, deps: CheckDeps, options?: JobOptions, budget?: RuleBudget): Promise<{ outcome: CheckOutcome; results: CheckResult[] }> {
  const results: CheckResult[] = [];
  for (const check of rule.checks ?? []) {
    if (check.type === 'model' || !budget) results.push(await evaluateCheck(check, text, deps, options));
    else results.push(budget.time(() => localCheck(check, text)));
  }
  return { outcome: combine(results, rule.match), results };
}

/**
 * Whether a rule holds on a single clause: the clause is of the rule's type and passes its checks.
 * (The evaluation asks this of each labelled NDA clause.)
 */
export async function ruleHoldsOn(rule: Rule, text: string, labels: readonly ClauseLabel[], deps: CheckDeps = {}, options?: JobOptions): Promise<boolean> {
  if (!hasType(labels, rule.clauseType)) return false;
  return (await checkClause(rule, text, deps, options)).outcome === 'pass';
}

export interface RuleDeps extends CheckDeps {
  /** Logits a passage's presence gains for a prohibited rule (the classifier's reviewPresenceOffset; default 0). */
  readonly presenceOffset?: number;
}

export interface RuleEvaluation {
  readonly outcome: RuleOutcome;
  readonly flags: readonly Flag[];
}

/**
 * Evaluates `rule` on the classified document. With a budget, a rule whose time has run out
 * (before or while its clauses are checked) is "not evaluated: too slow": outcome not_checked
 * and one unverified flag saying so, never a pass and never "missing".
 */
export async function evaluateRule(rule: Rule, playbook: Playbook, document: DocumentRef, labelled: readonly ClassifiedChunk[], deps: RuleDeps, options?: JobOptions, budget?: RuleBudget): Promise<RuleEvaluation> {
  // A prohibited clause is looked for with the review's offset: a passage that only nearly gives
  // the document the kind is flagged as one the contract may contain (the flag says so). Only when
  // no passage surely gives it: the offset lowers the bar for the contract to have the clause, not
  // for further passages of a clause it has (those would be restatements and mentions).
  const offset = rule.kind === 'prohibited' && !hasClause(labelled, rule.clauseType) ? (deps.presenceOffset ?? 0) : 0;
  const classified = offset > 0 ? labelled.map((c) => ({ chunk: c.chunk, labels: withPresenceOffset(c.labels, rule.clauseType, offset) })) : labelled;
  const nearly = new Set(offset > 0 ? labelled.filter((c) => kindStrength(c.labels, rule.clauseType) < 0.5).map((c) => c.chunk.id) : []);
  // The passages that give the document the kind (presence, profiles.ts): a passage that only
  // reads like one clause of the kind among others is neither checked nor flagged, and none makes the clause missing.
  // A definitions section ("“Change of Control” means …", or any passage under a "Definitions"
  // heading) or the recitals ("WHEREAS … exclusive rights …") give the document the kind but are
  // not the clause a reviewer checks: flagged only when no other passage has the kind.
  // A rule that flags clauses (prohibited, condition) checks the strongest clause and the others
  // clearly of the kind (profiles.ts clausesOf); a required clause is there when any passage that
  // gives the document the kind passes.
  // A clause flagged (prohibited, condition) is the agreement's own: where its body has one, the
  // attachments' passages of the kind (a form of another agreement, a party's standard terms
  // attached as an exhibit) are set aside as the definitions are.
  const having = classified.filter((c) => hasClause([c], rule.clauseType));
  const clauses = having.filter((c) => !isDefinitionsPassage(c.chunk.text) && !isPreliminarySection(c.chunk.sectionPath));
  const body = rule.kind === 'required' ? [] : clauses.filter((c) => !isAttachmentPath(c.chunk.sectionPath));
  const pool = body.length > 0 ? body : clauses.length > 0 ? clauses : having;
  const candidates = (rule.kind === 'required' ? pool : clausesOf(pool, rule.clauseType)).sort((a, b) => scoreOf(b.labels, rule.clauseType) - scoreOf(a.labels, rule.clauseType));
  const chunkIds = candidates.map((c) => c.chunk.id);
  const makeFlag = (kind: FlagKind, chunk: ChunkRecord | null, details: readonly string[]): Flag => {
    const tentative = kind === 'present' && chunk !== null && nearly.has(chunk.id);
    return {
      id: flagId(document.id, playbook.id, rule.id, chunk ? chunk.text : null),
      documentId: document.id,
      playbookId: playbook.id,
      ruleId: rule.id,
      ruleTitle: rule.title,
      ruleKind: rule.kind,
      clauseType: rule.clauseType,
      severity: rule.severity,
      kind,
      ...(tentative ? { tentative: true as const } : {}),
      explanation: explain(rule, tentative ? 'possible' : kind, playbook),
      details,
      evidence: chunk ? evidenceOf(document, chunk) : null,
      guidance: rule.guidance ?? null,
      fallback: rule.fallback ?? null,
    };
  };
  const result = (outcome: RuleOutcome['outcome'], flags: Flag[], details: string[] = []): RuleEvaluation => ({ outcome: { ruleId: rule.id, outcome, chunkIds, details }, flags: rule.kind === 'prohibited' ? flags : flags.slice(0, MAX_FLAGS_PER_RULE) });
  const slow = (reason: string): RuleEvaluation => {
    const detail = tooSlow(reason);
    return result('not_checked', [makeFlag('unverified', null, [detail])], [detail]);
  };

  const stopped = budget?.stopped();
  if (stopped) return slow(stopped);
  if (candidates.length === 0) {
    if (rule.kind === 'required') {
      const redacted = redactedClause(classified, playbook, rule.clauseType);
      if (redacted) return result('not_checked', [makeFlag('unverified', redacted, [`the ${clauseTypeName(playbook, rule.clauseType, 'en')} clause is redacted in this copy: whether it meets the rule cannot be read`])]);
      return result('missing', [makeFlag('missing', null, [`no ${clauseTypeName(playbook, rule.clauseType, 'en')} clause found`])]);
    }
    return result(rule.kind === 'prohibited' ? 'pass' : 'not_applicable', []);
  }
  const checked: { chunk: ChunkRecord; outcome: CheckOutcome; details: string[] }[] = [];
  for (const c of candidates) {
    const { outcome, results } = await checkClause(rule, c.chunk.text, deps, options, budget);
    checked.push({ chunk: c.chunk, outcome, details: results.map((r) => r.detail) });
    const late = budget?.stopped();
    if (late) return slow(late);
  }
  const details = checked.flatMap((c) => c.details);
  // Passages whose checks could not decide (no value stated, no model) are one finding for the
  // rule, not one per passage: a single unverified flag at the strongest passage, naming the
  // others. None when another passage of the kind was decided: the clause was checked where it
  // states what the rule reads (the governing-law clause naming its law, not the arbitration
  // clause beside it; the cap stating its amount, not the indemnity that only reads like one).
  const undecided = checked.filter((c) => c.outcome === 'not_checked');
  const decided = undecided.length < checked.length;
  const unverified = undecided.length > 0 ? [unverifiedFlag(undecided, makeFlag)] : [];
  switch (rule.kind) {
    case 'required': {
      if (checked.some((c) => c.outcome === 'pass')) return result('pass', [], details);
      const failed = checked.find((c) => c.outcome === 'fail');
      if (unverified.length > 0) return result('not_checked', unverified, details);
      return result('fail', [makeFlag('failed', failed!.chunk, failed!.details)], details);
    }
    case 'prohibited': {
      const present = checked.filter((c) => c.outcome === 'pass').map((c) => makeFlag('present', c.chunk, c.details));
      if (present.length > 0) return result('fail', present, details);
      return result(decided ? 'pass' : 'not_checked', decided ? [] : unverified, details);
    }
    case 'condition': {
      const failed = checked.filter((c) => c.outcome === 'fail').map((c) => makeFlag('failed', c.chunk, c.details));
      if (failed.length > 0) return result('fail', failed, details);
      return result(decided ? 'pass' : 'not_checked', decided ? [] : unverified, details);
    }
  }
}

/** One unverified flag for passages none of whose checks decided: the strongest (first) passage, the others named by page and section. */
function unverifiedFlag(undecided: readonly { chunk: ChunkRecord; details: string[] }[], makeFlag: (kind: FlagKind, chunk: ChunkRecord | null, details: readonly string[]) => Flag): Flag {
  const [first, ...others] = undecided;
  const also = others.length === 0 ? [] : [otherPlacesNote('also not checked', others.map(({ chunk }) => ({ page: chunk.pageStart, sectionPath: chunk.sectionPath })))];
  return makeFlag('unverified', first!.chunk, [...new Set(first!.details), ...also]);
}

/** `possible`: a present flag on a passage that only nearly gives the document the kind (the review's offset). Stored in English (finding-text.ts reads it in other languages). */
function explain(rule: Rule, kind: FindingKind, playbook: Playbook): string {
  const lead = findingLead(kind, clauseTypeName(playbook, rule.clauseType, 'en'), rule.title, 'en');
  return rule.explanation ? `${lead} ${rule.explanation}` : lead;
}
