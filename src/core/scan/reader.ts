/**
 * Who read a scan's clauses, as its key records it: the clause-kind model, and the embedder when
 * one weighed the similarity to a playbook's clause examples (scan/classify.ts). A scan read
 * without an embedder is not served as current once one is loaded, nor the other way round.
 */
export function readerIdentity(model: string, embedder: string | null | undefined): string {
  return embedder ? `${model}+${embedder}` : model;
}
