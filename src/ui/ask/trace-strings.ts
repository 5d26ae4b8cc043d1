/**
 * The words of "How this was found" (TurnTrace, Explanation) and of the answer announcement, in
 * the app's languages; a turn's trace follows the turn's language like its other labels.
 */
import type { TaskFamily } from '../../core/answer-types';
import type { Table } from '../i18n/language';

export interface TraceStrings {
  readonly howFound: string;
  readonly plan: string;
  readonly replyLanguage: string;
  readonly unknown: string;
  readonly evidence: string;
  readonly regimes: Readonly<Record<string, string>>;
  readonly chosenAutomatically: string;
  readonly searchedFor: string;
  readonly model: string;
  readonly noModel: string;
  readonly firstToken: (ms: string) => string;
  readonly tokensPerSecond: (n: string) => string;
  readonly tokens: (n: number) => string;
  readonly sufficiency: string;
  readonly threshold: (t: string) => string;
  readonly answerStages: string;
  readonly step: string;
  readonly time: string;
  readonly total: string;
  readonly families: Readonly<Record<TaskFamily, string>>;
  readonly stages: Readonly<Record<string, string>>;
  readonly planners: Readonly<Record<string, string>>;
  readonly retrieval: string;
  readonly keywordQuery: string;
  readonly fusion: string;
  readonly meaningSearch: string;
  readonly rerank: string;
  readonly ignoredWords: string;
  readonly exactPhrases: string;
  readonly retrievalStages: string;
  readonly stage: string;
  readonly retrievalSteps: Readonly<Record<string, string>>;
  readonly candidates: string;
  /** "<file>, score 0.812 — found by keywords and meaning" */
  readonly passageLine: (file: string, score: string, foundBy: string) => string;
  readonly foundBy: Readonly<Record<string, string>>;
  readonly and: string;
  readonly keywordScore: (s: string) => string;
  readonly meaningScore: (s: string) => string;
  readonly rerankScore: (s: string) => string;
  readonly exactPhrase: string;
  /** The live region once an answer is complete. */
  readonly answerReady: (passages: number, documents: number) => string;
  readonly answerReadyNone: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const TRACE: Table<TraceStrings> = {
  en: {
    howFound: 'How this was found',
    plan: 'Plan',
    replyLanguage: 'Reply language',
    unknown: 'unknown',
    evidence: 'Evidence',
    regimes: { grounded: 'documents only', creative: 'reasoning beyond the documents allowed', auto: 'automatic' },
    chosenAutomatically: ' (chosen automatically)',
    searchedFor: 'Searched for',
    model: 'Model',
    noModel: 'none (extractive)',
    firstToken: (ms) => `first token ${ms}`,
    tokensPerSecond: (n) => `${n} tokens/s`,
    tokens: (n) => plural(n, 'token', 'tokens'),
    sufficiency: 'Sufficiency',
    threshold: (t) => `threshold ${t}`,
    answerStages: 'Answer stages',
    step: 'Step',
    time: 'Time',
    total: 'Total',
    families: {
      metadata_fact: 'a fact about a document',
      inventory: 'a question about the workspace',
      capability: 'what Casefile can do',
      single_doc_retrieval: 'a question about one document',
      multi_doc_retrieval: 'a question about several documents',
      workspace_retrieval: 'a question about what the documents say',
      scan_request: 'a contract review',
      import_request: 'a folder import',
      needs_clarification: 'a question to clarify',
    },
    stages: {
      route: 'Route (greetings, help)',
      plan: 'Plan (language model)',
      retrieve: 'Scope and retrieval (ask)',
      workspace: 'Workspace answer',
      generate: 'Write the answer (language model)',
      compose: 'Compose from verbatim passages',
      verify: 'Check citations and quotes',
    },
    planners: {
      router: 'fast path, no model',
      model: 'the language model (two phases)',
      deterministic: 'no model: the question’s own words',
      fallback: 'the model failed: the question’s own words',
    },
    retrieval: 'Retrieval',
    keywordQuery: 'Keyword query',
    fusion: 'Fusion',
    meaningSearch: 'Meaning search',
    rerank: 'Rerank',
    ignoredWords: 'Question words ignored',
    exactPhrases: 'Exact phrases',
    retrievalStages: 'Retrieval stages',
    stage: 'Stage',
    retrievalSteps: {
      query: 'Read the question',
      lexical: 'Keyword search (BM25)',
      rescore: 'Proximity and answer-type rescoring',
      embed_query: 'Embed the question',
      dense: 'Meaning search (vectors)',
      fusion: 'Fusion',
      phrase: 'Exact-phrase boost',
      rerank: 'Rerank (cross-encoder)',
      resolve: 'Fetch passages',
      expand: 'Add neighbouring context',
    },
    candidates: 'Candidates',
    passageLine: (file, score, by) => `${file}, score ${score} — found by ${by}`,
    foundBy: { lexical: 'keywords', dense: 'meaning' },
    and: ' and ',
    keywordScore: (s) => `keyword ${s}`,
    meaningScore: (s) => `meaning ${s}`,
    rerankScore: (s) => `rerank ${s}`,
    exactPhrase: 'exact phrase',
    answerReady: (p, d) => `Answer ready: ${plural(p, 'passage', 'passages')} from ${plural(d, 'document', 'documents')}.`,
    answerReadyNone: 'Answer ready: no passage found.',
  },
  fr: {
    howFound: 'Comment cela a été trouvé',
    plan: 'Plan',
    replyLanguage: 'Langue de la réponse',
    unknown: 'inconnue',
    evidence: 'Éléments',
    regimes: { grounded: 'documents seulement', creative: 'raisonnement au-delà des documents permis', auto: 'automatique' },
    chosenAutomatically: ' (choisi automatiquement)',
    searchedFor: 'Recherché',
    model: 'Modèle',
    noModel: 'aucun (extraits)',
    firstToken: (ms) => `premier jeton ${ms}`,
    tokensPerSecond: (n) => `${n} jetons/s`,
    tokens: (n) => plural(n, 'jeton', 'jetons'),
    sufficiency: 'Suffisance',
    threshold: (t) => `seuil ${t}`,
    answerStages: 'Étapes de la réponse',
    step: 'Étape',
    time: 'Durée',
    total: 'Total',
    families: {
      metadata_fact: 'une information sur un document',
      inventory: 'une question sur l’espace de travail',
      capability: 'ce que fait Casefile',
      single_doc_retrieval: 'une question sur un document',
      multi_doc_retrieval: 'une question sur plusieurs documents',
      workspace_retrieval: 'une question sur le contenu des documents',
      scan_request: 'un examen de contrats',
      import_request: 'un import de dossier',
      needs_clarification: 'une question à préciser',
    },
    stages: {
      route: 'Aiguillage (salutations, aide)',
      plan: 'Plan (modèle de langue)',
      retrieve: 'Périmètre et recherche',
      workspace: 'Réponse sur l’espace de travail',
      generate: 'Rédaction de la réponse (modèle de langue)',
      compose: 'Composition à partir des extraits',
      verify: 'Vérification des citations',
    },
    planners: {
      router: 'voie rapide, sans modèle',
      model: 'le modèle de langue (deux phases)',
      deterministic: 'sans modèle : les mots de la question',
      fallback: 'le modèle a échoué : les mots de la question',
    },
    retrieval: 'Recherche',
    keywordQuery: 'Requête par mots-clés',
    fusion: 'Fusion',
    meaningSearch: 'Recherche par le sens',
    rerank: 'Reclassement',
    ignoredWords: 'Mots de la question ignorés',
    exactPhrases: 'Expressions exactes',
    retrievalStages: 'Étapes de la recherche',
    stage: 'Étape',
    retrievalSteps: {
      query: 'Lecture de la question',
      lexical: 'Recherche par mots-clés (BM25)',
      rescore: 'Proximité et type de réponse',
      embed_query: 'Vectorisation de la question',
      dense: 'Recherche par le sens (vecteurs)',
      fusion: 'Fusion',
      phrase: 'Bonus des expressions exactes',
      rerank: 'Reclassement (cross-encoder)',
      resolve: 'Lecture des passages',
      expand: 'Ajout du contexte voisin',
    },
    candidates: 'Candidats',
    passageLine: (file, score, by) => `${file}, score ${score} — trouvé par ${by}`,
    foundBy: { lexical: 'les mots-clés', dense: 'le sens' },
    and: ' et ',
    keywordScore: (s) => `mots-clés ${s}`,
    meaningScore: (s) => `sens ${s}`,
    rerankScore: (s) => `reclassement ${s}`,
    exactPhrase: 'expression exacte',
    answerReady: (p, d) => `Réponse prête : ${plural(p, 'passage', 'passages')} de ${plural(d, 'document', 'documents')}.`,
    answerReadyNone: 'Réponse prête : aucun passage trouvé.',
  },
  de: {
    howFound: 'Wie dies gefunden wurde',
    plan: 'Plan',
    replyLanguage: 'Antwortsprache',
    unknown: 'unbekannt',
    evidence: 'Belege',
    regimes: { grounded: 'nur die Dokumente', creative: 'Überlegungen über die Dokumente hinaus erlaubt', auto: 'automatisch' },
    chosenAutomatically: ' (automatisch gewählt)',
    searchedFor: 'Gesucht nach',
    model: 'Modell',
    noModel: 'keines (wörtliche Stellen)',
    firstToken: (ms) => `erstes Token ${ms}`,
    tokensPerSecond: (n) => `${n} Tokens/s`,
    tokens: (n) => plural(n, 'Token', 'Tokens'),
    sufficiency: 'Hinlänglichkeit',
    threshold: (t) => `Schwelle ${t}`,
    answerStages: 'Schritte der Antwort',
    step: 'Schritt',
    time: 'Dauer',
    total: 'Gesamt',
    families: {
      metadata_fact: 'eine Angabe zu einem Dokument',
      inventory: 'eine Frage zum Arbeitsbereich',
      capability: 'was Casefile kann',
      single_doc_retrieval: 'eine Frage zu einem Dokument',
      multi_doc_retrieval: 'eine Frage zu mehreren Dokumenten',
      workspace_retrieval: 'eine Frage zum Inhalt der Dokumente',
      scan_request: 'eine Vertragsprüfung',
      import_request: 'ein Ordnerimport',
      needs_clarification: 'eine zu klärende Frage',
    },
    stages: {
      route: 'Weiche (Begrüßung, Hilfe)',
      plan: 'Plan (Sprachmodell)',
      retrieve: 'Umfang und Suche',
      workspace: 'Antwort zum Arbeitsbereich',
      generate: 'Antwort schreiben (Sprachmodell)',
      compose: 'Aus wörtlichen Stellen zusammensetzen',
      verify: 'Quellenangaben und Zitate prüfen',
    },
    planners: {
      router: 'schneller Weg, ohne Modell',
      model: 'das Sprachmodell (zwei Phasen)',
      deterministic: 'ohne Modell: die Wörter der Frage',
      fallback: 'das Modell schlug fehl: die Wörter der Frage',
    },
    retrieval: 'Suche',
    keywordQuery: 'Stichwortanfrage',
    fusion: 'Fusion',
    meaningSearch: 'Bedeutungssuche',
    rerank: 'Neuordnung',
    ignoredWords: 'Ignorierte Fragewörter',
    exactPhrases: 'Genaue Wendungen',
    retrievalStages: 'Schritte der Suche',
    stage: 'Schritt',
    retrievalSteps: {
      query: 'Frage lesen',
      lexical: 'Stichwortsuche (BM25)',
      rescore: 'Nähe und Antworttyp',
      embed_query: 'Frage einbetten',
      dense: 'Bedeutungssuche (Vektoren)',
      fusion: 'Fusion',
      phrase: 'Bonus für genaue Wendungen',
      rerank: 'Neuordnung (Cross-Encoder)',
      resolve: 'Textstellen holen',
      expand: 'Nachbarkontext ergänzen',
    },
    candidates: 'Kandidaten',
    passageLine: (file, score, by) => `${file}, Wert ${score} — gefunden über ${by}`,
    foundBy: { lexical: 'Stichwörter', dense: 'Bedeutung' },
    and: ' und ',
    keywordScore: (s) => `Stichwort ${s}`,
    meaningScore: (s) => `Bedeutung ${s}`,
    rerankScore: (s) => `Neuordnung ${s}`,
    exactPhrase: 'genaue Wendung',
    answerReady: (p, d) => `Antwort bereit: ${plural(p, 'Textstelle', 'Textstellen')} aus ${plural(d, 'Dokument', 'Dokumenten')}.`,
    answerReadyNone: 'Antwort bereit: keine Textstelle gefunden.',
  },
};
