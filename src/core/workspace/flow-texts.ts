/**
 * What the app says about flows, in English, French and German (others get English): the
 * proposal the user approves (with its estimate), a place in line, and the lines of an
 * extractive flow answer. No quotation marks around names (see texts.ts).
 */
import type { FlowKind } from './flows';
import { duration, joinList, num, textLanguage, words, type TextLanguage } from './texts';

type Lang = string | null | undefined;

interface FlowSentences {
  readonly askEach: (n: string, what: string, question: string) => string;
  readonly scan: (n: string, names: string) => string;
  readonly importFolder: (folder: string | null) => string;
  readonly estimate: (total: string, each: string) => string;
  /** No basis yet on this device. */
  readonly estimating: string;
  readonly approve: string;
  readonly waiting: (position: string, starts: string, eta: string) => string;
  readonly waitingUnknown: (position: string) => string;
  readonly found: (found: string, total: string, what: string, missing: string) => string;
  readonly notFoundIn: (names: string) => string;
  readonly failedIn: (names: string) => string;
  readonly more: (n: string) => string;
  readonly nothing: (total: string, what: string) => string;
}

const SENTENCES: Readonly<Record<TextLanguage, FlowSentences>> = {
  en: {
    askEach: (n, what, question) => (n === '1' ? `I would ask the one ${what}: ${question}` : `I would ask each of the ${n} ${what}, one at a time: ${question}`),
    scan: (n, names) => `I would review ${n} against a playbook, one at a time: ${names}.`,
    importFolder: (folder) => `I would import the folder ${folder ?? 'you choose'}: Run opens the folder picker, and its documents are then read and indexed.`,
    estimate: (total, each) => `Estimated time: ${total} (${each} per document on this device).`,
    estimating: 'Estimated time: known once the first documents are read (nothing measured on this device yet).',
    approve: 'Nothing runs until you approve.',
    waiting: (position, starts, eta) => `Waiting for the device: number ${position} in line, starts in ${starts}, done in ${eta}.`,
    waitingUnknown: (position) => `Waiting for the device: number ${position} in line; when it starts is known once the flow before it has read its first documents.`,
    found: (found, total, what, missing) => `Found in ${found} of ${total} ${what}; not found in ${missing}.`,
    notFoundIn: (names) => `Not found in: ${names}.`,
    failedIn: (names) => `Could not be searched: ${names}.`,
    more: (n) => `… and ${n} more in the table.`,
    nothing: (total, what) => `Not found in any of the ${total} ${what}.`,
  },
  fr: {
    askEach: (n, what, question) => (n === '1' ? `Je poserais la question au seul ${what} : ${question}` : `Je poserais la question à chacun des ${n} ${what}, l'un après l'autre : ${question}`),
    scan: (n, names) => `J'examinerais ${n} selon un playbook, l'un après l'autre : ${names}.`,
    importFolder: (folder) => `J'importerais ${folder ? `le dossier ${folder}` : 'le dossier que vous choisirez'} : Exécuter ouvre le sélecteur de dossier, puis ses documents sont lus et indexés.`,
    estimate: (total, each) => `Durée estimée : ${total} (${each} par document sur cet appareil).`,
    estimating: 'Durée estimée : connue après la lecture des premiers documents (rien n’a encore été mesuré sur cet appareil).',
    approve: 'Rien ne démarre sans votre accord.',
    waiting: (position, starts, eta) => `En attente de l'appareil : position ${position} dans la file, début dans ${starts}, fin dans ${eta}.`,
    waitingUnknown: (position) => `En attente de l'appareil : position ${position} dans la file ; l’heure de début sera connue quand la tâche précédente aura lu ses premiers documents.`,
    found: (found, total, _what, missing) => `Trouvé dans ${found} ${found === '1' ? 'document' : 'documents'} sur ${total} ; introuvable dans ${missing}.`,
    notFoundIn: (names) => `Introuvable dans : ${names}.`,
    failedIn: (names) => `Recherche impossible dans : ${names}.`,
    more: (n) => `… et ${n} autres dans le tableau.`,
    nothing: (total, what) => `Introuvable dans les ${total} ${what}.`,
  },
  de: {
    askEach: (n, what, question) => (n === '1' ? `Ich würde das eine ${what} fragen: ${question}` : `Ich würde jedes der ${n} ${what} einzeln fragen: ${question}`),
    scan: (n, names) => `Ich würde ${n} einzeln anhand eines Playbooks prüfen: ${names}.`,
    importFolder: (folder) => `Ich würde ${folder ? `den Ordner ${folder}` : 'den gewählten Ordner'} importieren: Ausführen öffnet die Ordnerauswahl, danach werden seine Dokumente gelesen und indexiert.`,
    estimate: (total, each) => `Geschätzte Dauer: ${total} (${each} pro Dokument auf diesem Gerät).`,
    estimating: 'Geschätzte Dauer: bekannt, sobald die ersten Dokumente gelesen sind (auf diesem Gerät noch nichts gemessen).',
    approve: 'Nichts startet ohne Ihre Zustimmung.',
    waiting: (position, starts, eta) => `Wartet auf das Gerät: Platz ${position} in der Warteschlange, Start in ${starts}, fertig in ${eta}.`,
    waitingUnknown: (position) => `Wartet auf das Gerät: Platz ${position} in der Warteschlange; der Start ist bekannt, sobald die Aufgabe davor ihre ersten Dokumente gelesen hat.`,
    found: (found, total, _what, missing) => `In ${found} von ${total} ${total === '1' ? 'Dokument' : 'Dokumenten'} gefunden, in ${missing} nicht.`,
    notFoundIn: (names) => `Nicht gefunden in: ${names}.`,
    failedIn: (names) => `Nicht durchsuchbar: ${names}.`,
    more: (n) => `… und ${n} weitere in der Tabelle.`,
    nothing: (total, what) => `In keinem der ${total} ${what} gefunden.`,
  },
};

function s(language: Lang): FlowSentences {
  return SENTENCES[textLanguage(language)];
}

export interface ProposalText {
  readonly kind: Exclude<FlowKind, 'import'>;
  readonly question: string;
  readonly documents: readonly string[];
  /** What the filter kept ("in French"), '' for none. */
  readonly described: string;
  /** null: no basis on this device yet. */
  readonly estimateMs: number | null;
  readonly perItemMs: number | null;
}

export function proposalReply(p: ProposalText, language: Lang): string {
  const n = p.documents.length;
  const what = `${words(language).documents(n)}${p.described ? ` ${p.described}` : ''}`;
  const lead = p.kind === 'scan' ? s(language).scan(`${num(n, language)} ${words(language).documents(n)}`, joinList(p.documents, language)) : s(language).askEach(num(n, language), what, p.question.trim());
  const estimate = p.estimateMs === null || p.perItemMs === null ? s(language).estimating : s(language).estimate(duration(p.estimateMs, language), duration(p.perItemMs, language));
  return [lead, estimate, s(language).approve].join('\n\n');
}

/** The proposal of a folder import asked for in the chat (the folder is chosen on Run). */
export function importReply(folder: string | null, language: Lang): string {
  return [s(language).importFolder(folder), s(language).approve].join('\n\n');
}

export function waitingReply(position: number, startsInMs: number | null, etaMs: number | null, language: Lang): string {
  if (startsInMs === null || etaMs === null) return s(language).waitingUnknown(num(position, language));
  return s(language).waiting(num(position, language), duration(startsInMs, language), duration(etaMs, language));
}

export function foundLead(found: number, total: number, language: Lang): string {
  const what = words(language).documents(total);
  if (found === 0) return s(language).nothing(num(total, language), what);
  return s(language).found(num(found, language), num(total, language), what, num(total - found, language));
}

export function notFoundLine(names: readonly string[], language: Lang): string {
  return s(language).notFoundIn(joinList(names, language));
}

export function failedLine(names: readonly string[], language: Lang): string {
  return s(language).failedIn(joinList(names, language));
}

export function moreLine(n: number, language: Lang): string {
  return s(language).more(num(n, language));
}

const JUDGED: Readonly<Record<TextLanguage, { lead: (yes: number, no: number, unclear: number, total: number) => string; no: (names: string) => string; unclear: (names: string) => string }>> = {
  en: {
    lead: (yes, no, unclear, total) => `Yes for ${yes} of ${total} ${total === 1 ? 'document' : 'documents'}${no ? `; no for ${no}` : ''}${unclear ? `; ${unclear} could not be judged` : ''}.`,
    no: (names) => `No: ${names}.`,
    unclear: (names) => `Could not be judged (no clause found that says, its value redacted, or the document could not be read): ${names}.`,
  },
  fr: {
    lead: (yes, no, unclear, total) => `Oui pour ${yes} ${yes < 2 ? 'document' : 'documents'} sur ${total}${no ? ` ; non pour ${no}` : ''}${unclear ? ` ; ${unclear} impossible${unclear === 1 ? '' : 's'} à évaluer` : ''}.`,
    no: (names) => `Non : ${names}.`,
    unclear: (names) => `Impossible à évaluer (aucune clause ne le dit, valeur caviardée, ou document illisible) : ${names}.`,
  },
  de: {
    lead: (yes, no, unclear, total) => `Ja bei ${yes} von ${total} ${total === 1 ? 'Dokument' : 'Dokumenten'}${no ? `; nein bei ${no}` : ''}${unclear ? `; ${unclear} nicht beurteilbar` : ''}.`,
    no: (names) => `Nein: ${names}.`,
    unclear: (names) => `Nicht beurteilbar (keine Klausel sagt es, Wert geschwärzt, oder das Dokument war nicht lesbar): ${names}.`,
  },
};

/** The count of a question with a condition: yes, no, could not be judged. */
export function judgedLead(yes: number, no: number, unclear: number, total: number, language: Lang): string {
  return JUDGED[textLanguage(language)].lead(yes, no, unclear, total);
}
export function judgedNoLine(names: readonly string[], language: Lang): string {
  return JUDGED[textLanguage(language)].no(joinList(names, language));
}
export function judgedUnclearLine(names: readonly string[], language: Lang): string {
  return JUDGED[textLanguage(language)].unclear(joinList(names, language));
}
