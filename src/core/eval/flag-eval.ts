/**
 * Flag precision and recall against CUAD's annotations (issue 18: `npm run eval:scan` → `flags`).
 * A flag is judged only where the QA file annotates its rule's category for that document:
 *
 *   a missing-clause flag      right when the category is absent from the contract
 *   any other flag             right when its passage's pages overlap an annotated span's pages
 *
 * Recall is measured on the presence rules, where CUAD says whether they should fire: a
 * required rule should report its clause missing exactly when the category is absent; a
 * prohibited rule should flag the clause exactly when it is present. Conditions (a cap of at
 * least 12 months, a notice period) have no CUAD verdict and count towards precision only.
 */
import type { Playbook } from '../scan/playbook';
import type { Flag, ScanRecord } from '../scan/types';
import type { QaFile } from './qa';
import { slug } from './scan-eval';

interface RuleFlagFigures {
  readonly judged: number;
  readonly right: number;
  readonly precision: number | null;
  /** Presence rules only: the (document, category) pairs where the rule should fire. */
  readonly should_fire: number;
  readonly fired: number;
  readonly recall: number | null;
}

export interface FlagReport {
  readonly precision: number | null;
  /** Over the presence rules (required, prohibited). */
  readonly recall: number | null;
  readonly judged: number;
  readonly unjudged: number;
  readonly by_rule: Readonly<Record<string, RuleFlagFigures>>;
  /** The flags a review reports as possibly present (a passage that only nearly gives the contract a prohibited kind: the review offset), among those judged. */
  readonly possible: { readonly judged: number; readonly right: number; readonly precision: number | null };
  /** With `listWrong`: each flag judged wrong, and why (the clause is absent, or annotated on other pages; a missing flag where it is present). */
  readonly wrong?: readonly WrongFlag[];
}

interface WrongFlag {
  readonly docId: string;
  readonly ruleId: string;
  readonly kind: Flag['kind'];
  readonly tentative: boolean;
  /** The flag's pages (none for a missing-clause flag) and the annotated spans' pages. */
  readonly pages: readonly [number, number] | null;
  readonly annotated: readonly (readonly [number, number])[];
  readonly section: string | null;
  readonly text: string | null;
  /** The flag's place among its rule's flags on the document (0: the first, the strongest passage), and whether one of the others is right. */
  readonly rank: number;
  readonly besideRight: boolean;
}

interface Annotation {
  readonly present: boolean;
  readonly pages: readonly (readonly [number, number])[];
}

function annotations(qa: QaFile): Map<string, Annotation> {
  const out = new Map<string, { present: boolean; pages: [number, number][] }>();
  for (const item of qa.items) {
    if (!item.cuad_category) continue;
    const key = `${item.doc_id}\u0000${slug(item.cuad_category)}`;
    const a = out.get(key) ?? { present: false, pages: [] };
    a.present ||= item.answerable;
    for (const e of item.evidence) if (e.pdf_page_start) a.pages.push([e.pdf_page_start, e.pdf_page_end ?? e.pdf_page_start]);
    out.set(key, a);
  }
  return out;
}

function flagRight(flag: Flag, a: Annotation): boolean {
  if (flag.kind === 'missing') return !a.present;
  const e = flag.evidence;
  return a.present && !!e && a.pages.some(([from, to]) => e.page <= to && from <= e.pageEnd);
}

const share = (n: number, d: number) => (d ? n / d : null);

/** `scans`: the scan of each QA document (by doc_id) with `playbook`. */
export function evaluateFlags(qa: QaFile, scans: ReadonlyMap<string, ScanRecord>, playbook: Playbook, options: { listWrong?: boolean } = {}): FlagReport {
  const gold = annotations(qa);
  const rules = new Map<string, { judged: number; right: number; should: number; fired: number }>();
  const figures = (id: string) => rules.get(id) ?? rules.set(id, { judged: 0, right: 0, should: 0, fired: 0 }).get(id)!;
  let unjudged = 0;
  const possible = { judged: 0, right: 0 };
  const wrong: WrongFlag[] = [];
  for (const [docId, scan] of scans) {
    for (const flag of scan.flags) {
      const a = gold.get(`${docId}\u0000${flag.clauseType}`);
      if (!a) {
        unjudged++;
        continue;
      }
      const f = figures(flag.ruleId);
      f.judged++;
      const right = flagRight(flag, a);
      if (flag.tentative) {
        possible.judged++;
        if (right) possible.right++;
      }
      if (right) f.right++;
      else if (options.listWrong) {
        const e = flag.evidence;
        const siblings = scan.flags.filter((x) => x.ruleId === flag.ruleId);
        const rank = siblings.indexOf(flag);
        const besideRight = siblings.some((x) => x !== flag && flagRight(x, a));
        wrong.push({ docId, ruleId: flag.ruleId, kind: flag.kind, tentative: !!flag.tentative, pages: e ? [e.page, e.pageEnd] : null, annotated: a.pages, section: e?.sectionPath.join(' › ') ?? null, text: e?.text ?? null, rank, besideRight });
      }
    }
    for (const rule of playbook.rules) {
      if (rule.kind === 'condition') continue;
      const a = gold.get(`${docId}\u0000${rule.clauseType}`);
      if (!a) continue;
      const should = rule.kind === 'required' ? !a.present : a.present;
      if (!should) continue;
      const f = figures(rule.id);
      f.should++;
      const kind = rule.kind === 'required' ? 'missing' : 'present';
      if (scan.flags.some((fl) => fl.ruleId === rule.id && (fl.kind === kind || (kind === 'present' && fl.kind !== 'missing')))) f.fired++;
    }
  }
  const by_rule: Record<string, RuleFlagFigures> = {};
  let judged = 0, right = 0, should = 0, fired = 0;
  for (const [id, f] of [...rules].sort(([a], [b]) => a.localeCompare(b))) {
    by_rule[id] = { judged: f.judged, right: f.right, precision: share(f.right, f.judged), should_fire: f.should, fired: f.fired, recall: share(f.fired, f.should) };
    judged += f.judged;
    right += f.right;
    should += f.should;
    fired += f.fired;
  }
  return { precision: share(right, judged), recall: share(fired, should), judged, unjudged, by_rule, possible: { ...possible, precision: share(possible.right, possible.judged) }, ...(options.listWrong ? { wrong } : {}) };
}
