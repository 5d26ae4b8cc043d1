/**
 * The scan worker's API (workers/scan.worker.ts only exposes it): everything heavy about
 * playbooks runs here, off the page.
 *
 *   connect(callbacks)                 once per worker: the page's model callbacks (below)
 *   scan(request) → StreamRef<items>   one scan as a remote async iterable: batches of the
 *                                      scan's typed events, then the ScanRecord
 *   validate(draft) / parse(text, name) / decode(encoded) / encode(playbook)
 *                                      schema + semantic validation and share links (the
 *                                      first validation compiles the schema and the RE2
 *                                      patterns: about a second the page must not block on)
 *
 * The scan is the core's `scanDocument`, the same code the evaluation runs, with the app's clause
 * classifier (the learned clause-kind model for the kinds it knows, the playbook's signals for
 * the others; src/playbooks/classifiers.ts). The worker keeps the classifier of the last few playbooks (compiling a playbook's signals costs ~0.45 s of CPU
 * on first use), and stores nothing: the page persists the record it receives.
 *
 * Model checks and embeddings: the language model and the embedder live on the page's side (the
 * model's own worker or the user's local server, reached through `session.chat`; the embed
 * worker). A scan names them in its request, and the worker calls back to the page with the
 * scan's job id (`chatJson`, `embed`), so the page applies that scan's cancellation; rule
 * evaluation itself stays here, in one place. Environment-neutral: tests drive it over a
 * MessageChannel.
 */
import type { ProxyMarked, Remote } from 'comlink';
import type { CasefileEvent } from '../core/events';
import type { ChatModel, ChatRequest, Embedder, JobOptions, JsonSchema, ModelRef } from '../core/ports';
import type { LearnedClauseClassifier } from '../core/clauses/classifier';
import type * as Classifiers from '../playbooks/classifiers';
import type { Playbook } from '../core/scan/playbook';
import { scanDocument, type ScanRequest } from '../core/scan/scan';
import { shortHash } from '../core/hash';
import { decodePlaybook, encodePlaybook } from '../core/scan/share';
import type { ScanRecord } from '../core/scan/types';
import { parsePlaybook, validatePlaybook, type ValidationResult } from '../core/scan/validate';
import { createStreamHost, type StreamApi, type StreamRef } from '../rpc/streams';

/** Classifiers kept warm (one per playbook's clause types and embedder). */
const CLASSIFIER_CACHE = 4;

interface ScanJobRequest extends ScanRequest {
  readonly jobId: string;
  /** The page serves model checks with this model (`chatJson`); null: "not checked". */
  readonly chatModel: ModelRef | null;
  /** The page serves embeddings with this model (`embed`); null: no similarity evidence. */
  readonly embedder: ModelRef | null;
}

/** What one pull of a scan stream returns: the events since the last pull, or the final record. */
type ScanItem = { readonly kind: 'events'; readonly events: readonly CasefileEvent[] } | { readonly kind: 'record'; readonly record: ScanRecord };

/** Callbacks into the page, which forwards them to the language model and the embed worker. */
export interface ScanCallbacks {
  chatJson(jobId: string, request: ChatRequest, schema: JsonSchema): Promise<unknown>;
  embed(jobId: string, texts: string[]): Promise<Float32Array[]>;
}

export interface ScanApi extends StreamApi {
  connect(callbacks: ScanCallbacks & ProxyMarked): void;
  scan(request: ScanJobRequest): StreamRef<ScanItem>;
  validate(draft: unknown): ValidationResult;
  /** Parses and validates a playbook file's text; throws InputError naming the file and the fields. */
  parse(text: string, source: string): Playbook;
  /** Decodes and validates the playbook a share link carries. */
  decode(encoded: string): Playbook;
  encode(playbook: Playbook): string;
  /** Classifiers kept warm (tests, diagnostics). */
  classifiers(): number;
  /** The identity of the clause-kind model scans read with (part of every scan's key: core/scan/scan.ts scanKey). */
  classifierIdentity(): Promise<string>;
}

export function createScanApi(): ScanApi {
  const host = createStreamHost('scan worker', 'scan');
  let callbacks: Remote<ScanCallbacks> | null = null;
  const classifiers = new Map<string, LearnedClauseClassifier>();
  /** Which job a signal belongs to: the classifier passes only the signal to the embedder. */
  const jobOfSignal = new WeakMap<AbortSignal, string>();

  const remoteChat = (jobId: string, model: ModelRef, page: Remote<ScanCallbacks>): ChatModel => ({
    model,
    chat: () => {
      throw new Error('scan worker: model checks use json(), not chat()');
    },
    json: async <T>(request: ChatRequest, schema: JsonSchema) => (await page.chatJson(jobId, request, schema)) as T,
  });

  const remoteEmbedder = (model: ModelRef, page: Remote<ScanCallbacks>): Embedder => ({
    model,
    embed: (texts: readonly string[], options?: JobOptions) => page.embed((options?.signal && jobOfSignal.get(options.signal)) ?? 'scan-examples', [...texts]),
  });

  // The clause-kind model (~0.5 MB) is loaded on the first scan, not when the worker starts to validate a playbook.
  let classifiersModule: Promise<typeof Classifiers> | null = null;
  const classifierFor = async (playbook: Playbook, embedder: Embedder | null): Promise<{ key: string; classifier: LearnedClauseClassifier }> => {
    const { playbookClassifier } = await (classifiersModule ??= import('../playbooks/classifiers'));
    const key = `${shortHash(JSON.stringify(playbook.clauseTypes))}|${embedder?.model.id ?? ''}`;
    let classifier = classifiers.get(key);
    if (classifier) classifiers.delete(key); // re-inserted below: most recently used last
    classifier ??= playbookClassifier(playbook.clauseTypes, { embedder });
    classifiers.set(key, classifier);
    for (const old of classifiers.keys()) if (classifiers.size > CLASSIFIER_CACHE) classifiers.delete(old);
    return { key, classifier };
  };

  async function* run(request: ScanJobRequest, signal: AbortSignal): AsyncGenerator<ScanItem> {
    jobOfSignal.set(signal, request.jobId);
    const chatModel = request.chatModel && callbacks ? remoteChat(request.jobId, request.chatModel, callbacks) : null;
    const embedder = request.embedder && callbacks ? remoteEmbedder(request.embedder, callbacks) : null;
    const { key, classifier } = await classifierFor(request.playbook, embedder);
    const scan = scanDocument({ document: request.document, chunks: request.chunks, playbook: request.playbook }, { classifier, chatModel, store: null }, { jobId: request.jobId, signal, force: true });
    let batch: CasefileEvent[] = [];
    try {
      for (;;) {
        const next = await scan.next();
        if (next.done) {
          if (batch.length) yield { kind: 'events', events: batch };
          yield { kind: 'record', record: next.value };
          return;
        }
        batch.push(next.value);
        // One message per batch of chunks or per rule (each ends with its progress event), not per event.
        if (next.value.type === 'progress') {
          yield { kind: 'events', events: batch };
          batch = [];
        }
      }
    } catch (error) {
      // A failed or cancelled first use may have left the classifier's example embeddings rejected.
      if (embedder) classifiers.delete(key);
      if (batch.length) yield { kind: 'events', events: batch };
      throw error;
    } finally {
      await scan.return(undefined as unknown as ScanRecord).catch(() => undefined);
    }
  }

  return {
    ...host.api,
    connect(cb) {
      callbacks = cb as unknown as Remote<ScanCallbacks>;
    },
    scan(request) {
      return host.exposeIterable((signal) => run(request, signal));
    },
    validate: (draft) => validatePlaybook(draft),
    parse: (text, source) => parsePlaybook(text, source),
    decode: (encoded) => decodePlaybook(encoded),
    encode: (playbook) => encodePlaybook(playbook),
    classifiers: () => classifiers.size,
    classifierIdentity: async () => (await (classifiersModule ??= import('../playbooks/classifiers'))).clauseKindModel().id,
  };
}
