/**
 * The words of Settings → Models → Language model (LanguageModelSettings) and of its providers'
 * panels (ChatPanels: WebLLM and the CPU model; LocalServerPanel), in the app's languages. What
 * the panels share with the local models (download, delete, progress…) is in model-strings.ts.
 */
import type { ChatView, ProviderChoice } from '../../app/models/chat-view';
import type { Table } from '../i18n/language';

type ProviderStatusKind = ChatView['rows'][number]['status']['kind'];

export interface LanguageModelStrings {
  readonly languageModel: string;
  readonly forWorkspace: (workspace: string) => string;
  readonly hint: string;
  readonly answersBy: (model: string, provider: string) => string;
  readonly noneReady: string;
  readonly whoWrites: string;
  /** The choices of who writes the answers. */
  readonly providers: Readonly<Record<ProviderChoice, { readonly label: string; readonly description: string }>>;
  readonly providerStatus: Readonly<Record<ProviderStatusKind, string>>;
  readonly nowNone: string;
  readonly now: (provider: string) => string;
  readonly alwaysAvailable: string;
  readonly tryFailed: string;
  readonly freeMemory: string;
  // WebLLM
  readonly webllmModels: string;
  readonly webllmNote: string;
  readonly chooseInstead: string;
  readonly stillChoose: string;
  readonly recommended: string;
  readonly needsGpu: (size: string) => string;
  readonly doesNotFit: (reason: string) => string;
  readonly startingDownload: string;
  readonly preparingModel: string;
  readonly importFolder: string;
  readonly downloadedOnce: string;
  readonly webllmSourceHint: string;
  readonly modelMirror: string;
  readonly libraryMirror: string;
  readonly useDefaultHosts: string;
  // the CPU model
  readonly cpuModel: string;
  readonly cpuNote: string;
  readonly cpuHint: string;
  readonly runsOn: string;
  readonly cpuRunsOn: string;
  readonly graphicsCard: string;
  readonly processor: string;
  readonly processorWasm: string;
  readonly graphicsCardWebGpu: string;
  readonly notAvailable: string;
  readonly cpuModels: string;
  readonly cpuSourceHint: string;
  // a local server
  readonly localServer: string;
  readonly serverNote: string;
  /** "Any OpenAI-compatible server … this app's address, <origin>: for Ollama, start it with <OLLAMA_ORIGINS=origin>.": the words around the two codes. */
  readonly serverHint: readonly [string, string, string];
  readonly serverAddress: string;
  readonly model: string;
  readonly apiKey: string;
  readonly keyHint: string;
  readonly saveAndTest: string;
  readonly testConnection: string;
  readonly remove: string;
  readonly checkingConnection: string;
}

export const LANGUAGE_MODEL: Table<LanguageModelStrings> = {
  en: {
    languageModel: 'Language model',
    forWorkspace: (name) => `for the workspace “${name}”`,
    hint: 'Writes answers from the passages Casefile finds, citing them. It runs on this computer, or on a server you run yourself; your documents are not sent anywhere else.',
    answersBy: (model, provider) => `Answers are written by ${model} (${provider}).`,
    noneReady: 'No language model is ready yet: answers quote the passages that answer the question. Set one up below.',
    whoWrites: 'Who writes the answers',
    providers: {
      auto: { label: 'Automatic', description: 'Uses the first one that is ready: WebLLM, then your local server, then the CPU model. Otherwise answers quote the passages.' },
      webllm: { label: 'WebLLM (graphics card)', description: "A model that runs on this computer's graphics card. The fastest; downloaded once (1–5 GB), then it works offline." },
      transformers: { label: 'CPU model', description: 'A small model that runs on the processor of any computer. Slower, with simpler answers; downloaded once (0.5–1.6 GB).' },
      endpoint: { label: 'Local server', description: 'A model server you or your IT team run (Ollama, llama.cpp, LM Studio, vLLM), on this computer or your network.' },
      none: { label: 'None', description: 'No model: each answer is made of the passages themselves, quoted and cited.' },
    },
    providerStatus: {
      ready: 'Ready',
      checking: 'Checking the connection…',
      'not-configured': 'Not set up',
      'no-webgpu': 'Not available on this device',
      'not-downloaded': 'Not downloaded',
      error: 'Problem',
    },
    nowNone: 'Now: none ready',
    now: (provider) => `Now: ${provider}`,
    alwaysAvailable: 'Always available',
    tryFailed: 'Try the failed ones again',
    freeMemory: 'Free language-model memory',
    webllmModels: 'WebLLM models',
    webllmNote: "on this computer's graphics card",
    chooseInstead: 'Choose the CPU model or a local server instead.',
    stillChoose: 'You can still choose one of the models that fit.',
    recommended: 'Recommended',
    needsGpu: (size) => `needs ≈ ${size} of GPU memory`,
    doesNotFit: (reason) => `Does not fit this device: ${reason}`,
    startingDownload: 'Starting the download…',
    preparingModel: 'Preparing the model…',
    importFolder: 'Import folder…',
    downloadedOnce: 'Downloaded once into this browser, then it works offline.',
    webllmSourceHint: "WebLLM models come from the Hugging Face Hub and their GPU code from web-llm's library host, unless you set mirrors with the same layout. Nothing is downloaded until you press Download.",
    modelMirror: 'WebLLM model mirror',
    libraryMirror: 'WebLLM library mirror',
    useDefaultHosts: 'Use the default hosts',
    cpuModel: 'CPU model',
    cpuNote: "on this computer's processor, any computer",
    cpuHint: 'A small model that runs on the processor (or on the graphics card through WebGPU). Slower than WebLLM, and its answers are simpler.',
    runsOn: 'Runs on',
    cpuRunsOn: 'CPU model runs on',
    graphicsCard: 'graphics card',
    processor: 'processor',
    processorWasm: 'Processor (WASM)',
    graphicsCardWebGpu: 'Graphics card (WebGPU)',
    notAvailable: 'not available',
    cpuModels: 'CPU models',
    cpuSourceHint: 'Downloads come from the Hugging Face Hub, or the mirror set under “Download source” in the models section below. A folder holds config.json, the tokenizer files and onnx/model_*.onnx.',
    localServer: 'Local server',
    serverNote: 'a model server you run (Ollama, llama.cpp, LM Studio, vLLM)',
    serverHint: ["Any OpenAI-compatible server on this computer or your network. It must allow this app's address, ", ': for Ollama, start it with ', '.'],
    serverAddress: 'Server address',
    model: 'Model',
    apiKey: 'API key (optional)',
    keyHint: "The key is stored in this browser (this workspace's storage on this computer) and is sent only to this server.",
    saveAndTest: 'Save and test',
    testConnection: 'Test connection',
    remove: 'Remove',
    checkingConnection: 'Checking the connection…',
  },
  fr: {
    languageModel: 'Modèle de langue',
    forWorkspace: (name) => `pour l’espace de travail « ${name} »`,
    hint: 'Rédige les réponses à partir des passages que Casefile trouve, en les citant. Il tourne sur cet ordinateur, ou sur un serveur que vous faites tourner vous-même ; vos documents ne sont envoyés nulle part ailleurs.',
    answersBy: (model, provider) => `Les réponses sont rédigées par ${model} (${provider}).`,
    noneReady: 'Aucun modèle de langue n’est encore prêt : les réponses citent les passages qui répondent à la question. Configurez-en un ci-dessous.',
    whoWrites: 'Qui rédige les réponses',
    providers: {
      auto: { label: 'Automatique', description: 'Utilise le premier qui est prêt : WebLLM, puis votre serveur local, puis le modèle CPU. Sinon, les réponses citent les passages.' },
      webllm: { label: 'WebLLM (carte graphique)', description: 'Un modèle qui tourne sur la carte graphique de cet ordinateur. Le plus rapide ; téléchargé une fois (1–5 Go), puis il fonctionne hors ligne.' },
      transformers: { label: 'Modèle CPU', description: 'Un petit modèle qui tourne sur le processeur de n’importe quel ordinateur. Plus lent, avec des réponses plus simples ; téléchargé une fois (0,5–1,6 Go).' },
      endpoint: { label: 'Serveur local', description: 'Un serveur de modèles que vous ou votre service informatique faites tourner (Ollama, llama.cpp, LM Studio, vLLM), sur cet ordinateur ou votre réseau.' },
      none: { label: 'Aucun', description: 'Pas de modèle : chaque réponse se compose des passages eux-mêmes, cités avec leur source.' },
    },
    providerStatus: {
      ready: 'Prêt',
      checking: 'Vérification de la connexion…',
      'not-configured': 'Non configuré',
      'no-webgpu': 'Indisponible sur cet appareil',
      'not-downloaded': 'Non téléchargé',
      error: 'Problème',
    },
    nowNone: 'Actuellement : aucun prêt',
    now: (provider) => `Actuellement : ${provider}`,
    alwaysAvailable: 'Toujours disponible',
    tryFailed: 'Réessayer ceux qui ont échoué',
    freeMemory: 'Libérer la mémoire du modèle de langue',
    webllmModels: 'Modèles WebLLM',
    webllmNote: 'sur la carte graphique de cet ordinateur',
    chooseInstead: 'Choisissez plutôt le modèle CPU ou un serveur local.',
    stillChoose: 'Vous pouvez tout de même choisir l’un des modèles qui tiennent.',
    recommended: 'Recommandé',
    needsGpu: (size) => `nécessite ≈ ${size} de mémoire GPU`,
    doesNotFit: (reason) => `Ne tient pas sur cet appareil : ${reason}`,
    startingDownload: 'Démarrage du téléchargement…',
    preparingModel: 'Préparation du modèle…',
    importFolder: 'Importer un dossier…',
    downloadedOnce: 'Téléchargé une fois dans ce navigateur, puis il fonctionne hors ligne.',
    webllmSourceHint: 'Les modèles WebLLM viennent du Hugging Face Hub et leur code GPU de l’hôte des bibliothèques de web-llm, sauf si vous définissez des miroirs de même structure. Rien n’est téléchargé avant que vous appuyiez sur Télécharger.',
    modelMirror: 'Miroir des modèles WebLLM',
    libraryMirror: 'Miroir des bibliothèques WebLLM',
    useDefaultHosts: 'Utiliser les hôtes par défaut',
    cpuModel: 'Modèle CPU',
    cpuNote: 'sur le processeur de cet ordinateur, n’importe quel ordinateur',
    cpuHint: 'Un petit modèle qui tourne sur le processeur (ou sur la carte graphique via WebGPU). Plus lent que WebLLM, et ses réponses sont plus simples.',
    runsOn: 'Tourne sur',
    cpuRunsOn: 'Le modèle CPU tourne sur',
    graphicsCard: 'carte graphique',
    processor: 'processeur',
    processorWasm: 'Processeur (WASM)',
    graphicsCardWebGpu: 'Carte graphique (WebGPU)',
    notAvailable: 'indisponible',
    cpuModels: 'Modèles CPU',
    cpuSourceHint: 'Les téléchargements viennent du Hugging Face Hub, ou du miroir défini sous « Source de téléchargement » dans la section des modèles ci-dessous. Un dossier contient config.json, les fichiers du tokenizer et onnx/model_*.onnx.',
    localServer: 'Serveur local',
    serverNote: 'un serveur de modèles que vous faites tourner (Ollama, llama.cpp, LM Studio, vLLM)',
    serverHint: ['Tout serveur compatible OpenAI sur cet ordinateur ou votre réseau. Il doit autoriser l’adresse de cette application, ', ' : pour Ollama, lancez-le avec ', '.'],
    serverAddress: 'Adresse du serveur',
    model: 'Modèle',
    apiKey: 'Clé d’API (facultative)',
    keyHint: 'La clé est conservée dans ce navigateur (le stockage de cet espace de travail sur cet ordinateur) et n’est envoyée qu’à ce serveur.',
    saveAndTest: 'Enregistrer et tester',
    testConnection: 'Tester la connexion',
    remove: 'Retirer',
    checkingConnection: 'Vérification de la connexion…',
  },
  de: {
    languageModel: 'Sprachmodell',
    forWorkspace: (name) => `für den Arbeitsbereich „${name}“`,
    hint: 'Schreibt Antworten aus den Textstellen, die Casefile findet, und belegt sie. Es läuft auf diesem Computer oder auf einem Server, den Sie selbst betreiben; Ihre Dokumente werden nirgendwo anders hingeschickt.',
    answersBy: (model, provider) => `Antworten schreibt ${model} (${provider}).`,
    noneReady: 'Noch ist kein Sprachmodell bereit: Antworten zitieren die Textstellen, die die Frage beantworten. Richten Sie unten eines ein.',
    whoWrites: 'Wer die Antworten schreibt',
    providers: {
      auto: { label: 'Automatisch', description: 'Nimmt das erste, das bereit ist: WebLLM, dann Ihren lokalen Server, dann das CPU-Modell. Sonst zitieren die Antworten die Textstellen.' },
      webllm: { label: 'WebLLM (Grafikkarte)', description: 'Ein Modell, das auf der Grafikkarte dieses Computers läuft. Das schnellste; einmal heruntergeladen (1–5 GB), danach funktioniert es offline.' },
      transformers: { label: 'CPU-Modell', description: 'Ein kleines Modell, das auf dem Prozessor jedes Computers läuft. Langsamer, mit einfacheren Antworten; einmal heruntergeladen (0,5–1,6 GB).' },
      endpoint: { label: 'Lokaler Server', description: 'Ein Modellserver, den Sie oder Ihre IT betreiben (Ollama, llama.cpp, LM Studio, vLLM), auf diesem Computer oder in Ihrem Netzwerk.' },
      none: { label: 'Keines', description: 'Kein Modell: Jede Antwort besteht aus den Textstellen selbst, zitiert und belegt.' },
    },
    providerStatus: {
      ready: 'Bereit',
      checking: 'Verbindung wird geprüft…',
      'not-configured': 'Nicht eingerichtet',
      'no-webgpu': 'Auf diesem Gerät nicht verfügbar',
      'not-downloaded': 'Nicht heruntergeladen',
      error: 'Fehler',
    },
    nowNone: 'Derzeit: keines bereit',
    now: (provider) => `Derzeit: ${provider}`,
    alwaysAvailable: 'Immer verfügbar',
    tryFailed: 'Fehlgeschlagene erneut versuchen',
    freeMemory: 'Arbeitsspeicher des Sprachmodells freigeben',
    webllmModels: 'WebLLM-Modelle',
    webllmNote: 'auf der Grafikkarte dieses Computers',
    chooseInstead: 'Wählen Sie stattdessen das CPU-Modell oder einen lokalen Server.',
    stillChoose: 'Sie können trotzdem eines der Modelle wählen, die passen.',
    recommended: 'Empfohlen',
    needsGpu: (size) => `braucht ≈ ${size} GPU-Speicher`,
    doesNotFit: (reason) => `Passt nicht auf dieses Gerät: ${reason}`,
    startingDownload: 'Download wird gestartet…',
    preparingModel: 'Modell wird vorbereitet…',
    importFolder: 'Ordner importieren…',
    downloadedOnce: 'Einmal in diesen Browser heruntergeladen, danach funktioniert es offline.',
    webllmSourceHint: 'WebLLM-Modelle kommen vom Hugging Face Hub und ihr GPU-Code vom Bibliotheks-Host von web-llm, sofern Sie keine Spiegelserver mit gleichem Aufbau festlegen. Nichts wird heruntergeladen, bevor Sie auf Herunterladen klicken.',
    modelMirror: 'Spiegelserver für WebLLM-Modelle',
    libraryMirror: 'Spiegelserver für WebLLM-Bibliotheken',
    useDefaultHosts: 'Die Standard-Hosts verwenden',
    cpuModel: 'CPU-Modell',
    cpuNote: 'auf dem Prozessor dieses Computers, jeder Computer',
    cpuHint: 'Ein kleines Modell, das auf dem Prozessor läuft (oder über WebGPU auf der Grafikkarte). Langsamer als WebLLM, und seine Antworten sind einfacher.',
    runsOn: 'Läuft auf',
    cpuRunsOn: 'CPU-Modell läuft auf',
    graphicsCard: 'Grafikkarte',
    processor: 'Prozessor',
    processorWasm: 'Prozessor (WASM)',
    graphicsCardWebGpu: 'Grafikkarte (WebGPU)',
    notAvailable: 'nicht verfügbar',
    cpuModels: 'CPU-Modelle',
    cpuSourceHint: 'Downloads kommen vom Hugging Face Hub oder vom Spiegelserver, der unten im Bereich der Modelle unter „Downloadquelle“ festgelegt ist. Ein Ordner enthält config.json, die Tokenizer-Dateien und onnx/model_*.onnx.',
    localServer: 'Lokaler Server',
    serverNote: 'ein Modellserver, den Sie betreiben (Ollama, llama.cpp, LM Studio, vLLM)',
    serverHint: ['Jeder OpenAI-kompatible Server auf diesem Computer oder in Ihrem Netzwerk. Er muss die Adresse dieser App erlauben, ', ': Starten Sie Ollama dafür mit ', '.'],
    serverAddress: 'Serveradresse',
    model: 'Modell',
    apiKey: 'API-Schlüssel (optional)',
    keyHint: 'Der Schlüssel wird in diesem Browser gespeichert (im Speicher dieses Arbeitsbereichs auf diesem Computer) und nur an diesen Server gesendet.',
    saveAndTest: 'Speichern und testen',
    testConnection: 'Verbindung testen',
    remove: 'Entfernen',
    checkingConnection: 'Verbindung wird geprüft…',
  },
};
