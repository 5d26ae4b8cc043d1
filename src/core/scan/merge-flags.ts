/**
 * One finding per rule per clause: a clause that the chunker cut into several passages (a
 * limitation-of-liability section with its exclusion and its cap, say) would otherwise raise the
 * same rule once per passage. Flags of one rule whose passages follow each other in the document
 * and sit in the same top-level section become one flag with the clause's full span: first
 * passage's start to last passage's end, the texts joined, the details of each kept once. The
 * first flag's id is kept, so review state recorded on it carries over.
 *
 * A clause the playbook prohibits (or asks a reviewer to look at: an exclusivity, a non-compete)
 * is one finding per document: what the reviewer decides is whether this contract may have it.
 * The flag is the strongest clause's, and the other clauses of the kind are named in its details
 * by page and section ("also present: 2 passages of this kind at p. 9 (12.3 Non-Solicitation);
 * p. 15 (4)"), as the passages a check could not decide are (rules.ts unverifiedFlag). So are a
 * condition's clauses that fail it with the same finding (sameFindings).
 */
import { otherPlacesNote } from './finding-text';
import type { Flag } from './types';

interface ClauseGroup {
  flag: Flag;
  readonly chunkIds: string[];
}

function clauseGroups(flags: readonly Flag[], order: ReadonlyMap<string, number>): ClauseGroup[] {
  const out: ClauseGroup[] = [];
  let last: { group: ClauseGroup; position: number } | null = null;
  const positioned = flags
    .map((flag) => ({ flag, position: flag.evidence ? (order.get(flag.evidence.chunkId) ?? -1) : -1 }))
    .sort((a, b) => rank(a.position) - rank(b.position));
  for (const { flag, position } of positioned) {
    if (last && position >= 0 && sameClause(last.group.flag, flag) && position === last.position + 1) {
      last.group.flag = extend(last.group.flag, flag);
      last.group.chunkIds.push(flag.evidence!.chunkId);
      last = { group: last.group, position };
      continue;
    }
    const group = { flag, chunkIds: flag.evidence ? [flag.evidence.chunkId] : [] };
    out.push(group);
    last = position >= 0 ? { group, position } : null;
  }
  return out;
}

/** Merges `flags` of one rule; `order` gives each chunk's position in the document. */
export function mergeClauseFlags(flags: readonly Flag[], order: ReadonlyMap<string, number>): Flag[] {
  return clauseGroups(flags, order).map((g) => g.flag);
}

/**
 * `flags` of one rule as its findings: one per clause (mergeClauseFlags); for a prohibited
 * rule's present flags, one per document: the clause holding the strongest passage (`flags`
 * come strongest first, rules.ts), the others named in its details; for a condition, one per
 * finding (sameFindings).
 */
export function ruleFindings(flags: readonly Flag[], order: ReadonlyMap<string, number>): Flag[] {
  const groups = sameFindings(clauseGroups(flags, order), flags);
  const present = groups.filter((g) => g.flag.ruleKind === 'prohibited' && g.flag.kind === 'present');
  if (present.length < 2) return groups.map((g) => g.flag);
  const strongest = flags.find((f) => f.ruleKind === 'prohibited' && f.kind === 'present')?.evidence?.chunkId;
  const kept = present.find((g) => strongest !== undefined && g.chunkIds.includes(strongest)) ?? present[0]!;
  const others = present.filter((g) => g !== kept);
  const merged = { ...kept.flag, details: [...kept.flag.details, otherPlacesNote('also present', others.map(({ flag }) => flag.evidence!))] };
  return groups.filter((g) => !others.includes(g)).map((g) => (g === kept ? merged : g.flag));
}

/**
 * A condition's clauses that fail it with the same finding are one finding: the governing-law
 * clause and the arbitration clause that repeats "governed by the laws of Spain" both find
 * "governing law “Spain” is not in …", and what the reviewer decides is whether this contract may
 * have that law. The flag is the strongest failing clause's (`flags` come strongest first,
 * rules.ts); the others are named in its details ("same finding: the passage of this kind at
 * p. 14 (16.3.3)"). Clauses whose findings differ (a cap of 6 months in one, of 3 in another, the
 * quoted words themselves) stay findings of their own.
 */
function sameFindings(groups: readonly ClauseGroup[], flags: readonly Flag[]): ClauseGroup[] {
  const strength = new Map(flags.map((f, i) => [f.id, i]));
  const key = (f: Flag) => (f.ruleKind === 'condition' && f.kind === 'failed' && f.details.length > 0 ? JSON.stringify([...f.details].sort()) : null);
  const byFinding = new Map<string, ClauseGroup[]>();
  for (const g of groups) {
    const k = key(g.flag);
    if (k !== null) byFinding.set(k, [...(byFinding.get(k) ?? []), g]);
  }
  const folded = new Map<ClauseGroup, ClauseGroup | null>();
  for (const same of byFinding.values()) {
    if (same.length < 2) continue;
    const [kept, ...others] = [...same].sort((a, b) => (strength.get(a.flag.id) ?? 0) - (strength.get(b.flag.id) ?? 0));
    folded.set(kept!, { flag: { ...kept!.flag, details: [...kept!.flag.details, otherPlacesNote('same finding', others.map(({ flag }) => flag.evidence!))] }, chunkIds: kept!.chunkIds });
    for (const o of others) folded.set(o, null);
  }
  return groups.flatMap((g) => {
    const f = folded.get(g);
    return f === undefined ? [g] : f === null ? [] : [f];
  });
}

/** Passages without a position (missing-clause flags) keep their order after the others. */
const rank = (position: number) => (position < 0 ? Number.MAX_SAFE_INTEGER : position);

function sameClause(a: Flag, b: Flag): boolean {
  const ea = a.evidence;
  const eb = b.evidence;
  if (!ea || !eb || a.ruleId !== b.ruleId || a.kind !== b.kind) return false;
  const top = ea.sectionPath[0];
  return top !== undefined && top === eb.sectionPath[0];
}

function extend(first: Flag, next: Flag): Flag {
  const a = first.evidence!;
  const b = next.evidence!;
  // A clause one of whose passages surely is of the kind is present, not possibly present.
  const { tentative, ...rest } = first;
  const sure = tentative === true && !next.tentative;
  return {
    ...rest,
    ...(tentative && !sure ? { tentative } : {}),
    ...(sure ? { explanation: next.explanation } : {}),
    details: [...new Set([...first.details, ...next.details])],
    evidence: { ...a, pageEnd: b.pageEnd, charEnd: b.charEnd, text: `${a.text}\n${b.text}` },
  };
}
