/**
 * The labels of a conversation turn in the language the turn was answered in (the answer
 * layer's reply language): a French question gets French headings around its French answer.
 * Languages without an entry get English, as in the answer layer's own messages.
 */
import { isUiLanguage, type UiLanguage } from '../core/answer/messages';

export interface TurnStrings {
  readonly searchingIn: string;
  readonly allDocuments: string;
  readonly searchWithout: (name: string) => string;
  readonly sources: string;
  /** scope null: the whole workspace. */
  readonly insufficient: (scope: string | null) => string;
  readonly closestHeading: string;
  readonly closest: string;
  readonly why: string;
  readonly whichDocument: string;
  /** Above the closest documents when none matches the name the question used. */
  readonly closestDocuments: string;
  readonly searchAllDocuments: string;
  /** Its accessible name: the scope bar has a "Search all documents" of its own (it clears the filter). */
  readonly searchAllDocumentsFor: string;
  readonly stopped: string;
  readonly extractive: string;
  readonly writtenBy: (model: string) => string;
  readonly beyondDocuments: string;
  readonly changedSince: string;
  readonly askAgain: string;
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
    why: 'Why',
    whichDocument: 'Which document do you mean?',
    closestDocuments: 'Closest documents',
    searchAllDocuments: 'Search all documents',
    searchAllDocumentsFor: 'Search all documents for this question',
    stopped: 'Stopped',
    extractive: 'Verbatim passages (no language model)',
    writtenBy: (m) => `Written by ${m}`,
    beyondDocuments: 'Goes beyond the documents: sentences without a citation are the model’s own reasoning.',
    changedSince: 'Documents changed since this answer.',
    askAgain: 'Ask again',
  },
  fr: {
    searchingIn: 'Recherche dans :',
    allDocuments: 'tous les documents',
    searchWithout: (n) => `Chercher sans ${n}`,
    sources: 'Sources',
    insufficient: (s) => (s ? `Aucun passage de ${s} ne répond clairement à cette question.` : 'Aucun passage des documents ne répond clairement à cette question.'),
    closestHeading: 'Passages les plus proches — aucun ne répond à la question',
    closest: 'Le plus proche',
    why: 'Pourquoi',
    whichDocument: 'De quel document s’agit-il ?',
    closestDocuments: 'Documents les plus proches',
    searchAllDocuments: 'Chercher dans tous les documents',
    searchAllDocumentsFor: 'Chercher dans tous les documents pour cette question',
    stopped: 'Arrêté',
    extractive: 'Passages cités mot pour mot (sans modèle de langue)',
    writtenBy: (m) => `Rédigé par ${m}`,
    beyondDocuments: 'Va au-delà des documents : les phrases sans citation relèvent du raisonnement du modèle.',
    changedSince: 'Les documents ont changé depuis cette réponse.',
    askAgain: 'Reposer la question',
  },
  de: {
    searchingIn: 'Suche in:',
    allDocuments: 'allen Dokumenten',
    searchWithout: (n) => `Ohne ${n} suchen`,
    sources: 'Quellen',
    insufficient: (s) => (s ? `Keine Textstelle in ${s} beantwortet dies eindeutig.` : 'Keine Textstelle der Dokumente beantwortet dies eindeutig.'),
    closestHeading: 'Nächstliegende Textstellen — keine beantwortet die Frage',
    closest: 'Nächstliegend',
    why: 'Warum',
    whichDocument: 'Welches Dokument meinen Sie?',
    closestDocuments: 'Ähnlichste Dokumente',
    searchAllDocuments: 'In allen Dokumenten suchen',
    searchAllDocumentsFor: 'Für diese Frage in allen Dokumenten suchen',
    stopped: 'Gestoppt',
    extractive: 'Wörtliche Textstellen (ohne Sprachmodell)',
    writtenBy: (m) => `Geschrieben von ${m}`,
    beyondDocuments: 'Geht über die Dokumente hinaus: Sätze ohne Quellenangabe sind Überlegungen des Modells.',
    changedSince: 'Die Dokumente haben sich seit dieser Antwort geändert.',
    askAgain: 'Erneut fragen',
  },
  es: {
    searchingIn: 'Buscando en:',
    allDocuments: 'todos los documentos',
    searchWithout: (n) => `Buscar sin ${n}`,
    sources: 'Fuentes',
    insufficient: (s) => (s ? `Ningún pasaje de ${s} responde claramente a esto.` : 'Ningún pasaje de los documentos responde claramente a esto.'),
    closestHeading: 'Pasajes más cercanos — ninguno responde a la pregunta',
    closest: 'Más cercano',
    why: 'Por qué',
    whichDocument: '¿A qué documento se refiere?',
    closestDocuments: 'Documentos más cercanos',
    searchAllDocuments: 'Buscar en todos los documentos',
    searchAllDocumentsFor: 'Buscar en todos los documentos para esta pregunta',
    stopped: 'Detenido',
    extractive: 'Pasajes literales (sin modelo de lenguaje)',
    writtenBy: (m) => `Redactado por ${m}`,
    beyondDocuments: 'Va más allá de los documentos: las frases sin cita son razonamiento del modelo.',
    changedSince: 'Los documentos han cambiado desde esta respuesta.',
    askAgain: 'Preguntar de nuevo',
  },
  it: {
    searchingIn: 'Ricerca in:',
    allDocuments: 'tutti i documenti',
    searchWithout: (n) => `Cerca senza ${n}`,
    sources: 'Fonti',
    insufficient: (s) => (s ? `Nessun passaggio di ${s} risponde chiaramente.` : 'Nessun passaggio dei documenti risponde chiaramente.'),
    closestHeading: 'Passaggi più vicini — nessuno risponde alla domanda',
    closest: 'Più vicino',
    why: 'Perché',
    whichDocument: 'Quale documento intendi?',
    closestDocuments: 'Documenti più vicini',
    searchAllDocuments: 'Cerca in tutti i documenti',
    searchAllDocumentsFor: 'Cerca in tutti i documenti per questa domanda',
    stopped: 'Interrotto',
    extractive: 'Passaggi testuali (senza modello linguistico)',
    writtenBy: (m) => `Scritto da ${m}`,
    beyondDocuments: 'Va oltre i documenti: le frasi senza citazione sono ragionamento del modello.',
    changedSince: 'I documenti sono cambiati dopo questa risposta.',
    askAgain: 'Chiedi di nuovo',
  },
  nl: {
    searchingIn: 'Zoeken in:',
    allDocuments: 'alle documenten',
    searchWithout: (n) => `Zoeken zonder ${n}`,
    sources: 'Bronnen',
    insufficient: (s) => (s ? `Geen passage in ${s} beantwoordt dit duidelijk.` : 'Geen passage in de documenten beantwoordt dit duidelijk.'),
    closestHeading: 'Dichtstbijzijnde passages — geen ervan beantwoordt de vraag',
    closest: 'Dichtstbij',
    why: 'Waarom',
    whichDocument: 'Welk document bedoelt u?',
    closestDocuments: 'Meest verwante documenten',
    searchAllDocuments: 'Zoeken in alle documenten',
    searchAllDocumentsFor: 'Voor deze vraag in alle documenten zoeken',
    stopped: 'Gestopt',
    extractive: 'Letterlijke passages (zonder taalmodel)',
    writtenBy: (m) => `Geschreven door ${m}`,
    beyondDocuments: 'Gaat verder dan de documenten: zinnen zonder bronvermelding zijn de redenering van het model.',
    changedSince: 'De documenten zijn gewijzigd sinds dit antwoord.',
    askAgain: 'Opnieuw vragen',
  },
  pt: {
    searchingIn: 'A pesquisar em:',
    allDocuments: 'todos os documentos',
    searchWithout: (n) => `Pesquisar sem ${n}`,
    sources: 'Fontes',
    insufficient: (s) => (s ? `Nenhuma passagem de ${s} responde claramente a isto.` : 'Nenhuma passagem dos documentos responde claramente a isto.'),
    closestHeading: 'Passagens mais próximas — nenhuma responde à pergunta',
    closest: 'Mais próxima',
    why: 'Porquê',
    whichDocument: 'A que documento se refere?',
    closestDocuments: 'Documentos mais próximos',
    searchAllDocuments: 'Pesquisar em todos os documentos',
    searchAllDocumentsFor: 'Pesquisar em todos os documentos para esta pergunta',
    stopped: 'Interrompido',
    extractive: 'Passagens literais (sem modelo de linguagem)',
    writtenBy: (m) => `Escrito por ${m}`,
    beyondDocuments: 'Vai além dos documentos: as frases sem citação são raciocínio do modelo.',
    changedSince: 'Os documentos mudaram desde esta resposta.',
    askAgain: 'Perguntar de novo',
  },
};

export function turnStrings(language: string | null | undefined): TurnStrings {
  return STRINGS[isUiLanguage(language) ? language : 'en'];
}
