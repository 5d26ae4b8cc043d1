/**
 * The words questions about the workspace itself are phrased with, per language: closed classes
 * (interrogatives, quantifiers, the nouns for a document, words for adding, statuses, formats,
 * time expressions, the facts of a document). Everything else in a question — its content —
 * is left over by the parser (parse.ts), and whether anything is left decides the route. Names
 * of languages come from Intl.DisplayNames, stop words from the analyzer's Snowball lists; these
 * tables hold only what no library knows. Adding a language is adding an entry.
 *
 * Phrases are written as people type them; matching folds case and diacritics. `#` stands for a
 * number written in digits.
 */
import type { DocKind } from './catalog';
import type { StatusGroup } from './filters';

export type FactKind = 'title' | 'parties' | 'pages' | 'language' | 'added' | 'source' | 'ocr_quality' | 'status';
export type Dimension = 'language' | 'kind' | 'status';
export type PeriodUnit = 'day' | 'week' | 'month';

/** A named period relative to now: from the start of the `unit` `offset` units back, until the start of `until` units back (absent: now). */
export interface NamedPeriod {
  readonly phrase: string;
  readonly unit: PeriodUnit;
  readonly offset: number;
  readonly until?: number;
}

export interface PhraseTable {
  /** "how many" */
  readonly count: readonly string[];
  /** "list", "show" */
  readonly list: readonly string[];
  /** "which", "what" */
  readonly which: readonly string[];
  /** "every", "each", "all" */
  readonly every: readonly string[];
  /** What a document is called, one and several. */
  readonly nouns: { readonly one: readonly string[]; readonly many: readonly string[] };
  /** Adding documents: "added", "uploaded". */
  readonly added: readonly string[];
  readonly searchable: readonly string[];
  readonly scanned: readonly string[];
  /** Before a language name: "in French", "en français", "auf Deutsch". */
  readonly inLanguage: readonly string[];
  /** A language not detected: "unknown language", "langue inconnue". */
  readonly unknownLanguage: readonly string[];
  readonly dimensions: Readonly<Record<Dimension, readonly string[]>>;
  readonly statuses: Readonly<Record<StatusGroup, readonly string[]>>;
  /** Formats; `many` forms are nouns on their own ("how many PDFs"), `one` forms qualify a noun ("PDF documents"). */
  readonly kinds: Readonly<Partial<Record<DocKind, { readonly one: readonly string[]; readonly many: readonly string[] }>>>;
  readonly periods: readonly NamedPeriod[];
  /** "in the last # days": `#` the number, then a unit word. */
  readonly lastN: readonly string[];
  readonly units: Readonly<Record<PeriodUnit, readonly string[]>>;
  /** Before a date: "since 2026-03-01". */
  readonly since: readonly string[];
  readonly folder: readonly string[];
  /** "page 2" of a list. */
  readonly page: readonly string[];
  /** Words naming the workspace itself ("in this workspace", "in total"). */
  readonly workspace: readonly string[];
  /** Asking for a summary ("summarize", "résume", "fasse zusammen"): each document's overview, not a fact. */
  readonly summary: readonly string[];
  /** Verbs of having ("has", "contains", "compte", "enthält"): they ask nothing of their own. */
  readonly have: readonly string[];
  /** Negations: a question with one is not an inventory question this parser can answer. */
  readonly negation: readonly string[];
  readonly facts: Readonly<Record<FactKind, readonly string[]>>;
}

const en: PhraseTable = {
  count: ['how many', 'number of', 'total number of', 'count', 'count of'],
  list: ['list', 'show', 'show me', 'display', 'enumerate', 'give me'],
  which: ['which', 'what'],
  every: ['every', 'each', 'all', 'all of the', 'all the'],
  nouns: { one: ['document', 'file', 'contract', 'agreement', 'doc'], many: ['documents', 'files', 'contracts', 'agreements', 'docs'] },
  added: ['add', 'added', 'upload', 'uploaded', 'import', 'imported', 'new'],
  searchable: ['searchable', 'indexed', 'queryable'],
  scanned: ['scanned', 'scans', 'ocr', 'ocred', "ocr'd"],
  inLanguage: ['in', 'written in'],
  unknownLanguage: ['unknown language', 'unknown languages', 'language unknown', 'no language', 'undetected language', 'unknown'],
  dimensions: { language: ['language', 'languages'], kind: ['type', 'types', 'format', 'formats', 'file type', 'file types'], status: ['status', 'statuses', 'state'] },
  statuses: { ready: ['ready'], degraded: ['degraded'], failed: ['failed', 'failing', 'broken', 'errors'], pending: ['queued', 'pending', 'processing', 'in progress'] },
  kinds: {
    pdf: { one: ['pdf'], many: ['pdfs'] },
    word: { one: ['word', 'docx'], many: ['word files', 'word documents', 'docx files'] },
    html: { one: ['html', 'web'], many: ['web pages', 'html files'] },
    text: { one: ['text', 'txt'], many: ['text files'] },
    markdown: { one: ['markdown'], many: ['markdown files'] },
    image: { one: ['image'], many: ['images'] },
  },
  periods: [
    { phrase: 'today', unit: 'day', offset: 0 },
    { phrase: 'yesterday', unit: 'day', offset: 1, until: 0 },
    { phrase: 'this week', unit: 'week', offset: 0 },
    { phrase: 'last week', unit: 'week', offset: 1, until: 0 },
    { phrase: 'past week', unit: 'week', offset: 1, until: 0 },
    { phrase: 'this month', unit: 'month', offset: 0 },
    { phrase: 'last month', unit: 'month', offset: 1, until: 0 },
    { phrase: 'past month', unit: 'month', offset: 1, until: 0 },
  ],
  lastN: ['in the last #', 'in the past #', 'over the last #', 'during the last #', 'last #', 'past #'],
  units: { day: ['day', 'days'], week: ['week', 'weeks'], month: ['month', 'months'] },
  since: ['since', 'after', 'from'],
  folder: ['folder', 'directory', 'subfolder'],
  page: ['page'],
  workspace: ['workspace', 'this workspace', 'here', 'in total', 'total', 'altogether', 'currently', 'now', 'available', 'loaded', 'there', 'we have', 'do we have', 'i have'],
  summary: ['summarize', 'summarise', 'summary', 'summaries', 'overview', 'gist'],
  have: ['have', 'has', 'contain', 'contains', 'include', 'includes', 'hold', 'holds', 'comprise', 'comprises'],
  negation: ['not', "n't", 'no', 'without', 'except', 'never'],
  facts: {
    title: ['title', 'called', 'named', 'full name'],
    // "who signed the NDA?" asks its parties; "when was it signed?" its date (the ask path).
    parties: ['party', 'parties', 'signatories', 'who signed', 'signed by', 'signatory', 'between whom'],
    // "How long is the supply agreement?" asks its term (the ask path), not its page count.
    pages: ['pages', 'page count', 'how many pages'],
    language: ['language', 'written in'],
    added: ['added', 'uploaded', 'imported', 'when added'],
    source: ['folder', 'path', 'file name', 'filename', 'stored', 'located', 'where', 'source', 'come from'],
    ocr_quality: ['ocr', 'ocr quality', 'scan quality', 'recognition', 'recognised', 'recognized', 'legible', 'readable', 'quality'],
    status: ['status', 'state', 'ready', 'indexed', 'searchable', 'processed'],
  },
};

const fr: PhraseTable = {
  count: ['combien', 'nombre de', 'le nombre de', 'total de'],
  list: ['liste', 'lister', 'listez', 'liste moi', 'affiche', 'affichez', 'montre', 'montrez', 'montre moi', 'montrez moi', 'enumere', 'enumerez', 'donne moi', 'donnez moi'],
  which: ['quels', 'quelles', 'quel', 'quelle', 'lesquels', 'lesquelles', 'qu est ce que'],
  every: ['chaque', 'tous', 'toutes', 'tous les', 'toutes les', 'chacun', 'chacune', 'l ensemble des'],
  nouns: { one: ['document', 'fichier', 'contrat', 'accord', 'convention', 'piece'], many: ['documents', 'fichiers', 'contrats', 'accords', 'conventions', 'pieces'] },
  added: ['ajoute', 'ajoutes', 'ajoutee', 'ajoutees', 'ajouter', 'ajout', 'importe', 'importes', 'importees', 'televerse', 'televerses', 'charge', 'charges', 'nouveaux', 'nouvelles'],
  searchable: ['consultables', 'interrogeables', 'indexes', 'indexe', 'recherchables'],
  scanned: ['scannes', 'scanne', 'numerises', 'numerise', 'ocr'],
  inLanguage: ['en', 'redige en', 'rediges en', 'redigees en'],
  unknownLanguage: ['langue inconnue', 'langues inconnues', 'sans langue', 'inconnue', 'inconnues'],
  dimensions: { language: ['langue', 'langues'], kind: ['type', 'types', 'format', 'formats'], status: ['statut', 'statuts', 'etat'] },
  statuses: { ready: ['pret', 'prets', 'prete', 'pretes'], degraded: ['degrade', 'degrades'], failed: ['echoue', 'echoues', 'echec', 'echecs', 'erreur', 'erreurs'], pending: ['en attente', 'en cours'] },
  kinds: {
    pdf: { one: ['pdf'], many: ['pdfs'] },
    word: { one: ['word', 'docx'], many: ['fichiers word', 'documents word'] },
    html: { one: ['html', 'web'], many: ['pages web'] },
    text: { one: ['texte', 'txt'], many: ['fichiers texte'] },
    markdown: { one: ['markdown'], many: ['fichiers markdown'] },
    image: { one: ['image'], many: ['images'] },
  },
  periods: [
    { phrase: 'aujourd hui', unit: 'day', offset: 0 },
    { phrase: 'hier', unit: 'day', offset: 1, until: 0 },
    { phrase: 'cette semaine', unit: 'week', offset: 0 },
    { phrase: 'la semaine derniere', unit: 'week', offset: 1, until: 0 },
    { phrase: 'semaine derniere', unit: 'week', offset: 1, until: 0 },
    { phrase: 'ce mois ci', unit: 'month', offset: 0 },
    { phrase: 'ce mois', unit: 'month', offset: 0 },
    { phrase: 'le mois dernier', unit: 'month', offset: 1, until: 0 },
    { phrase: 'mois dernier', unit: 'month', offset: 1, until: 0 },
  ],
  lastN: ['au cours des #', 'ces #', 'les #', 'depuis #'],
  units: { day: ['derniers jours', 'jours', 'jour'], week: ['dernieres semaines', 'semaines', 'semaine'], month: ['derniers mois', 'mois'] },
  since: ['depuis le', 'depuis', 'apres le', 'a partir du'],
  folder: ['dossier', 'repertoire', 'sous dossier'],
  page: ['page'],
  workspace: ['espace de travail', 'espace', 'ici', 'au total', 'en tout', 'actuellement', 'disponibles', 'il y a', 'y a t il', 'avons nous', 'nous avons', 'ai je', 'j ai'],
  summary: ['resume', 'resumer', 'resumez', 'resumes', 'synthese', 'syntheses', 'apercu'],
  have: ['a', 'ont', 'compte', 'comptent', 'comporte', 'comportent', 'contient', 'contiennent', 'fait', 'font', 'possede', 'possedent', 'inclut', 'incluent', 'prevoit', 'prevoient'],
  negation: ['pas', 'ne', 'n', 'sans', 'sauf', 'aucun', 'aucune', 'jamais'],
  facts: {
    title: ['titre', 'intitule', 'appelle', 'nom complet'],
    parties: ['parties', 'partie', 'signataires', 'qui a signe', 'signe par', 'signataire'],
    pages: ['pages', 'nombre de pages', 'longueur'],
    language: ['langue', 'redige'],
    added: ['ajoute', 'ajoutee', 'importe', 'importee', 'date d ajout'],
    source: ['dossier', 'chemin', 'emplacement', 'ou', 'nom de fichier', 'provient', 'vient'],
    ocr_quality: ['ocr', 'qualite', 'reconnaissance', 'lisible', 'qualite de l ocr'],
    status: ['statut', 'etat', 'indexe', 'pret', 'consultable'],
  },
};

const de: PhraseTable = {
  count: ['wie viele', 'wieviele', 'anzahl', 'anzahl der', 'gesamtzahl'],
  list: ['liste', 'listen', 'liste auf', 'auflisten', 'zeige', 'zeig', 'zeigen', 'zeig mir', 'zeige mir', 'nenne', 'nenn', 'gib mir'],
  which: ['welche', 'welcher', 'welches', 'welchen', 'was'],
  every: ['jede', 'jeder', 'jedes', 'jedem', 'jeden', 'alle', 'allen', 'samtliche', 'saemtliche'],
  nouns: { one: ['dokument', 'datei', 'vertrag', 'vereinbarung'], many: ['dokumente', 'dokumenten', 'dateien', 'vertrage', 'vertragen', 'vereinbarungen'] },
  added: ['hinzugefugt', 'hinzufugen', 'hochgeladen', 'importiert', 'eingefugt', 'neu', 'neue', 'neuen'],
  searchable: ['durchsuchbar', 'durchsuchbare', 'indexiert', 'indexierte'],
  scanned: ['gescannt', 'gescannte', 'gescannten', 'ocr'],
  inLanguage: ['auf', 'in', 'verfasst in'],
  unknownLanguage: ['unbekannte sprache', 'unbekannter sprache', 'sprache unbekannt', 'ohne sprache', 'unbekannt', 'unbekannter'],
  dimensions: { language: ['sprache', 'sprachen'], kind: ['typ', 'typen', 'format', 'formate', 'dateityp', 'dateitypen'], status: ['status', 'zustand'] },
  statuses: { ready: ['bereit', 'fertig'], degraded: ['eingeschrankt', 'beeintrachtigt'], failed: ['fehlgeschlagen', 'fehlgeschlagene', 'fehlerhaft', 'fehlerhafte', 'fehler'], pending: ['wartend', 'ausstehend', 'in bearbeitung'] },
  kinds: {
    pdf: { one: ['pdf'], many: ['pdfs'] },
    word: { one: ['word', 'docx'], many: ['word dateien', 'word dokumente'] },
    html: { one: ['html', 'web'], many: ['webseiten'] },
    text: { one: ['text', 'txt'], many: ['textdateien'] },
    markdown: { one: ['markdown'], many: ['markdown dateien'] },
    image: { one: ['bild'], many: ['bilder'] },
  },
  periods: [
    { phrase: 'heute', unit: 'day', offset: 0 },
    { phrase: 'gestern', unit: 'day', offset: 1, until: 0 },
    { phrase: 'diese woche', unit: 'week', offset: 0 },
    { phrase: 'dieser woche', unit: 'week', offset: 0 },
    { phrase: 'letzte woche', unit: 'week', offset: 1, until: 0 },
    { phrase: 'letzten woche', unit: 'week', offset: 1, until: 0 },
    { phrase: 'vergangene woche', unit: 'week', offset: 1, until: 0 },
    { phrase: 'vergangenen woche', unit: 'week', offset: 1, until: 0 },
    { phrase: 'diesen monat', unit: 'month', offset: 0 },
    { phrase: 'diesem monat', unit: 'month', offset: 0 },
    { phrase: 'letzten monat', unit: 'month', offset: 1, until: 0 },
    { phrase: 'letzter monat', unit: 'month', offset: 1, until: 0 },
    { phrase: 'vergangenen monat', unit: 'month', offset: 1, until: 0 },
  ],
  lastN: ['in den letzten #', 'den letzten #', 'letzten #', 'seit #'],
  units: { day: ['tagen', 'tage', 'tag'], week: ['wochen', 'woche'], month: ['monaten', 'monate', 'monat'] },
  since: ['seit dem', 'seit', 'nach dem', 'ab dem'],
  folder: ['ordner', 'verzeichnis', 'unterordner'],
  page: ['seite'],
  workspace: ['arbeitsbereich', 'hier', 'insgesamt', 'gesamt', 'derzeit', 'aktuell', 'verfugbar', 'gibt es', 'haben wir', 'habe ich'],
  summary: ['zusammenfassung', 'zusammenfassungen', 'zusammenfassen', 'fasse zusammen', 'fasse', 'uberblick'],
  have: ['hat', 'haben', 'enthalt', 'enthalten', 'umfasst', 'umfassen', 'beinhaltet', 'beinhalten', 'sieht', 'vor'],
  negation: ['nicht', 'kein', 'keine', 'keinen', 'ohne', 'ausser', 'nie'],
  facts: {
    title: ['titel', 'heisst', 'name', 'vollstandiger name'],
    parties: ['parteien', 'partei', 'vertragsparteien', 'wer hat unterzeichnet', 'unterzeichnet von', 'unterzeichner'],
    pages: ['seiten', 'seitenzahl'],
    language: ['sprache', 'verfasst'],
    added: ['hinzugefugt', 'hochgeladen', 'importiert'],
    source: ['ordner', 'pfad', 'gespeichert', 'wo', 'dateiname', 'herkunft', 'stammt'],
    ocr_quality: ['ocr', 'qualitat', 'texterkennung', 'lesbar', 'erkennungsqualitat'],
    status: ['status', 'zustand', 'bereit', 'indexiert', 'durchsuchbar'],
  },
};

/** The languages this parser reads; others fall through to the ask path. */
export const PHRASES: Readonly<Record<string, PhraseTable>> = { en, fr, de };

/** Languages named in questions ("in French", "auf Deutsch"): ISO 639-1 codes, names from Intl.DisplayNames. */
export const NAMEABLE_LANGUAGES: readonly string[] = [
  'en', 'fr', 'de', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'fi', 'no', 'cs', 'sk', 'sl', 'hr', 'ro', 'bg', 'el', 'hu',
  'et', 'lv', 'lt', 'ga', 'mt', 'lb', 'ca', 'eu', 'gl', 'is', 'tr', 'ru', 'uk', 'sr', 'ar', 'he', 'fa', 'hi', 'zh', 'ja', 'ko', 'vi', 'th', 'id',
];
