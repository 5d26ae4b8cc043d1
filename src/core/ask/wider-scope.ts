/**
 * A follow-up that does not trap: a question kept on the previous turn's documents (a follow-up,
 * "and the governing law?") whose words nothing there answers may be about another document
 * ("what does the NDA say about …" after a question on the supply agreement, without naming
 * it). When the scoped answer is insufficient, the same question is asked of the whole
 * workspace; if that finds sufficient evidence in other documents, the result says which, so
 * the turn can offer "Search all documents" in one click instead of an empty answer with the
 * chip the only hint. The scoped result itself is unchanged: the user decides.
 */
import type { AskFunction } from './types';

export function offeringWiderScope(inner: AskFunction): AskFunction {
  return async (request, deps, options) => {
    const scoped = await inner(request, deps, options);
    if (scoped.outcome !== 'insufficient' || scoped.scope.source !== 'follow_up') return scoped;
    const wide = await inner({ ...request, context: { ...request.context, previousScope: null } }, deps, options);
    if (wide.outcome !== 'answered') return scoped;
    const inScope = new Set(scoped.scope.documentIds);
    const others = [...new Set(wide.passages.map((p) => p.documentId))].filter((id) => !inScope.has(id));
    return others.length > 0 ? { ...scoped, elsewhere: others } : scoped;
  };
}
