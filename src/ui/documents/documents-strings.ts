/**
 * The words of the Documents panel — adding files and folders, each document's row, the import
 * job bar with its estimate — in the app's languages (see i18n/language.ts).
 */
import type { DocStatus } from '../../core/types';
import type { Table } from '../i18n/language';

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export interface DocumentsStrings {
  readonly documents: string;
  readonly count: (n: number) => string;
  readonly addFiles: string;
  readonly trySamples: string;
  readonly chooseFiles: string;
  readonly hint: string;
  readonly noDocuments: string;
  readonly noDocumentsHint: string;
  readonly listLabel: string;
  readonly deleteTitle: (name: string) => string;
  readonly deleteDocument: string;
  readonly deleteText: string;
  // a row
  readonly status: Readonly<Record<DocStatus, string>>;
  readonly whereFile: string;
  readonly pages: (n: number) => string;
  readonly passages: (n: number) => string;
  readonly language: string;
  readonly keywordsOnly: string;
  readonly notEmbedded: (model: string) => string;
  readonly someScans: string;
  readonly ocr: (onPages: string, confidence: number) => string;
  readonly ocrOnPages: (ocrPages: number, pages: number) => string;
  readonly title: string;
  readonly progressOf: (name: string) => string;
  readonly stages: Readonly<Record<string, string>>;
  readonly pageOf: (page: number, pages: number) => string;
  readonly enterPassword: string;
  readonly enterPasswordOf: (name: string) => string;
  readonly searchIn: string;
  readonly searchInOf: (name: string) => string;
  readonly searchInTitle: string;
  readonly delete: string;
  readonly deleteOf: (name: string) => string;
  // the drawer (narrow screens)
  readonly documentsCount: (n: number) => string;
  readonly drawerHint: string;
  readonly closeDocuments: string;
  // the import job bar
  readonly imports: string;
  readonly importing: (what: string) => string;
  readonly pausedImporting: (what: string) => string;
  readonly samples: string;
  readonly aFolder: string;
  readonly folder: (name: string) => string;
  readonly files: (n: number) => string;
  readonly counts: (done: number, files: string) => string;
  readonly estimating: string;
  readonly left: (time: string) => string;
  readonly reading: (name: string) => string;
  readonly indexing: (name: string) => string;
  readonly onPage: (page: number, pages: number) => string;
  readonly ocrMark: string;
  readonly overall: (title: string) => string;
  readonly pause: string;
  readonly resume: string;
  readonly cancelImport: string;
  readonly jobDone: (title: string, done: number, total: number) => string;
  readonly importFinished: string;
  // folders
  readonly openFolder: string;
  readonly openAnotherFolder: string;
  readonly chooseFolder: string;
  readonly noLiveSync: string;
  readonly skipped: (n: number) => string;
  readonly openedFolder: string;
  readonly folderLabel: string;
  readonly folderSynced: string;
  readonly neverScanned: string;
  readonly scannedNow: string;
  readonly scannedMinutes: (m: number) => string;
  readonly scannedAt: (when: string) => string;
  readonly rescanSummary: (added: number, changed: number, removed: number, unchanged: number, unreadable: number) => string;
  readonly scanning: string;
  readonly rescan: string;
  readonly allowAccess: (name: string) => string;
  readonly stopSyncing: string;
  readonly fileTypes: string;
  readonly typeLabels: Readonly<Record<'pdf' | 'word' | 'web' | 'text' | 'images', string>>;
  // storage full, passwords
  readonly didNotFit: (files: number, kept: string | null) => string;
  readonly keepPersistent: string;
  readonly persistent: string;
  readonly notPersistent: string;
  readonly unlock: (name: string) => string;
  readonly passwordText: string;
  readonly password: string;
  readonly unlockButton: string;
}

export const DOCUMENTS: Table<DocumentsStrings> = {
  en: {
    documents: 'Documents',
    count: (k) => n(k, 'document', 'documents'),
    addFiles: 'Add files',
    trySamples: 'Try sample documents',
    chooseFiles: 'Choose files to add',
    hint: 'PDF, Word, web pages, Markdown, text or scans. Drop files or a folder anywhere in this panel. Files never leave this device.',
    noDocuments: 'No documents yet.',
    noDocumentsHint: 'Add your contracts, or try the samples to see how Casefile finds and cites passages.',
    listLabel: 'Documents in this workspace',
    deleteTitle: (name) => `Delete “${name}”?`,
    deleteDocument: 'Delete document',
    deleteText: 'Its stored copy, passages and review flags are removed from this workspace. The file on your disk is not touched.',
    status: { queued: 'Queued', parsing: 'Reading', ocr: 'Reading scans', embedding: 'Embedding', ready: 'Ready', degraded: 'Ready (low quality)', failed: 'Failed' },
    whereFile: 'Where the file is',
    pages: (k) => n(k, 'page', 'pages'),
    passages: (k) => n(k, 'passage', 'passages'),
    language: 'Language',
    keywordsOnly: 'Keywords only',
    notEmbedded: (m) => `Not embedded with ${m} yet: found by keywords only`,
    someScans: 'Some pages were scans',
    ocr: (on, c) => `Text recognised (OCR)${on} · ${c}% confidence`,
    ocrOnPages: (o, p) => ` on ${o} of ${p} pages`,
    title: 'Title',
    progressOf: (name) => `Progress of ${name}`,
    stages: { Reading: 'Reading', 'Reading pages': 'Reading pages', Indexing: 'Indexing' },
    pageOf: (p, of) => `page ${p} of ${of}`,
    enterPassword: 'Enter password',
    enterPasswordOf: (name) => `Enter the password of ${name}`,
    searchIn: 'Search in this document',
    searchInOf: (name) => `Search in this document (${name})`,
    searchInTitle: 'Questions search only this document until you change it',
    delete: 'Delete',
    deleteOf: (name) => `Delete ${name}`,
    documentsCount: (k) => `Documents (${k})`,
    drawerHint: 'No documents yet: open Documents to add files or try the samples.',
    closeDocuments: 'Close documents',
    imports: 'Imports',
    importing: (what) => `Importing ${what}`,
    pausedImporting: (what) => `Paused: importing ${what}`,
    samples: 'samples',
    aFolder: 'a folder',
    folder: (name) => `folder ${name}`,
    files: (k) => n(k, 'file', 'files'),
    counts: (done, files) => `${done} of ${files}`,
    estimating: 'estimating the time left…',
    left: (time) => `${time} left`,
    reading: (name) => `reading ${name}`,
    indexing: (name) => `indexing ${name}`,
    onPage: (p, of) => `, page ${p} of ${of}`,
    ocrMark: ' (OCR)',
    overall: (title) => `${title}: overall progress`,
    pause: 'Pause',
    resume: 'Resume',
    cancelImport: 'Cancel import',
    jobDone: (title, done, total) => `${title}: ${done} of ${total} done`,
    importFinished: 'Import finished.',
    openFolder: 'Open folder',
    openAnotherFolder: 'Open another folder',
    chooseFolder: 'Choose a folder to import',
    noLiveSync: 'This browser copies a folder’s files in once. Live re-sync of a folder needs a Chromium-based browser (Chrome, Edge, Brave).',
    skipped: (k) => `${n(k, 'file', 'files')} of other types skipped.`,
    openedFolder: 'Opened folder',
    folderLabel: 'Folder',
    folderSynced: 'Folder kept in sync with this workspace',
    neverScanned: 'never scanned',
    scannedNow: 'scanned just now',
    scannedMinutes: (m) => `scanned ${m} min ago`,
    scannedAt: (when) => `scanned ${when}`,
    rescanSummary: (a, c, r, u, x) => `${a} new · ${c} changed · ${r} removed · ${u} unchanged${x ? ` · ${x} unreadable` : ''}`,
    scanning: 'Scanning…',
    rescan: 'Rescan',
    allowAccess: (name) => `Allow access to ${name}`,
    stopSyncing: 'Stop syncing',
    fileTypes: 'File types to include',
    typeLabels: { pdf: 'PDF', word: 'Word', web: 'Web pages', text: 'Text & Markdown', images: 'Images' },
    didNotFit: (f, kept) => `${n(f, 'file', 'files')} did not fit in this browser’s storage${kept ? ` (Casefile keeps ${kept} MB)` : ''}. Delete documents or workspaces you no longer need (Settings → Storage shows what each keeps), then add the files again.`,
    keepPersistent: 'Keep documents persistently',
    persistent: 'Storage is now persistent.',
    notPersistent: 'The browser did not grant persistent storage.',
    unlock: (name) => `Unlock ${name}`,
    passwordText: 'This document is protected by a password. Casefile uses it once to read the document and does not store it.',
    password: 'Password',
    unlockButton: 'Unlock',
  },
  fr: {
    documents: 'Documents',
    count: (k) => n(k, 'document', 'documents'),
    addFiles: 'Ajouter des fichiers',
    trySamples: 'Essayer des exemples',
    chooseFiles: 'Choisir les fichiers à ajouter',
    hint: 'PDF, Word, pages web, Markdown, texte ou scans. Déposez des fichiers ou un dossier n’importe où dans ce panneau. Les fichiers ne quittent jamais cet appareil.',
    noDocuments: 'Aucun document pour l’instant.',
    noDocumentsHint: 'Ajoutez vos contrats, ou essayez les exemples pour voir comment Casefile trouve et cite les passages.',
    listLabel: 'Documents de cet espace de travail',
    deleteTitle: (name) => `Supprimer « ${name} » ?`,
    deleteDocument: 'Supprimer le document',
    deleteText: 'Sa copie conservée, ses passages et ses alertes d’examen sont retirés de cet espace de travail. Le fichier sur votre disque n’est pas touché.',
    status: { queued: 'En attente', parsing: 'Lecture', ocr: 'Lecture des scans', embedding: 'Vectorisation', ready: 'Prêt', degraded: 'Prêt (qualité faible)', failed: 'Échec' },
    whereFile: 'Emplacement du fichier',
    pages: (k) => n(k, 'page', 'pages'),
    passages: (k) => n(k, 'passage', 'passages'),
    language: 'Langue',
    keywordsOnly: 'Mots-clés seulement',
    notEmbedded: (m) => `Pas encore vectorisé avec ${m} : trouvé par mots-clés seulement`,
    someScans: 'Certaines pages étaient des scans',
    ocr: (on, c) => `Texte reconnu (OCR)${on} · confiance ${c} %`,
    ocrOnPages: (o, p) => ` sur ${o} des ${p} pages`,
    title: 'Titre',
    progressOf: (name) => `Avancement de ${name}`,
    stages: { Reading: 'Lecture', 'Reading pages': 'Lecture des pages', Indexing: 'Indexation' },
    pageOf: (p, of) => `page ${p} sur ${of}`,
    enterPassword: 'Saisir le mot de passe',
    enterPasswordOf: (name) => `Saisir le mot de passe de ${name}`,
    searchIn: 'Chercher dans ce document',
    searchInOf: (name) => `Chercher dans ce document (${name})`,
    searchInTitle: 'Les questions ne portent que sur ce document jusqu’à ce que vous changiez',
    delete: 'Supprimer',
    deleteOf: (name) => `Supprimer ${name}`,
    documentsCount: (k) => `Documents (${k})`,
    drawerHint: 'Aucun document pour l’instant : ouvrez Documents pour ajouter des fichiers ou essayer les exemples.',
    closeDocuments: 'Fermer les documents',
    imports: 'Imports',
    importing: (what) => `Import de ${what}`,
    pausedImporting: (what) => `En pause : import de ${what}`,
    samples: 'exemples',
    aFolder: 'un dossier',
    folder: (name) => `dossier ${name}`,
    files: (k) => n(k, 'fichier', 'fichiers'),
    counts: (done, files) => `${done} sur ${files}`,
    estimating: 'estimation du temps restant…',
    left: (time) => `encore ${time}`,
    reading: (name) => `lecture de ${name}`,
    indexing: (name) => `indexation de ${name}`,
    onPage: (p, of) => `, page ${p} sur ${of}`,
    ocrMark: ' (OCR)',
    overall: (title) => `${title} : avancement global`,
    pause: 'Pause',
    resume: 'Reprendre',
    cancelImport: 'Annuler l’import',
    jobDone: (title, done, total) => `${title} : ${done} sur ${total} terminés`,
    importFinished: 'Import terminé.',
    openFolder: 'Ouvrir un dossier',
    openAnotherFolder: 'Ouvrir un autre dossier',
    chooseFolder: 'Choisir le dossier à importer',
    noLiveSync: 'Ce navigateur copie les fichiers d’un dossier une seule fois. La resynchronisation d’un dossier demande un navigateur basé sur Chromium (Chrome, Edge, Brave).',
    skipped: (k) => `${n(k, 'fichier', 'fichiers')} d’autres types ignorés.`,
    openedFolder: 'Dossier ouvert',
    folderLabel: 'Dossier',
    folderSynced: 'Dossier synchronisé avec cet espace de travail',
    neverScanned: 'jamais parcouru',
    scannedNow: 'parcouru à l’instant',
    scannedMinutes: (m) => `parcouru il y a ${m} min`,
    scannedAt: (when) => `parcouru le ${when}`,
    rescanSummary: (a, c, r, u, x) => `${a} nouveaux · ${c} modifiés · ${r} retirés · ${u} inchangés${x ? ` · ${x} illisibles` : ''}`,
    scanning: 'Parcours…',
    rescan: 'Parcourir à nouveau',
    allowAccess: (name) => `Autoriser l’accès à ${name}`,
    stopSyncing: 'Arrêter la synchronisation',
    fileTypes: 'Types de fichiers à inclure',
    typeLabels: { pdf: 'PDF', word: 'Word', web: 'Pages web', text: 'Texte et Markdown', images: 'Images' },
    didNotFit: (f, kept) => `${n(f, 'fichier n’a', 'fichiers n’ont')} pas tenu dans le stockage de ce navigateur${kept ? ` (Casefile y conserve ${kept} Mo)` : ''}. Supprimez les documents ou espaces de travail devenus inutiles (Réglages → Stockage indique ce que chacun conserve), puis ajoutez de nouveau les fichiers.`,
    keepPersistent: 'Conserver les documents durablement',
    persistent: 'Le stockage est désormais persistant.',
    notPersistent: 'Le navigateur n’a pas accordé le stockage persistant.',
    unlock: (name) => `Déverrouiller ${name}`,
    passwordText: 'Ce document est protégé par un mot de passe. Casefile l’utilise une fois pour lire le document et ne le conserve pas.',
    password: 'Mot de passe',
    unlockButton: 'Déverrouiller',
  },
  de: {
    documents: 'Dokumente',
    count: (k) => n(k, 'Dokument', 'Dokumente'),
    addFiles: 'Dateien hinzufügen',
    trySamples: 'Beispieldokumente ausprobieren',
    chooseFiles: 'Dateien zum Hinzufügen wählen',
    hint: 'PDF, Word, Webseiten, Markdown, Text oder Scans. Ziehen Sie Dateien oder einen Ordner irgendwo in diesen Bereich. Dateien verlassen dieses Gerät nie.',
    noDocuments: 'Noch keine Dokumente.',
    noDocumentsHint: 'Fügen Sie Ihre Verträge hinzu oder probieren Sie die Beispiele, um zu sehen, wie Casefile Textstellen findet und belegt.',
    listLabel: 'Dokumente in diesem Arbeitsbereich',
    deleteTitle: (name) => `„${name}“ löschen?`,
    deleteDocument: 'Dokument löschen',
    deleteText: 'Seine gespeicherte Kopie, Textstellen und Prüfhinweise werden aus diesem Arbeitsbereich entfernt. Die Datei auf Ihrem Datenträger bleibt unberührt.',
    status: { queued: 'Wartet', parsing: 'Wird gelesen', ocr: 'Scans werden gelesen', embedding: 'Wird eingebettet', ready: 'Bereit', degraded: 'Bereit (geringe Qualität)', failed: 'Fehlgeschlagen' },
    whereFile: 'Speicherort der Datei',
    pages: (k) => n(k, 'Seite', 'Seiten'),
    passages: (k) => n(k, 'Textstelle', 'Textstellen'),
    language: 'Sprache',
    keywordsOnly: 'Nur Stichwörter',
    notEmbedded: (m) => `Noch nicht mit ${m} eingebettet: nur über Stichwörter auffindbar`,
    someScans: 'Einige Seiten waren Scans',
    ocr: (on, c) => `Text erkannt (OCR)${on} · ${c} % Sicherheit`,
    ocrOnPages: (o, p) => ` auf ${o} von ${p} Seiten`,
    title: 'Titel',
    progressOf: (name) => `Fortschritt von ${name}`,
    stages: { Reading: 'Wird gelesen', 'Reading pages': 'Seiten werden gelesen', Indexing: 'Wird indexiert' },
    pageOf: (p, of) => `Seite ${p} von ${of}`,
    enterPassword: 'Passwort eingeben',
    enterPasswordOf: (name) => `Passwort von ${name} eingeben`,
    searchIn: 'Dieses Dokument durchsuchen',
    searchInOf: (name) => `Dieses Dokument durchsuchen (${name})`,
    searchInTitle: 'Fragen durchsuchen nur dieses Dokument, bis Sie es ändern',
    delete: 'Löschen',
    deleteOf: (name) => `${name} löschen`,
    documentsCount: (k) => `Dokumente (${k})`,
    drawerHint: 'Noch keine Dokumente: Öffnen Sie Dokumente, um Dateien hinzuzufügen oder die Beispiele auszuprobieren.',
    closeDocuments: 'Dokumente schließen',
    imports: 'Importe',
    importing: (what) => `Import von ${what}`,
    pausedImporting: (what) => `Angehalten: Import von ${what}`,
    samples: 'Beispielen',
    aFolder: 'einem Ordner',
    folder: (name) => `Ordner ${name}`,
    files: (k) => n(k, 'Datei', 'Dateien'),
    counts: (done, files) => `${done} von ${files}`,
    estimating: 'Restzeit wird geschätzt…',
    left: (time) => `noch ${time}`,
    reading: (name) => `liest ${name}`,
    indexing: (name) => `indexiert ${name}`,
    onPage: (p, of) => `, Seite ${p} von ${of}`,
    ocrMark: ' (OCR)',
    overall: (title) => `${title}: Gesamtfortschritt`,
    pause: 'Anhalten',
    resume: 'Fortsetzen',
    cancelImport: 'Import abbrechen',
    jobDone: (title, done, total) => `${title}: ${done} von ${total} fertig`,
    importFinished: 'Import abgeschlossen.',
    openFolder: 'Ordner öffnen',
    openAnotherFolder: 'Anderen Ordner öffnen',
    chooseFolder: 'Ordner zum Importieren wählen',
    noLiveSync: 'Dieser Browser übernimmt die Dateien eines Ordners einmalig. Das erneute Abgleichen eines Ordners braucht einen Chromium-basierten Browser (Chrome, Edge, Brave).',
    skipped: (k) => `${n(k, 'Datei', 'Dateien')} anderer Typen übersprungen.`,
    openedFolder: 'Geöffneter Ordner',
    folderLabel: 'Ordner',
    folderSynced: 'Mit diesem Arbeitsbereich abgeglichener Ordner',
    neverScanned: 'nie durchsucht',
    scannedNow: 'gerade durchsucht',
    scannedMinutes: (m) => `vor ${m} Min. durchsucht`,
    scannedAt: (when) => `durchsucht am ${when}`,
    rescanSummary: (a, c, r, u, x) => `${a} neu · ${c} geändert · ${r} entfernt · ${u} unverändert${x ? ` · ${x} unlesbar` : ''}`,
    scanning: 'Wird durchsucht…',
    rescan: 'Erneut durchsuchen',
    allowAccess: (name) => `Zugriff auf ${name} erlauben`,
    stopSyncing: 'Abgleich beenden',
    fileTypes: 'Einzubeziehende Dateitypen',
    typeLabels: { pdf: 'PDF', word: 'Word', web: 'Webseiten', text: 'Text und Markdown', images: 'Bilder' },
    didNotFit: (f, kept) => `${n(f, 'Datei passte', 'Dateien passten')} nicht mehr in den Speicher dieses Browsers${kept ? ` (Casefile belegt ${kept} MB)` : ''}. Löschen Sie nicht mehr benötigte Dokumente oder Arbeitsbereiche (Einstellungen → Speicher zeigt, was jeder belegt), und fügen Sie die Dateien dann erneut hinzu.`,
    keepPersistent: 'Dokumente dauerhaft speichern',
    persistent: 'Der Speicher ist jetzt dauerhaft.',
    notPersistent: 'Der Browser hat keinen dauerhaften Speicher gewährt.',
    unlock: (name) => `${name} entsperren`,
    passwordText: 'Dieses Dokument ist mit einem Passwort geschützt. Casefile verwendet es einmal zum Lesen und speichert es nicht.',
    password: 'Passwort',
    unlockButton: 'Entsperren',
  },
};
