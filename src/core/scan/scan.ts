/**
 * The scan: one document's chunks against one playbook, as a job on the typed event stream.
 *
 *   chunks → clause classification (chunk_classified) → every rule (rule_checked, flag)
 *          → flags sorted by severity → stored → scan_done
 *
 * `scanDocument` is an async generator the consumer pulls (so it can stream from a worker
 * through a remote async iterable); it yields events and returns the ScanRecord. `runScan`
 * drains it into an event sink. Progress counts chunks classified plus rules checked, with an
 * ETA, and never goes backwards; an AbortSignal stops the job between batches (job_cancelled),
 * and a failure ends it with job_failed before the error is thrown. The playbook's patterns run
 * under time budgets per rule and per document (budget.ts): a rule past its budget is reported
 * "not evaluated: too slow" and the scan goes on.
 *
 * A scan is keyed by the document's content hash and the playbook's id, version and content
 * hash: running it again with the same key returns the stored result (idempotent); a changed
 * document or playbook gives a new key and a new scan.
 */
import { AbortedError, throwIfAborted, toSerialized } from '../errors';
import { ProgressTracker, type CasefileEvent, type EventInput } from '../events';
import type { ChatModel, ClauseClassifier, Embedder, JobOptions } from '../ports';
import type { ChunkRecord, DocumentRecord } from '../types';
import { DEFAULT_SCAN_BUDGETS, ScanClock, type PatternClock, type ScanBudgets } from './budget';
import { PlaybookClassifier } from './classify';
import { ruleFindings } from './merge-flags';
import { severityRank, type Playbook } from './playbook';
import { shortHash } from '../hash';
import { evaluateRule, type ClassifiedChunk } from './rules';
import type { ScanStore } from './store';
import type { Flag, RuleOutcome, ScanRecord } from './types';

/** Chunks classified per batch (progress and cancellation granularity). */
const SCAN_BATCH = 16;

export interface ScanRequest {
  /** `language`: the document's, when known (its passages are read in it: clauses/classifier.ts). */
  readonly document: Pick<DocumentRecord, 'id' | 'name' | 'sha256' | 'pages'> & { readonly language?: string | null };
  /** The document's chunks, in any order. */
  readonly chunks: readonly ChunkRecord[];
  readonly playbook: Playbook;
}

export interface ScanDeps {
  /** Defaults to a PlaybookClassifier over the playbook's clause types (with the embedder, when given). */
  readonly classifier?: ClauseClassifier | null;
  readonly embedder?: Embedder | null;
  /** For model checks; without one they are reported "not checked". */
  readonly chatModel?: ChatModel | null;
  readonly store?: ScanStore | null;
  readonly now?: () => number;
  /** Time budgets for the playbook's patterns (budget.ts); default DEFAULT_SCAN_BUDGETS. */
  readonly budgets?: ScanBudgets;
  /** The clock the budgets are measured with (default: performance.now; told what it times). */
  readonly patternClock?: PatternClock;
}

export interface ScanOptions extends JobOptions {
  readonly jobId?: string;
  /** Scan again even when a scan with the same key is stored. */
  readonly force?: boolean;
}

/**
 * The key a scan is stored under: document content + playbook id, version and content + the
 * classifier's identity (its model: an app update that brings a retrained model scans again; and
 * the embedder, when one read the playbook's own clause types: loading one scans again).
 */
export function scanKey(document: Pick<DocumentRecord, 'id' | 'sha256'>, playbook: Playbook, classifier: string | undefined): string {
  return `${document.id}|${document.sha256.slice(0, 16)}|${playbook.id}@${playbook.version}|${shortHash(JSON.stringify(playbook))}${classifier ? `|${classifier}` : ''}`;
}

/** Flags in review order: severity (critical first), what the contract surely has before what it may have (tentative), then page, then rule. */
function sortFlags(flags: readonly Flag[]): Flag[] {
  return [...flags].sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || Number(a.tentative ?? false) - Number(b.tentative ?? false) || (a.evidence?.page ?? 0) - (b.evidence?.page ?? 0) || a.ruleId.localeCompare(b.ruleId));
}

export async function* scanDocument(request: ScanRequest, deps: ScanDeps = {}, options: ScanOptions = {}): AsyncGenerator<CasefileEvent, ScanRecord> {
  const now = deps.now ?? Date.now;
  const jobId = options.jobId ?? `scan:${request.document.id}:${request.playbook.id}`;
  const queue: CasefileEvent[] = [];
  const emit = (event: EventInput) => queue.push({ ...event, jobId, at: now() });
  const { document, playbook } = request;
  // The playbook's own classifier has no model: the key needs none, and a stored scan is served without building it.
  const key = scanKey(document, playbook, deps.classifier?.identity);

  if (deps.store && !options.force) {
    const stored = await deps.store.getScan(key);
    if (stored?.status === 'done') {
      yield { type: 'scan_done', flags: stored.flags.length, scanKey: key, documentId: document.id, cached: true, jobId, at: now() };
      return stored;
    }
  }

  const startedAt = now();
  const chunks = [...request.chunks].sort((a, b) => a.seq - b.seq);
  const progress = new ProgressTracker(emit, 'steps', chunks.length + playbook.rules.length, now);
  const classifier: ClauseClassifier = deps.classifier ?? new PlaybookClassifier(playbook.clauseTypes, { embedder: deps.embedder ?? null });
  const clock = new ScanClock(deps.budgets ?? DEFAULT_SCAN_BUDGETS, chunks.length, deps.patternClock);
  const cancelled = function* (): Generator<CasefileEvent> {
    yield { type: 'job_cancelled', jobId, at: now() };
  };

  const classified: ClassifiedChunk[] = [];
  try {
    for (let i = 0; i < chunks.length; i += SCAN_BATCH) {
      throwIfAborted(options.signal, 'scan');
      const batch = chunks.slice(i, i + SCAN_BATCH);
      const labels = await classifier.classify(
        batch.map((c) => ({ text: c.text, sectionPath: c.sectionPath, sectionTitle: c.sectionTitle ?? null, language: request.document.language ?? null })),
        { ...options, budget: clock },
      );
      batch.forEach((chunk, j) => {
        const l = labels[j] ?? [];
        classified.push({ chunk, labels: l });
        emit({ type: 'chunk_classified', chunkId: chunk.id, labels: l.map((x) => x.type) });
      });
      progress.advance(batch.length);
      yield* queue.splice(0);
    }

    const order = new Map(classified.map((c, i) => [c.chunk.id, i]));
    const chunkById = new Map(classified.map((c) => [c.chunk.id, c.chunk]));
    const outcomes: RuleOutcome[] = [];
    const flags: Flag[] = [];
    const seen = new Set<string>();
    for (const rule of playbook.rules) {
      throwIfAborted(options.signal, 'scan');
      const budget = { stopped: () => clock.ruleStopped(rule.id, rule.clauseType), time: <T>(work: () => T) => clock.time(`rule:${rule.id}`, work) };
      const evaluation = await evaluateRule(rule, playbook, document, classified, { chatModel: deps.chatModel ?? null, presenceOffset: classifier.reviewPresenceOffset ?? 0 }, options, budget);
      outcomes.push(evaluation.outcome);
      emit({ type: 'rule_checked', ruleId: rule.id, outcome: evaluation.outcome.outcome });
      for (const raw of ruleFindings(evaluation.flags.map((f) => withFocus(f, classifier, chunkById, request.document.language ?? null)), order)) {
        // The same rule on two identical passages (repeated boilerplate) still gives two distinct ids.
        const flag = seen.has(raw.id) ? { ...raw, id: `${raw.id}#${seen.size}` } : raw;
        seen.add(flag.id);
        flags.push(flag);
        emit({ type: 'flag', ruleId: rule.id, severity: flag.severity, chunkId: flag.evidence?.chunkId ?? null, flagId: flag.id });
      }
      progress.advance();
      yield* queue.splice(0);
    }

    const record: ScanRecord = {
      key,
      documentId: document.id,
      documentName: document.name,
      documentSha256: document.sha256,
      playbookId: playbook.id,
      playbookVersion: playbook.version,
      playbookName: playbook.name,
      startedAt,
      finishedAt: now(),
      status: 'done',
      pages: document.pages,
      chunkLabels: classified.map((c) => ({ chunkId: c.chunk.id, page: c.chunk.pageStart, pageEnd: c.chunk.pageEnd, labels: c.labels })),
      outcomes,
      flags: sortFlags(flags),
    };
    await deps.store?.putScan(record);
    yield { type: 'scan_done', flags: record.flags.length, scanKey: key, documentId: document.id, cached: false, jobId, at: now() };
    return record;
  } catch (error) {
    if (error instanceof AbortedError || options.signal?.aborted) {
      yield* queue.splice(0);
      yield* cancelled();
      throw error instanceof AbortedError ? error : new AbortedError('scan');
    }
    yield* queue.splice(0);
    yield { type: 'job_failed', error: toSerialized(error), jobId, at: now() };
    throw error;
  }
}

/**
 * The flag with the words of its passage that read most as its clause kind marked (the
 * classifier's best window, `Evidence.focus`): a long passage bundling several sub-clauses shows
 * which one the flag is about. Unchanged when the classifier cannot tell.
 */
function withFocus(flag: Flag, classifier: ClauseClassifier, chunks: ReadonlyMap<string, ChunkRecord>, language: string | null): Flag {
  const chunk = flag.evidence ? chunks.get(flag.evidence.chunkId) : undefined;
  if (!flag.evidence || !chunk || !classifier.kindWindow) return flag;
  const window = classifier.kindWindow({ text: chunk.text, sectionPath: chunk.sectionPath, sectionTitle: chunk.sectionTitle ?? null, language }, flag.clauseType);
  const length = flag.evidence.text.length;
  // A window that is (nearly) the whole passage marks nothing worth marking.
  const fits = window && window.start >= 0 && window.end > window.start && window.end <= length && window.end - window.start < 0.9 * length;
  return fits ? { ...flag, evidence: { ...flag.evidence, focus: { start: window.start, end: window.end } } } : flag;
}

/** Runs a scan to the end, sending its events to `onEvent`. */
export async function runScan(request: ScanRequest, deps: ScanDeps = {}, options: ScanOptions & { readonly onEvent?: (event: CasefileEvent) => void } = {}): Promise<ScanRecord> {
  const it = scanDocument(request, deps, options);
  for (;;) {
    const next = await it.next();
    if (next.done) return next.value;
    options.onEvent?.(next.value);
  }
}
