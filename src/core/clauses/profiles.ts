/**
 * A document's clause kinds as a whole: per kind, the best score of any of its passages and the
 * passage that has it. The ask path judges "does this contract have a non-compete clause?" on
 * every passage of the document in scope, not only the few retrieved; a document is classified
 * once and kept (by id and chunk count, most recently used last), so a second question about it
 * costs nothing.
 */
import { throwIfAborted } from '../errors';
import type { ClauseClassifier, ClauseLabel, JobOptions } from '../ports';
import type { ChunkRecord } from '../types';
import { addLogits } from './question-rule';

/**
 * How strongly a passage's label makes its document have the kind, 0.5 = yes: the passage is of
 * the kind (score) and, when the classifier has a presence head, that head agrees (presence).
 */
export function presenceOf(label: ClauseLabel): number {
  return label.presence === undefined ? label.score : Math.min(label.score, label.presence);
}

/**
 * Whether a document has a clause of `type`, from its passages' labels: one labelled with the
 * type whose presence reaches 0.5 (any labelled one for a classifier without a presence head).
 */
export function hasClause(labelled: readonly { readonly labels: readonly ClauseLabel[] }[], type: string): boolean {
  return labelled.some((c) => c.labels.some((l) => l.type === type && (l.presence === undefined || presenceOf(l) >= 0.5)));
}

/**
 * The labels with `offset` logits added to the presence of `type` where the passage is of the kind
 * (score ≥ 0.5, as presence is only read there): a review looking for a prohibited clause counts a
 * passage that only nearly gives the document the kind (scan/rules.ts).
 */
export function withPresenceOffset(labels: readonly ClauseLabel[], type: string, offset: number): readonly ClauseLabel[] {
  if (offset === 0) return labels;
  return labels.map((l) => (l.type === type && l.presence !== undefined && l.score >= 0.5 ? { ...l, presence: addLogits(l.presence, offset) } : l));
}

/** How strongly a passage's labels give its document `type` (its best presenceOf; 0 without the type). */
export function kindStrength(labels: readonly ClauseLabel[], type: string): number {
  return Math.max(0, ...labels.filter((l) => l.type === type).map(presenceOf));
}

/**
 * A document's further clauses of a kind, beyond the one that gives it the kind, must be clearer
 * than that: presence ≥ sigmoid(1), one logit above the kind's contract threshold. A second
 * passage that only just reaches the threshold is mostly one that reads a little like the clause
 * (a successors-and-assigns line next to the assignment clause, a payment term next to the
 * minimum purchase). Measured on train's out-of-fold scores (120 contracts, CUAD spans, a passage
 * right when its pages hold an annotated span of its kind): the strongest passage 0.88 right;
 * further passages at the threshold (margin < 1 logit) 0.25 right on other pages; passages kept
 * with a margin of 0 / 0.5 / 1 / 2 logits: precision 0.71 / 0.77 / 0.81 / 0.86, annotated spans
 * covered 0.79 / 0.77 / 0.74 / 0.70 (F1 highest at 1).
 */
const FURTHER_CLAUSE_PRESENCE = 1 / (1 + Math.exp(-1));

/**
 * The passages of `type` a reviewer is shown, strongest first: the strongest passage that gives
 * the document the kind and the others that are clearly of it (FURTHER_CLAUSE_PRESENCE; every
 * labelled passage for a classifier without a presence head).
 */
export function clausesOf<T extends { readonly labels: readonly ClauseLabel[] }>(labelled: readonly T[], type: string): T[] {
  const having = labelled.filter((c) => hasClause([c], type)).sort((a, b) => kindStrength(b.labels, type) - kindStrength(a.labels, type));
  return having.filter((c, i) => i === 0 || c.labels.some((l) => l.type === type && (l.presence === undefined || presenceOf(l) >= FURTHER_CLAUSE_PRESENCE)));
}

export interface KindProfile {
  /** Kind → best presenceOf() among the document's passages. */
  readonly best: ReadonlyMap<string, number>;
  /** Kind → the chunk with that score. */
  readonly chunkOf: ReadonlyMap<string, string>;
  /** Kind → the passages that read most like a clause of it (clause score, best first; at most TOP_PER_KIND). */
  readonly top: ReadonlyMap<string, readonly { readonly chunkId: string; readonly score: number }[]>;
}

/** Passages kept per kind in a profile's `top`. */
const TOP_PER_KIND = 3;

/** Documents kept classified. */
const KEPT = 64;

export class DocumentKindProfiles {
  private readonly cache = new Map<string, Promise<KindProfile>>();

  constructor(private readonly classifier: ClauseClassifier) {}

  /** The profile of a document from its chunks (classified on first use); `language`: the document's, when known. */
  profile(documentId: string, chunks: readonly ChunkRecord[], options: JobOptions = {}, language: string | null = null): Promise<KindProfile> {
    const key = `${documentId}|${chunks.length}|${chunks[0]?.id ?? ''}|${language ?? ''}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const made = this.classify(chunks, options, language);
    this.cache.set(key, made);
    made.catch(() => this.cache.delete(key));
    for (const old of this.cache.keys()) if (this.cache.size > KEPT) this.cache.delete(old);
    return made;
  }

  private async classify(chunks: readonly ChunkRecord[], options: JobOptions, language: string | null): Promise<KindProfile> {
    const best = new Map<string, number>();
    const chunkOf = new Map<string, string>();
    const top = new Map<string, { chunkId: string; score: number }[]>();
    for (let i = 0; i < chunks.length; i += 32) {
      throwIfAborted(options.signal, 'clause classification');
      const batch = chunks.slice(i, i + 32);
      const labels = await this.classifier.classify(batch.map((c) => ({ text: c.text, sectionPath: c.sectionPath, sectionTitle: c.sectionTitle, language })), options);
      batch.forEach((chunk, j) => {
        for (const l of labels[j] ?? []) {
          const p = presenceOf(l);
          if (p > (best.get(l.type) ?? Number.NEGATIVE_INFINITY)) {
            best.set(l.type, p);
            chunkOf.set(l.type, chunk.id);
          }
          const list = top.get(l.type) ?? [];
          if (list.length < TOP_PER_KIND || l.score > list[list.length - 1]!.score) {
            list.push({ chunkId: chunk.id, score: l.score });
            list.sort((a, b) => b.score - a.score);
            if (list.length > TOP_PER_KIND) list.pop();
            top.set(l.type, list);
          }
        }
      });
    }
    return { best, chunkOf, top };
  }
}
