/** The words of the source viewer, in the app's languages (see ../i18n/language.ts). */
import type { Table } from '../i18n/language';

export interface ViewerStrings {
  readonly loadingPage: string;
  readonly notAvailable: (pager: string) => string;
  readonly openingOriginal: string;
  readonly asPrinted: (label: string) => string;
  readonly asScanned: (label: string) => string;
  readonly notFoundOnPage: string;
  readonly approximate: string;
  readonly originalMissing: (reason: string) => string;
  readonly htmlMismatch: string;
  readonly backToPassage: (where: string) => string;
  readonly itsPart: string;
  readonly searchIn: string;
  readonly closeViewer: string;
  readonly close: string;
  readonly view: string;
  readonly original: string;
  readonly text: string;
  readonly zoom: string;
  readonly zoomOut: string;
  readonly zoomIn: string;
  readonly zoomLevel: string;
  readonly pages: string;
  readonly previousPage: string;
  readonly nextPage: string;
  readonly previousPart: string;
  readonly nextPart: string;
  readonly previous: string;
  readonly next: string;
  readonly regionOriginal: (pager: string) => string;
  readonly regionText: (pager: string) => string;
  /** The passage's text under a drawn page on a phone. */
  readonly passageHere: string;
}

export const VIEWER: Table<ViewerStrings> = {
  en: {
    loadingPage: 'Loading the page…',
    notAvailable: (p) => `${p} is not available.`,
    openingOriginal: 'Opening the original…',
    asPrinted: (l) => `${l}, as printed`,
    asScanned: (l) => `${l}, as scanned`,
    notFoundOnPage: 'The passage could not be found on this page of the original: “Text” shows it marked.',
    approximate: 'The highlight is approximate: the original’s text differs a little from the text Casefile extracted.',
    originalMissing: (r) => `The original is not available. ${r} Showing the text Casefile extracted.`,
    htmlMismatch: 'The formatted view of this document does not match the parts Casefile imported.',
    backToPassage: (w) => `Back to the passage (${w})`,
    itsPart: 'its part',
    searchIn: 'Search in this document',
    closeViewer: 'Close source viewer',
    close: 'Close',
    view: 'View',
    original: 'Original',
    text: 'Text',
    zoom: 'Zoom',
    zoomOut: 'Zoom out',
    zoomIn: 'Zoom in',
    zoomLevel: 'Zoom level',
    pages: 'Pages',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    previousPart: 'Previous part',
    nextPart: 'Next part',
    previous: 'Previous',
    next: 'Next',
    regionOriginal: (p) => `${p}, original`,
    regionText: (p) => `${p}, extracted text`,
    passageHere: 'The passage on this page',
  },
  fr: {
    loadingPage: 'Chargement de la page…',
    notAvailable: (p) => `${p} n’est pas disponible.`,
    openingOriginal: 'Ouverture de l’original…',
    asPrinted: (l) => `${l}, tel qu’imprimé`,
    asScanned: (l) => `${l}, tel que scanné`,
    notFoundOnPage: 'Le passage est introuvable sur cette page de l’original : « Texte » le montre surligné.',
    approximate: 'Le surlignage est approximatif : le texte de l’original diffère un peu du texte extrait par Casefile.',
    originalMissing: (r) => `L’original n’est pas disponible. ${r} Voici le texte extrait par Casefile.`,
    htmlMismatch: 'La vue mise en forme de ce document ne correspond pas aux parties importées par Casefile.',
    backToPassage: (w) => `Revenir au passage (${w})`,
    itsPart: 'sa partie',
    searchIn: 'Chercher dans ce document',
    closeViewer: 'Fermer la visionneuse',
    close: 'Fermer',
    view: 'Vue',
    original: 'Original',
    text: 'Texte',
    zoom: 'Zoom',
    zoomOut: 'Réduire',
    zoomIn: 'Agrandir',
    zoomLevel: 'Niveau de zoom',
    pages: 'Pages',
    previousPage: 'Page précédente',
    nextPage: 'Page suivante',
    previousPart: 'Partie précédente',
    nextPart: 'Partie suivante',
    previous: 'Précédente',
    next: 'Suivante',
    regionOriginal: (p) => `${p}, original`,
    regionText: (p) => `${p}, texte extrait`,
    passageHere: 'Le passage sur cette page',
  },
  de: {
    loadingPage: 'Seite wird geladen…',
    notAvailable: (p) => `${p} ist nicht verfügbar.`,
    openingOriginal: 'Original wird geöffnet…',
    asPrinted: (l) => `${l}, wie gedruckt`,
    asScanned: (l) => `${l}, wie gescannt`,
    notFoundOnPage: 'Die Textstelle wurde auf dieser Seite des Originals nicht gefunden: „Text“ zeigt sie markiert.',
    approximate: 'Die Markierung ist ungefähr: Der Text des Originals weicht leicht vom Text ab, den Casefile ausgelesen hat.',
    originalMissing: (r) => `Das Original ist nicht verfügbar. ${r} Angezeigt wird der von Casefile ausgelesene Text.`,
    htmlMismatch: 'Die formatierte Ansicht dieses Dokuments passt nicht zu den Teilen, die Casefile importiert hat.',
    backToPassage: (w) => `Zurück zur Textstelle (${w})`,
    itsPart: 'ihr Teil',
    searchIn: 'Dieses Dokument durchsuchen',
    closeViewer: 'Ansicht schließen',
    close: 'Schließen',
    view: 'Ansicht',
    original: 'Original',
    text: 'Text',
    zoom: 'Zoom',
    zoomOut: 'Verkleinern',
    zoomIn: 'Vergrößern',
    zoomLevel: 'Zoomstufe',
    pages: 'Seiten',
    previousPage: 'Vorherige Seite',
    nextPage: 'Nächste Seite',
    previousPart: 'Vorheriger Teil',
    nextPart: 'Nächster Teil',
    previous: 'Zurück',
    next: 'Weiter',
    regionOriginal: (p) => `${p}, Original`,
    regionText: (p) => `${p}, ausgelesener Text`,
    passageHere: 'Die Textstelle auf dieser Seite',
  },
};
