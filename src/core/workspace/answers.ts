/**
 * The answer layer's WorkspaceAnswers over the DocumentCatalog port: the deterministic router
 * (route.ts) when no model plans, inventory counts and tables, a document's facts, and broad
 * questions proposed as flows for approval (scheduler.ts), and the chat's directives (directives.ts)
 * proposed the same way: a playbook scan of the documents named (all searchable ones when none
 * is), the playbook named kept for the card to preselect; a folder import whose folder the user
 * picks on Run. With a model, the plan's family and
 * documents decide and the question is read here only for what the plan does not carry
 * (filters, the view, the page), so either planner works.
 */
import type { Proposal, ProposalRequest, WorkspaceAnswer, WorkspaceAnswers, WorkspaceQuestion, WorkspaceRoute } from '../answer-types';
import { throwIfAborted } from '../errors';
import type { ClauseClassifier, JobOptions } from '../ports';
import type { NamedDocument } from '../search-types';
import { catalogRows, isSearchable, type CatalogRow, type DocumentCatalog } from './catalog';
import { documentFacts, namedDocument } from './facts';
import { matchesFilter } from './filters';
import { readDirective } from './directives';
import { importReply, proposalReply, waitingReply } from './flow-texts';
import { decodeContinuation, DEFAULT_PAGE_SIZE, documentTable, summarize } from './inventory';
import { parseWorkspaceQuestion, type ParsedQuestion } from './parse';
import type { FactKind } from './phrases';
import { candidatesReply, countsReply, factsReply, noDocumentReply, tableReply } from './replies';
import { metadataTarget, routeWorkspace } from './route';
import type { FlowScheduler } from './scheduler';
import { describeFilter, distinctLabels } from './texts';
import { planWorkItems } from './work-items';

export interface CatalogAnswersDeps {
  readonly catalog: DocumentCatalog;
  /** Absent: broad questions are not proposed as flows (the turn retrieves instead). */
  readonly flows?: FlowScheduler | null;
  /** Tells the clause types a broad question asks about (the items' subjects). */
  readonly classifier?: ClauseClassifier | null;
  readonly now?: () => number;
  /** The UI language: settles which table reads an ambiguous question. */
  readonly locale?: string | null;
  readonly pageSize?: number;
}

const FACTS: ReadonlySet<string> = new Set<FactKind>(['title', 'parties', 'pages', 'language', 'added', 'source', 'ocr_quality', 'status']);

export class CatalogWorkspaceAnswers implements WorkspaceAnswers {
  private readonly now: () => number;
  private readonly pageSize: number;

  constructor(private readonly deps: CatalogAnswersDeps) {
    this.now = deps.now ?? Date.now;
    this.pageSize = deps.pageSize ?? DEFAULT_PAGE_SIZE;
  }

  private parse(question: string, language: string | null = null): ParsedQuestion {
    return parseWorkspaceQuestion(question, { now: this.now(), locale: language ?? this.deps.locale ?? null });
  }

  /** Every document's names (all statuses: a failed document has facts too). */
  private async named(options: JobOptions = {}): Promise<NamedDocument[]> {
    const out: NamedDocument[] = [];
    for await (const row of catalogRows(this.deps.catalog, options)) out.push(namedDocument(row));
    return out;
  }

  async route(question: string): Promise<WorkspaceRoute | null> {
    const routed = await routeWorkspace(question, () => this.named(), { now: this.now(), locale: this.deps.locale ?? null });
    if (!routed) return null;
    return { family: routed.family, documentIds: routed.documentIds, factKind: routed.factKind, language: routed.language };
  }

  async answer(question: WorkspaceQuestion, options: JobOptions = {}): Promise<WorkspaceAnswer> {
    const parsed = this.parse(question.question, question.language);
    const language = question.language ?? parsed.language;
    if (question.family === 'metadata_fact') return this.facts(question, parsed, language, options);
    if (parsed.view === 'counts' && parsed.page === null) {
      const summary = await summarize(this.deps.catalog, parsed.filter, options);
      return { text: countsReply(summary, parsed.dimension, language), data: { kind: 'inventory_counts', summary } };
    }
    const offset = ((parsed.page ?? 1) - 1) * this.pageSize;
    const table = await documentTable(this.deps.catalog, { filter: parsed.filter, order: parsed.order, offset, limit: this.pageSize }, options);
    return { text: tableReply(table, language), data: { kind: 'document_table', table } };
  }

  /** The page after the one a continuation token came with. */
  async page(token: string, language: string | null, options: JobOptions = {}): Promise<WorkspaceAnswer> {
    const c = decodeContinuation(token);
    const table = await documentTable(this.deps.catalog, { filter: c.filter, order: c.order, after: c.after, limit: c.limit }, options);
    return { text: tableReply(table, language), data: { kind: 'document_table', table } };
  }

  private async facts(question: WorkspaceQuestion, parsed: ParsedQuestion, language: string, options: JobOptions): Promise<WorkspaceAnswer> {
    let ids = question.documentIds;
    if (ids.length === 0) {
      const target = metadataTarget(question.question, parsed, await this.named(options));
      if (target.kind === 'ambiguous') {
        return { text: candidatesReply(distinctLabels(target.candidates), language), data: { kind: 'candidates', candidates: target.candidates.map((d) => ({ id: d.id, name: d.name, title: d.title })) } };
      }
      if (target.kind === 'none') return { text: noDocumentReply(language), data: { kind: 'document_facts', facts: [] } };
      ids = target.documentIds;
    }
    const rows: CatalogRow[] = [];
    for (const id of ids) {
      throwIfAborted(options.signal, 'workspace');
      const row = await this.deps.catalog.get(id, options);
      if (row) rows.push(row);
    }
    if (rows.length === 0) return { text: noDocumentReply(language), data: { kind: 'document_facts', facts: [] } };
    const asked = [...new Set([...(question.factKind && FACTS.has(question.factKind) ? [question.factKind as FactKind] : []), ...parsed.facts])];
    const facts = rows.map(documentFacts);
    return { text: factsReply(facts, asked, language), data: { kind: 'document_facts', facts, asked } };
  }

  async propose(request: ProposalRequest, options: JobOptions = {}): Promise<Proposal | null> {
    const flows = this.deps.flows;
    if (!flows) return null;
    const language = request.language;
    if (request.kind === 'scan') return this.proposeScan(flows, request, options);
    if (request.kind === 'import') return this.proposeImport(flows, request);
    const parsed = this.parse(request.question, language);
    if (!parsed.broad) return null;
    const rows = await this.documentsFor(request.documentIds, parsed, options);
    if (rows.length === 0) return null;
    const subjects = this.deps.classifier ? (await this.deps.classifier.questionTypes(request.question, options)).map((l) => l.type) : [];
    // Each document is asked the question's content without the words that name the collection
    // ("which contracts can be terminated for convenience?" → "terminated for convenience"): on
    // the dev contracts this found 2 of 4 termination-for-convenience clauses against 0 of 4 with
    // the whole question, and the same as it for seven other clause kinds (README).
    const query = parsed.subject || request.question;
    const items = planWorkItems({ query, subjects, fields: parsed.residual, operation: parsed.summary ? 'summary' : 'fact', documents: rows });
    const flow = await flows.propose({
      kind: 'question',
      question: request.question,
      language: language ?? parsed.language,
      items,
      conversationId: request.conversationId,
      turnId: request.turnId,
      meta: { subject: parsed.subject, counting: parsed.counting, filter: parsed.filter },
    });
    const replyLanguage = language ?? parsed.language;
    const text = proposalReply(
      { kind: 'question', question: request.question, documents: distinctLabels(rows), described: describeFilter(parsed.filter, replyLanguage), estimateMs: flow.estimateMs, perItemMs: perItem(flow) },
      replyLanguage,
    );
    const documentIds = rows.map((r) => r.id);
    return { flowId: flow.id, kind: 'flow', documentIds, estimateMs: flow.estimateMs, text, data: { kind: 'flow_proposal', flowId: flow.id, documents: rows.map((r) => ({ id: r.id, name: r.name, title: r.title })), estimateMs: flow.estimateMs } };
  }

  /** A waiting flow's place in line, as the UI shows it; null when it is not waiting. */
  waiting(flowId: string, language: string | null): string | null {
    const entry = this.deps.flows?.queue().find((e) => e.flowId === flowId && e.status === 'queued');
    return entry ? waitingReply(entry.position, entry.startsInMs, entry.etaMs, language) : null;
  }

  /** The plan's documents, else every searchable document the question's filters keep. */
  private async documentsFor(ids: readonly string[], parsed: ParsedQuestion, options: JobOptions): Promise<CatalogRow[]> {
    const rows: CatalogRow[] = [];
    if (ids.length > 0) {
      for (const id of ids) {
        const row = await this.deps.catalog.get(id, options);
        if (row && isSearchable(row.status)) rows.push(row);
      }
      return rows;
    }
    for await (const row of catalogRows(this.deps.catalog, options)) if (isSearchable(row.status) && matchesFilter(row, parsed.filter)) rows.push(row);
    return rows;
  }

  /** A scan of the plan's documents, else of every searchable document the message's filters keep. */
  private async proposeScan(flows: FlowScheduler, request: ProposalRequest, options: JobOptions): Promise<Proposal | null> {
    const rows = await this.documentsFor(request.documentIds, this.parse(request.question, request.language), options);
    if (rows.length === 0) return null;
    const directive = readDirective(request.question, request.language ?? this.deps.locale ?? null);
    const playbook = directive?.kind === 'scan' ? directive.playbook : null;
    const items = rows.map((r) => ({ kind: 'scan', documentId: r.id, label: r.title ?? r.name, query: request.question, subjects: [], fields: [], evidenceBudget: 0, neighbourDepth: 0, operation: 'fact' as const, size: r.chunkCount }));
    const flow = await flows.propose({ kind: 'scan', question: request.question, language: request.language, items, conversationId: request.conversationId, turnId: request.turnId, meta: { playbook } });
    const text = proposalReply({ kind: 'scan', question: request.question, documents: distinctLabels(rows), described: '', estimateMs: flow.estimateMs, perItemMs: perItem(flow) }, request.language);
    return { flowId: flow.id, kind: 'scan', documentIds: rows.map((r) => r.id), estimateMs: flow.estimateMs, text, data: { kind: 'flow_proposal', flowId: flow.id, documents: rows.map((r) => ({ id: r.id, name: r.name, title: r.title })), estimateMs: flow.estimateMs, playbook } };
  }

  /** One item, the folder the user will choose on the card (a picker needs the user's click). */
  private async proposeImport(flows: FlowScheduler, request: ProposalRequest): Promise<Proposal> {
    const directive = readDirective(request.question, request.language ?? this.deps.locale ?? null);
    const folder = directive?.kind === 'import' ? directive.folder : null;
    const label = folder ?? '';
    const item = { kind: 'import', documentId: null, label, query: label, subjects: [], fields: [], evidenceBudget: 0, neighbourDepth: 0, operation: 'fact' as const };
    const flow = await flows.propose({ kind: 'import', question: request.question, language: request.language, items: [item], conversationId: request.conversationId, turnId: request.turnId, meta: { folder } });
    const text = importReply(folder, request.language ?? directive?.language ?? null);
    return { flowId: flow.id, kind: 'import', documentIds: [], estimateMs: flow.estimateMs, text, data: { kind: 'flow_proposal', flowId: flow.id, documents: [], estimateMs: flow.estimateMs, folder } };
  }
}

/** The time per document shown with a proposal: its estimate (buffer included) over its documents; null when never measured here. */
function perItem(flow: { readonly estimateMs: number | null; readonly items: readonly unknown[] }): number | null {
  return flow.estimateMs === null || flow.items.length === 0 ? null : flow.estimateMs / flow.items.length;
}
