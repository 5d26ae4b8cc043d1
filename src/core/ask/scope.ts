/**
 * Which documents a question is about, and the retrieval query once the words naming them are
 * removed (the question itself is kept verbatim for display and any model).
 *
 * In order:
 *   1. documents the user pinned (document filter, scope chips) win; names of those documents
 *      in the question are still removed from the query;
 *   2. documents the question names (title, parties, aliases, defined short names, file name;
 *      see resolve-doc.ts): one or several, copies of one document together;
 *   3. a name that fits several different documents: the previous turn's scope when it is one
 *      of them, else a clarification listing the candidates;
 *   4. a name that fits no document here ("the Acme outsourcing agreement"): a clarification
 *      saying so, with the closest documents — never a silent search of the whole workspace;
 *   5. nothing named: a follow-up keeps the previous turn's scope ("and the renewal term?",
 *      "does it have a cap?") unless it asks about several or all documents ("which contracts
 *      …") or describes another document by what it is about ("the hemp contract" after a
 *      question on the promotion agreement: described-document.ts); otherwise the whole workspace.
 * A demonstrative reference to the document in scope ("this agreement") is removed from the
 * query too: it names the scope, not what to find in it.
 */
import { matchDocuments, type MatchOptions } from '../search/resolve-doc';
import { expandShorthand } from '../text/shorthand';
import type { NamedDocument } from '../search-types';
import { describesAnotherDocument } from './described-document';
import { stripReferences, widensScope } from './references';
import type { AskContext } from './types';
import type { AskScope, Clarification } from '../answer-types';

export type ScopePlan =
  /** `kindQuery`: the question as read for what it asks about (resolve-doc.ts Resolution.kindText). */
  | { readonly kind: 'search'; readonly scope: AskScope; readonly query: string; readonly kindQuery: string }
  | { readonly kind: 'clarify'; readonly scope: AskScope; readonly query: string; readonly candidates: readonly NamedDocument[]; readonly clarification: Clarification };

const WORKSPACE: AskScope = { source: 'workspace', documentIds: [], matched: [] };

export function planScope(asked: string, documents: readonly NamedDocument[], context: AskContext = {}, options: MatchOptions = {}): ScopePlan {
  // Names and queries are read with the shorthand written out ("the Piñon O&M agmt" names the
  // Operations and Maintenance Agreement); the question itself stays as typed.
  const question = expandShorthand(asked);
  const known = new Map(documents.map((d) => [d.id, d]));
  const pinned = (context.userScope ?? []).filter((id) => known.has(id));
  if (pinned.length > 0) {
    const docs = pinned.map((id) => known.get(id)!);
    // The pinned documents' names in the question are removed from the query all the same.
    const named = matchDocuments(question, docs, options);
    if (named.kind === 'resolved') return search({ source: 'user', documentIds: pinned, matched: named.resolution.matched }, named.resolution.remainder, question, named.resolution.kindText);
    if (named.kind === 'ambiguous') return search({ source: 'user', documentIds: pinned, matched: named.matched }, named.remainder, question, named.kindText);
    return search({ source: 'user', documentIds: pinned, matched: [] }, question, question);
  }

  const previous = (context.previousScope?.documentIds ?? []).filter((id) => known.has(id));
  const match = matchDocuments(question, documents, options);
  if (match.kind === 'resolved') {
    const { documentIds, matched, remainder, kindText } = match.resolution;
    return search({ source: 'question', documentIds, matched }, remainder, question, kindText);
  }
  if (match.kind === 'ambiguous') {
    const candidateIds = new Set(match.candidates.map((c) => c.id));
    if (previous.length > 0 && previous.some((id) => candidateIds.has(id))) {
      // "the Distributor Agreement" right after a question about one of them means that one.
      return search({ source: 'follow_up', documentIds: previous, matched: match.matched }, match.remainder, question, match.kindText);
    }
    return {
      kind: 'clarify',
      scope: { source: 'question', documentIds: [], matched: match.matched },
      query: cleanQuery(match.remainder, question),
      candidates: match.candidates,
      clarification: { kind: 'ambiguous', phrase: match.matched.join(', ') },
    };
  }
  if (match.kind === 'not_found') {
    return {
      kind: 'clarify',
      scope: { source: 'question', documentIds: [], matched: [match.phrase] },
      query: cleanQuery(stripReferences(match.remainder), question),
      candidates: match.candidates,
      clarification: { kind: 'not_found', phrase: match.phrase },
    };
  }
  if (previous.length > 0 && !widensScope(question) && !describesAnotherDocument(question, previous, options.terms)) {
    return search({ source: 'follow_up', documentIds: previous, matched: [] }, question, question);
  }
  return { kind: 'search', scope: WORKSPACE, query: question, kindQuery: question };
}

function search(scope: AskScope, query: string, question: string, kindText = query): ScopePlan {
  return { kind: 'search', scope, query: cleanQuery(stripReferences(query), question), kindQuery: cleanQuery(kindText, question) };
}

/** A query with nothing left (the question was only a name) searches with the name after all. */
function cleanQuery(query: string, fallback: string): string {
  return /[\p{L}\p{N}]/u.test(query) ? query : fallback;
}
