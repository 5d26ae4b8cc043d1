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

  /** The profile of a document from its chunks (classified on first use). */
  profile(documentId: string, chunks: readonly ChunkRecord[], options: JobOptions = {}): Promise<KindProfile> {
    const key = `${documentId}|${chunks.length}|${chunks[0]?.id ?? ''}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const made = this.classify(chunks, options);
    this.cache.set(key, made);
    made.catch(() => this.cache.delete(key));
    for (const old of this.cache.keys()) if (this.cache.size > KEPT) this.cache.delete(old);
    return made;
  }

  private async classify(chunks: readonly ChunkRecord[], options: JobOptions): Promise<KindProfile> {
    const best = new Map<string, number>();
    const chunkOf = new Map<string, string>();
    const top = new Map<string, { chunkId: string; score: number }[]>();
    for (let i = 0; i < chunks.length; i += 32) {
      throwIfAborted(options.signal, 'clause classification');
      const batch = chunks.slice(i, i + 32);
      const labels = await this.classifier.classify(batch.map((c) => ({ text: c.text, sectionPath: c.sectionPath, sectionTitle: c.sectionTitle })), options);
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
