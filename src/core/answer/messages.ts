/**
 * The app's own replies (no model writes them), in the UI languages: greetings, capability,
 * insufficient evidence, clarification, the lead of an extractive answer. A language without
 * an entry gets English.
 */
import { quoted } from '../text/quotes';

const UI_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

interface Messages {
  readonly greeting: string;
  readonly thanks: string;
  readonly empty: string;
  /** What Casefile does; `{model}` is the model line. */
  readonly capability: string;
  readonly modelLine: (model: string | null) => string;
  readonly insufficient: string;
  readonly noPassages: string;
  readonly clarify: string;
  readonly clarifyDocuments: (names: readonly string[]) => string;
  /** The question names a document that no document here matches; the closest ones may follow. */
  readonly noDocumentMatches: (phrase: string, closest: boolean) => string;
  readonly extractiveLead: string;
  /** A value's line when the passages come from several documents: which one states it. */
  readonly valueIn: (document: string, line: string) => string;
  readonly scanProposal: (names: readonly string[]) => string;
  readonly workspaceUnavailable: string;
  /** A folder import asked for in the chat, where none can be proposed: the Documents panel does it. */
  readonly importUnavailable: string;
}

const quoteList = (names: readonly string[], sep: string, language?: string) => names.map((n) => quoted(n, language)).join(sep);

const MESSAGES: Record<UiLanguage, Messages> = {
  en: {
    greeting: 'Hello! Ask me about your documents: I answer with the exact passages, file, page and section.',
    thanks: "You're welcome. Ask me anything else about your documents.",
    empty: 'Type a question about your documents.',
    capability:
      'I answer questions about the documents in this workspace, on this device: every answer cites the passages it comes from (file, page, section), and quotes are checked word for word against them. I also find passages, list and count your documents, and review contracts against playbooks. {model}',
    modelLine: (m) => (m ? `Answers are written by the language model ${m}.` : 'No language model is selected: answers are composed of verbatim sentences from your documents.'),
    insufficient: 'The documents do not contain enough evidence to answer this. The closest passages are below.',
    noPassages: 'Nothing in the documents matches this question.',
    clarify: 'Could you say more precisely what you are asking, or which document you mean?',
    clarifyDocuments: (names) => `Several documents could be meant: ${quoteList(names, ', ')}. Which one do you mean?`,
    noDocumentMatches: (phrase, closest) => `No document here matches “${phrase}”.${closest ? ' The closest ones are below; or search all documents.' : ' Search all documents instead?'}`,
    extractiveLead: 'From the documents, verbatim:',
    valueIn: (document, line) => `In ${document}: ${line}`,
    scanProposal: (names) => `Review ${quoteList(names, ', ')} against a playbook? Nothing runs until you approve.`,
    workspaceUnavailable: 'Questions about the workspace itself (counts, lists, document details) are not available yet.',
    importUnavailable: 'To import a folder, use Open folder in the Documents panel.',
  },
  fr: {
    greeting: 'Bonjour ! Posez-moi vos questions sur vos documents : je réponds avec les passages exacts, le fichier, la page et la section.',
    thanks: 'Je vous en prie. Posez-moi une autre question sur vos documents.',
    empty: 'Saisissez une question sur vos documents.',
    capability:
      "Je réponds aux questions sur les documents de cet espace de travail, sur cet appareil : chaque réponse cite les passages dont elle provient (fichier, page, section), et les citations sont vérifiées mot pour mot. Je retrouve aussi des passages, je liste et compte vos documents, et j'examine des contrats selon des playbooks. {model}",
    modelLine: (m) => (m ? `Les réponses sont rédigées par le modèle de langue ${m}.` : "Aucun modèle de langue n'est sélectionné : les réponses sont composées de phrases tirées telles quelles de vos documents."),
    insufficient: 'Les documents ne contiennent pas assez d’éléments pour répondre. Les passages les plus proches figurent ci-dessous.',
    noPassages: 'Aucun passage des documents ne correspond à cette question.',
    clarify: 'Pouvez-vous préciser votre question, ou le document visé ?',
    clarifyDocuments: (names) => `Plusieurs documents peuvent correspondre : ${quoteList(names, ', ', 'fr')}. Lequel visez-vous ?`,
    noDocumentMatches: (phrase, closest) => `Aucun document ici ne correspond à « ${phrase} ».${closest ? ' Les plus proches sont ci-dessous ; ou cherchez dans tous les documents.' : ' Chercher dans tous les documents ?'}`,
    extractiveLead: 'Extraits des documents, mot pour mot :',
    valueIn: (document, line) => `Dans ${document}\u00a0: ${line}`,
    scanProposal: (names) => `Examiner ${quoteList(names, ', ', 'fr')} selon un playbook ? Rien ne démarre sans votre accord.`,
    workspaceUnavailable: "Les questions sur l'espace de travail lui-même (nombre, liste, détails des documents) ne sont pas encore disponibles.",
    importUnavailable: 'Pour importer un dossier, utilisez « Ouvrir un dossier » dans le panneau Documents.',
  },
  de: {
    greeting: 'Hallo! Fragen Sie mich zu Ihren Dokumenten: Ich antworte mit den genauen Textstellen, Datei, Seite und Abschnitt.',
    thanks: 'Gern geschehen. Fragen Sie mich gern weiter zu Ihren Dokumenten.',
    empty: 'Geben Sie eine Frage zu Ihren Dokumenten ein.',
    capability:
      'Ich beantworte Fragen zu den Dokumenten dieses Arbeitsbereichs, auf diesem Gerät: Jede Antwort nennt die Textstellen, aus denen sie stammt (Datei, Seite, Abschnitt), und Zitate werden Wort für Wort geprüft. Ich finde außerdem Textstellen, liste und zähle Ihre Dokumente und prüfe Verträge anhand von Playbooks. {model}',
    modelLine: (m) => (m ? `Die Antworten schreibt das Sprachmodell ${m}.` : 'Kein Sprachmodell ausgewählt: Die Antworten bestehen aus wörtlichen Sätzen Ihrer Dokumente.'),
    insufficient: 'Die Dokumente enthalten nicht genug Belege, um dies zu beantworten. Die nächstliegenden Textstellen stehen unten.',
    noPassages: 'Keine Textstelle der Dokumente passt zu dieser Frage.',
    clarify: 'Können Sie genauer sagen, was Sie fragen oder welches Dokument Sie meinen?',
    clarifyDocuments: (names) => `Mehrere Dokumente kommen in Frage: ${quoteList(names, ', ', 'de')}. Welches meinen Sie?`,
    noDocumentMatches: (phrase, closest) => `Kein Dokument hier passt zu „${phrase}“.${closest ? ' Die ähnlichsten stehen unten; oder in allen Dokumenten suchen.' : ' Stattdessen in allen Dokumenten suchen?'}`,
    extractiveLead: 'Aus den Dokumenten, wörtlich:',
    valueIn: (document, line) => `In ${document}: ${line}`,
    scanProposal: (names) => `${quoteList(names, ', ', 'de')} anhand eines Playbooks prüfen? Nichts startet ohne Ihre Zustimmung.`,
    workspaceUnavailable: 'Fragen zum Arbeitsbereich selbst (Anzahl, Listen, Dokumentangaben) sind noch nicht verfügbar.',
    importUnavailable: 'Um einen Ordner zu importieren, verwenden Sie „Ordner öffnen“ im Bereich Dokumente.',
  },
  es: {
    greeting: '¡Hola! Pregúnteme sobre sus documentos: respondo con los pasajes exactos, el archivo, la página y la sección.',
    thanks: 'De nada. Pregúnteme lo que quiera sobre sus documentos.',
    empty: 'Escriba una pregunta sobre sus documentos.',
    capability:
      'Respondo preguntas sobre los documentos de este espacio de trabajo, en este dispositivo: cada respuesta cita los pasajes de los que procede (archivo, página, sección) y las citas se comprueban palabra por palabra. También encuentro pasajes, enumero y cuento sus documentos y reviso contratos con playbooks. {model}',
    modelLine: (m) => (m ? `Las respuestas las redacta el modelo de lenguaje ${m}.` : 'No hay ningún modelo de lenguaje seleccionado: las respuestas se componen de frases literales de sus documentos.'),
    insufficient: 'Los documentos no contienen pruebas suficientes para responder. Debajo están los pasajes más cercanos.',
    noPassages: 'Ningún pasaje de los documentos corresponde a esta pregunta.',
    clarify: '¿Puede precisar qué pregunta o a qué documento se refiere?',
    clarifyDocuments: (names) => `Varios documentos pueden corresponder: ${quoteList(names, ', ')}. ¿A cuál se refiere?`,
    noDocumentMatches: (phrase, closest) => `Ningún documento coincide con «${phrase}».${closest ? ' Los más cercanos están abajo; o busque en todos los documentos.' : ' ¿Buscar en todos los documentos?'}`,
    extractiveLead: 'De los documentos, literalmente:',
    valueIn: (document, line) => `En ${document}: ${line}`,
    scanProposal: (names) => `¿Revisar ${quoteList(names, ', ')} con un playbook? Nada se ejecuta sin su aprobación.`,
    workspaceUnavailable: 'Las preguntas sobre el propio espacio de trabajo (recuentos, listas, datos de documentos) aún no están disponibles.',
    importUnavailable: 'Para importar una carpeta, use «Abrir carpeta» en el panel Documentos.',
  },
  it: {
    greeting: 'Ciao! Chiedimi dei tuoi documenti: rispondo con i passaggi esatti, il file, la pagina e la sezione.',
    thanks: 'Prego. Chiedimi pure altro sui tuoi documenti.',
    empty: 'Scrivi una domanda sui tuoi documenti.',
    capability:
      'Rispondo a domande sui documenti di questo spazio di lavoro, su questo dispositivo: ogni risposta cita i passaggi da cui proviene (file, pagina, sezione) e le citazioni sono verificate parola per parola. Trovo anche passaggi, elenco e conto i documenti e rivedo i contratti secondo playbook. {model}',
    modelLine: (m) => (m ? `Le risposte sono scritte dal modello linguistico ${m}.` : 'Nessun modello linguistico selezionato: le risposte sono composte da frasi testuali dei tuoi documenti.'),
    insufficient: 'I documenti non contengono elementi sufficienti per rispondere. Qui sotto i passaggi più vicini.',
    noPassages: 'Nessun passaggio dei documenti corrisponde a questa domanda.',
    clarify: 'Puoi precisare la domanda, o a quale documento ti riferisci?',
    clarifyDocuments: (names) => `Più documenti possono corrispondere: ${quoteList(names, ', ')}. Quale intendi?`,
    noDocumentMatches: (phrase, closest) => `Nessun documento corrisponde a «${phrase}».${closest ? ' I più vicini sono qui sotto; oppure cerchi in tutti i documenti.' : ' Cercare in tutti i documenti?'}`,
    extractiveLead: 'Dai documenti, testualmente:',
    valueIn: (document, line) => `In ${document}: ${line}`,
    scanProposal: (names) => `Rivedere ${quoteList(names, ', ')} con un playbook? Nulla parte senza la tua approvazione.`,
    workspaceUnavailable: 'Le domande sullo spazio di lavoro stesso (conteggi, elenchi, dati dei documenti) non sono ancora disponibili.',
    importUnavailable: 'Per importare una cartella, usa «Apri cartella» nel pannello Documenti.',
  },
  nl: {
    greeting: 'Hallo! Stel me vragen over uw documenten: ik antwoord met de exacte passages, het bestand, de pagina en de sectie.',
    thanks: 'Graag gedaan. Stel gerust nog een vraag over uw documenten.',
    empty: 'Typ een vraag over uw documenten.',
    capability:
      'Ik beantwoord vragen over de documenten in deze werkruimte, op dit apparaat: elk antwoord verwijst naar de passages waaruit het komt (bestand, pagina, sectie) en citaten worden woord voor woord gecontroleerd. Ik vind ook passages, tel en toon uw documenten en toets contracten aan playbooks. {model}',
    modelLine: (m) => (m ? `De antwoorden worden geschreven door het taalmodel ${m}.` : 'Geen taalmodel gekozen: de antwoorden bestaan uit letterlijke zinnen uit uw documenten.'),
    insufficient: 'De documenten bevatten niet genoeg bewijs om dit te beantwoorden. De dichtstbijzijnde passages staan hieronder.',
    noPassages: 'Geen passage in de documenten past bij deze vraag.',
    clarify: 'Kunt u preciezer zeggen wat u vraagt, of welk document u bedoelt?',
    clarifyDocuments: (names) => `Meerdere documenten komen in aanmerking: ${quoteList(names, ', ')}. Welk bedoelt u?`,
    noDocumentMatches: (phrase, closest) => `Geen document hier komt overeen met ‘${phrase}’.${closest ? ' De meest verwante staan hieronder; of zoek in alle documenten.' : ' In alle documenten zoeken?'}`,
    extractiveLead: 'Uit de documenten, letterlijk:',
    valueIn: (document, line) => `In ${document}: ${line}`,
    scanProposal: (names) => `${quoteList(names, ', ')} toetsen aan een playbook? Er start niets zonder uw akkoord.`,
    workspaceUnavailable: 'Vragen over de werkruimte zelf (aantallen, lijsten, documentgegevens) zijn nog niet beschikbaar.',
    importUnavailable: 'Gebruik Map openen in het paneel Documenten om een map te importeren.',
  },
  pt: {
    greeting: 'Olá! Pergunte-me sobre os seus documentos: respondo com as passagens exatas, o ficheiro, a página e a secção.',
    thanks: 'De nada. Pergunte-me o que quiser sobre os seus documentos.',
    empty: 'Escreva uma pergunta sobre os seus documentos.',
    capability:
      'Respondo a perguntas sobre os documentos deste espaço de trabalho, neste dispositivo: cada resposta cita as passagens de onde vem (ficheiro, página, secção) e as citações são verificadas palavra por palavra. Também encontro passagens, listo e conto os seus documentos e reviso contratos com playbooks. {model}',
    modelLine: (m) => (m ? `As respostas são escritas pelo modelo de linguagem ${m}.` : 'Nenhum modelo de linguagem selecionado: as respostas são compostas por frases literais dos seus documentos.'),
    insufficient: 'Os documentos não contêm provas suficientes para responder. As passagens mais próximas estão abaixo.',
    noPassages: 'Nenhuma passagem dos documentos corresponde a esta pergunta.',
    clarify: 'Pode precisar o que pergunta, ou a que documento se refere?',
    clarifyDocuments: (names) => `Vários documentos podem corresponder: ${quoteList(names, ', ')}. A qual se refere?`,
    noDocumentMatches: (phrase, closest) => `Nenhum documento corresponde a «${phrase}».${closest ? ' Os mais próximos estão abaixo; ou pesquise em todos os documentos.' : ' Pesquisar em todos os documentos?'}`,
    extractiveLead: 'Dos documentos, literalmente:',
    valueIn: (document, line) => `Em ${document}: ${line}`,
    scanProposal: (names) => `Rever ${quoteList(names, ', ')} com um playbook? Nada é executado sem a sua aprovação.`,
    workspaceUnavailable: 'As perguntas sobre o próprio espaço de trabalho (contagens, listas, dados dos documentos) ainda não estão disponíveis.',
    importUnavailable: 'Para importar uma pasta, use «Abrir pasta» no painel Documentos.',
  },
};

export function isUiLanguage(code: string | null | undefined): code is UiLanguage {
  return !!code && (UI_LANGUAGES as readonly string[]).includes(code);
}

/** The messages in `language`, English when the language has none. */
export function messages(language: string | null | undefined): Messages {
  return MESSAGES[isUiLanguage(language) ? language : 'en'];
}

/** The capability reply, naming the model that answers (null: extractive mode). */
export function capabilityText(language: string | null | undefined, model: string | null): string {
  const m = messages(language);
  return m.capability.replace('{model}', m.modelLine(model));
}

/** English names of languages, for prompts ("Reply in French"). */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'English', fr: 'French', de: 'German', es: 'Spanish', it: 'Italian', nl: 'Dutch', pt: 'Portuguese',
  pl: 'Polish', sv: 'Swedish', da: 'Danish', fi: 'Finnish', cs: 'Czech', ro: 'Romanian', el: 'Greek', hu: 'Hungarian',
};

export function languageName(code: string | null | undefined): string | null {
  return code ? (LANGUAGE_NAMES[code] ?? code) : null;
}
