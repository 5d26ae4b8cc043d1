/**
 * The built-in playbooks (the JSON files in playbooks/), and the clause classifier over all of
 * their clause types: the one the ask path uses for "is there such a clause in scope" and the
 * scanner uses when no other playbook is chosen.
 */
import commercial from '../../playbooks/commercial.json';
import gdprDpa from '../../playbooks/gdpr-dpa.json';
import nda from '../../playbooks/nda.json';
import { ASK_CLASSIFIER_OPTIONS } from '../core/ask/sufficiency';
import { PlaybookClassifier, type ClassifierOptions } from '../core/scan/classify';
import type { ClauseType, Playbook } from '../core/scan/playbook';

/**
 * Built-in playbooks, in menu order. They pass the same validation as imported playbooks (a unit
 * test asserts it); it is not repeated at run time, where compiling every pattern twice would
 * cost the first scan or question about half a second.
 */
export const BUILTIN_PLAYBOOKS: readonly Playbook[] = [commercial, nda, gdprDpa].map((p) => p as unknown as Playbook);

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

/**
 * The classifier of the ask path, built the same way wherever ask() runs (the app's index worker,
 * `npm run eval`'s app scope): every built-in clause type, graded scores (ASK_CLASSIFIER_OPTIONS),
 * from section titles and wording only. No embedder: comparing every candidate passage with the
 * clause types' reference examples would embed them all again on each question.
 */
export function askClassifier(): PlaybookClassifier {
  return builtinClassifier(ASK_CLASSIFIER_OPTIONS);
}
