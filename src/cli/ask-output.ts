/**
 * What `npm run ask` prints: the turn as text (the answer, its sources with file, page and
 * section, the verification line; a flow's table with its count), or as one JSON object:
 *
 *   { question, state, writer, answer, value, verification, scope, sufficiency: { score, threshold,
 *     reasons, signals } | null, sources: [{ n, file, title,
 *     page, section, quoted, text }], proposal?, flow?: { status, count, conditions }, rows?:
 *     [{ file, title, verdict, value, page, quote }] }
 *
 * `file` is the document's path under --docs; `quoted` says whether the answer quotes the source
 * (false: shown as context). Rows come from the flow's table in document order.
 */
import { verificationSummary } from '../export/conversation-parts';
import { pageLabel, usedSources } from '../core/answer/sources';
import type { TurnRecord } from '../core/answer-types';
import { rowsInOrder, type FlowRecord, type FlowRow } from '../core/workspace/flows';
import { rowVerdict, type Verdict } from '../core/workspace/verdict';

export interface AskRow {
  readonly file: string;
  readonly title: string | null;
  readonly verdict: Verdict;
  readonly value: string | null;
  readonly page: number | null;
  readonly quote: string | null;
}

export function askRows(flow: FlowRecord, paths: ReadonlyMap<string, string>): AskRow[] {
  return rowsInOrder(flow).map((r: FlowRow) => ({
    file: (r.documentId ? paths.get(r.documentId) : null) ?? r.document,
    title: r.title,
    verdict: rowVerdict(r),
    value: r.value?.display ?? null,
    page: r.pageStart,
    quote: r.status === 'found' ? r.finding : null,
  }));
}

export function askJson(turn: TurnRecord, flow: FlowRecord | null, paths: ReadonlyMap<string, string>): Record<string, unknown> {
  const used = usedSources(turn.answer);
  const rows = flow ? askRows(flow, paths) : null;
  return {
    question: turn.question,
    state: turn.state,
    writer: turn.writer,
    answer: turn.answer?.text ?? null,
    value: turn.value ? { kind: turn.value.kind, value: turn.value.value, display: turn.value.display, source: turn.value.source } : null,
    verification: turn.answer?.verification ?? null,
    scope: turn.scope ? { source: turn.scope.source, files: turn.scope.documentIds.map((id) => paths.get(id) ?? id) } : null,
    sufficiency: turn.sufficiency ? { score: turn.sufficiency.score, threshold: turn.sufficiency.threshold, reasons: turn.sufficiency.reasons, signals: turn.sufficiency.signals ?? {} } : null,
    sources: turn.sources.map((s) => ({ n: s.n, file: paths.get(s.documentId) ?? s.path, title: s.title, page: s.pageStart, section: s.sectionPath.join(' › '), quoted: used.has(s.n), text: s.text })),
    ...(turn.action ? { proposal: { kind: turn.action.kind, documents: turn.action.documentIds.length, approved: flow !== null } } : {}),
    ...(flow
      ? {
          flow: {
            status: flow.status,
            count: { yes: rows!.filter((r) => r.verdict === 'yes').length, no: rows!.filter((r) => r.verdict === 'no').length, unclear: rows!.filter((r) => r.verdict === 'unclear').length, documents: rows!.length },
            answer: flow.result?.answer.text ?? null,
            condition: flow.meta['condition'] ?? null,
          },
          rows,
        }
      : {}),
  };
}

export function askText(turn: TurnRecord, flow: FlowRecord | null, approved: boolean): string {
  const lines: string[] = [];
  if (flow) {
    lines.push(flow.result?.answer.text ?? `The flow ended: ${flow.status}.`, '');
    for (const r of rowsInOrder(flow)) {
      const where = r.pageStart !== null ? pageLabel({ pageStart: r.pageStart, pageEnd: r.pageEnd ?? r.pageStart, mediaType: r.mediaType, pages: r.pages }) : '';
      lines.push(`- ${r.title ?? r.document} (${r.document}): ${rowVerdict(r)}${r.value ? ` — ${r.value.display}` : ''}${where ? ` — ${where}` : ''}${r.status === 'found' ? `\n    “${r.finding.replace(/\s+/g, ' ')}”` : r.reason ? ` — ${r.reason}` : ''}`);
    }
    return lines.join('\n');
  }
  lines.push(turn.answer?.text ?? turn.error?.message ?? `(${turn.state})`);
  // Why the evidence falls short, as the app shows it under an insufficient answer.
  if (turn.state === 'insufficient') for (const reason of turn.sufficiency?.reasons ?? []) lines.push(`- ${reason}`);
  if (turn.action?.kind === 'flow' && !approved) lines.push('', `This reads ${turn.action.documentIds.length} documents one by one. Run again with --yes to approve.`);
  const used = usedSources(turn.answer);
  if (turn.sources.length > 0) {
    lines.push('', 'Sources:');
    for (const s of turn.sources) {
      const where = [pageLabel(s), s.sectionPath.length ? `§ ${s.sectionPath.join(' › ')}` : ''].filter(Boolean).join(' — ');
      lines.push(`[${s.n}] ${s.path}${where ? ` — ${where}` : ''}${used.has(s.n) || turn.state !== 'answered' ? '' : ' (context, not quoted)'}`);
    }
  }
  if (turn.answer && turn.answer.verification.citations + turn.answer.verification.quotes > 0) lines.push('', verificationSummary(turn.answer));
  return lines.join('\n');
}
