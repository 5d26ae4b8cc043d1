/** The words of the Settings dialog's frame, its Languages tab and the evidence regimes, in the app's languages. */
import type { Regime } from '../../core/answer-types';
import type { OcrLanguage } from '../../core/ingest/ocr-language';
import type { LanguageSetting, Table } from '../i18n/language';

export interface SettingsStrings {
  readonly settings: string;
  readonly sections: string;
  readonly search: string;
  readonly models: string;
  readonly storage: string;
  readonly languages: string;
  readonly close: string;
  readonly closeSettings: string;
  readonly appLanguage: string;
  readonly appLanguageHint: string;
  readonly appLanguages: Readonly<Record<LanguageSetting, string>>;
  readonly automaticBrowser: (language: string) => string;
  readonly scanLanguage: string;
  readonly scanLanguageHint: string;
  readonly scanLanguages: Readonly<Record<OcrLanguage, string>>;
  readonly loading: string;
  readonly evidence: string;
  readonly regimes: Readonly<Record<Regime, { readonly label: string; readonly explain: string }>>;
}

export const SETTINGS: Table<SettingsStrings> = {
  en: {
    settings: 'Settings',
    sections: 'Settings sections',
    search: 'Search',
    models: 'Models',
    storage: 'Storage',
    languages: 'Languages',
    close: 'Close',
    closeSettings: 'Close settings',
    appLanguage: 'Language of Casefile',
    appLanguageHint: 'Menus, labels, messages and exports. An answer is written in the language of its question, and its labels follow it.',
    appLanguages: { auto: 'Automatic', en: 'English', fr: 'Français', de: 'Deutsch' },
    automaticBrowser: (l) => `Automatic (this browser: ${l})`,
    scanLanguage: 'Language of scanned documents',
    scanLanguageHint: 'Text recognition (OCR) of scans in this workspace. Automatic reads each scan’s first page, tells English, French and German apart, and reads the document in its language. French and German data are fetched from this app once, the first time they are needed, then kept for offline use.',
    scanLanguages: { auto: 'Automatic (English, French or German)', eng: 'English', fra: 'French', deu: 'German' },
    loading: 'Loading…',
    evidence: 'Evidence for answers',
    regimes: {
      auto: { label: 'Automatic (recommended)', explain: 'Answers come from your documents. Only when you ask for a draft, an opinion or general knowledge may the language model go beyond them, and it says so.' },
      grounded: { label: 'Documents only', explain: 'Every answer must be supported by passages of your documents. When none clearly answers, Casefile says so and shows the closest passages; no model is asked to guess.' },
      creative: { label: 'Allow reasoning beyond the documents', explain: 'The language model may reason, draft or use general knowledge; what comes from your documents is still cited. Without a model, answers stay verbatim passages.' },
    },
  },
  fr: {
    settings: 'Réglages',
    sections: 'Sections des réglages',
    search: 'Recherche',
    models: 'Modèles',
    storage: 'Stockage',
    languages: 'Langues',
    close: 'Fermer',
    closeSettings: 'Fermer les réglages',
    appLanguage: 'Langue de Casefile',
    appLanguageHint: 'Menus, libellés, messages et exports. Une réponse est rédigée dans la langue de sa question, et ses libellés la suivent.',
    appLanguages: { auto: 'Automatique', en: 'English', fr: 'Français', de: 'Deutsch' },
    automaticBrowser: (l) => `Automatique (ce navigateur : ${l})`,
    scanLanguage: 'Langue des documents scannés',
    scanLanguageHint: 'Reconnaissance du texte (OCR) des scans de cet espace de travail. Automatique lit la première page de chaque scan, distingue l’anglais, le français et l’allemand, et lit le document dans sa langue. Les données du français et de l’allemand sont téléchargées depuis cette application une seule fois, la première fois qu’elles servent, puis conservées pour un usage hors ligne.',
    scanLanguages: { auto: 'Automatique (anglais, français ou allemand)', eng: 'Anglais', fra: 'Français', deu: 'Allemand' },
    loading: 'Chargement…',
    evidence: 'Éléments des réponses',
    regimes: {
      auto: { label: 'Automatique (recommandé)', explain: 'Les réponses viennent de vos documents. Le modèle de langue ne va au-delà que si vous demandez une rédaction, un avis ou des connaissances générales, et il le signale.' },
      grounded: { label: 'Documents seulement', explain: 'Chaque réponse doit s’appuyer sur des passages de vos documents. Quand aucun ne répond clairement, Casefile le dit et montre les passages les plus proches ; aucun modèle n’est invité à deviner.' },
      creative: { label: 'Permettre de raisonner au-delà des documents', explain: 'Le modèle de langue peut raisonner, rédiger ou utiliser des connaissances générales ; ce qui vient de vos documents reste cité. Sans modèle, les réponses restent des passages mot pour mot.' },
    },
  },
  de: {
    settings: 'Einstellungen',
    sections: 'Bereiche der Einstellungen',
    search: 'Suche',
    models: 'Modelle',
    storage: 'Speicher',
    languages: 'Sprachen',
    close: 'Schließen',
    closeSettings: 'Einstellungen schließen',
    appLanguage: 'Sprache von Casefile',
    appLanguageHint: 'Menüs, Beschriftungen, Meldungen und Exporte. Eine Antwort wird in der Sprache ihrer Frage geschrieben, und ihre Beschriftungen folgen ihr.',
    appLanguages: { auto: 'Automatisch', en: 'English', fr: 'Français', de: 'Deutsch' },
    automaticBrowser: (l) => `Automatisch (dieser Browser: ${l})`,
    scanLanguage: 'Sprache gescannter Dokumente',
    scanLanguageHint: 'Texterkennung (OCR) der Scans in diesem Arbeitsbereich. Automatisch liest die erste Seite jedes Scans, unterscheidet Englisch, Französisch und Deutsch und liest das Dokument in seiner Sprache. Die Daten für Französisch und Deutsch werden beim ersten Bedarf einmal aus dieser App geladen und dann für die Offline-Nutzung aufbewahrt.',
    scanLanguages: { auto: 'Automatisch (Englisch, Französisch oder Deutsch)', eng: 'Englisch', fra: 'Französisch', deu: 'Deutsch' },
    loading: 'Wird geladen…',
    evidence: 'Belege für Antworten',
    regimes: {
      auto: { label: 'Automatisch (empfohlen)', explain: 'Antworten stammen aus Ihren Dokumenten. Nur wenn Sie einen Entwurf, eine Einschätzung oder Allgemeinwissen verlangen, darf das Sprachmodell darüber hinausgehen, und es sagt das.' },
      grounded: { label: 'Nur Dokumente', explain: 'Jede Antwort muss durch Textstellen Ihrer Dokumente belegt sein. Beantwortet keine die Frage eindeutig, sagt Casefile das und zeigt die nächstliegenden Textstellen; kein Modell wird zum Raten aufgefordert.' },
      creative: { label: 'Überlegungen über die Dokumente hinaus erlauben', explain: 'Das Sprachmodell darf schlussfolgern, entwerfen oder Allgemeinwissen nutzen; was aus Ihren Dokumenten stammt, wird weiterhin belegt. Ohne Modell bleiben Antworten wörtliche Textstellen.' },
    },
  },
};
