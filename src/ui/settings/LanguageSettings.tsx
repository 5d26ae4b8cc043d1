/**
 * Settings → Languages: the language of Casefile itself (this browser; automatic follows the
 * browser's preferred languages) and the language of this workspace's scanned documents (OCR).
 */
import { useEffect, useState } from 'react';
import { describeError } from '../../core/errors';
import type { OcrLanguage } from '../../core/ingest/ocr-language';
import { useSession, useWorkspace } from '../common/hooks';
import { browserLanguage, UI_LANGS, type LanguageSetting } from '../i18n/language';
import { useLanguage } from '../i18n/LanguageProvider';
import { SETTINGS } from './settings-strings';

const OCR_CHOICES: readonly OcrLanguage[] = ['auto', 'eng', 'fra', 'deu'];

export function LanguageSettings() {
  const { lang, setting, choose } = useLanguage();
  const t = SETTINGS[lang];
  const session = useSession();
  const ws = useWorkspace();
  const [ocr, setOcr] = useState<OcrLanguage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    session.settings.ocr().then((s) => setOcr(s.language), (e: unknown) => setError(describeError(e)));
  }, [session, ws.generation]);
  const browser = t.appLanguages[browserLanguage()];
  const saveOcr = (language: OcrLanguage) => {
    setOcr(language);
    session.settings.setOcr({ language }).catch((e: unknown) => setError(describeError(e)));
  };
  return (
    <div className="language-settings" data-testid="language-settings">
      <fieldset className="answer-settings">
        <legend>{t.appLanguage}</legend>
        <p className="muted regime-explain">{t.appLanguageHint}</p>
        {(['auto', ...UI_LANGS] as const).map((value: LanguageSetting) => (
          <label key={value} className="regime" lang={value === 'auto' ? undefined : value}>
            <input type="radio" name="app-language" value={value} checked={setting === value} onChange={() => choose(value)} />
            <span>{value === 'auto' ? t.automaticBrowser(browser) : t.appLanguages[value]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="answer-settings">
        <legend>{t.scanLanguage}</legend>
        <p className="muted regime-explain">{t.scanLanguageHint}</p>
        {ocr === null
          ? <p className="muted">{error ?? t.loading}</p>
          : OCR_CHOICES.map((value) => (
              <label key={value} className="regime">
                <input type="radio" name="ocr-language" value={value} checked={ocr === value} onChange={() => saveOcr(value)} />
                <span>{t.scanLanguages[value]}</span>
              </label>
            ))}
        {ocr !== null && error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
      </fieldset>
    </div>
  );
}
