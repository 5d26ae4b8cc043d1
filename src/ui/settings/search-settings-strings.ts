/** The words of Settings → Search's retrieval pipeline (SearchSettings), in the app's languages. */
import type { FusionStrategy, RetrievalMode } from '../../core/search-types';
import type { Table } from '../i18n/language';

export interface SearchSettingsStrings {
  readonly loading: string;
  readonly searchSettings: string;
  readonly belongsTo: (workspace: string) => string;
  readonly mode: string;
  readonly modes: Readonly<Record<RetrievalMode, string>>;
  readonly fusionStrategy: string;
  readonly fusions: Readonly<Record<FusionStrategy, string>>;
  readonly denseWeight: string;
  readonly keywordWeight: string;
  readonly rrfK: string;
  readonly keywordCandidates: string;
  readonly meaningCandidates: string;
  readonly resultsShown: string;
  readonly resultsPerFile: string;
  readonly rerank: string;
  readonly passagesToRerank: string;
  readonly minRerankScore: string;
  readonly restoreDefaults: string;
  readonly saved: string;
}

export const SEARCH_SETTINGS: Table<SearchSettingsStrings> = {
  en: {
    loading: 'Loading…',
    searchSettings: 'Search settings',
    belongsTo: (name) => `These settings belong to the workspace “${name}”.`,
    mode: 'Mode',
    modes: {
      rag: 'Answers: written by the language model when one is set up, else verbatim passages',
      retrieval_only: 'Passages only (no answer text)',
      direct: 'Language model only (no retrieval)',
    },
    fusionStrategy: 'Fusion strategy',
    fusions: { combine_and_dedup: 'Combine and deduplicate (default)', rrf: 'Reciprocal rank fusion (RRF)', boost_only: 'Boost only' },
    denseWeight: 'Dense weight',
    keywordWeight: 'Keyword weight',
    rrfK: 'RRF k',
    keywordCandidates: 'Keyword candidates',
    meaningCandidates: 'Meaning candidates',
    resultsShown: 'Results shown',
    resultsPerFile: 'Results per file (0 = any)',
    rerank: 'Rerank the best candidates with the cross-encoder (when a reranker is on this device)',
    passagesToRerank: 'Passages to rerank',
    minRerankScore: 'Minimum rerank score (logit)',
    restoreDefaults: 'Restore defaults',
    saved: 'Saved.',
  },
  fr: {
    loading: 'Chargement…',
    searchSettings: 'Réglages de la recherche',
    belongsTo: (name) => `Ces réglages appartiennent à l’espace de travail « ${name} ».`,
    mode: 'Mode',
    modes: {
      rag: 'Réponses : rédigées par le modèle de langue s’il est configuré, sinon passages mot pour mot',
      retrieval_only: 'Passages seulement (sans texte de réponse)',
      direct: 'Modèle de langue seulement (sans recherche)',
    },
    fusionStrategy: 'Stratégie de fusion',
    fusions: { combine_and_dedup: 'Combiner et dédoublonner (par défaut)', rrf: 'Fusion par rang réciproque (RRF)', boost_only: 'Renforcement seulement' },
    denseWeight: 'Poids de la recherche par le sens',
    keywordWeight: 'Poids des mots-clés',
    rrfK: 'Constante k de RRF',
    keywordCandidates: 'Candidats par mots-clés',
    meaningCandidates: 'Candidats par le sens',
    resultsShown: 'Résultats affichés',
    resultsPerFile: 'Résultats par fichier (0 = sans limite)',
    rerank: 'Reclasser les meilleurs candidats avec le cross-encoder (quand un modèle de reclassement est sur cet appareil)',
    passagesToRerank: 'Passages à reclasser',
    minRerankScore: 'Score minimal de reclassement (logit)',
    restoreDefaults: 'Rétablir les valeurs par défaut',
    saved: 'Enregistré.',
  },
  de: {
    loading: 'Wird geladen…',
    searchSettings: 'Sucheinstellungen',
    belongsTo: (name) => `Diese Einstellungen gehören zum Arbeitsbereich „${name}“.`,
    mode: 'Modus',
    modes: {
      rag: 'Antworten: vom Sprachmodell geschrieben, wenn eines eingerichtet ist, sonst wörtliche Textstellen',
      retrieval_only: 'Nur Textstellen (kein Antworttext)',
      direct: 'Nur Sprachmodell (keine Suche)',
    },
    fusionStrategy: 'Fusionsstrategie',
    fusions: { combine_and_dedup: 'Kombinieren und Duplikate entfernen (Standard)', rrf: 'Reziproke Rangfusion (RRF)', boost_only: 'Nur verstärken' },
    denseWeight: 'Gewicht der Bedeutungssuche',
    keywordWeight: 'Gewicht der Stichwortsuche',
    rrfK: 'RRF-Konstante k',
    keywordCandidates: 'Kandidaten der Stichwortsuche',
    meaningCandidates: 'Kandidaten der Bedeutungssuche',
    resultsShown: 'Angezeigte Ergebnisse',
    resultsPerFile: 'Ergebnisse pro Datei (0 = beliebig viele)',
    rerank: 'Die besten Kandidaten mit dem Cross-Encoder neu ordnen (wenn ein Reranking-Modell auf diesem Gerät ist)',
    passagesToRerank: 'Neu zu ordnende Textstellen',
    minRerankScore: 'Mindestwert beim Neuordnen (Logit)',
    restoreDefaults: 'Standardwerte wiederherstellen',
    saved: 'Gespeichert.',
  },
};
