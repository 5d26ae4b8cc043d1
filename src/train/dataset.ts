/**
 * The clause-kind training data, assembled from the label file and the QA contracts (Node-only,
 * used by `npm run train`; pure: the CLI reads the files and ingests the contracts).
 *
 * Two sources, one multi-label example list (label per kind: positive, negative, weak negative
 * or unknown):
 * - label items (single clauses, CUAD tasks): texts are grouped by normalised text, so a text
 *   that is "Yes" for one task and "No" for another is one example, positive for the first and
 *   negative for the second. A kind neither task names is a weak negative (the text was
 *   annotated for another category; CUAD may still count it under this one).
 * - passages of the QA contracts, read in the same windows as at run time (features.ts):
 *   for a QA category, a window inside one of its evidence spans is positive, a window sharing
 *   nothing with them negative, one in between left out; in a contract where the category has no
 *   answer every window is negative. For a kind without QA, a window inside one of the label
 *   file's "Yes" clauses of that contract is positive, other windows weak negatives.
 * Every example carries its contract as `group`, for cross-validation by contract.
 */
import { passageTitle, rawFeatures, windows } from '../core/clauses/features';
import { normalizeForMatch } from '../core/eval/match';
import { slug, type LabelItem } from '../core/eval/scan-eval';
import type { QaFile } from '../core/eval/qa';
import type { ChunkRecord } from '../core/types';

export const POS = 1;
export const NEG = 0;
export const WEAK = 2;
/** A passage window's weak negative (a kind without QA spans): weighed on its own. */
export const PASSAGE_WEAK = 3;
/**
 * A passage window outside every evidence span of a QA kind, in a contract that has the kind:
 * CUAD annotates a clause once, so restatements and second mentions land here (weighed on
 * their own, `passageOtherWeight`).
 */
export const PASSAGE_OTHER = 4;
const UNKNOWN = -1;

export interface RawExample {
  /** The contract (for folds): lower-cased file name without extension. */
  readonly group: string;
  readonly source: 'label' | 'passage';
  readonly features: Map<string, number>;
  /** Per kind: POS, NEG, WEAK, PASSAGE_WEAK or UNKNOWN. */
  readonly labels: Int8Array;
  /** label items: the item indices this text stands for; passages: the chunk id. */
  readonly ref: string;
  /** label items: the text (scored window by window for evaluation). */
  readonly text?: string;
}

export interface TrainDocument {
  /** CUAD file name (matches the label file's document_name). */
  readonly fileName: string;
  readonly docId: string;
  readonly chunks: readonly ChunkRecord[];
}

export function contractKey(fileName: string): string {
  return fileName.toLowerCase().replace(/\.(pdf|txt)$/i, '').trim();
}

const normText = (t: string) => t.toLowerCase().replace(/\s+/g, ' ').trim();

/** The kinds of the label file's tasks (playbook ids: "cuad_anti-assignment" → "anti_assignment"). */
export function kindsOf(items: readonly LabelItem[]): string[] {
  return [...new Set(items.filter((i) => i.task.startsWith('cuad_')).map((i) => slug(i.task)))].sort();
}

export function labelExamples(items: readonly LabelItem[], kinds: readonly string[]): RawExample[] {
  const K = kinds.length;
  const index = new Map(kinds.map((k, i) => [k, i]));
  const byText = new Map<string, { text: string; group: string; labels: Int8Array; refs: number[] }>();
  items.forEach((item, i) => {
    const k = index.get(slug(item.task));
    if (k === undefined) return;
    const key = normText(item.text);
    let e = byText.get(key);
    if (!e) byText.set(key, (e = { text: item.text, group: contractKey(item.document_name ?? `item-${i}`), labels: new Int8Array(K).fill(WEAK), refs: [] }));
    e.refs.push(i);
    if (item.label === 'Yes') e.labels[k] = POS;
    else if (e.labels[k] !== POS) e.labels[k] = NEG;
  });
  return [...byText.values()].map((e) => ({ group: e.group, source: 'label' as const, features: rawFeatures(e.text), labels: e.labels, ref: e.refs.join(','), text: e.text }));
}

const SHINGLE = 4;
function shingles(words: readonly string[]): string[] {
  if (words.length < SHINGLE) return words.length ? [words.join(' ')] : [];
  const out: string[] = [];
  for (let i = 0; i + SHINGLE <= words.length; i++) out.push(words.slice(i, i + SHINGLE).join(' '));
  return out;
}

/** Share of a window's word 4-grams found in a set of spans' 4-grams. */
function inside(window: readonly string[], spans: ReadonlySet<string>): number {
  const sh = shingles(window);
  if (sh.length === 0 || spans.size === 0) return 0;
  return sh.filter((s) => spans.has(s)).length / sh.length;
}

/** A window at least this much inside the spans is positive; at most NEG_OVERLAP, negative. */
const POS_OVERLAP = 0.5;
const NEG_OVERLAP = 0.05;

export function passageExamples(docs: readonly TrainDocument[], qa: QaFile, labels: readonly LabelItem[], kinds: readonly string[]): RawExample[] {
  const K = kinds.length;
  const index = new Map(kinds.map((k, i) => [k, i]));
  const qaKinds = new Set(qa.items.map((i) => (i.cuad_category ? slug(i.cuad_category) : '')).filter((k) => index.has(k)));
  const out: RawExample[] = [];
  for (const doc of docs) {
    const group = contractKey(doc.fileName);
    // Spans per kind: QA evidence (QA kinds), label "Yes" texts of this contract (the others).
    const spans = new Map<number, Set<string>>();
    const add = (k: number, text: string) => {
      const set = spans.get(k) ?? new Set<string>();
      for (const s of shingles(normalizeForMatch(text))) set.add(s);
      spans.set(k, set);
    };
    for (const item of qa.items) {
      if (item.doc_id !== doc.docId || !item.answerable || !item.cuad_category) continue;
      const k = index.get(slug(item.cuad_category));
      if (k !== undefined) for (const e of item.evidence) add(k, e.text);
    }
    for (const item of labels) {
      if (item.label !== 'Yes' || !item.document_name || contractKey(item.document_name) !== group) continue;
      const k = index.get(slug(item.task));
      if (k !== undefined && !qaKinds.has(kinds[k]!)) add(k, item.text);
    }
    for (const chunk of doc.chunks) {
      const title = passageTitle(chunk);
      for (const w of windows(chunk.text)) {
        const text = chunk.text.slice(w.start, w.end);
        const words = normalizeForMatch(text);
        if (words.length < 3) continue;
        const l = new Int8Array(K);
        for (let k = 0; k < K; k++) {
          const set = spans.get(k);
          const share = set ? inside(words, set) : 0;
          const qaKind = qaKinds.has(kinds[k]!);
          l[k] = share >= POS_OVERLAP ? POS : share > NEG_OVERLAP ? UNKNOWN : !qaKind ? PASSAGE_WEAK : set ? PASSAGE_OTHER : NEG;
        }
        out.push({ group, source: 'passage', features: rawFeatures(text, title), labels: l, ref: chunk.id });
      }
    }
  }
  return out;
}
