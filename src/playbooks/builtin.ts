/**
 * The built-in playbooks (the JSON files in playbooks/), and the clause classifier over all of
 * their clause types: the one the ask path uses for "is there such a clause in scope" and the
 * scanner uses when no other playbook is chosen.
 */
import commercial from '../../playbooks/commercial.json';
import { PlaybookClassifier, type ClassifierOptions } from '../core/scan/classify';
import type { ClauseType, Playbook } from '../core/scan/playbook';

/** Built-in playbooks, in menu order. */
export const BUILTIN_PLAYBOOKS: readonly Playbook[] = [commercial as unknown as Playbook];

export function builtinPlaybook(id: string): Playbook | undefined {
  return BUILTIN_PLAYBOOKS.find((p) => p.id === id);
}

/** Every clause type of the built-in playbooks (ids are unique across them). */
export function builtinClauseTypes(): ClauseType[] {
  return BUILTIN_PLAYBOOKS.flatMap((p) => p.clauseTypes);
}

/** The clause classifier over every built-in clause type. */
export function builtinClassifier(options?: ClassifierOptions): PlaybookClassifier {
  return new PlaybookClassifier(builtinClauseTypes(), options);
}
