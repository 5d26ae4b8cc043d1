/**
 * The words of Settings → Models' local models (ModelManager, EmbeddingStatus) and of the model
 * downloads the language-model panels share with it (progress, download, delete, import a folder,
 * the download source), in the app's languages. Model names, ids, dtypes and devices stay as named.
 */
import type { ModelPlan, ModelRole, ModelRow, ProfileCause, ProfileId } from '../../app/models/model-view';
import type { Table } from '../i18n/language';

export interface ModelStrings {
  readonly checkingDevice: string;
  readonly models: string;
  readonly profile: string;
  readonly automatic: (choice: string) => string;
  readonly roles: Readonly<Record<ModelRole, string>>;
  /** A role's model picker (its accessible name). */
  readonly roleModel: Readonly<Record<ModelRole, string>>;
  readonly profileDefault: string;
  readonly noReranking: string;
  /** What each device profile runs. */
  readonly profiles: Readonly<Record<ProfileId, string>>;
  /** The profile's choice: automatic, or made in settings (with what the automatic one would be), and why. */
  readonly profileAuto: (cause: string) => string;
  readonly profileManual: (automatic: ProfileId, cause: string) => string;
  readonly causes: {
    readonly noWebgpu: (error: string | null) => string;
    readonly softwareAdapter: string;
    readonly f16: string;
    readonly f16SmallBuffers: string;
    readonly noF16: string;
    readonly smallBuffer: (mib: number) => string;
  };
  readonly reembed: string;
  readonly columns: { readonly role: string; readonly model: string; readonly dtype: string; readonly device: string; readonly size: string; readonly status: string; readonly actions: string };
  readonly fallback: string;
  // a model's status and download
  readonly status: {
    readonly notDownloaded: string;
    readonly partial: (files: number, of: number) => string;
    readonly downloading: (percent: number) => string;
    readonly checking: string;
    readonly cached: string;
    readonly imported: string;
    readonly failed: string;
  };
  readonly downloadingModel: (name: string) => string;
  readonly progress: (loaded: string, total: string, percent: number) => string;
  readonly checkingStarts: string;
  readonly recovery: string;
  readonly retryDownload: string;
  readonly setMirror: string;
  readonly importFolder: string;
  readonly importModelFolder: string;
  readonly cancel: string;
  readonly download: string;
  readonly retry: string;
  readonly delete: string;
  readonly deleteModel: (name: string, variant: string) => string;
  readonly folderFiles: string;
  readonly freeMemory: string;
  // storage and source
  readonly modelsUse: (size: string) => string;
  readonly siteUses: (used: string, quota: string) => string;
  readonly modelsKept: string;
  readonly keepModels: string;
  readonly downloadSource: string;
  readonly sourceHint: string;
  readonly mirrorUrl: string;
  readonly useMirror: string;
  readonly useHub: string;
  readonly notices: string;
  // meaning-based search (EmbeddingStatus)
  readonly searchOff: string;
  /** "Meaning-based search uses <model>.": the words around the model's name. */
  readonly searchUses: readonly [string, string];
  readonly needEmbedding: (documents: number) => string;
  readonly allEmbedded: string;
  readonly stopEmbedding: string;
  readonly embedNow: (documents: number) => string;
}

export const MODELS: Table<ModelStrings> = {
  en: {
    checkingDevice: 'Checking this device…',
    models: 'Models',
    profile: 'Profile',
    automatic: (choice) => `Automatic (${choice})`,
    roles: { embedder: 'Embedder', reranker: 'Reranker' },
    roleModel: { embedder: 'Embedder model', reranker: 'Reranker model' },
    profileDefault: 'Profile default',
    noReranking: 'None (no reranking)',
    profiles: {
      gpu: 'WebGPU with shader-f16: BGE-M3 and the BGE reranker in fp16.',
      'gpu-lite': 'WebGPU without shader-f16: fp32 weights (q8 graphs use integer matmuls that WebGPU runs poorly), fewer reranked pairs.',
      cpu: 'No usable WebGPU: a small multilingual embedder (q8) on WASM, no reranker by default.',
    },
    profileAuto: (cause) => `Profile chosen automatically: ${cause}.`,
    profileManual: (automatic, cause) => `Profile chosen in settings (automatic choice: ${automatic}, ${cause}).`,
    causes: {
      noWebgpu: (error) => error ?? 'no WebGPU',
      softwareAdapter: 'the only WebGPU adapter is a software one (slower than WASM)',
      f16: 'WebGPU with shader-f16',
      f16SmallBuffers: 'WebGPU with small buffer limits for fp16',
      noF16: 'WebGPU without shader-f16',
      smallBuffer: (mib) => `the GPU's buffer limit (${mib} MiB) is too small for these models`,
    },
    reembed: 'Changing the embedder means re-embedding your documents.',
    columns: { role: 'Role', model: 'Model', dtype: 'Dtype', device: 'Device', size: 'Size', status: 'Status', actions: 'Actions' },
    fallback: 'fallback',
    status: {
      notDownloaded: 'Not downloaded',
      partial: (files, of) => `Partly downloaded (${files} of ${of} files)`,
      downloading: (percent) => `Downloading ${percent}%`,
      checking: 'Checking the model…',
      cached: 'Downloaded',
      imported: 'Imported',
      failed: 'Failed',
    },
    downloadingModel: (name) => `Downloading ${name}`,
    progress: (loaded, total, percent) => `${loaded} of ${total} (${percent}%)`,
    checkingStarts: 'Checking that it starts…',
    recovery: "Try again, download from a mirror your firm hosts, or import the model's folder copied from another computer.",
    retryDownload: 'Retry download',
    setMirror: 'Set a mirror',
    importFolder: 'Import model folder',
    importModelFolder: 'Import model folder…',
    cancel: 'Cancel',
    download: 'Download',
    retry: 'Retry',
    delete: 'Delete',
    deleteModel: (name, variant) => `Delete ${name} ${variant}`,
    folderFiles: 'Model folder files',
    freeMemory: 'Free memory',
    modelsUse: (size) => `Models use ${size}`,
    siteUses: (used, quota) => `this site uses ${used} of ${quota} available`,
    modelsKept: 'Models are kept when space is low.',
    keepModels: 'Keep models when space is low',
    downloadSource: 'Download source',
    sourceHint: 'Models come from the Hugging Face Hub unless you set a mirror (same layout: <mirror>/<model id>/resolve/main/<file>). Nothing is downloaded until you press Download.',
    mirrorUrl: 'Mirror URL',
    useMirror: 'Use mirror',
    useHub: 'Use the Hub',
    notices: 'Model notices',
    searchOff: 'Meaning-based search is off: no embedding model is on this device. Keyword search works. Download or import an embedder below to turn it on.',
    searchUses: ['Meaning-based search uses ', '.'],
    needEmbedding: (n) => `${n} document${n === 1 ? ' needs' : 's need'} embedding for it.`,
    allEmbedded: 'Every document is embedded.',
    stopEmbedding: 'Stop embedding',
    embedNow: (n) => `Embed ${n} document${n === 1 ? '' : 's'} now`,
  },
  fr: {
    checkingDevice: 'Vérification de cet appareil…',
    models: 'Modèles',
    profile: 'Profil',
    automatic: (choice) => `Automatique (${choice})`,
    roles: { embedder: 'Vectorisation', reranker: 'Reclassement' },
    roleModel: { embedder: 'Modèle de vectorisation', reranker: 'Modèle de reclassement' },
    profileDefault: 'Choix du profil',
    noReranking: 'Aucun (pas de reclassement)',
    profiles: {
      gpu: 'WebGPU avec shader-f16 : BGE-M3 et le modèle de reclassement BGE en fp16.',
      'gpu-lite': 'WebGPU sans shader-f16 : poids en fp32 (les graphes q8 utilisent des multiplications de matrices entières que WebGPU exécute mal), moins de paires reclassées.',
      cpu: 'Pas de WebGPU utilisable : un petit modèle de vectorisation multilingue (q8) sur WASM, pas de modèle de reclassement par défaut.',
    },
    profileAuto: (cause) => `Profil choisi automatiquement : ${cause}.`,
    profileManual: (automatic, cause) => `Profil choisi dans les réglages (choix automatique : ${automatic}, ${cause}).`,
    causes: {
      noWebgpu: (error) => (error ? `pas de WebGPU (${error})` : 'pas de WebGPU'),
      softwareAdapter: 'le seul adaptateur WebGPU est logiciel (plus lent que WASM)',
      f16: 'WebGPU avec shader-f16',
      f16SmallBuffers: 'WebGPU avec des limites de tampon trop petites pour fp16',
      noF16: 'WebGPU sans shader-f16',
      smallBuffer: (mib) => `la limite de tampon du GPU (${mib} Mio) est trop petite pour ces modèles`,
    },
    reembed: 'Changer de modèle de vectorisation oblige à vectoriser de nouveau vos documents.',
    columns: { role: 'Rôle', model: 'Modèle', dtype: 'Précision', device: 'Exécution', size: 'Taille', status: 'État', actions: 'Actions' },
    fallback: 'repli',
    status: {
      notDownloaded: 'Non téléchargé',
      partial: (files, of) => `Partiellement téléchargé (${files} fichiers sur ${of})`,
      downloading: (percent) => `Téléchargement ${percent} %`,
      checking: 'Vérification du modèle…',
      cached: 'Téléchargé',
      imported: 'Importé',
      failed: 'Échec',
    },
    downloadingModel: (name) => `Téléchargement de ${name}`,
    progress: (loaded, total, percent) => `${loaded} sur ${total} (${percent} %)`,
    checkingStarts: 'Vérification du démarrage…',
    recovery: 'Réessayez, téléchargez depuis un miroir hébergé par votre cabinet, ou importez le dossier du modèle copié depuis un autre ordinateur.',
    retryDownload: 'Relancer le téléchargement',
    setMirror: 'Définir un miroir',
    importFolder: 'Importer le dossier du modèle',
    importModelFolder: 'Importer un dossier de modèle…',
    cancel: 'Annuler',
    download: 'Télécharger',
    retry: 'Réessayer',
    delete: 'Supprimer',
    deleteModel: (name, variant) => `Supprimer ${name} ${variant}`,
    folderFiles: 'Fichiers du dossier du modèle',
    freeMemory: 'Libérer la mémoire',
    modelsUse: (size) => `Les modèles occupent ${size}`,
    siteUses: (used, quota) => `ce site utilise ${used} sur ${quota} disponibles`,
    modelsKept: 'Les modèles sont conservés quand l’espace manque.',
    keepModels: 'Conserver les modèles quand l’espace manque',
    downloadSource: 'Source de téléchargement',
    sourceHint: 'Les modèles viennent du Hugging Face Hub, sauf si vous définissez un miroir (même structure : <miroir>/<id du modèle>/resolve/main/<fichier>). Rien n’est téléchargé avant que vous appuyiez sur Télécharger.',
    mirrorUrl: 'URL du miroir',
    useMirror: 'Utiliser le miroir',
    useHub: 'Utiliser le Hub',
    notices: 'Avis sur les modèles',
    searchOff: 'La recherche par le sens est désactivée : aucun modèle de vectorisation n’est sur cet appareil. La recherche par mots-clés fonctionne. Téléchargez ou importez un modèle de vectorisation ci-dessous pour l’activer.',
    searchUses: ['La recherche par le sens utilise ', '.'],
    needEmbedding: (n) => (n === 1 ? `${n} document doit encore être vectorisé pour lui.` : `${n} documents doivent encore être vectorisés pour lui.`),
    allEmbedded: 'Tous les documents sont vectorisés.',
    stopEmbedding: 'Arrêter la vectorisation',
    embedNow: (n) => `Vectoriser ${n} document${n === 1 ? '' : 's'} maintenant`,
  },
  de: {
    checkingDevice: 'Dieses Gerät wird geprüft…',
    models: 'Modelle',
    profile: 'Profil',
    automatic: (choice) => `Automatisch (${choice})`,
    roles: { embedder: 'Vektorisierung', reranker: 'Neuordnung' },
    roleModel: { embedder: 'Vektorisierungsmodell', reranker: 'Neuordnungsmodell' },
    profileDefault: 'Vorgabe des Profils',
    noReranking: 'Keines (keine Neuordnung)',
    profiles: {
      gpu: 'WebGPU mit shader-f16: BGE-M3 und das BGE-Neuordnungsmodell in fp16.',
      'gpu-lite': 'WebGPU ohne shader-f16: Gewichte in fp32 (q8-Graphen nutzen Ganzzahl-Matrixmultiplikationen, die WebGPU schlecht ausführt), weniger neu geordnete Paare.',
      cpu: 'Kein nutzbares WebGPU: ein kleines mehrsprachiges Vektorisierungsmodell (q8) auf WASM, standardmäßig kein Neuordnungsmodell.',
    },
    profileAuto: (cause) => `Profil automatisch gewählt: ${cause}.`,
    profileManual: (automatic, cause) => `Profil in den Einstellungen gewählt (automatische Wahl: ${automatic}, ${cause}).`,
    causes: {
      noWebgpu: (error) => (error ? `kein WebGPU (${error})` : 'kein WebGPU'),
      softwareAdapter: 'der einzige WebGPU-Adapter ist ein Software-Adapter (langsamer als WASM)',
      f16: 'WebGPU mit shader-f16',
      f16SmallBuffers: 'WebGPU mit zu kleinen Puffergrenzen für fp16',
      noF16: 'WebGPU ohne shader-f16',
      smallBuffer: (mib) => `die Puffergrenze der GPU (${mib} MiB) ist für diese Modelle zu klein`,
    },
    reembed: 'Wechseln Sie das Vektorisierungsmodell, werden Ihre Dokumente neu vektorisiert.',
    columns: { role: 'Rolle', model: 'Modell', dtype: 'Präzision', device: 'Ausführung', size: 'Größe', status: 'Status', actions: 'Aktionen' },
    fallback: 'Ausweichlösung',
    status: {
      notDownloaded: 'Nicht heruntergeladen',
      partial: (files, of) => `Teilweise heruntergeladen (${files} von ${of} Dateien)`,
      downloading: (percent) => `Wird heruntergeladen: ${percent} %`,
      checking: 'Modell wird geprüft…',
      cached: 'Heruntergeladen',
      imported: 'Importiert',
      failed: 'Fehlgeschlagen',
    },
    downloadingModel: (name) => `${name} wird heruntergeladen`,
    progress: (loaded, total, percent) => `${loaded} von ${total} (${percent} %)`,
    checkingStarts: 'Start wird geprüft…',
    recovery: 'Versuchen Sie es erneut, laden Sie das Modell von einem Spiegelserver Ihrer Kanzlei herunter, oder importieren Sie den Modellordner, kopiert von einem anderen Computer.',
    retryDownload: 'Erneut herunterladen',
    setMirror: 'Spiegelserver festlegen',
    importFolder: 'Modellordner importieren',
    importModelFolder: 'Modellordner importieren…',
    cancel: 'Abbrechen',
    download: 'Herunterladen',
    retry: 'Erneut versuchen',
    delete: 'Löschen',
    deleteModel: (name, variant) => `${name} ${variant} löschen`,
    folderFiles: 'Dateien des Modellordners',
    freeMemory: 'Arbeitsspeicher freigeben',
    modelsUse: (size) => `Modelle belegen ${size}`,
    siteUses: (used, quota) => `diese Website belegt ${used} von ${quota} verfügbaren`,
    modelsKept: 'Modelle bleiben erhalten, wenn der Platz knapp wird.',
    keepModels: 'Modelle behalten, wenn der Platz knapp wird',
    downloadSource: 'Downloadquelle',
    sourceHint: 'Modelle kommen vom Hugging Face Hub, sofern Sie keinen Spiegelserver festlegen (gleicher Aufbau: <Spiegelserver>/<Modell-ID>/resolve/main/<Datei>). Nichts wird heruntergeladen, bevor Sie auf Herunterladen klicken.',
    mirrorUrl: 'URL des Spiegelservers',
    useMirror: 'Spiegelserver verwenden',
    useHub: 'Den Hub verwenden',
    notices: 'Hinweise zu den Modellen',
    searchOff: 'Die Bedeutungssuche ist aus: Auf diesem Gerät ist kein Vektorisierungsmodell. Die Stichwortsuche funktioniert. Laden Sie unten ein Vektorisierungsmodell herunter oder importieren Sie eines, um sie einzuschalten.',
    searchUses: ['Die Bedeutungssuche verwendet ', '.'],
    needEmbedding: (n) => `${n} ${n === 1 ? 'Dokument muss' : 'Dokumente müssen'} dafür noch vektorisiert werden.`,
    allEmbedded: 'Alle Dokumente sind vektorisiert.',
    stopEmbedding: 'Vektorisierung stoppen',
    embedNow: (n) => `${n} ${n === 1 ? 'Dokument' : 'Dokumente'} jetzt vektorisieren`,
  },
};

/** A model's status in words ("Partly downloaded (2 of 5 files)", "Downloading 40%"). */
export function modelStatusText(t: ModelStrings, status: ModelRow['status']): string {
  switch (status.kind) {
    case 'not-downloaded':
      return t.status.notDownloaded;
    case 'partial':
      return t.status.partial(status.files, status.of);
    case 'downloading':
      return status.progress.phase === 'downloading' ? t.status.downloading(Math.floor(status.progress.percent)) : t.status.checking;
    case 'cached':
      return t.status.cached;
    case 'imported':
      return t.status.imported;
    case 'failed':
      return t.status.failed;
  }
}

/** Why the automatic choice fell where it did, in the screen's words. */
function causeWords(t: ModelStrings, cause: ProfileCause): string {
  switch (cause.code) {
    case 'no-webgpu':
      return t.causes.noWebgpu(cause.error);
    case 'software-adapter':
      return t.causes.softwareAdapter;
    case 'f16':
      return t.causes.f16;
    case 'f16-small-buffers':
      return t.causes.f16SmallBuffers;
    case 'no-f16':
      return t.causes.noF16;
    case 'small-buffer':
      return t.causes.smallBuffer(cause.mib);
  }
}

/** "Profile chosen automatically: WebGPU with shader-f16." or the choice made in settings, in the screen's language. */
export function profileChoice(t: ModelStrings, plan: Pick<ModelPlan, 'auto' | 'automatic' | 'cause'>): string {
  const cause = causeWords(t, plan.cause);
  return plan.auto ? t.profileAuto(cause) : t.profileManual(plan.automatic, cause);
}
