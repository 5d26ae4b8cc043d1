/**
 * The app's language: English, French or German, chosen in Settings → Languages or, by default
 * ("Automatic"), the first of the browser's preferred languages the app speaks (else English).
 * The choice is kept in this browser (localStorage), so the first paint is already in it.
 *
 * Where the words live: one table per part of the screen (`Table<T>`: the same keys in every
 * language, checked by the compiler and by tests/unit/ui/i18n.test.ts), picked with
 * `useStrings(table)`. What a conversation turn says around its answer follows the language of
 * that turn (its answer's language) when the app speaks it, so a French answer reads "Sources",
 * "Vérification…" in French whatever the app's language; everything else follows the app.
 */

export const UI_LANGS = ['en', 'fr', 'de'] as const;
export type UiLang = (typeof UI_LANGS)[number];
export type LanguageSetting = 'auto' | UiLang;

/** Every language's words for one part of the screen. */
export type Table<T> = Readonly<Record<UiLang, T>>;

function isUiLang(value: unknown): value is UiLang {
  return (UI_LANGS as readonly unknown[]).includes(value);
}

/** The first of the browser's languages the app speaks ("fr-CH" → fr), else English. */
export function browserLanguage(preferred: readonly string[] = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : []): UiLang {
  for (const tag of preferred) {
    const code = tag.toLowerCase().split(/[-_]/)[0];
    if (isUiLang(code)) return code;
  }
  return 'en';
}

export function resolveLanguage(setting: LanguageSetting, preferred?: readonly string[]): UiLang {
  return setting === 'auto' ? browserLanguage(preferred) : setting;
}

const KEY = 'casefile.language';

/** The setting kept in this browser ('auto' when none, or when storage is unavailable). */
export function storedSetting(): LanguageSetting {
  try {
    const value = globalThis.localStorage?.getItem(KEY);
    return value && isUiLang(value) ? value : 'auto';
  } catch {
    return 'auto';
  }
}

export function storeSetting(setting: LanguageSetting): void {
  try {
    if (setting === 'auto') globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, setting);
  } catch {
    // Storage refused (private mode): the choice holds until the page closes.
  }
}

/** The language a turn's labels are in: the turn's own when the app speaks it, else the app's. */
export function turnLanguage(language: string | null | undefined, app: UiLang): UiLang {
  return isUiLang(language) ? language : app;
}
