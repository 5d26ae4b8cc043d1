/**
 * The learned clause-kind model's file: a versioned JSON document, validated when it is read.
 *
 *   {
 *     "format": "casefile-clause-model", "version": 1, "featuresVersion": 1,
 *     "kinds": ["governing_law", …],                 playbook clause-type ids
 *     "vocabulary": ["w:govern", "b:govern by", …],  feature names (features.ts)
 *     "idf": "<base64 uint8>", "idfScale": 20,         idf = byte / idfScale
 *     "weights": [{ "bias": -3.1, "scale": 0.02,       the clause head, per kind, pruned and quantised:
 *                   "index": "<base64 uint16 LE>",      feature indices (ascending)
 *                   "value": "<base64 int8>" }, …],     weight = byte · scale
 *     "presenceWeights": [{…}, …],                     the presence head (same layout; absent
 *                                                      when "presenceRule" is "clause")
 *     "presenceRule": "presence" | "clause" | "mean",  what a passage's presence logit is: the
 *                                                      presence head's, the clause head's, or their mean
 *     "presenceSignalWeight": 3,                       logits the playbook's signals for a kind (0..1:
 *                                                      its patterns and section-title keywords, without
 *                                                      an embedder) add to a passage's presence logit
 *                                                      (absent: 0)
 *     "review": { "presenceOffset": 0.5 },             logits a passage's presence gains when a scan
 *                                                      looks for a clause a playbook prohibits (absent: 0)
 *     "thresholds": { "clause": [z…], "presence": [z…] },  decision logits per kind and head
 *                   (+ "question": p, "questionMargin": z: when a question's first kind counts)
 *     "training": {…}                                  provenance and figures (model card)
 *   }
 *
 * A wrong format, a newer version, a length that does not add up or a value out of range fails
 * with a ModelFileError naming the file and the field; nothing half-read is used.
 */
import { ModelError } from '../errors';
import { isObject } from '../json-object';
import { FEATURES_VERSION } from './features';
import type { SufficiencyWeights } from '../ports';

export const CLAUSE_MODEL_FORMAT = 'casefile-clause-model';
export const CLAUSE_MODEL_VERSION = 1;

/** A model file that cannot be used: a ModelError (code model/load-failed) naming the file and the field. */
function clauseModelError(message: string): ModelError {
  return new ModelError('model/load-failed', message);
}

export interface KindWeights {
  readonly bias: number;
  readonly scale: number;
  readonly index: string;
  readonly value: string;
}

/** What a passage's presence logit is read from (chosen by cross-validation). */
export type PresenceRule = 'presence' | 'clause' | 'mean';
const PRESENCE_RULES: readonly PresenceRule[] = ['presence', 'clause', 'mean'];
/** The largest review offset a file may hold, in logits: past it a scan would flag passages that barely read as the clause. */
const MAX_REVIEW_OFFSET = 3;
const SUFFICIENCY_WEIGHTS: readonly (keyof SufficiencyWeights)[] = ['bias', 'retrieval', 'clause', 'answerType', 'noAnswerType', 'threshold'];

export interface ClauseModelFile {
  readonly format: typeof CLAUSE_MODEL_FORMAT;
  readonly version: number;
  readonly featuresVersion: number;
  readonly kinds: readonly string[];
  readonly vocabulary: readonly string[];
  readonly idf: string;
  readonly idfScale: number;
  readonly weights: readonly KindWeights[];
  readonly presenceWeights?: readonly KindWeights[];
  /** Which kind a question asks about (trained on questions and the kinds' names; absent in older files). */
  readonly questionWeights?: readonly KindWeights[];
  readonly presenceRule: PresenceRule;
  /** Logits the playbook signals' score for a kind (0..1) add to a passage's presence logit (absent: none). */
  readonly presenceSignalWeight?: number;
  readonly thresholds: {
    readonly clause: readonly number[];
    readonly presence: readonly number[];
    /** Probability at which a question's first kind counts as asked, whatever the others score. */
    readonly question?: number;
    /** Or: by how many logits its first kind must lead the second to count (absent: no such rule). */
    readonly questionMargin?: number;
  };
  /** The ask path's sufficiency judgement, learnt and calibrated with this model on the training contracts (weights: absent in older files, the signals' mean then). */
  readonly sufficiency?: { readonly threshold: number; readonly maxAbstention: number; readonly weights?: SufficiencyWeights };
  /**
   * The review's operating point, chosen with this model on the training contracts: logits a
   * passage's presence gains when a scan looks for a clause a playbook prohibits (absent: none).
   */
  readonly review?: { readonly presenceOffset: number };
  readonly training?: Readonly<Record<string, unknown>>;
}

/** One head decoded for scoring: weights by feature (CSR), so a window costs one pass over its features. */
export interface DecodedHead {
  readonly bias: Float32Array;
  /** Feature f's weights are entries start[f] .. start[f+1] of kind/weight. */
  readonly start: Int32Array;
  readonly kind: Uint16Array;
  readonly weight: Float32Array;
}

export interface DecodedModel {
  readonly kinds: readonly string[];
  readonly vocabulary: ReadonlyMap<string, number>;
  readonly idf: Float32Array;
  /** Is a clause of the kind: trained on single labelled clauses. */
  readonly clause: DecodedHead;
  /** Makes a contract have the kind: trained on clauses and the contracts' passages (null: rule "clause"). */
  readonly presence: DecodedHead | null;
  /** Which kind a question asks about (null: a file without it; questions are read by the kinds' names only). */
  readonly question: DecodedHead | null;
  /** Probability at which a question's kind counts as asked. */
  readonly questionThreshold: number;
  /** Or the lead in logits of its first kind over the second at which it counts (Infinity: no such rule). */
  readonly questionMargin: number;
  readonly presenceRule: PresenceRule;
  /** Logits the playbook signals' score for a kind adds to a passage's presence logit (0: none). */
  readonly presenceSignalWeight: number;
  readonly clauseThreshold: Float32Array;
  readonly presenceThreshold: Float32Array;
  /** The ask path's calibrated sufficiency threshold (null: the default). */
  readonly sufficiencyThreshold: number | null;
  /** The ask path's learned combination of its sufficiency signals (null: their mean). */
  readonly sufficiencyWeights: SufficiencyWeights | null;
  /** Logits a passage's presence gains when a scan looks for a prohibited clause (0: none). */
  readonly reviewPresenceOffset: number;
  readonly training: Readonly<Record<string, unknown>>;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Int8Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_INDEX[B64.charCodeAt(i)] = i;

export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!, b = bytes[i + 1] ?? 0, c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + (i + 1 < bytes.length ? B64[(n >> 6) & 63]! : '=') + (i + 2 < bytes.length ? B64[n & 63]! : '=');
  }
  return out;
}

export function fromBase64(text: string, what: string): Uint8Array {
  if (text.length % 4 !== 0) throw clauseModelError(`${what}: not base64 (length ${text.length})`);
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */) end--;
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let bits = 0, acc = 0, o = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? B64_INDEX[c]! : -1;
    if (v < 0) throw clauseModelError(`${what}: not base64 (character “${text[i]}”)`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 255;
    }
  }
  return out;
}

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** Checks and decodes a model file; `source` names it in errors. */
export function decodeClauseModel(json: unknown, source = 'clause model'): DecodedModel {
  const fail = (message: string): never => {
    throw clauseModelError(`${source}: ${message}`);
  };
  if (!isObject(json)) return fail('not a JSON object');
  if (json['format'] !== CLAUSE_MODEL_FORMAT) return fail(`"format" must be "${CLAUSE_MODEL_FORMAT}", got ${JSON.stringify(json['format'] ?? null)}`);
  if (json['version'] !== CLAUSE_MODEL_VERSION) return fail(`version ${JSON.stringify(json['version'])} is not supported (this app reads version ${CLAUSE_MODEL_VERSION})`);
  if (json['featuresVersion'] !== FEATURES_VERSION) return fail(`featuresVersion ${JSON.stringify(json['featuresVersion'])} does not match this app's features (${FEATURES_VERSION})`);
  const kinds = json['kinds'];
  if (!Array.isArray(kinds) || kinds.length === 0 || kinds.length > 65535 || !kinds.every((k) => typeof k === 'string' && k.length > 0)) return fail('"kinds" must be a non-empty array of clause-type ids');
  if (new Set(kinds).size !== kinds.length) return fail('"kinds" has duplicates');
  const vocabulary = json['vocabulary'];
  if (!Array.isArray(vocabulary) || vocabulary.length === 0 || vocabulary.length > 65536 || !vocabulary.every((v) => typeof v === 'string')) return fail('"vocabulary" must be an array of at most 65,536 feature names');
  const F = vocabulary.length;
  const K = kinds.length;
  if (!finite(json['idfScale']) || json['idfScale'] <= 0) return fail('"idfScale" must be a positive number');
  if (typeof json['idf'] !== 'string') return fail('"idf" must be a base64 string');
  const idfBytes = fromBase64(json['idf'], `${source}: "idf"`);
  if (idfBytes.length !== F) return fail(`"idf" has ${idfBytes.length} values for ${F} features`);
  const idfScale = json['idfScale'];
  const idf = Float32Array.from(idfBytes, (b) => b / idfScale);
  const thresholds = json['thresholds'];
  if (!isObject(thresholds)) return fail('"thresholds" missing');
  const vector = (name: 'clause' | 'presence') => {
    const v = thresholds[name];
    if (!Array.isArray(v) || v.length !== K || !v.every(finite)) return fail(`"thresholds.${name}" must hold ${K} numbers`);
    return Float32Array.from(v);
  };
  const clauseThreshold = vector('clause');
  const presenceThreshold = vector('presence');

  const sufficiency = json['sufficiency'];
  if (sufficiency !== undefined && (!isObject(sufficiency) || !finite(sufficiency['threshold']) || sufficiency['threshold'] < 0 || sufficiency['threshold'] > 1)) return fail('"sufficiency.threshold" must be a number in [0, 1]');
  const weights = isObject(sufficiency) ? sufficiency['weights'] : undefined;
  if (weights !== undefined && (!isObject(weights) || !SUFFICIENCY_WEIGHTS.every((k) => finite(weights[k])))) return fail(`"sufficiency.weights" must hold the numbers ${SUFFICIENCY_WEIGHTS.join(', ')}`);
  const review = json['review'];
  if (review !== undefined && (!isObject(review) || !finite(review['presenceOffset']) || review['presenceOffset'] < 0 || review['presenceOffset'] > MAX_REVIEW_OFFSET)) return fail(`"review.presenceOffset" must be a number in [0, ${MAX_REVIEW_OFFSET}]`);
  const clause = decodeHead(json['weights'], 'weights', kinds as string[], F, fail, source);
  const rule = json['presenceRule'];
  if (!PRESENCE_RULES.includes(rule as PresenceRule)) return fail(`"presenceRule" must be one of ${PRESENCE_RULES.join(', ')}`);
  const presence = rule === 'clause' ? null : decodeHead(json['presenceWeights'], 'presenceWeights', kinds as string[], F, fail, source);
  const presenceSignalWeight = json['presenceSignalWeight'] ?? 0;
  if (!finite(presenceSignalWeight) || presenceSignalWeight < 0) return fail('"presenceSignalWeight" must be a number ≥ 0');
  const question = json['questionWeights'] === undefined ? null : decodeHead(json['questionWeights'], 'questionWeights', kinds as string[], F, fail, source);
  const questionThreshold = thresholds['question'] ?? 0.5;
  if (!finite(questionThreshold) || questionThreshold < 0 || questionThreshold > 1) return fail('"thresholds.question" must be a number in [0, 1]');
  const questionMargin = thresholds['questionMargin'] ?? Number.POSITIVE_INFINITY;
  if (questionMargin !== Number.POSITIVE_INFINITY && (!finite(questionMargin) || questionMargin < 0)) return fail('"thresholds.questionMargin" must be a number ≥ 0');
  return {
    kinds: kinds as string[],
    vocabulary: new Map((vocabulary).map((v, i) => [v, i])),
    idf,
    clause,
    presence,
    question,
    questionThreshold,
    questionMargin,
    presenceRule: rule as PresenceRule,
    presenceSignalWeight,
    clauseThreshold,
    presenceThreshold,
    sufficiencyThreshold: isObject(sufficiency) ? (sufficiency['threshold'] as number) : null,
    sufficiencyWeights: isObject(weights) ? (Object.fromEntries(SUFFICIENCY_WEIGHTS.map((k) => [k, weights[k] as number])) as unknown as SufficiencyWeights) : null,
    reviewPresenceOffset: isObject(review) ? (review['presenceOffset'] as number) : 0,
    training: isObject(json['training']) ? json['training'] : {},
  };
}

function decodeHead(weights: unknown, name: string, kinds: readonly string[], F: number, fail: (m: string) => never, source: string): DecodedHead {
  const K = kinds.length;
  if (!Array.isArray(weights) || weights.length !== K) return fail(`"${name}" must have one entry per kind (${K})`);
  const bias = new Float32Array(K);
  const parts: { idx: Uint8Array; val: Int8Array; scale: number }[] = [];
  const count = new Int32Array(F + 1);
  weights.forEach((raw: unknown, k) => {
    const where = `"${name}[${k}]" (${kinds[k]})`;
    if (!isObject(raw) || !finite(raw['bias']) || !finite(raw['scale']) || typeof raw['index'] !== 'string' || typeof raw['value'] !== 'string') return fail(`${where} must have bias, scale, index and value`);
    bias[k] = raw['bias'];
    const idx = fromBase64(raw['index'], `${source}: ${where}.index`);
    const val = fromBase64(raw['value'], `${source}: ${where}.value`);
    if (idx.length !== 2 * val.length) return fail(`${where}: ${idx.length / 2} indices for ${val.length} values`);
    for (let j = 0; j < val.length; j++) {
      const f = idx[2 * j]! | (idx[2 * j + 1]! << 8);
      if (f >= F) return fail(`${where}: feature index ${f} out of range (${F} features)`);
      count[f + 1]!++;
    }
    parts.push({ idx, val: new Int8Array(val.buffer, val.byteOffset, val.length), scale: raw['scale'] });
    return undefined;
  });
  // Weights by feature (CSR): a counting sort of every kind's entries.
  const start = new Int32Array(F + 1);
  for (let f = 0; f < F; f++) start[f + 1] = start[f]! + count[f + 1]!;
  const next = start.slice(0, F);
  const kind = new Uint16Array(start[F]!);
  const weight = new Float32Array(start[F]!);
  parts.forEach(({ idx, val, scale }, k) => {
    for (let j = 0; j < val.length; j++) {
      const f = idx[2 * j]! | (idx[2 * j + 1]! << 8);
      const at = next[f]!++;
      kind[at] = k;
      weight[at] = val[j]! * scale;
    }
  });
  return { bias, start, kind, weight };
}

/** Quantises one kind's weights (ascending feature indices) to int8 with one scale; zeros are dropped. */
export function encodeKindWeights(bias: number, features: readonly number[], weights: readonly number[]): KindWeights {
  const max = Math.max(1e-9, ...weights.map(Math.abs));
  const scale = max / 127;
  const kept: [number, number][] = [];
  features.forEach((f, j) => {
    const q = Math.round(weights[j]! / scale);
    if (q !== 0) kept.push([f, q]);
  });
  kept.sort((a, b) => a[0] - b[0]);
  const index = new Uint8Array(kept.length * 2);
  const value = new Int8Array(kept.length);
  kept.forEach(([f, q], j) => ((index[2 * j] = f & 255), (index[2 * j + 1] = f >> 8), (value[j] = q)));
  return { bias: round(bias, 5), scale: round(scale, 8), index: toBase64(index), value: toBase64(new Uint8Array(value.buffer)) };
}

export function round(x: number, digits: number): number {
  const p = 10 ** digits;
  return Math.round(x * p) / p;
}
