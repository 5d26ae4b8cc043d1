/**
 * One finding per rule per clause: a clause that the chunker cut into several passages (a
 * limitation-of-liability section with its exclusion and its cap, say) would otherwise raise the
 * same rule once per passage. Flags of one rule whose passages follow each other in the document
 * and sit in the same top-level section become one flag with the clause's full span: first
 * passage's start to last passage's end, the texts joined, the details of each kept once. The
 * first flag's id is kept, so review state recorded on it carries over.
 */
import type { Flag } from './types';

/** Merges `flags` of one rule; `order` gives each chunk's position in the document. */
export function mergeClauseFlags(flags: readonly Flag[], order: ReadonlyMap<string, number>): Flag[] {
  const out: Flag[] = [];
  let last: { flag: Flag; position: number } | null = null;
  const positioned = flags
    .map((flag) => ({ flag, position: flag.evidence ? (order.get(flag.evidence.chunkId) ?? -1) : -1 }))
    .sort((a, b) => rank(a.position) - rank(b.position));
  for (const { flag, position } of positioned) {
    if (last && position >= 0 && sameClause(last.flag, flag) && position === last.position + 1) {
      const merged = extend(last.flag, flag);
      out[out.length - 1] = merged;
      last = { flag: merged, position };
      continue;
    }
    out.push(flag);
    last = position >= 0 ? { flag, position } : null;
  }
  return out;
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
