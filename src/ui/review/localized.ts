/**
 * The review in the app's language: flags read with the playbook's translation (the built-in
 * playbooks have French and German texts) and the finding sentences of core/scan/finding-text.ts.
 */
import { useMemo } from 'react';
import { clauseTypeLabel, localizedFlag } from '../../core/scan/finding-text';
import type { Playbook } from '../../core/scan/playbook';
import type { Flag } from '../../core/scan/types';
import { playbookTexts } from '../../playbooks/builtin';
import { useLanguage } from '../i18n/LanguageProvider';

/** The flag as the reader's language says it, and a clause type's name there. */
export function useLocalized(playbook: Playbook): { flag: (flag: Flag) => Flag; typeName: (id: string) => string } {
  const { lang } = useLanguage();
  return useMemo(() => {
    const texts = playbookTexts(playbook, lang);
    return {
      flag: (flag: Flag) => localizedFlag(flag, playbook, texts, lang),
      typeName: (id: string) => clauseTypeLabel(playbook, id, lang, texts),
    };
  }, [playbook, lang]);
}

/** A playbook's name in the app's language (the built-in playbooks' translations), else as written. */
export function usePlaybookName(): (playbook: Playbook) => string {
  const words = usePlaybookWords();
  return useMemo(() => (playbook: Playbook) => words(playbook).name, [words]);
}

/** A playbook's name and description in the app's language (the built-in playbooks' translations), else as written. */
export function usePlaybookWords(): (playbook: Playbook) => { readonly name: string; readonly description: string } {
  const { lang } = useLanguage();
  return useMemo(
    () => (playbook: Playbook) => {
      const texts = playbookTexts(playbook, lang);
      return { name: texts?.name ?? playbook.name, description: texts?.description ?? playbook.description };
    },
    [lang],
  );
}
