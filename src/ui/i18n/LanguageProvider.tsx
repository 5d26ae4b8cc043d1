/** The app language in React: a provider at the root, `useLanguage()` and `useStrings(table)` below it. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { resolveLanguage, storedSetting, storeSetting, type LanguageSetting, type Table, type UiLang } from './language';

interface LanguageState {
  readonly lang: UiLang;
  readonly setting: LanguageSetting;
  readonly choose: (setting: LanguageSetting) => void;
}

const LanguageContext = createContext<LanguageState>({ lang: 'en', setting: 'auto', choose: () => undefined });

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [setting, setSetting] = useState<LanguageSetting>(storedSetting);
  const [browser, setBrowser] = useState(() => resolveLanguage('auto'));
  useEffect(() => {
    const changed = () => setBrowser(resolveLanguage('auto'));
    window.addEventListener('languagechange', changed);
    return () => window.removeEventListener('languagechange', changed);
  }, []);
  const lang = setting === 'auto' ? browser : setting;
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const choose = useCallback((next: LanguageSetting) => {
    storeSetting(next);
    setSetting(next);
  }, []);
  const value = useMemo(() => ({ lang, setting, choose }), [lang, setting, choose]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

/** This table's words in the app language (or in `lang` when given: a turn's own language). */
export function useStrings<T>(table: Table<T>, lang?: UiLang): T {
  const app = useContext(LanguageContext).lang;
  return table[lang ?? app];
}
