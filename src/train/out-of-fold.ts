/**
 * The out-of-fold clause scores of the training contracts' passages, kept in a file so that
 * `npm run eval -- --split train --oof FILE` asks the training questions as validation asks its
 * own: each passage scored by the fold of the cross-validation that did not see its contract,
 * not by the final model, which was trained on it (`npm run train -- --oof FILE` writes it).
 *
 * Passages are named by a digest of their text (the classifier receives text, not chunk ids), and
 * the file names the model it belongs to by its weights: a file from another training is refused
 * rather than silently mixing one model's thresholds with another's logits.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { ClauseKindModel, type PassageKindScores } from '../core/clauses/model';
import { ModelError } from '../core/errors';
import { shortHash } from '../core/hash';
import type { ClausePassage } from '../core/ports';
import { normalizeForMatch } from '../core/eval/match';

const FORMAT = 'casefile-out-of-fold';
const VERSION = 1;

/** A passage's name in the file: its text's SHA-1 (base64url). */
function textDigest(text: string): string {
  return createHash('sha1').update(text).digest('base64url');
}

/** Which weights a model has: its decoded content, not the training figures beside it in the file (the trainer's run time among them). */
function weightsId(model: ClauseKindModel): string {
  const { training: _training, ...weights } = model.model;
  return shortHash(JSON.stringify(weights, (_key, value: unknown) => (value instanceof Map ? [...(value as Map<string, number>)] : ArrayBuffer.isView(value) ? Array.from(value as Float32Array) : value)));
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** A training passage's out-of-fold logits, per kind (model order), before thresholds. */
export interface OutOfFoldLogits {
  readonly clause: Float32Array;
  readonly presence: Float32Array;
}

/**
 * The model as it scores a training contract's passage in cross-validation: the out-of-fold
 * logits the trainer kept for the chunk (the fold that did not see its contract) through the
 * model's thresholds, and the model's own windows (where in the passage a kind reads most).
 * Passages it has no logits for are scored by the model. Wrapped in the app's own
 * LearnedClauseClassifier, everything else is the app's path: tables of contents, the label
 * threshold, the playbook's signals and stated values.
 */
export class OutOfFoldModel extends ClauseKindModel {
  /** `logits`: by the digest of the passage's text (textDigest; classify() receives passages, found by text). */
  constructor(
    model: ClauseKindModel,
    readonly byText: ReadonlyMap<string, OutOfFoldLogits>,
  ) {
    super(model.model, () => model.id);
  }

  /** `chunkText`: chunk id → its text; `clause`, `presence`: chunk id → the trainer's out-of-fold logits. */
  static fromTraining(model: ClauseKindModel, chunkText: ReadonlyMap<string, string>, clause: ReadonlyMap<string, Float32Array>, presence: ReadonlyMap<string, Float32Array>): OutOfFoldModel {
    const logits = new Map<string, OutOfFoldLogits>();
    for (const [id, text] of chunkText) {
      const z = clause.get(id);
      const q = presence.get(id);
      if (z && q) logits.set(textDigest(text), { clause: z, presence: q });
    }
    return new OutOfFoldModel(model, logits);
  }

  /**
   * How many of `texts` (the training contracts' passages as ingested now) the file has no scores
   * for. Such a passage is scored by the model, which was trained on it: a cross-validated figure
   * is then partly in sample. Any at all means the passages changed since the training (an ingest
   * change): retrain before reading the figure.
   */
  unscored(texts: Iterable<string>): { readonly total: number; readonly missing: number } {
    let total = 0;
    let missing = 0;
    for (const text of texts) {
      // The trainer reads no window of fewer than three words (a page of redactions): no scores for it.
      if (normalizeForMatch(text).length < 3) continue;
      total++;
      if (!this.byText.has(textDigest(text))) missing++;
    }
    return { total, missing };
  }

  override scorePassage(passage: ClausePassage): PassageKindScores {
    const own = super.scorePassage(passage);
    const logits = this.byText.get(textDigest(passage.text));
    if (!logits) return own;
    const { clause: z, presence: q } = logits;
    const m = this.model;
    const scores = new Float32Array(m.kinds.length);
    const presence = new Float32Array(m.kinds.length);
    for (let k = 0; k < m.kinds.length; k++) {
      if (own.best[k]! < 0) continue;
      const zp = m.presenceRule === 'clause' ? z[k]! : m.presenceRule === 'mean' ? (z[k]! + q[k]!) / 2 : q[k]!;
      scores[k] = sigmoid(z[k]! - m.clauseThreshold[k]!);
      presence[k] = sigmoid(zp - m.presenceThreshold[k]!);
    }
    return { ...own, scores, presence };
  }
}

/**
 * The training contracts' passages (documents of the QA file's train split) the out-of-fold file
 * has no scores for, printed as a warning when there are any: the figure read with it is then
 * partly in sample (out-of-fold.ts unscored).
 */
export async function unscoredPassages(
  model: OutOfFoldModel,
  qa: { readonly docs: readonly { readonly doc_id: string; readonly split?: string }[] },
  documentOf: ReadonlyMap<string, string>,
  store: { chunks(documentId: string): Promise<readonly { readonly text: string }[]> },
): Promise<{ readonly total: number; readonly missing: number }> {
  const ids = qa.docs.filter((d) => d.split === 'train').flatMap((d) => documentOf.get(d.doc_id) ?? []);
  const texts = (await Promise.all(ids.map((id) => store.chunks(id)))).flat().map((c) => c.text);
  const found = model.unscored(texts);
  if (found.missing > 0) console.warn(`warning: ${found.missing} of ${found.total} passages of the training contracts have no out-of-fold scores and are scored by the model, which was trained on them; the passages changed since the training: run npm run train again`);
  return found;
}

const rounded = (z: Float32Array) => Array.from(z, (x) => Math.round(x * 1000) / 1000);

export async function writeOutOfFold(path: string, model: ClauseKindModel, logits: ReadonlyMap<string, OutOfFoldLogits>): Promise<void> {
  const chunks = [...logits].map(([digest, l]) => [digest, rounded(l.clause), rounded(l.presence)]);
  await writeFile(path, `${JSON.stringify({ format: FORMAT, version: VERSION, model: weightsId(model), kinds: model.kinds, chunks })}\n`);
}

/** The model as the cross-validation scored the training passages; throws a ModelError for a file of another model or format. */
export async function readOutOfFold(path: string, model: ClauseKindModel): Promise<OutOfFoldModel> {
  const json = JSON.parse(await readFile(path, 'utf8')) as { format?: unknown; version?: unknown; model?: unknown; kinds?: unknown; chunks?: unknown };
  const fail = (problem: string): never => {
    throw new ModelError('model/load-failed', `${path}: ${problem}`);
  };
  if (json.format !== FORMAT || json.version !== VERSION) fail(`not an out-of-fold score file (format ${FORMAT} version ${VERSION})`);
  if (json.model !== weightsId(model)) fail('written for another model: run `npm run train -- … --oof FILE` again for the installed one');
  if (!Array.isArray(json.kinds) || json.kinds.join('|') !== model.kinds.join('|')) fail("its kinds are not the model's");
  if (!Array.isArray(json.chunks)) fail('no chunks');
  const K = model.kinds.length;
  const logits = new Map<string, OutOfFoldLogits>();
  for (const entry of json.chunks as unknown[]) {
    const [digest, clause, presence] = Array.isArray(entry) ? (entry as unknown[]) : [];
    if (typeof digest !== 'string' || !Array.isArray(clause) || !Array.isArray(presence) || clause.length !== K || presence.length !== K) fail('a chunk entry is not [digest, clause logits, presence logits]');
    logits.set(digest as string, { clause: Float32Array.from(clause as number[]), presence: Float32Array.from(presence as number[]) });
  }
  return new OutOfFoldModel(model, logits);
}
