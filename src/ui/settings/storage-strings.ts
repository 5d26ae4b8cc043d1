/** The words of Settings → Storage (StorageSettings): what each workspace keeps, persistence, the clean-up. */
import type { Table } from '../i18n/language';

export interface StorageStrings {
  readonly measuring: string;
  readonly heading: string;
  /** "Casefile uses <used>; this browser reports <quota> available to it.": the words around the two sizes. */
  readonly usage: readonly [string, string, string];
  readonly storageUsed: string;
  readonly persistent: string;
  readonly notPersistent: string;
  readonly keepPersistently: string;
  readonly nowPersistent: string;
  readonly notGranted: string;
  readonly workspace: string;
  readonly documents: string;
  readonly originals: string;
  readonly database: string;
  readonly cleanUp: string;
  readonly cleanUpHint: string;
  // what the clean-up did
  readonly removedLeftovers: (workspaces: number) => string;
  readonly freedCopies: (size: string) => string;
  readonly and: string;
  readonly cleanedUp: (what: string) => string;
  readonly nothingToClean: string;
}

export const STORAGE: Table<StorageStrings> = {
  en: {
    measuring: 'Measuring storage…',
    heading: 'Storage on this device',
    usage: ['Casefile uses ', '; this browser reports ', ' available to it.'],
    storageUsed: 'Storage used',
    persistent: 'Storage is persistent: the browser will not remove these documents to free space.',
    notPersistent: 'Storage is not persistent yet: when the disk runs low, the browser may remove what Casefile keeps.',
    keepPersistently: 'Keep documents persistently',
    nowPersistent: 'Storage is now persistent.',
    notGranted: 'The browser did not grant persistent storage (installing Casefile as an app usually allows it).',
    workspace: 'Workspace',
    documents: 'Documents',
    originals: 'Stored originals',
    database: 'Passages, index and settings (about)',
    cleanUp: 'Clean up',
    cleanUpHint: 'Clean up removes what no document owns: files left by an import that was cut short, and what is left of workspaces whose deletion was interrupted.',
    removedLeftovers: (n) => `removed what was left of ${n} deleted workspace(s)`,
    freedCopies: (size) => `freed ${size} of unfinished copies`,
    and: ' and ',
    cleanedUp: (what) => `Clean-up ${what}.`,
    nothingToClean: 'Nothing to clean up: every stored file belongs to a document.',
  },
  fr: {
    measuring: 'Mesure du stockage…',
    heading: 'Stockage sur cet appareil',
    usage: ['Casefile utilise ', ' ; ce navigateur lui indique ', ' disponibles.'],
    storageUsed: 'Stockage utilisé',
    persistent: 'Le stockage est persistant : le navigateur ne supprimera pas ces documents pour libérer de l’espace.',
    notPersistent: 'Le stockage n’est pas encore persistant : quand le disque se remplit, le navigateur peut supprimer ce que Casefile conserve.',
    keepPersistently: 'Conserver les documents durablement',
    nowPersistent: 'Le stockage est désormais persistant.',
    notGranted: 'Le navigateur n’a pas accordé de stockage persistant (installer Casefile comme application le permet généralement).',
    workspace: 'Espace de travail',
    documents: 'Documents',
    originals: 'Originaux conservés',
    database: 'Passages, index et réglages (environ)',
    cleanUp: 'Nettoyer',
    cleanUpHint: 'Le nettoyage efface ce qui n’appartient à aucun document : les fichiers laissés par un import interrompu, et ce qui reste des espaces de travail dont la suppression a été interrompue.',
    removedLeftovers: (n) => `ce qui restait de ${n} espace(s) de travail supprimé(s) a été effacé`,
    freedCopies: (size) => `${size} de copies inachevées ont été libérés`,
    and: ' et ',
    cleanedUp: (what) => `Nettoyage terminé : ${what}.`,
    nothingToClean: 'Rien à nettoyer : chaque fichier conservé appartient à un document.',
  },
  de: {
    measuring: 'Speicher wird gemessen…',
    heading: 'Speicher auf diesem Gerät',
    usage: ['Casefile belegt ', '; dieser Browser meldet ', ' verfügbaren Speicher dafür.'],
    storageUsed: 'Belegter Speicher',
    persistent: 'Der Speicher ist dauerhaft: Der Browser entfernt diese Dokumente nicht, um Platz zu schaffen.',
    notPersistent: 'Der Speicher ist noch nicht dauerhaft: Wird der Platz auf der Festplatte knapp, kann der Browser entfernen, was Casefile aufbewahrt.',
    keepPersistently: 'Dokumente dauerhaft aufbewahren',
    nowPersistent: 'Der Speicher ist jetzt dauerhaft.',
    notGranted: 'Der Browser hat keinen dauerhaften Speicher gewährt (wird Casefile als App installiert, ist er meist erlaubt).',
    workspace: 'Arbeitsbereich',
    documents: 'Dokumente',
    originals: 'Gespeicherte Originale',
    database: 'Textstellen, Index und Einstellungen (ungefähr)',
    cleanUp: 'Aufräumen',
    cleanUpHint: 'Aufräumen entfernt, was zu keinem Dokument gehört: Dateien eines abgebrochenen Imports und die Reste von Arbeitsbereichen, deren Löschen unterbrochen wurde.',
    removedLeftovers: (n) => `Reste von ${n} gelöschten Arbeitsbereich(en) entfernt`,
    freedCopies: (size) => `${size} unfertiger Kopien freigegeben`,
    and: ' und ',
    cleanedUp: (what) => `Aufgeräumt: ${what}.`,
    nothingToClean: 'Nichts aufzuräumen: Jede gespeicherte Datei gehört zu einem Dokument.',
  },
};
