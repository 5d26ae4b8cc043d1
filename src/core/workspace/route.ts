/**
 * The deterministic workspace router (no model): a parsed question (parse.ts) plus, for a
 * metadata question, the document its leftover words name. A fact word with only a document's
 * names left ("how many pages does the NDA have") is a metadata fact — ambiguous names keep the
 * candidates for the answer to list; names that resolve to nothing send a broad question on as
 * broad and anything else to the ask path. A directive (directives.ts) comes first: a playbook
 * review over the documents it names (all searchable ones when it names none) or a folder import,
 * both proposed for approval by the workspace answers.
 */
import type { NamedDocument } from '../search-types';
import { languageResources } from '../search/languages';
import { readDirective, type ScanDirective } from './directives';
import { resolveNamed, type NamedResult } from './facts';
import { fold, parseWorkspaceQuestion, type ParseOptions, type ParsedQuestion } from './parse';

type RoutedFamily = 'inventory' | 'metadata_fact' | 'multi_doc_retrieval' | 'scan_request' | 'import_request';

export interface WorkspaceRouting {
  readonly family: RoutedFamily;
  readonly documentIds: readonly string[];
  /** The first fact asked (metadata_fact), null otherwise. */
  readonly factKind: string | null;
  /** The question's language (the table it was read with). */
  readonly language: string;
  readonly parsed: ParsedQuestion;
  /** metadata_fact: the documents the words could mean, when they name several. */
  readonly candidates: readonly NamedDocument[];
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Do the names found cover every content word left? */
function namesCover(parsed: ParsedQuestion, matched: readonly string[]): boolean {
  const named = new Set(matched.flatMap((m) => [...fold(m).matchAll(WORD)].map((x) => x[0])));
  return parsed.residual.every((w) => [...fold(w).matchAll(WORD)].every((x) => named.has(x[0])));
}

/** What the question's names resolve to, when they explain every content word of it. */
export function metadataTarget(question: string, parsed: ParsedQuestion, documents: readonly NamedDocument[]): NamedResult {
  const stop = languageResources(parsed.language)?.stopWords ?? new Set<string>();
  const named = resolveNamed(question, documents, stop);
  if (named.kind === 'none' || !namesCover(parsed, named.matched)) return { kind: 'none' };
  return named;
}

/**
 * The documents a scan directive names: none named → [] (every searchable document); names the
 * alias map resolves (or several candidates: "the NDAs") → those; names that resolve to nothing
 * → null (not a directive) unless a playbook was named, which scans every document.
 */
function scanTargets(directive: ScanDirective, documents: readonly NamedDocument[]): string[] | null {
  if (!directive.names) return [];
  const stop = languageResources(directive.language)?.stopWords ?? new Set<string>();
  const named = resolveNamed(directive.names, documents, stop);
  if (named.kind === 'resolved') return [...named.documentIds];
  if (named.kind === 'ambiguous') return named.candidates.map((c) => c.id);
  return directive.playbookAsked ? [] : null;
}

export async function routeWorkspace(question: string, documents: () => Promise<readonly NamedDocument[]>, options: ParseOptions = {}): Promise<WorkspaceRouting | null> {
  const parsed = parseWorkspaceQuestion(question, options);
  const directive = readDirective(question, options.locale ?? null);
  const base = { language: directive?.language ?? parsed.language, parsed, candidates: [] as NamedDocument[] };
  if (directive?.kind === 'import') return { ...base, family: 'import_request', documentIds: [], factKind: null };
  if (directive?.kind === 'scan') {
    const ids = scanTargets(directive, await documents());
    if (ids) return { ...base, family: 'scan_request', documentIds: ids, factKind: null };
  }
  if (parsed.route === 'inventory') return { ...base, family: 'inventory', documentIds: [], factKind: null };
  if (parsed.route === 'broad') return { ...base, family: 'multi_doc_retrieval', documentIds: [], factKind: null };
  if (parsed.route !== 'metadata') return null;
  const target = metadataTarget(question, parsed, await documents());
  if (target.kind === 'resolved') return { ...base, family: 'metadata_fact', documentIds: target.documentIds, factKind: parsed.facts[0] ?? null };
  if (target.kind === 'ambiguous') return { ...base, family: 'metadata_fact', documentIds: [], factKind: parsed.facts[0] ?? null, candidates: target.candidates };
  return parsed.broad ? { ...base, family: 'multi_doc_retrieval', documentIds: [], factKind: null } : null;
}
