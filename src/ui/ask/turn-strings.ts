/**
 * The labels of a conversation turn in the language the turn was answered in (the answer
 * layer's reply language): a French question gets French headings around its French answer.
 * A language without an entry gets the app's language (src/ui/i18n). The tables of the app's
 * own languages (en, fr, de) are checked for completeness by tests/unit/ui/i18n.test.ts, the
 * others by the compiler.
 */
import { isUiLanguage, type UiLanguage } from '../../core/answer/messages';

export interface TurnStrings {
  readonly searchingIn: string;
  readonly allDocuments: string;
  readonly searchWithout: (name: string) => string;
  readonly sources: string;
  /** scope null: the whole workspace. */
  readonly insufficient: (scope: string | null) => string;
  readonly closestHeading: string;
  readonly closest: string;
  /** An answer's source it neither quotes nor cites: shown as context ("Context"), with why as its title. */
  readonly context: string;
  readonly contextTitle: string;
  readonly why: string;
  readonly whichDocument: string;
  /** Above the closest documents when none matches the name the question used. */
  readonly closestDocuments: string;
  readonly searchAllDocuments: string;
  /** An insufficient follow-up that other documents answer: which. */
  readonly elsewhere: (names: string) => string;
  /** Its accessible name: the scope bar has a "Search all documents" of its own (it clears the filter). */
  readonly searchAllDocumentsFor: string;
  readonly stopped: string;
  readonly extractive: string;
  readonly writtenBy: (model: string) => string;
  readonly beyondDocuments: string;
  readonly changedSince: string;
  readonly askAgain: string;
  /** A turn whose status has not arrived yet. */
  readonly working: string;
  /** Why the language model did not write the answer. */
  readonly modelNotUsed: (reason: string) => string;
  readonly aLanguageModel: string;
  readonly couldNotAnswer: string;
  /** A scope the question's language chose: "documents in French". */
  readonly inLanguage: (language: string) => string;
  /** A removed language scope: search every document instead. */
  readonly searchAll: string;
}

const STRINGS: Readonly<Record<UiLanguage, TurnStrings>> = {
  en: {
    searchingIn: 'Searching in:',
    allDocuments: 'all documents',
    searchWithout: (n) => `Search without ${n}`,
    sources: 'Sources',
    insufficient: (s) => (s ? `No passage in ${s} clearly answers this.` : 'No passage in the documents clearly answers this.'),
    closestHeading: 'Closest passages — none of them answers the question',
    closest: 'Closest',
    context: 'Context',
    contextTitle: 'Shown for context: the answer neither quotes nor cites it',
    why: 'Why',
    whichDocument: 'Which document do you mean?',
    closestDocuments: 'Closest documents',
    searchAllDocuments: 'Search all documents',
    elsewhere: (n) => `Other documents answer this: ${n}.`,
    searchAllDocumentsFor: 'Search all documents for this question',
    stopped: 'Stopped',
    extractive: 'Verbatim passages (no language model)',
    writtenBy: (m) => `Written by ${m}`,
    beyondDocuments: 'Goes beyond the documents: sentences without a citation are the model’s own reasoning.',
    changedSince: 'Documents changed since this answer.',
    askAgain: 'Ask again',
    working: 'Working…',
    modelNotUsed: (r) => `the language model was not used: ${r}`,
    aLanguageModel: 'a language model',
    couldNotAnswer: 'The question could not be answered.',
    inLanguage: (l) => `documents in ${l}`,
    searchAll: 'Search all documents',
  },
  fr: {
    searchingIn: 'Recherche dans :',
    allDocuments: 'tous les documents',
    searchWithout: (n) => `Chercher sans ${n}`,
    sources: 'Sources',
    insufficient: (s) => (s ? `Aucun passage de ${s} ne répond clairement à cette question.` : 'Aucun passage des documents ne répond clairement à cette question.'),
    closestHeading: 'Passages les plus proches — aucun ne répond à la question',
    closest: 'Le plus proche',
    context: 'Contexte',
    contextTitle: 'Montré pour le contexte : la réponse ne le cite pas',
    why: 'Pourquoi',
    whichDocument: 'De quel document s’agit-il ?',
    closestDocuments: 'Documents les plus proches',
    searchAllDocuments: 'Chercher dans tous les documents',
    elsewhere: (n) => `D’autres documents y répondent : ${n}.`,
    searchAllDocumentsFor: 'Chercher dans tous les documents pour cette question',
    stopped: 'Arrêté',
    extractive: 'Passages cités mot pour mot (sans modèle de langue)',
    writtenBy: (m) => `Rédigé par ${m}`,
    beyondDocuments: 'Va au-delà des documents : les phrases sans citation relèvent du raisonnement du modèle.',
    changedSince: 'Les documents ont changé depuis cette réponse.',
    askAgain: 'Reposer la question',
    working: 'Traitement…',
    modelNotUsed: (r) => `le modèle de langue n’a pas été utilisé : ${r}`,
    aLanguageModel: 'un modèle de langue',
    couldNotAnswer: 'La question n’a pas pu être traitée.',
    inLanguage: (l) => `documents en ${l}`,
    searchAll: 'Chercher dans tous les documents',
  },
  de: {
    searchingIn: 'Suche in:',
    allDocuments: 'allen Dokumenten',
    searchWithout: (n) => `Ohne ${n} suchen`,
    sources: 'Quellen',
    insufficient: (s) => (s ? `Keine Textstelle in ${s} beantwortet dies eindeutig.` : 'Keine Textstelle der Dokumente beantwortet dies eindeutig.'),
    closestHeading: 'Nächstliegende Textstellen — keine beantwortet die Frage',
    closest: 'Nächstliegend',
    context: 'Kontext',
    contextTitle: 'Zum Kontext gezeigt: die Antwort zitiert diese Stelle nicht',
    why: 'Warum',
    whichDocument: 'Welches Dokument meinen Sie?',
    closestDocuments: 'Ähnlichste Dokumente',
    searchAllDocuments: 'In allen Dokumenten suchen',
    elsewhere: (n) => `Andere Dokumente beantworten das: ${n}.`,
    searchAllDocumentsFor: 'Für diese Frage in allen Dokumenten suchen',
    stopped: 'Gestoppt',
    extractive: 'Wörtliche Textstellen (ohne Sprachmodell)',
    writtenBy: (m) => `Geschrieben von ${m}`,
    beyondDocuments: 'Geht über die Dokumente hinaus: Sätze ohne Quellenangabe sind Überlegungen des Modells.',
    changedSince: 'Die Dokumente haben sich seit dieser Antwort geändert.',
    askAgain: 'Erneut fragen',
    working: 'Wird bearbeitet…',
    modelNotUsed: (r) => `das Sprachmodell wurde nicht verwendet: ${r}`,
    aLanguageModel: 'einem Sprachmodell',
    couldNotAnswer: 'Die Frage konnte nicht beantwortet werden.',
    inLanguage: (l) => `Dokumente auf ${l}`,
    searchAll: 'Alle Dokumente durchsuchen',
  },
  es: {
    searchingIn: 'Buscando en:',
    allDocuments: 'todos los documentos',
    searchWithout: (n) => `Buscar sin ${n}`,
    sources: 'Fuentes',
    insufficient: (s) => (s ? `Ningún pasaje de ${s} responde claramente a esto.` : 'Ningún pasaje de los documentos responde claramente a esto.'),
    closestHeading: 'Pasajes más cercanos — ninguno responde a la pregunta',
    closest: 'Más cercano',
    context: 'Contexto',
    contextTitle: 'Se muestra como contexto: la respuesta no lo cita',
    why: 'Por qué',
    whichDocument: '¿A qué documento se refiere?',
    closestDocuments: 'Documentos más cercanos',
    searchAllDocuments: 'Buscar en todos los documentos',
    elsewhere: (n) => `Otros documentos responden a esto: ${n}.`,
    searchAllDocumentsFor: 'Buscar en todos los documentos para esta pregunta',
    stopped: 'Detenido',
    extractive: 'Pasajes literales (sin modelo de lenguaje)',
    writtenBy: (m) => `Redactado por ${m}`,
    beyondDocuments: 'Va más allá de los documentos: las frases sin cita son razonamiento del modelo.',
    changedSince: 'Los documentos han cambiado desde esta respuesta.',
    askAgain: 'Preguntar de nuevo',
    working: 'Procesando…',
    modelNotUsed: (r) => `no se usó el modelo de lenguaje: ${r}`,
    aLanguageModel: 'un modelo de lenguaje',
    couldNotAnswer: 'No se pudo responder a la pregunta.',
    inLanguage: (l) => `documentos en ${l}`,
    searchAll: 'Buscar en todos los documentos',
  },
  it: {
    searchingIn: 'Ricerca in:',
    allDocuments: 'tutti i documenti',
    searchWithout: (n) => `Cerca senza ${n}`,
    sources: 'Fonti',
    insufficient: (s) => (s ? `Nessun passaggio di ${s} risponde chiaramente.` : 'Nessun passaggio dei documenti risponde chiaramente.'),
    closestHeading: 'Passaggi più vicini — nessuno risponde alla domanda',
    closest: 'Più vicino',
    context: 'Contesto',
    contextTitle: 'Mostrato come contesto: la risposta non lo cita',
    why: 'Perché',
    whichDocument: 'Quale documento intendi?',
    closestDocuments: 'Documenti più vicini',
    searchAllDocuments: 'Cerca in tutti i documenti',
    elsewhere: (n) => `Altri documenti rispondono: ${n}.`,
    searchAllDocumentsFor: 'Cerca in tutti i documenti per questa domanda',
    stopped: 'Interrotto',
    extractive: 'Passaggi testuali (senza modello linguistico)',
    writtenBy: (m) => `Scritto da ${m}`,
    beyondDocuments: 'Va oltre i documenti: le frasi senza citazione sono ragionamento del modello.',
    changedSince: 'I documenti sono cambiati dopo questa risposta.',
    askAgain: 'Chiedi di nuovo',
    working: 'Elaborazione…',
    modelNotUsed: (r) => `il modello linguistico non è stato usato: ${r}`,
    aLanguageModel: 'un modello linguistico',
    couldNotAnswer: 'Non è stato possibile rispondere alla domanda.',
    inLanguage: (l) => `documenti in ${l}`,
    searchAll: 'Cerca in tutti i documenti',
  },
  nl: {
    searchingIn: 'Zoeken in:',
    allDocuments: 'alle documenten',
    searchWithout: (n) => `Zoeken zonder ${n}`,
    sources: 'Bronnen',
    insufficient: (s) => (s ? `Geen passage in ${s} beantwoordt dit duidelijk.` : 'Geen passage in de documenten beantwoordt dit duidelijk.'),
    closestHeading: 'Dichtstbijzijnde passages — geen ervan beantwoordt de vraag',
    closest: 'Dichtstbij',
    context: 'Context',
    contextTitle: 'Getoond als context: het antwoord citeert dit niet',
    why: 'Waarom',
    whichDocument: 'Welk document bedoelt u?',
    closestDocuments: 'Meest verwante documenten',
    searchAllDocuments: 'Zoeken in alle documenten',
    elsewhere: (n) => `Andere documenten beantwoorden dit: ${n}.`,
    searchAllDocumentsFor: 'Voor deze vraag in alle documenten zoeken',
    stopped: 'Gestopt',
    extractive: 'Letterlijke passages (zonder taalmodel)',
    writtenBy: (m) => `Geschreven door ${m}`,
    beyondDocuments: 'Gaat verder dan de documenten: zinnen zonder bronvermelding zijn de redenering van het model.',
    changedSince: 'De documenten zijn gewijzigd sinds dit antwoord.',
    askAgain: 'Opnieuw vragen',
    working: 'Bezig…',
    modelNotUsed: (r) => `het taalmodel is niet gebruikt: ${r}`,
    aLanguageModel: 'een taalmodel',
    couldNotAnswer: 'De vraag kon niet worden beantwoord.',
    inLanguage: (l) => `documenten in het ${l}`,
    searchAll: 'Alle documenten doorzoeken',
  },
  pt: {
    searchingIn: 'A pesquisar em:',
    allDocuments: 'todos os documentos',
    searchWithout: (n) => `Pesquisar sem ${n}`,
    sources: 'Fontes',
    insufficient: (s) => (s ? `Nenhuma passagem de ${s} responde claramente a isto.` : 'Nenhuma passagem dos documentos responde claramente a isto.'),
    closestHeading: 'Passagens mais próximas — nenhuma responde à pergunta',
    closest: 'Mais próxima',
    context: 'Contexto',
    contextTitle: 'Mostrado como contexto: a resposta não o cita',
    why: 'Porquê',
    whichDocument: 'A que documento se refere?',
    closestDocuments: 'Documentos mais próximos',
    searchAllDocuments: 'Pesquisar em todos os documentos',
    elsewhere: (n) => `Outros documentos respondem a isto: ${n}.`,
    searchAllDocumentsFor: 'Pesquisar em todos os documentos para esta pergunta',
    stopped: 'Interrompido',
    extractive: 'Passagens literais (sem modelo de linguagem)',
    writtenBy: (m) => `Escrito por ${m}`,
    beyondDocuments: 'Vai além dos documentos: as frases sem citação são raciocínio do modelo.',
    changedSince: 'Os documentos mudaram desde esta resposta.',
    askAgain: 'Perguntar de novo',
    working: 'A processar…',
    modelNotUsed: (r) => `o modelo de linguagem não foi usado: ${r}`,
    aLanguageModel: 'um modelo de linguagem',
    couldNotAnswer: 'Não foi possível responder à pergunta.',
    inLanguage: (l) => `documentos em ${l}`,
    searchAll: 'Pesquisar em todos os documentos',
  },
};

/** The turn's labels in its language, else in `fallback` (the app's language). */
export function turnStrings(language: string | null | undefined, fallback: 'en' | 'fr' | 'de' = 'en'): TurnStrings {
  return STRINGS[isUiLanguage(language) ? language : fallback];
}

/** Every language's turn labels (for the completeness test). */
export const TURN_STRINGS = STRINGS;
