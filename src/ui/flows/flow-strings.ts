/**
 * The words of a flow in the conversation — approval card, progress and place in line, the
 * table of findings and its exports, a document table — in the app's languages; a flow's card
 * follows the language of its turn, like the turn's other labels.
 */
import type { FlowRow } from '../../core/workspace/flows';
import type { Table } from '../i18n/language';

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export interface FlowStrings {
  readonly reviewAgainst: (n: number) => string;
  readonly askEach: (n: number) => string;
  readonly question: string;
  readonly documentsOneAtATime: (n: number) => string;
  readonly andMore: (n: number) => string;
  readonly estimatedTime: string;
  readonly estimating: string;
  readonly estimatingWhy: string;
  readonly perDocument: (each: string) => string;
  readonly playbook: string;
  readonly choosePlaybook: string;
  readonly nothingRuns: string;
  readonly run: string;
  readonly cancel: string;
  readonly importFolder: (folder: string | null) => string;
  readonly importNote: string;
  readonly chooseFolder: string;
  readonly noFolderChosen: string;
  // progress
  readonly inLine: (position: number) => string;
  readonly startsIn: (time: string) => string;
  readonly progress: (done: number, total: number) => string;
  readonly reading: (name: string) => string;
  readonly composing: string;
  readonly left: (time: string) => string;
  readonly doneIn: (time: string) => string;
  readonly estimatingLeft: string;
  readonly progressOf: (question: string) => string;
  readonly documentsDone: (done: number, total: number) => string;
  readonly reviewing: string;
  readonly importing: string;
  readonly askingEach: string;
  readonly cancelAll: (n: number) => string;
  // the result
  readonly findings: (question: string) => string;
  readonly declined: (when: string) => string;
  readonly cancelledAfter: (done: number, total: number) => string;
  readonly interruptedAfter: (done: number, total: number) => string;
  readonly failedAfter: (done: number, total: number, error: string) => string;
  readonly unknownError: string;
  readonly writtenByModel: string;
  readonly verbatimFindings: string;
  readonly modelNotUsed: (reason: string) => string;
  readonly findingsPerDocument: string;
  readonly document: string;
  readonly finding: string;
  readonly where: string;
  readonly meetsIt: string;
  readonly value: string;
  readonly notStated: string;
  readonly verdicts: Readonly<Record<'yes' | 'no' | 'unclear', string>>;
  readonly passage: string;
  readonly rowStatus: Readonly<Record<FlowRow['status'], string>>;
  readonly open: (file: string, where: string) => string;
  readonly exportCsv: string;
  readonly exportXlsx: string;
  readonly notExported: (error: string) => string;
  // a document table
  readonly documents: string;
  readonly number: string;
  readonly language: string;
  readonly pages: string;
  readonly added: string;
  readonly unknown: string;
  readonly previous: string;
  readonly next: string;
}

export const FLOWS: Table<FlowStrings> = {
  en: {
    reviewAgainst: (k) => `Review ${n(k, 'document', 'documents')} against a playbook?`,
    askEach: (k) => (k === 1 ? 'Ask this document?' : `Ask each of ${k} documents?`),
    question: 'Question: ',
    documentsOneAtATime: (k) => `${n(k, 'document', 'documents')}, one at a time`,
    andMore: (k) => `… and ${k} more`,
    estimatedTime: 'Estimated time: ',
    estimating: 'estimating…',
    estimatingWhy: ' (known once the first documents are read: nothing measured on this device yet)',
    perDocument: (each) => ` (${each} per document on this device)`,
    playbook: 'Playbook',
    choosePlaybook: 'Choose a playbook…',
    nothingRuns: 'Nothing runs until you choose Run.',
    run: 'Run',
    cancel: 'Cancel',
    importFolder: (f) => (f ? `Import the folder ${f}?` : 'Import a folder?'),
    importNote: 'Run opens the folder picker; the folder’s documents are then read and indexed in this workspace.',
    chooseFolder: 'Choose the folder to import',
    noFolderChosen: 'No folder was chosen: nothing was imported. Choose Run to pick one, or Cancel.',
    inLine: (p) => `${p}${p % 100 >= 11 && p % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][p % 10] ?? 'th')} in line`,
    startsIn: (time) => `starts in ${time}`,
    progress: (done, total) => `${done} of ${total}`,
    reading: (name) => `reading ${name}`,
    composing: 'composing the answer',
    left: (time) => `${time} left`,
    doneIn: (time) => `done in ${time}`,
    estimatingLeft: 'estimating the time left…',
    progressOf: (q) => `Progress: ${q}`,
    documentsDone: (done, total) => `${done} of ${total} documents`,
    reviewing: 'Reviewing: ',
    importing: 'Importing: ',
    askingEach: 'Asking each document: ',
    cancelAll: (k) => `Cancel all (${k})`,
    findings: (q) => `Findings: ${q}`,
    declined: (when) => `You declined this on ${when}: nothing ran.`,
    cancelledAfter: (d, t) => `Cancelled after ${d} of ${t} documents.`,
    interruptedAfter: (d, t) => `Stopped by a reload after ${d} of ${t} documents.`,
    failedAfter: (d, t, e) => `Stopped by an error after ${d} of ${t} documents: ${e}`,
    unknownError: 'unknown error',
    writtenByModel: 'Written by the language model from the rows below',
    verbatimFindings: 'Verbatim findings (no language model)',
    modelNotUsed: (r) => ` · the language model was not used: ${r}`,
    findingsPerDocument: 'Findings per document',
    document: 'Document',
    finding: 'Finding',
    where: 'Where',
    meetsIt: 'Meets it?',
    value: 'Value',
    notStated: 'not stated',
    verdicts: { yes: 'Yes', no: 'No', unclear: 'Could not be judged' },
    passage: 'Passage',
    rowStatus: { found: 'Found', not_found: 'Not found', failed: 'Could not be searched' },
    open: (file, where) => `Open ${file}, ${where}`,
    exportCsv: 'Export CSV',
    exportXlsx: 'Export XLSX',
    notExported: (e) => `The table could not be exported: ${e}`,
    documents: 'Documents',
    number: 'No.',
    language: 'Language',
    pages: 'Pages',
    added: 'Added',
    unknown: 'unknown',
    previous: 'Previous',
    next: 'Next',
  },
  fr: {
    reviewAgainst: (k) => `Examiner ${n(k, 'document', 'documents')} selon un playbook ?`,
    askEach: (k) => (k === 1 ? 'Interroger ce document ?' : `Interroger chacun des ${k} documents ?`),
    question: 'Question : ',
    documentsOneAtATime: (k) => `${n(k, 'document', 'documents')}, l’un après l’autre`,
    andMore: (k) => `… et ${k} autres`,
    estimatedTime: 'Durée estimée : ',
    estimating: 'estimation…',
    estimatingWhy: ' (connue après la lecture des premiers documents : rien n’a encore été mesuré sur cet appareil)',
    perDocument: (each) => ` (${each} par document sur cet appareil)`,
    playbook: 'Playbook',
    choosePlaybook: 'Choisir un playbook…',
    nothingRuns: 'Rien ne démarre tant que vous n’avez pas choisi Exécuter.',
    run: 'Exécuter',
    cancel: 'Annuler',
    importFolder: (f) => (f ? `Importer le dossier ${f} ?` : 'Importer un dossier ?'),
    importNote: 'Exécuter ouvre le sélecteur de dossier ; les documents du dossier sont ensuite lus et indexés dans cet espace de travail.',
    chooseFolder: 'Choisir le dossier à importer',
    noFolderChosen: 'Aucun dossier choisi : rien n’a été importé. Choisissez Exécuter pour en sélectionner un, ou Annuler.',
    inLine: (p) => `${p}${p === 1 ? 're' : 'e'} dans la file`,
    startsIn: (time) => `début dans ${time}`,
    progress: (done, total) => `${done} sur ${total}`,
    reading: (name) => `lecture de ${name}`,
    composing: 'rédaction de la réponse',
    left: (time) => `encore ${time}`,
    doneIn: (time) => `terminé dans ${time}`,
    estimatingLeft: 'estimation du temps restant…',
    progressOf: (q) => `Avancement : ${q}`,
    documentsDone: (done, total) => `${done} ${done < 2 ? 'document' : 'documents'} sur ${total}`,
    reviewing: 'Examen : ',
    importing: 'Import : ',
    askingEach: 'Question posée à chaque document : ',
    cancelAll: (k) => `Tout annuler (${k})`,
    findings: (q) => `Constats : ${q}`,
    declined: (when) => `Vous avez refusé le ${when} : rien n’a été exécuté.`,
    cancelledAfter: (d, t) => `Annulé après ${d} ${d < 2 ? 'document' : 'documents'} sur ${t}.`,
    interruptedAfter: (d, t) => `Interrompu par un rechargement après ${d} ${d < 2 ? 'document' : 'documents'} sur ${t}.`,
    failedAfter: (d, t, e) => `Interrompu par une erreur après ${d} ${d < 2 ? 'document' : 'documents'} sur ${t} : ${e}`,
    unknownError: 'erreur inconnue',
    writtenByModel: 'Rédigé par le modèle de langue à partir des lignes ci-dessous',
    verbatimFindings: 'Constats mot pour mot (sans modèle de langue)',
    modelNotUsed: (r) => ` · le modèle de langue n’a pas été utilisé : ${r}`,
    findingsPerDocument: 'Constats par document',
    document: 'Document',
    finding: 'Constat',
    where: 'Où',
    meetsIt: 'Conforme ?',
    value: 'Valeur',
    notStated: 'non précisé',
    verdicts: { yes: 'Oui', no: 'Non', unclear: 'Impossible à juger' },
    passage: 'Passage',
    rowStatus: { found: 'Trouvé', not_found: 'Introuvable', failed: 'Recherche impossible' },
    open: (file, where) => `Ouvrir ${file}, ${where}`,
    exportCsv: 'Exporter en CSV',
    exportXlsx: 'Exporter en XLSX',
    notExported: (e) => `Le tableau n’a pas pu être exporté : ${e}`,
    documents: 'Documents',
    number: 'N°',
    language: 'Langue',
    pages: 'Pages',
    added: 'Ajouté',
    unknown: 'inconnue',
    previous: 'Précédent',
    next: 'Suivant',
  },
  de: {
    reviewAgainst: (k) => `${n(k, 'Dokument', 'Dokumente')} anhand eines Playbooks prüfen?`,
    askEach: (k) => (k === 1 ? 'Dieses Dokument fragen?' : `Jedes der ${k} Dokumente fragen?`),
    question: 'Frage: ',
    documentsOneAtATime: (k) => `${n(k, 'Dokument', 'Dokumente')}, eines nach dem anderen`,
    andMore: (k) => `… und ${k} weitere`,
    estimatedTime: 'Geschätzte Dauer: ',
    estimating: 'wird geschätzt…',
    estimatingWhy: ' (bekannt, sobald die ersten Dokumente gelesen sind: auf diesem Gerät noch nichts gemessen)',
    perDocument: (each) => ` (${each} pro Dokument auf diesem Gerät)`,
    playbook: 'Playbook',
    choosePlaybook: 'Playbook wählen…',
    nothingRuns: 'Nichts startet, bevor Sie Ausführen wählen.',
    run: 'Ausführen',
    cancel: 'Abbrechen',
    importFolder: (f) => (f ? `Den Ordner ${f} importieren?` : 'Einen Ordner importieren?'),
    importNote: 'Ausführen öffnet die Ordnerauswahl; die Dokumente des Ordners werden dann in diesem Arbeitsbereich gelesen und indexiert.',
    chooseFolder: 'Ordner zum Importieren wählen',
    noFolderChosen: 'Kein Ordner gewählt: Es wurde nichts importiert. Wählen Sie Ausführen, um einen zu wählen, oder Abbrechen.',
    inLine: (p) => `${p}. in der Warteschlange`,
    startsIn: (time) => `Start in ${time}`,
    progress: (done, total) => `${done} von ${total}`,
    reading: (name) => `liest ${name}`,
    composing: 'die Antwort wird verfasst',
    left: (time) => `noch ${time}`,
    doneIn: (time) => `fertig in ${time}`,
    estimatingLeft: 'Restzeit wird geschätzt…',
    progressOf: (q) => `Fortschritt: ${q}`,
    documentsDone: (done, total) => `${done} von ${total} Dokumenten`,
    reviewing: 'Prüfung: ',
    importing: 'Import: ',
    askingEach: 'Jedes Dokument wird gefragt: ',
    cancelAll: (k) => `Alle abbrechen (${k})`,
    findings: (q) => `Befunde: ${q}`,
    declined: (when) => `Sie haben dies am ${when} abgelehnt: Es lief nichts.`,
    cancelledAfter: (d, t) => `Abgebrochen nach ${d} von ${t} Dokumenten.`,
    interruptedAfter: (d, t) => `Durch Neuladen unterbrochen nach ${d} von ${t} Dokumenten.`,
    failedAfter: (d, t, e) => `Durch einen Fehler unterbrochen nach ${d} von ${t} Dokumenten: ${e}`,
    unknownError: 'unbekannter Fehler',
    writtenByModel: 'Vom Sprachmodell aus den Zeilen unten geschrieben',
    verbatimFindings: 'Wörtliche Befunde (ohne Sprachmodell)',
    modelNotUsed: (r) => ` · das Sprachmodell wurde nicht verwendet: ${r}`,
    findingsPerDocument: 'Befunde je Dokument',
    document: 'Dokument',
    finding: 'Befund',
    where: 'Fundstelle',
    meetsIt: 'Erfüllt?',
    value: 'Wert',
    notStated: 'nicht angegeben',
    verdicts: { yes: 'Ja', no: 'Nein', unclear: 'Nicht beurteilbar' },
    passage: 'Textstelle',
    rowStatus: { found: 'Gefunden', not_found: 'Nicht gefunden', failed: 'Nicht durchsuchbar' },
    open: (file, where) => `${file} öffnen, ${where}`,
    exportCsv: 'Als CSV exportieren',
    exportXlsx: 'Als XLSX exportieren',
    notExported: (e) => `Die Tabelle konnte nicht exportiert werden: ${e}`,
    documents: 'Dokumente',
    number: 'Nr.',
    language: 'Sprache',
    pages: 'Seiten',
    added: 'Hinzugefügt',
    unknown: 'unbekannt',
    previous: 'Zurück',
    next: 'Weiter',
  },
};

;
