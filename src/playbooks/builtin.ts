/**
 * The built-in playbooks (the JSON files in playbooks/). The clause classifiers built on them and
 * on the learned clause-kind model are in classifiers.ts (the page lists playbooks without
 * loading the model).
 */
import commercial from '../../playbooks/commercial.json';
import gdprDpa from '../../playbooks/gdpr-dpa.json';
import nda from '../../playbooks/nda.json';
import { PlaybookClassifier } from '../core/scan/classify';
import type { PlaybookTexts, TextLanguage } from '../core/scan/finding-text';
import type { ClauseType, Playbook } from '../core/scan/playbook';
import commercialTexts from './translations/commercial-contracts.json';
import gdprDpaTexts from './translations/gdpr-dpa.json';
import ndaTexts from './translations/nda.json';

/**
 * Built-in playbooks, in menu order. They pass the same validation as imported playbooks (a unit
 * test asserts it); it is not repeated at run time, where compiling every pattern twice would
 * cost the first scan or question about half a second.
 */
export const BUILTIN_PLAYBOOKS: readonly Playbook[] = [commercial, nda, gdprDpa].map((p) => p as unknown as Playbook);

export function builtinPlaybook(id: string): Playbook | undefined {
  return BUILTIN_PLAYBOOKS.find((p) => p.id === id);
}

interface Translations {
  readonly playbookId: string;
  readonly version: string;
  readonly fr: PlaybookTexts;
  readonly de: PlaybookTexts;
}

/** The built-in playbooks' titles, explanations and guidance in French and German (translations/). */
const TRANSLATIONS: readonly Translations[] = [commercialTexts, ndaTexts, gdprDpaTexts];

/**
 * A playbook's texts in `language` (its rules' titles, explanations, guidance): the built-in
 * translation of that playbook at that version; null for another language, a user's own playbook,
 * or a built-in one the user edited into a new version (its rules may say something else).
 */
export function playbookTexts(playbook: Pick<Playbook, 'id' | 'version' | 'language'>, language: TextLanguage): PlaybookTexts | null {
  if (language === 'en' || playbook.language === language) return null;
  const t = TRANSLATIONS.find((x) => x.playbookId === playbook.id && x.version === playbook.version);
  return t ? t[language] : null;
}

/** Every clause type of the built-in playbooks (ids are unique across them). */
export function builtinClauseTypes(): ClauseType[] {
  return BUILTIN_PLAYBOOKS.flatMap((p) => p.clauseTypes);
}

/**
 * Which built-in clause types a question names, from the types' names and keywords only (no
 * passage signals, no model): what the page needs to plan a flow ("which contracts have a
 * non-compete?"); the documents themselves are judged in the index worker.
 */
export function questionClassifier(): PlaybookClassifier {
  return new PlaybookClassifier(builtinClauseTypes().map((t) => ({ ...t, signals: [], examples: [] })));
}
