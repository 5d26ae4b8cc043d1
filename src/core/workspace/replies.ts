/**
 * The replies of the inventory and metadata answers, composed from the counts, tables and facts
 * (no model): honest totals first ("Showing 1–25 of 930 documents"), then the rows or the
 * breakdowns, in the question's language (texts.ts).
 */
import type { DocStatus } from '../types';
import type { DocKind } from './catalog';
import type { DocumentFacts } from './facts';
import { isEmptyFilter } from './filters';
import type { DocumentTable, DocumentTableRow, InventorySummary } from './inventory';
import type { Dimension, FactKind } from './phrases';
import { breakdown, describeFilter, isoDay, joinList, languageLabel, num, textLanguage, words, type TextLanguage } from './texts';

type Lang = string | null | undefined;

interface Sentences {
  readonly workspace: (total: string, pages: string, searchable: string) => string;
  readonly filtered: (matching: string, total: string, what: string, searchable: string) => string;
  readonly empty: string;
  readonly showingAll: (n: string, what: string) => string;
  readonly showing: (from: string, to: string, matching: string, what: string) => string;
  readonly ofWorkspace: (total: string) => string;
  readonly beyondEnd: (matching: string, what: string) => string;
  readonly noneMatch: (what: string, total: string) => string;
  readonly more: (left: string) => string;
  readonly added: (day: string) => string;
  readonly folder: (folder: string) => string;
  readonly noDocument: string;
  readonly whichOne: (names: string) => string;
  readonly fact: Readonly<Record<FactKind, (f: DocumentFacts, lang: TextLanguage) => string>>;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A sentence ending in a name or a message that already ends with a full stop ("MEDICA, S.p.A.") takes no second one. */
const stop = (s: string) => (/[.!?…]$/u.test(s) ? s : `${s}.`);
const label = (f: DocumentFacts) => (f.title && f.title !== f.name ? `${f.title} (${f.name})` : f.name);
const ocrLine = (f: DocumentFacts, read: (pages: string, conf: string) => string, low: (pages: string) => string, none: string, lang: TextLanguage) => {
  if (!f.ocr) return none;
  const line = read(f.ocr.pages === null ? '?' : num(f.ocr.pages, lang), f.ocr.confidence === null ? '?' : String(Math.round(f.ocr.confidence)));
  return f.ocr.lowPages.length > 0 ? `${line} ${low(f.ocr.lowPages.join(', '))}` : line;
};

const SENTENCES: Readonly<Record<TextLanguage, Sentences>> = {
  en: {
    workspace: (total, pages, searchable) => `The workspace holds ${total} (${pages}); ${searchable} searchable (ready or degraded).`,
    filtered: (matching, total, what, searchable) => `${matching} of the ${total} ${what} (${searchable} searchable).`,
    empty: 'The workspace holds no document yet.',
    showingAll: (n, what) => `Showing all ${n} ${what}:`,
    showing: (from, to, matching, what) => `Showing ${from}–${to} of ${matching} ${what}:`,
    ofWorkspace: (total) => `(${total} in the workspace)`,
    beyondEnd: (matching, what) => `There are only ${matching} ${what}: this page starts after the last one.`,
    noneMatch: (what, total) => `No document ${what} (${total} in the workspace).`,
    more: (left) => `${left} more: ask for the next page.`,
    added: (day) => `added ${day}`,
    folder: (folder) => `folder ${folder}`,
    noDocument: 'No document of the workspace goes by that name.',
    whichOne: (names) => `Several documents could be meant: ${names}. Which one do you mean?`,
    fact: {
      title: (f) => stop(`The title of ${f.name} is ${f.title ?? 'not known (none was found in the document)'}`),
      parties: (f) => (f.parties === null ? `The parties of ${label(f)} were not recorded when it was added; it also goes by: ${f.aliases.join(', ') || 'no other name'}.` : f.parties.length > 0 ? stop(`The parties of ${label(f)}: ${f.parties.join('; ')}`) : `No party was found in ${label(f)}.`),
      pages: (f, l) => `${label(f)} has ${num(f.pages, l)} ${f.pages === 1 ? 'page' : 'pages'}.`,
      language: (f, l) => (f.language ? `${label(f)} is in ${languageLabel(f.language, l)}.` : `The language of ${label(f)} is not known (none was detected).`),
      added: (f) => `${label(f)} was added on ${isoDay(f.addedAt)} (${f.source === 'folder' ? 'from an opened folder' : f.source === 'sample' ? 'a sample' : 'uploaded'}).`,
      source: (f) => `${label(f)} is ${f.path}${f.folder ? `, in the folder ${f.folder}` : ''}.`,
      ocr_quality: (f, l) => ocrLine(f, (p, c) => `${label(f)} was read by OCR on ${p} pages, mean confidence ${c}/100.`, (p) => `Low confidence on pages ${p}.`, `${label(f)} has a text layer: no page needed OCR.`, l),
      status: (f) => `${label(f)} is ${WORDS_STATUS.en[f.status]}${f.searchable ? ' (searchable)' : ''}${f.error ? `: ${f.error}` : ''}.`,
    },
  },
  fr: {
    workspace: (total, pages, searchable) => `L'espace de travail contient ${total} (${pages}) ; ${searchable} consultables (prêts ou dégradés).`,
    filtered: (matching, total, what, searchable) => `${matching} des ${total} ${what} (${searchable} consultables).`,
    empty: "L'espace de travail ne contient encore aucun document.",
    showingAll: (n, what) => `Les ${n} ${what} :`,
    showing: (from, to, matching, what) => `${capitalize(what)}, ${from} à ${to} sur ${matching} :`,
    ofWorkspace: (total) => `(${total} dans l'espace de travail)`,
    beyondEnd: (matching, what) => `Il n'y a que ${matching} ${what} : cette page commence après le dernier.`,
    noneMatch: (what, total) => `Aucun document ${what} (${total} dans l'espace de travail).`,
    more: (left) => `${left} de plus : demandez la page suivante.`,
    added: (day) => `ajouté le ${day}`,
    folder: (folder) => `dossier ${folder}`,
    noDocument: "Aucun document de l'espace de travail ne porte ce nom.",
    whichOne: (names) => `Plusieurs documents peuvent correspondre : ${names}. Lequel visez-vous ?`,
    fact: {
      title: (f) => stop(`Le titre de ${f.name} est ${f.title ?? 'inconnu (aucun trouvé dans le document)'}`),
      parties: (f) => (f.parties === null ? `Les parties de ${label(f)} n'ont pas été relevées à son ajout ; autres noms : ${f.aliases.join(', ') || 'aucun'}.` : f.parties.length > 0 ? stop(`Parties de ${label(f)} : ${f.parties.join(' ; ')}`) : `Aucune partie trouvée dans ${label(f)}.`),
      pages: (f, l) => `${label(f)} compte ${num(f.pages, l)} ${f.pages === 1 ? 'page' : 'pages'}.`,
      language: (f, l) => (f.language ? `${label(f)} est en ${languageLabel(f.language, l)}.` : `La langue de ${label(f)} est inconnue (aucune n'a été détectée).`),
      added: (f) => `${label(f)} a été ajouté le ${isoDay(f.addedAt)} (${f.source === 'folder' ? "depuis un dossier ouvert" : f.source === 'sample' ? 'exemple' : 'téléversé'}).`,
      source: (f) => `${label(f)} : ${f.path}${f.folder ? `, dans le dossier ${f.folder}` : ''}.`,
      ocr_quality: (f, l) => ocrLine(f, (p, c) => `${label(f)} a été lu par OCR sur ${p} pages, confiance moyenne ${c}/100.`, (p) => `Confiance faible aux pages ${p}.`, `${label(f)} a une couche texte : aucune page n'a nécessité d'OCR.`, l),
      status: (f) => `${label(f)} : ${WORDS_STATUS.fr[f.status]}${f.searchable ? ' (consultable)' : ''}${f.error ? ` — ${f.error}` : ''}.`,
    },
  },
  de: {
    workspace: (total, pages, searchable) => `Der Arbeitsbereich enthält ${total} (${pages}); ${searchable} durchsuchbar (bereit oder eingeschränkt).`,
    filtered: (matching, total, what, searchable) => `${matching} der ${total} ${what} (${searchable} durchsuchbar).`,
    empty: 'Der Arbeitsbereich enthält noch kein Dokument.',
    showingAll: (n, what) => `Alle ${n} ${what}:`,
    showing: (from, to, matching, what) => `${capitalize(what)}, ${from}–${to} von ${matching}:`,
    ofWorkspace: (total) => `(${total} im Arbeitsbereich)`,
    beyondEnd: (matching, what) => `Es gibt nur ${matching} ${what}: Diese Seite beginnt nach dem letzten.`,
    noneMatch: (what, total) => `Kein Dokument ${what} (${total} im Arbeitsbereich).`,
    more: (left) => `${left} weitere: Fragen Sie nach der nächsten Seite.`,
    added: (day) => `hinzugefügt am ${day}`,
    folder: (folder) => `Ordner ${folder}`,
    noDocument: 'Kein Dokument des Arbeitsbereichs trägt diesen Namen.',
    whichOne: (names) => `Mehrere Dokumente kommen in Frage: ${names}. Welches meinen Sie?`,
    fact: {
      title: (f) => stop(`Der Titel von ${f.name} ist ${f.title ?? 'unbekannt (im Dokument nicht gefunden)'}`),
      parties: (f) => (f.parties === null ? `Die Parteien von ${label(f)} wurden beim Hinzufügen nicht erfasst; weitere Namen: ${f.aliases.join(', ') || 'keine'}.` : f.parties.length > 0 ? stop(`Parteien von ${label(f)}: ${f.parties.join('; ')}`) : `In ${label(f)} wurde keine Partei gefunden.`),
      pages: (f, l) => `${label(f)} hat ${num(f.pages, l)} ${f.pages === 1 ? 'Seite' : 'Seiten'}.`,
      language: (f, l) => (f.language ? `${label(f)} ist auf ${languageLabel(f.language, l)}.` : `Die Sprache von ${label(f)} ist unbekannt (keine erkannt).`),
      added: (f) => `${label(f)} wurde am ${isoDay(f.addedAt)} hinzugefügt (${f.source === 'folder' ? 'aus einem geöffneten Ordner' : f.source === 'sample' ? 'Beispiel' : 'hochgeladen'}).`,
      source: (f) => `${label(f)}: ${f.path}${f.folder ? `, im Ordner ${f.folder}` : ''}.`,
      ocr_quality: (f, l) => ocrLine(f, (p, c) => `${label(f)} wurde auf ${p} Seiten per OCR gelesen, mittlere Konfidenz ${c}/100.`, (p) => `Niedrige Konfidenz auf den Seiten ${p}.`, `${label(f)} hat eine Textebene: Keine Seite brauchte OCR.`, l),
      status: (f) => `${label(f)}: ${WORDS_STATUS.de[f.status]}${f.searchable ? ' (durchsuchbar)' : ''}${f.error ? ` — ${f.error}` : ''}.`,
    },
  },
};

const WORDS_STATUS: Readonly<Record<TextLanguage, Readonly<Record<DocStatus, string>>>> = { en: words('en').statuses, fr: words('fr').statuses, de: words('de').statuses };

function sentences(language: Lang): Sentences {
  return SENTENCES[textLanguage(language)];
}

/** "930 documents", or with what the filter keeps: "documents in French". */
function documentsWord(n: number, filter: DocumentTable['filter'], language: Lang): string {
  const what = words(language).documents(n);
  const described = describeFilter(filter, language);
  return described ? `${what} ${described}` : what;
}

export function countsReply(summary: InventorySummary, dimension: Dimension | null, language: Lang): string {
  const w = words(language);
  const s = sentences(language);
  if (summary.total === 0) return s.empty;
  const lines: string[] = [];
  if (isEmptyFilter(summary.filter)) {
    lines.push(s.workspace(`${num(summary.total, language)} ${w.documents(summary.total)}`, `${num(summary.pages, language)} ${w.pages(summary.pages)}`, num(summary.searchable, language)));
  } else {
    lines.push(s.filtered(num(summary.matching, language), num(summary.total, language), documentsWord(summary.total, summary.filter, language), num(summary.searchable, language)));
  }
  if (summary.matching === 0) return lines.join('\n');
  const byLanguage = `${w.byLanguage}: ${breakdown(summary.byLanguage, (c) => languageLabel(c, language), language)}.`;
  const byKind = `${w.byKind}: ${breakdown<DocKind>(summary.byKind, (k) => w.kinds[k], language)}.`;
  const byStatus = `${w.byStatus}: ${breakdown<DocStatus>(summary.byStatus, (k) => w.statuses[k], language)}.`;
  const ordered = dimension === 'kind' ? [byKind, byLanguage, byStatus] : dimension === 'status' ? [byStatus, byLanguage, byKind] : [byLanguage, byKind, byStatus];
  lines.push(...ordered);
  return lines.join('\n');
}

function rowLine(r: DocumentTableRow, n: number, language: Lang): string {
  const w = words(language);
  const s = sentences(language);
  const name = r.title && r.title !== r.name ? `${r.title} (${r.name})` : r.name;
  const parts = [w.kinds[r.kind], `${num(r.pages, language)} ${w.pages(r.pages)}`, languageLabel(r.language, language), w.statuses[r.status], s.added(isoDay(r.addedAt))];
  if (r.folder) parts.push(s.folder(r.folder));
  return `${n}. ${name} — ${parts.join(', ')}`;
}

export function tableReply(table: DocumentTable, language: Lang): string {
  const s = sentences(language);
  const filtered = !isEmptyFilter(table.filter);
  const what = documentsWord(table.matching, table.filter, language);
  const total = num(table.total, language);
  if (table.total === 0) return s.empty;
  if (table.matching === 0) return s.noneMatch(describeFilter(table.filter, language), total);
  if (table.beyondEnd) return s.beyondEnd(num(table.matching, language), what);
  const all = table.from === 1 && table.to === table.matching;
  let head = all ? s.showingAll(num(table.matching, language), what) : s.showing(num(table.from, language), num(table.to, language), num(table.matching, language), what);
  if (filtered) head = `${head.replace(/\s?:$/, '')} ${s.ofWorkspace(total)}${textLanguage(language) === 'fr' ? ' :' : ':'}`;
  const lines = [head, ...table.rows.map((r, i) => rowLine(r, table.from + i, language))];
  if (table.to < table.matching) lines.push(s.more(num(table.matching - table.to, language)));
  return lines.join('\n');
}

export function factsReply(facts: readonly DocumentFacts[], kinds: readonly FactKind[], language: Lang): string {
  const s = sentences(language);
  const lang = textLanguage(language);
  const asked: readonly FactKind[] = kinds.length > 0 ? kinds : ['title', 'parties', 'pages', 'language', 'added', 'source', 'ocr_quality', 'status'];
  return facts.map((f) => asked.map((k) => s.fact[k](f, lang)).join('\n')).join('\n\n');
}

export function candidatesReply(names: readonly string[], language: Lang): string {
  return sentences(language).whichOne(joinList(names, language));
}

export function noDocumentReply(language: Lang): string {
  return sentences(language).noDocument;
}
