/**
 * Scanner evaluation, the same functions the app runs:
 *
 * - Clause classification on a label file (the corpus format: items with task, source, label
 *   Yes/No, text). For a `cuad_*` task (or any task whose category names a clause type) the
 *   prediction is "the classifier gives the clause that type"; for a `contract_nli_*` task (or any
 *   task naming a playbook rule) it is "the rule holds on the clause" (the clause has the rule's
 *   type and passes its checks). Per task precision, recall, F1 and balanced accuracy; per source
 *   the mean balanced accuracy and macro-F1.
 * - Clause presence on whole contracts: for each (document, CUAD category) of a QA file, whether
 *   the scan found a clause of the category (an unanswerable question means it is missing), and
 *   whether the best such chunk's pages overlap the evidence pages.
 */
import { InputError } from '../errors';
import { hasClause, presenceOf } from '../clauses/profiles';
import type { ClauseClassifier, ClauseLabel } from '../ports';
import type { QaFile } from './qa';
import type { Playbook, Rule } from '../scan/playbook';
import { ruleHoldsOn } from '../scan/rules';
import type { ScanRecord } from '../scan/types';

export interface LabelItem {
  readonly task: string;
  readonly source: string;
  readonly category?: string;
  readonly label: 'Yes' | 'No';
  readonly text: string;
  /** corpus-large: the split of the contract the clause comes from. */
  readonly split?: string;
  /** The file the clause comes from (CUAD file name), when the label file says. */
  readonly document_name?: string;
}

export function parseLabelFile(json: unknown): LabelItem[] {
  const items = (json as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw new InputError('label file: missing "items" array');
  return items.map((raw, i) => {
    const o = (raw ?? {}) as Record<string, unknown>;
    for (const k of ['task', 'source', 'text'] as const) if (typeof o[k] !== 'string') throw new InputError(`label file: items[${i}]: "${k}" must be a string`);
    if (o['label'] !== 'Yes' && o['label'] !== 'No') throw new InputError(`label file: items[${i}]: "label" must be Yes or No`);
    const opt = (k: string) => (typeof o[k] === 'string' ? (o[k]) : undefined);
    return { task: o['task'] as string, source: o['source'] as string, category: opt('category'), label: o['label'], text: o['text'] as string, split: opt('split'), document_name: opt('document_name') };
  });
}

/** The items of one split (all when `split` is undefined); every item must name its split. */
export function selectLabelSplit(items: readonly LabelItem[], split: string | undefined): LabelItem[] {
  if (split === undefined) return [...items];
  if (items.some((i) => i.split === undefined)) throw new InputError(`label file: --split needs items that name their "split"`);
  const out = items.filter((i) => i.split === split);
  if (out.length === 0) throw new InputError(`label file: no item in split "${split}"`);
  return out;
}

/** "cuad_no-solicit_of_customers" → "no_solicit_of_customers"; "Ip Ownership Assignment" → "ip_ownership_assignment". */
export function slug(text: string): string {
  return text.toLowerCase().replace(/^(cuad|contract_nli)_/, '').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}

export type TaskTarget = { readonly kind: 'type'; readonly type: string } | { readonly kind: 'rule'; readonly rule: Rule } | { readonly kind: 'none' };

/** What a task is judged on: a clause type (CUAD) or a playbook rule (ContractNLI). */
export function taskTarget(item: Pick<LabelItem, 'task' | 'category'>, playbooks: readonly Playbook[]): TaskTarget {
  const types = new Set(playbooks.flatMap((p) => p.clauseTypes.map((t) => t.id)));
  const rules = new Map(playbooks.flatMap((p) => p.rules.map((r) => [slug(r.id), r] as const)));
  const keys = [slug(item.task), ...(item.category ? [slug(item.category)] : [])];
  const isNli = item.task.startsWith('contract_nli_');
  for (const k of keys) {
    if (!isNli && types.has(k)) return { kind: 'type', type: k };
    const rule = rules.get(k);
    if (rule) return { kind: 'rule', rule };
  }
  for (const k of keys) if (types.has(k)) return { kind: 'type', type: k };
  return { kind: 'none' };
}

export interface BinaryMetrics {
  readonly n: number;
  readonly tp: number;
  readonly fp: number;
  readonly tn: number;
  readonly fn: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly balanced_accuracy: number;
}

export function binaryMetrics(pairs: readonly { readonly gold: boolean; readonly predicted: boolean }[]): BinaryMetrics {
  let tp = 0, fp = 0, tn = 0, fn = 0;
  for (const { gold, predicted } of pairs) {
    if (gold && predicted) tp++;
    else if (gold) fn++;
    else if (predicted) fp++;
    else tn++;
  }
  const div = (a: number, b: number) => (b === 0 ? 0 : a / b);
  const precision = div(tp, tp + fp);
  const recall = div(tp, tp + fn);
  const specificity = div(tn, tn + fp);
  const parts = [tp + fn > 0 ? recall : null, tn + fp > 0 ? specificity : null].filter((x): x is number => x !== null);
  return { n: pairs.length, tp, fp, tn, fn, precision, recall, f1: div(2 * precision * recall, precision + recall), balanced_accuracy: parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : 0 };
}

interface TaskResult extends BinaryMetrics {
  readonly source: string;
  readonly target: string;
}

export interface ClassificationReport {
  readonly by_source: Readonly<Record<string, { readonly balanced_accuracy: number; readonly macro_f1: number; readonly tasks: number; readonly n: number }>>;
  readonly tasks: Readonly<Record<string, TaskResult>>;
  /** Tasks that name no clause type or rule of the playbooks (predicted No throughout). */
  readonly unmatched: readonly string[];
}

export interface ClassificationDeps {
  readonly classifier: ClauseClassifier;
  readonly playbooks: readonly Playbook[];
}

export async function evaluateClassification(items: readonly LabelItem[], deps: ClassificationDeps): Promise<ClassificationReport> {
  const labels: ClauseLabel[][] = await deps.classifier.classify(items.map((i) => ({ text: i.text })));
  const byTask = new Map<string, { source: string; target: TaskTarget; pairs: { gold: boolean; predicted: boolean }[] }>();
  for (const [i, item] of items.entries()) {
    let entry = byTask.get(item.task);
    if (!entry) byTask.set(item.task, (entry = { source: item.source, target: taskTarget(item, deps.playbooks), pairs: [] }));
    const l = labels[i] ?? [];
    const t = entry.target;
    const predicted = t.kind === 'type' ? l.some((x) => x.type === t.type) : t.kind === 'rule' ? await ruleHoldsOn(t.rule, item.text, l) : false;
    entry.pairs.push({ gold: item.label === 'Yes', predicted });
  }
  const tasks: Record<string, TaskResult> = {};
  for (const [task, e] of byTask) tasks[task] = { ...binaryMetrics(e.pairs), source: e.source, target: e.target.kind === 'type' ? `type ${e.target.type}` : e.target.kind === 'rule' ? `rule ${e.target.rule.id}` : 'none' };
  const sources = new Map<string, TaskResult[]>();
  for (const t of Object.values(tasks)) sources.set(t.source, [...(sources.get(t.source) ?? []), t]);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const by_source = Object.fromEntries([...sources].map(([s, ts]) => [s, { balanced_accuracy: mean(ts.map((t) => t.balanced_accuracy)), macro_f1: mean(ts.map((t) => t.f1)), tasks: ts.length, n: ts.reduce((a, t) => a + t.n, 0) }]));
  return { by_source, tasks, unmatched: [...byTask].filter(([, e]) => e.target.kind === 'none').map(([t]) => t) };
}

// ---- presence on contracts ---------------------------------------------------------------------
interface PresencePair {
  readonly docId: string;
  readonly category: string;
  readonly type: string;
  readonly present: boolean;
  readonly predicted: boolean;
  /** Pages of the best chunk of the type (null when none). */
  readonly pages: readonly [number, number] | null;
  /** Present pairs predicted present: does the best chunk overlap an evidence page? */
  readonly pageHit: boolean | null;
}

export interface PresenceReport {
  readonly balanced_accuracy: number;
  readonly present_recall: number;
  readonly missing_recall: number;
  readonly page_hit: number;
  readonly n: number;
  readonly pairs: readonly PresencePair[];
  /** Categories of the QA file with no clause type in the playbook. */
  readonly unmatched: readonly string[];
}

/**
 * `scans`: the scan of each QA document (by doc_id) with a playbook holding the CUAD clause types.
 * A category is found when the scan's chunks make the document have it (hasClause, as the
 * scan's missing-clause rules judge it); its pages are those of the chunk with the best presence.
 */
export function evaluatePresence(qa: QaFile, scans: ReadonlyMap<string, ScanRecord>, playbook: Playbook): PresenceReport {
  const types = new Set(playbook.clauseTypes.map((t) => t.id));
  const groups = new Map<string, { docId: string; category: string; answerable: boolean; pages: [number, number][] }>();
  for (const item of qa.items) {
    if (!item.cuad_category) continue;
    const key = `${item.doc_id}\u0000${item.cuad_category}`;
    const g = groups.get(key) ?? { docId: item.doc_id, category: item.cuad_category, answerable: false, pages: [] };
    g.answerable ||= item.answerable;
    for (const e of item.evidence) if (e.pdf_page_start) g.pages.push([e.pdf_page_start, e.pdf_page_end ?? e.pdf_page_start]);
    groups.set(key, g);
  }
  const unmatched = new Set<string>();
  const pairs: PresencePair[] = [];
  for (const g of groups.values()) {
    const type = slug(g.category);
    const scan = scans.get(g.docId);
    if (!types.has(type)) unmatched.add(g.category);
    if (!scan || !types.has(type)) continue;
    let best: { score: number; pages: [number, number] } | null = null;
    for (const c of scan.chunkLabels) {
      const label = c.labels.find((l) => l.type === type);
      const score = label ? presenceOf(label) : undefined;
      if (score !== undefined && (!best || score > best.score)) best = { score, pages: [c.page, c.pageEnd] };
    }
    if (!hasClause(scan.chunkLabels, type)) best = null;
    const flagPages = best?.pages ?? null;
    const hit = g.answerable && best && flagPages ? g.pages.some(([a, b]) => flagPages[0] <= b && a <= flagPages[1]) : null;
    pairs.push({ docId: g.docId, category: g.category, type, present: g.answerable, predicted: best !== null, pages: flagPages, pageHit: hit });
  }
  const m = binaryMetrics(pairs.map((p) => ({ gold: p.present, predicted: p.predicted })));
  const hits = pairs.filter((p) => p.pageHit !== null);
  const missing = pairs.filter((p) => !p.present);
  return {
    balanced_accuracy: m.balanced_accuracy,
    present_recall: m.recall,
    missing_recall: missing.length ? missing.filter((p) => !p.predicted).length / missing.length : 0,
    page_hit: hits.length ? hits.filter((p) => p.pageHit).length / hits.length : 0,
    n: pairs.length,
    pairs,
    unmatched: [...unmatched],
  };
}
