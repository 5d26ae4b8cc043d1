/**
 * Which sentences of the passages to be shown read as a clause of the kind the question asks
 * about ("who owns the IP developed?" → the sentence that vests ownership, not the neighbouring
 * warranty that says "owned by"). The clause classifier reads each sentence on its own, as it
 * reads a window of a passage; the extractive answer prefers those sentences when it picks what
 * to quote (answer/extractive.ts). Only sentences at or above the kind's clause threshold are
 * kept, by their text, so a passage cut to its relevant part still finds them, each marked sure or
 * not (the label's presence, as the scan reads it).
 */
import { sentenceSpans } from '../answer/relevance';
import type { ClauseClassifier, ClauseLabel, JobOptions } from '../ports';
import type { PipelinePassage } from '../search-types';

interface KindSentence {
  /** The sentence as it stands in the passage. */
  readonly text: string;
  /** The best asked kind's clause score, 0.5 at the kind's threshold. */
  readonly score: number;
  /**
   * It reads as the kind as surely as a contract is held to have it (presence at or above 0.5: the
   * model and the playbook's cues, or the model very clearly alone), not only at the clause
   * threshold, where a short sentence of another clause often is ("Each party shall bear its own
   * costs." 0.92 as an insurance clause).
   */
  readonly sure: boolean;
}

/** Chunk id → its sentences of an asked kind. */
export type KindSentences = Readonly<Record<string, readonly KindSentence[]>>;

/** The sentence of a chunk that reads most as the asked kind (a sure one first), among those `text` (the chunk, or what is shown of it) holds. */
export function strongestKindSentence(found: KindSentences, chunkId: string, text: string): KindSentence | null {
  let best: KindSentence | null = null;
  for (const k of found[chunkId] ?? []) {
    if (!text.includes(k.text)) continue;
    if (!best || (k.sure && !best.sure) || (k.sure === best.sure && k.score > best.score)) best = k;
  }
  return best;
}

/** Sentences read per passage at most (a long passage's first ones; the kind is rarely later). */
const MAX_SENTENCES = 40;

export async function kindSentences(classifier: ClauseClassifier, asked: readonly ClauseLabel[], passages: readonly PipelinePassage[], options: JobOptions = {}): Promise<KindSentences> {
  if (asked.length === 0 || passages.length === 0) return {};
  const wanted = new Set(asked.map((a) => a.type));
  // Each sentence in its document's language: the classifier reads one it was not trained in by what
  // it can read there ("Tout litige relèvera de la compétence exclusive des tribunaux de Lyon" was read
  // by the English model as a non-compete and quoted for « clause de non-concurrence »).
  const items = [...new Map(passages.map((p) => [p.chunk.id, p])).values()].flatMap(({ chunk, document }) =>
    sentenceSpans(chunk.text)
      .slice(0, MAX_SENTENCES)
      .map((s) => ({ chunkId: chunk.id, text: chunk.text.slice(s.start, s.end), language: document.language ?? null })),
  );
  if (items.length === 0) return {};
  const labels = await classifier.classify(items.map(({ text, language }) => ({ text, language })), options);
  const out: Record<string, KindSentence[]> = {};
  items.forEach((item, i) => {
    const of = (labels[i] ?? []).filter((l) => wanted.has(l.type));
    const score = Math.max(0, ...of.map((l) => l.score));
    const sure = of.some((l) => l.score >= 0.5 && (l.presence ?? l.score) >= 0.5);
    if (score >= 0.5) (out[item.chunkId] ??= []).push({ text: item.text, score, sure });
  });
  return out;
}
