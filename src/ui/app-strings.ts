/**
 * The words of the app's frame and Ask screen — top bar, workspaces, backups, the question box
 * and its scope, conversations, notices — in the app's languages (see i18n/language.ts).
 */
import type { SessionPart } from '../core/events';
import type { Table } from './i18n/language';

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export interface AppStrings {
  readonly skipToQuestion: string;
  readonly tagline: string;
  readonly views: string;
  readonly ask: string;
  readonly review: string;
  readonly settings: string;
  readonly cancel: string;
  readonly close: string;
  readonly name: string;
  readonly bootFailed: string;
  readonly bootStorage: string;
  // workspaces
  readonly workspace: string;
  readonly workspaceMenu: (name: string) => string;
  readonly switchWorkspace: string;
  readonly newWorkspace: string;
  readonly newMatter: string;
  readonly create: string;
  readonly rename: string;
  readonly renameWorkspace: string;
  readonly delete: string;
  readonly deleteWorkspace: string;
  readonly deleteWorkspaceTitle: (name: string) => string;
  readonly deleteWorkspaceText: string;
  readonly backUp: string;
  readonly backUpWorkspace: string;
  readonly backingUp: string;
  readonly restore: string;
  readonly restoreBackup: string;
  readonly restoring: string;
  readonly chooseBackup: string;
  readonly restoreTitle: (name: string) => string;
  readonly restoreText: (saved: string, originals: number, existing: string) => string;
  readonly replace: (name: string) => string;
  readonly restoreAsNew: string;
  // notices
  readonly downloadCancelled: string;
  readonly scanCancelled: string;
  readonly importCancelled: string;
  readonly newVersion: string;
  readonly offlineReady: string;
  /** The top bar's short status once the app works offline (its full sentence is offlineReady). */
  readonly worksOffline: string;
  /** The name of the workspace made on the first visit. */
  readonly myDocuments: string;
  readonly reloadToUpdate: string;
  readonly dismiss: string;
  /** Part of the workspace's start failed; the rest works. */
  readonly sessionProblem: (part: SessionPart, reason: string) => string;
  // the question
  readonly questionLabel: string;
  readonly questionPlaceholder: string;
  readonly askButton: string;
  readonly stop: string;
  readonly noLongerHere: (file: string) => string;
  readonly couldNotOpen: (file: string) => string;
  readonly turnsLabel: string;
  readonly emptyExamples: string;
  readonly emptyCites: string;
  // scope of the next question
  readonly searchingIn: string;
  readonly searchingAll: string;
  readonly followUpsStay: string;
  readonly deletedDocument: string;
  readonly stopSearchingIn: (name: string) => string;
  readonly askAboutAll: string;
  readonly searchAllDocuments: string;
  readonly chooseDocuments: string;
  readonly filterTitle: string;
  readonly filterHint: string;
  readonly searchThis: string;
  readonly searchThese: (n: number) => string;
  // conversations
  readonly newConversation: string;
  readonly history: (n: number) => string;
  readonly exportMarkdown: string;
  readonly exportWord: string;
  readonly conversations: string;
  readonly questions: (n: number) => string;
  readonly renameItem: (title: string) => string;
  readonly deleteItem: (title: string) => string;
  readonly deleted: (title: string) => string;
  readonly undo: string;
  readonly renameConversation: string;
  // the model invitation
  readonly languageModel: string;
  readonly invitation: string;
  readonly setUpModel: string;
  readonly notNow: string;
}

export const APP: Table<AppStrings> = {
  en: {
    skipToQuestion: 'Skip to the question',
    tagline: 'Private legal document assistant · runs on this device',
    views: 'Views',
    ask: 'Ask',
    review: 'Review',
    settings: 'Settings',
    cancel: 'Cancel',
    close: 'Close',
    name: 'Name',
    bootFailed: 'Casefile could not start',
    bootStorage: 'Casefile keeps your documents in this browser’s storage (IndexedDB). Private windows and some privacy settings disable it.',
    workspace: 'Workspace',
    workspaceMenu: (name) => `Workspace: ${name}`,
    switchWorkspace: 'Open workspace',
    newWorkspace: 'New workspace',
    newMatter: 'New matter',
    create: 'Create',
    rename: 'Rename',
    renameWorkspace: 'Rename workspace',
    delete: 'Delete',
    deleteWorkspace: 'Delete workspace',
    deleteWorkspaceTitle: (name) => `Delete “${name}”?`,
    deleteWorkspaceText: 'Every document, index, setting and stored original of this workspace is removed from this device. This cannot be undone.',
    backUp: 'Back up',
    backUpWorkspace: 'Back up workspace',
    backingUp: 'Backing up…',
    restore: 'Restore',
    restoreBackup: 'Restore a backup',
    restoring: 'Restoring…',
    chooseBackup: 'Choose a backup to restore',
    restoreTitle: (name) => `Restore “${name}”?`,
    restoreText: (saved, originals, existing) => `This backup (saved ${saved}, ${n(originals, 'stored original', 'stored originals')}) is of the workspace “${existing}”, which is already on this device. Replacing deletes its current documents and settings in every tab.`,
    replace: (name) => `Replace “${name}”`,
    restoreAsNew: 'Restore as a new workspace',
    downloadCancelled: 'Download cancelled.',
    scanCancelled: 'Scan cancelled.',
    importCancelled: 'Import cancelled.',
    newVersion: 'A new version of Casefile is ready.',
    offlineReady: 'Casefile is ready to work offline.',
    worksOffline: 'Works offline',
    myDocuments: 'My documents',
    reloadToUpdate: 'Reload to update',
    dismiss: 'Dismiss',
    sessionProblem: (part, reason) =>
      `${{ conversations: 'Your conversations', flows: 'Your workspace tasks', embeddings: 'Meaning-based search', sweep: 'Cleaning up stored files', imports: 'Resuming imports', folder: 'Rescanning the folder' }[part]} could not start: ${reason} The rest of the workspace works; reload the page to try again.`,
    questionLabel: 'Ask a question or search your documents',
    questionPlaceholder: 'e.g. What is the limitation of liability?',
    askButton: 'Ask',
    stop: 'Stop',
    noLongerHere: (f) => `${f} is no longer in this workspace.`,
    couldNotOpen: (f) => `${f} could not be opened.`,
    turnsLabel: 'Questions and answers, latest first',
    emptyExamples: 'Ask about your documents: “What is the cap on liability in the Supply Agreement?”, “governing law”, “Section 12.2”, “§ 7”.',
    emptyCites: 'Every answer cites the file, page and section it comes from. Click a citation to read it in place.',
    searchingIn: 'Searching in:',
    searchingAll: 'Searching in: all documents, or those the question names',
    followUpsStay: 'Follow-up questions stay in:',
    deletedDocument: 'a deleted document',
    stopSearchingIn: (name) => `Stop searching only in ${name}`,
    askAboutAll: 'Ask the next question about all documents',
    searchAllDocuments: 'Search all documents',
    chooseDocuments: 'Choose documents…',
    filterTitle: 'Search in these documents',
    filterHint: 'Questions search only the documents you tick, until you change it. Tick none to search all documents.',
    searchThis: 'Search this document',
    searchThese: (k) => `Search these ${k} documents`,
    newConversation: 'New conversation',
    history: (k) => `History (${k})`,
    exportMarkdown: 'Export Markdown',
    exportWord: 'Export Word',
    conversations: 'Conversations',
    questions: (k) => n(k, 'question', 'questions'),
    renameItem: (t) => `Rename ${t}`,
    deleteItem: (t) => `Delete ${t}`,
    deleted: (t) => `Deleted “${t}”.`,
    undo: 'Undo',
    renameConversation: 'Rename conversation',
    languageModel: 'Language model',
    invitation: 'Answers quote the passages of your documents that answer the question, each cited. For answers written in plain language, set up a language model that runs on this device (or on your own server).',
    setUpModel: 'Set up a model',
    notNow: 'Not now',
  },
  fr: {
    skipToQuestion: 'Aller à la question',
    tagline: 'Assistant juridique privé · fonctionne sur cet appareil',
    views: 'Vues',
    ask: 'Questions',
    review: 'Examen',
    settings: 'Réglages',
    cancel: 'Annuler',
    close: 'Fermer',
    name: 'Nom',
    bootFailed: 'Casefile n’a pas pu démarrer',
    bootStorage: 'Casefile conserve vos documents dans le stockage de ce navigateur (IndexedDB). Les fenêtres privées et certains réglages de confidentialité le désactivent.',
    workspace: 'Espace de travail',
    workspaceMenu: (name) => `Espace de travail : ${name}`,
    switchWorkspace: 'Ouvrir l’espace de travail',
    newWorkspace: 'Nouvel espace de travail',
    newMatter: 'Nouveau dossier',
    create: 'Créer',
    rename: 'Renommer',
    renameWorkspace: 'Renommer l’espace de travail',
    delete: 'Supprimer',
    deleteWorkspace: 'Supprimer l’espace de travail',
    deleteWorkspaceTitle: (name) => `Supprimer « ${name} » ?`,
    deleteWorkspaceText: 'Tous les documents, index, réglages et originaux conservés de cet espace de travail sont effacés de cet appareil. Cette action est irréversible.',
    backUp: 'Sauvegarder',
    backUpWorkspace: 'Sauvegarder l’espace de travail',
    backingUp: 'Sauvegarde…',
    restore: 'Restaurer',
    restoreBackup: 'Restaurer une sauvegarde',
    restoring: 'Restauration…',
    chooseBackup: 'Choisir la sauvegarde à restaurer',
    restoreTitle: (name) => `Restaurer « ${name} » ?`,
    restoreText: (saved, originals, existing) => `Cette sauvegarde (du ${saved}, ${n(originals, 'original conservé', 'originaux conservés')}) est celle de l’espace de travail « ${existing} », déjà présent sur cet appareil. Le remplacer efface ses documents et réglages actuels dans tous les onglets.`,
    replace: (name) => `Remplacer « ${name} »`,
    restoreAsNew: 'Restaurer comme nouvel espace de travail',
    downloadCancelled: 'Téléchargement annulé.',
    scanCancelled: 'Examen annulé.',
    importCancelled: 'Import annulé.',
    newVersion: 'Une nouvelle version de Casefile est prête.',
    offlineReady: 'Casefile est prêt à fonctionner hors ligne.',
    worksOffline: 'Fonctionne hors ligne',
    myDocuments: 'Mes documents',
    reloadToUpdate: 'Recharger pour mettre à jour',
    dismiss: 'Fermer',
    sessionProblem: (part, reason) =>
      `${{ conversations: 'Vos conversations', flows: 'Les tâches de l’espace de travail', embeddings: 'La recherche par le sens', sweep: 'Le nettoyage des fichiers enregistrés', imports: 'La reprise des imports', folder: 'La relecture du dossier' }[part]} n’a pas pu démarrer : ${reason} Le reste de l’espace de travail fonctionne ; rechargez la page pour réessayer.`,
    questionLabel: 'Posez une question ou cherchez dans vos documents',
    questionPlaceholder: 'p. ex. Quelle est la limitation de responsabilité ?',
    askButton: 'Demander',
    stop: 'Arrêter',
    noLongerHere: (f) => `${f} ne fait plus partie de cet espace de travail.`,
    couldNotOpen: (f) => `${f} n’a pas pu être ouvert.`,
    turnsLabel: 'Questions et réponses, la plus récente en premier',
    emptyExamples: 'Interrogez vos documents : « Quel est le plafond de responsabilité du contrat de fourniture ? », « loi applicable », « article 12.2 », « § 7 ».',
    emptyCites: 'Chaque réponse cite le fichier, la page et la section dont elle provient. Cliquez sur une citation pour la lire sur place.',
    searchingIn: 'Recherche dans :',
    searchingAll: 'Recherche dans : tous les documents, ou ceux que la question nomme',
    followUpsStay: 'Les questions suivantes restent dans :',
    deletedDocument: 'un document supprimé',
    stopSearchingIn: (name) => `Ne plus chercher seulement dans ${name}`,
    askAboutAll: 'Poser la prochaine question sur tous les documents',
    searchAllDocuments: 'Chercher dans tous les documents',
    chooseDocuments: 'Choisir des documents…',
    filterTitle: 'Chercher dans ces documents',
    filterHint: 'Les questions ne portent que sur les documents cochés, jusqu’à ce que vous changiez. N’en cochez aucun pour chercher dans tous.',
    searchThis: 'Chercher dans ce document',
    searchThese: (k) => `Chercher dans ces ${k} documents`,
    newConversation: 'Nouvelle conversation',
    history: (k) => `Historique (${k})`,
    exportMarkdown: 'Exporter en Markdown',
    exportWord: 'Exporter en Word',
    conversations: 'Conversations',
    questions: (k) => n(k, 'question', 'questions'),
    renameItem: (t) => `Renommer ${t}`,
    deleteItem: (t) => `Supprimer ${t}`,
    deleted: (t) => `« ${t} » supprimée.`,
    undo: 'Annuler la suppression',
    renameConversation: 'Renommer la conversation',
    languageModel: 'Modèle de langue',
    invitation: 'Les réponses citent les passages de vos documents qui répondent à la question, chacun référencé. Pour des réponses rédigées, configurez un modèle de langue qui fonctionne sur cet appareil (ou sur votre propre serveur).',
    setUpModel: 'Configurer un modèle',
    notNow: 'Plus tard',
  },
  de: {
    skipToQuestion: 'Zur Frage springen',
    tagline: 'Privater juristischer Dokumentassistent · läuft auf diesem Gerät',
    views: 'Ansichten',
    ask: 'Fragen',
    review: 'Prüfung',
    settings: 'Einstellungen',
    cancel: 'Abbrechen',
    close: 'Schließen',
    name: 'Name',
    bootFailed: 'Casefile konnte nicht starten',
    bootStorage: 'Casefile speichert Ihre Dokumente im Speicher dieses Browsers (IndexedDB). Private Fenster und manche Datenschutzeinstellungen schalten ihn ab.',
    workspace: 'Arbeitsbereich',
    workspaceMenu: (name) => `Arbeitsbereich: ${name}`,
    switchWorkspace: 'Arbeitsbereich öffnen',
    newWorkspace: 'Neuer Arbeitsbereich',
    newMatter: 'Neue Akte',
    create: 'Anlegen',
    rename: 'Umbenennen',
    renameWorkspace: 'Arbeitsbereich umbenennen',
    delete: 'Löschen',
    deleteWorkspace: 'Arbeitsbereich löschen',
    deleteWorkspaceTitle: (name) => `„${name}“ löschen?`,
    deleteWorkspaceText: 'Alle Dokumente, Indizes, Einstellungen und gespeicherten Originale dieses Arbeitsbereichs werden von diesem Gerät entfernt. Das lässt sich nicht rückgängig machen.',
    backUp: 'Sichern',
    backUpWorkspace: 'Arbeitsbereich sichern',
    backingUp: 'Wird gesichert…',
    restore: 'Wiederherstellen',
    restoreBackup: 'Sicherung wiederherstellen',
    restoring: 'Wird wiederhergestellt…',
    chooseBackup: 'Sicherung zum Wiederherstellen wählen',
    restoreTitle: (name) => `„${name}“ wiederherstellen?`,
    restoreText: (saved, originals, existing) => `Diese Sicherung (vom ${saved}, ${n(originals, 'gespeichertes Original', 'gespeicherte Originale')}) gehört zum Arbeitsbereich „${existing}“, der schon auf diesem Gerät ist. Ersetzen löscht dessen aktuelle Dokumente und Einstellungen in allen Tabs.`,
    replace: (name) => `„${name}“ ersetzen`,
    restoreAsNew: 'Als neuen Arbeitsbereich wiederherstellen',
    downloadCancelled: 'Download abgebrochen.',
    scanCancelled: 'Prüfung abgebrochen.',
    importCancelled: 'Import abgebrochen.',
    newVersion: 'Eine neue Version von Casefile ist bereit.',
    offlineReady: 'Casefile ist bereit, offline zu arbeiten.',
    worksOffline: 'Funktioniert offline',
    myDocuments: 'Meine Dokumente',
    reloadToUpdate: 'Neu laden und aktualisieren',
    dismiss: 'Schließen',
    sessionProblem: (part, reason) =>
      `${{ conversations: 'Ihre Unterhaltungen', flows: 'Die Aufgaben des Arbeitsbereichs', embeddings: 'Die Suche nach Bedeutung', sweep: 'Das Aufräumen gespeicherter Dateien', imports: 'Das Fortsetzen der Importe', folder: 'Das erneute Einlesen des Ordners' }[part]} konnte nicht starten: ${reason} Der Rest des Arbeitsbereichs funktioniert; laden Sie die Seite neu, um es erneut zu versuchen.`,
    questionLabel: 'Stellen Sie eine Frage oder durchsuchen Sie Ihre Dokumente',
    questionPlaceholder: 'z. B. Wie ist die Haftung begrenzt?',
    askButton: 'Fragen',
    stop: 'Stopp',
    noLongerHere: (f) => `${f} ist nicht mehr in diesem Arbeitsbereich.`,
    couldNotOpen: (f) => `${f} konnte nicht geöffnet werden.`,
    turnsLabel: 'Fragen und Antworten, die neueste zuerst',
    emptyExamples: 'Fragen Sie Ihre Dokumente: „Wie hoch ist die Haftungsobergrenze im Liefervertrag?“, „anwendbares Recht“, „Abschnitt 12.2“, „§ 7“.',
    emptyCites: 'Jede Antwort nennt Datei, Seite und Abschnitt, aus denen sie stammt. Klicken Sie auf eine Quellenangabe, um sie an Ort und Stelle zu lesen.',
    searchingIn: 'Suche in:',
    searchingAll: 'Suche in: allen Dokumenten oder denen, die die Frage nennt',
    followUpsStay: 'Folgefragen bleiben bei:',
    deletedDocument: 'einem gelöschten Dokument',
    stopSearchingIn: (name) => `Nicht mehr nur in ${name} suchen`,
    askAboutAll: 'Die nächste Frage zu allen Dokumenten stellen',
    searchAllDocuments: 'Alle Dokumente durchsuchen',
    chooseDocuments: 'Dokumente wählen…',
    filterTitle: 'In diesen Dokumenten suchen',
    filterHint: 'Fragen durchsuchen nur die angekreuzten Dokumente, bis Sie es ändern. Kreuzen Sie keines an, um alle zu durchsuchen.',
    searchThis: 'Dieses Dokument durchsuchen',
    searchThese: (k) => `Diese ${k} Dokumente durchsuchen`,
    newConversation: 'Neues Gespräch',
    history: (k) => `Verlauf (${k})`,
    exportMarkdown: 'Als Markdown exportieren',
    exportWord: 'Als Word exportieren',
    conversations: 'Gespräche',
    questions: (k) => n(k, 'Frage', 'Fragen'),
    renameItem: (t) => `${t} umbenennen`,
    deleteItem: (t) => `${t} löschen`,
    deleted: (t) => `„${t}“ gelöscht.`,
    undo: 'Rückgängig',
    renameConversation: 'Gespräch umbenennen',
    languageModel: 'Sprachmodell',
    invitation: 'Antworten zitieren die Textstellen Ihrer Dokumente, die die Frage beantworten, jeweils mit Quellenangabe. Für ausformulierte Antworten richten Sie ein Sprachmodell ein, das auf diesem Gerät läuft (oder auf Ihrem eigenen Server).',
    setUpModel: 'Modell einrichten',
    notNow: 'Später',
  },
};

/**
 * A workspace's name as shown: the first workspace, named by the app in the language it started
 * in ("My documents"), reads in the app's language now ("Mes documents"); a name the user chose
 * is shown as written. The stored name is not changed.
 */
export function workspaceName(name: string, t: AppStrings): string {
  return Object.values(APP).some((strings) => strings.myDocuments === name) ? t.myDocuments : name;
}
