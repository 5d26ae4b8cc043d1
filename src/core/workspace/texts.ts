/**
 * The words of the workspace answers (no model writes them) in English, French and German;
 * other languages get English. Numbers through Intl.NumberFormat, language names through
 * Intl.DisplayNames, dates as ISO days (the same in every language and export). Document names
 * are written plainly, never between quotation marks: the answer checks read quoted words as
 * quotations that must be found in a source.
 */
import type { DocStatus } from '../types';
import type { DocKind } from './catalog';
import type { CatalogFilter, StatusGroup } from './filters';
import { UNKNOWN_LANGUAGE } from './filters';

export type TextLanguage = 'en' | 'fr' | 'de';

export function textLanguage(language: string | null | undefined): TextLanguage {
  return language === 'fr' || language === 'de' ? language : 'en';
}

interface Words {
  readonly kinds: Readonly<Record<DocKind, string>>;
  readonly statuses: Readonly<Record<DocStatus, string>>;
  readonly groups: Readonly<Record<StatusGroup, string>>;
  readonly unknown: string;
  readonly documents: (n: number) => string;
  readonly pages: (n: number) => string;
  readonly about: string;
  readonly inLanguage: (names: string) => string;
  readonly ofKind: (names: string) => string;
  readonly withStatus: (names: string) => string;
  readonly searchableOnly: string;
  readonly scannedOnly: string;
  readonly addedFrom: (from: string) => string;
  readonly addedBetween: (from: string, until: string) => string;
  readonly inFolder: (folder: string) => string;
  readonly byLanguage: string;
  readonly byKind: string;
  readonly byStatus: string;
  readonly and: string;
}

const WORDS: Readonly<Record<TextLanguage, Words>> = {
  en: {
    kinds: { pdf: 'PDF', word: 'Word', html: 'web page', text: 'text', markdown: 'Markdown', image: 'image', spreadsheet: 'spreadsheet', presentation: 'presentation', other: 'other' },
    statuses: { queued: 'queued', parsing: 'reading', ocr: 'OCR', embedding: 'embedding', ready: 'ready', degraded: 'degraded', failed: 'failed' },
    groups: { ready: 'ready', degraded: 'degraded', failed: 'failed', pending: 'in progress' },
    unknown: 'unknown',
    documents: (n) => (n === 1 ? 'document' : 'documents'),
    pages: (n) => (n === 1 ? 'page' : 'pages'),
    about: 'about',
    inLanguage: (names) => `in ${names}`,
    ofKind: (names) => `of type ${names}`,
    withStatus: (names) => `with status ${names}`,
    searchableOnly: 'searchable',
    scannedOnly: 'read by OCR',
    addedFrom: (from) => `added since ${from}`,
    addedBetween: (from, until) => `added from ${from} to ${until}`,
    inFolder: (folder) => `in the folder ${folder}`,
    byLanguage: 'By language',
    byKind: 'By type',
    byStatus: 'By status',
    and: 'and',
  },
  fr: {
    kinds: { pdf: 'PDF', word: 'Word', html: 'page web', text: 'texte', markdown: 'Markdown', image: 'image', spreadsheet: 'tableur', presentation: 'présentation', other: 'autre' },
    statuses: { queued: 'en attente', parsing: 'lecture', ocr: 'OCR', embedding: 'vectorisation', ready: 'prêt', degraded: 'dégradé', failed: 'échec' },
    groups: { ready: 'prêt', degraded: 'dégradé', failed: 'échec', pending: 'en cours' },
    unknown: 'inconnue',
    documents: (n) => (n === 1 ? 'document' : 'documents'),
    pages: (n) => (n === 1 ? 'page' : 'pages'),
    about: 'environ',
    inLanguage: (names) => `en ${names}`,
    ofKind: (names) => `au format ${names}`,
    withStatus: (names) => `au statut ${names}`,
    searchableOnly: 'consultables',
    scannedOnly: 'lus par OCR',
    addedFrom: (from) => `ajoutés depuis le ${from}`,
    addedBetween: (from, until) => `ajoutés du ${from} au ${until}`,
    inFolder: (folder) => `dans le dossier ${folder}`,
    byLanguage: 'Par langue',
    byKind: 'Par format',
    byStatus: 'Par statut',
    and: 'et',
  },
  de: {
    kinds: { pdf: 'PDF', word: 'Word', html: 'Webseite', text: 'Text', markdown: 'Markdown', image: 'Bild', spreadsheet: 'Tabelle', presentation: 'Präsentation', other: 'sonstige' },
    statuses: { queued: 'wartend', parsing: 'wird gelesen', ocr: 'OCR', embedding: 'Vektorisierung', ready: 'bereit', degraded: 'eingeschränkt', failed: 'fehlgeschlagen' },
    groups: { ready: 'bereit', degraded: 'eingeschränkt', failed: 'fehlgeschlagen', pending: 'in Bearbeitung' },
    unknown: 'unbekannt',
    documents: (n) => (n === 1 ? 'Dokument' : 'Dokumente'),
    pages: (n) => (n === 1 ? 'Seite' : 'Seiten'),
    about: 'etwa',
    inLanguage: (names) => `auf ${names}`,
    ofKind: (names) => `im Format ${names}`,
    withStatus: (names) => `mit Status ${names}`,
    searchableOnly: 'durchsuchbar',
    scannedOnly: 'per OCR gelesen',
    addedFrom: (from) => `hinzugefügt seit ${from}`,
    addedBetween: (from, until) => `hinzugefügt vom ${from} bis ${until}`,
    inFolder: (folder) => `im Ordner ${folder}`,
    byLanguage: 'Nach Sprache',
    byKind: 'Nach Format',
    byStatus: 'Nach Status',
    and: 'und',
  },
};

export function words(language: string | null | undefined): Words {
  return WORDS[textLanguage(language)];
}

export function num(n: number, language: string | null | undefined): string {
  return new Intl.NumberFormat(textLanguage(language)).format(n);
}

/** Local calendar day, ISO (2026-03-01). */
export function isoDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const displayNames = new Map<TextLanguage, Intl.DisplayNames>();
export function languageLabel(code: string | null, language: string | null | undefined): string {
  const lang = textLanguage(language);
  if (code === null || code === UNKNOWN_LANGUAGE) return WORDS[lang].unknown;
  let names = displayNames.get(lang);
  if (!names) displayNames.set(lang, (names = new Intl.DisplayNames([lang], { type: 'language', fallback: 'code' })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "about 12 s", "environ 3 min", "etwa 1 h 5 min". */
export function duration(ms: number, language: string | null | undefined): string {
  const w = words(language);
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 90) return `${w.about} ${s} s`;
  const min = Math.round(s / 60);
  if (min < 90) return `${w.about} ${min} min`;
  return `${w.about} ${Math.floor(min / 60)} h ${min % 60} min`;
}

/** How documents are named in a reply: their titles, with the file name where two share a title. */
export function distinctLabels(docs: readonly { readonly title: string | null; readonly name: string; readonly parties?: readonly string[] | undefined }[]): string[] {
  const count = (labels: readonly (string | null)[]) => {
    const n = new Map<string, number>();
    for (const l of labels) if (l) n.set(l, (n.get(l) ?? 0) + 1);
    return n;
  };
  const titles = count(docs.map((d) => d.title));
  // Two "CO-BRANDING AGREEMENT"s are told apart by their parties, as lawyers tell them apart; by file name when the parties do not.
  const withParties = docs.map((d) => (d.title && d.parties?.length ? `${d.title} — ${d.parties.join(' / ')}` : null));
  const partyLabels = count(withParties);
  return docs.map((d, i) => {
    if (!d.title) return d.name;
    if ((titles.get(d.title) ?? 0) <= 1) return d.title;
    const p = withParties[i];
    return p && partyLabels.get(p) === 1 ? p : `${d.title} (${d.name})`;
  });
}

export function joinList(items: readonly string[], language: string | null | undefined): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${words(language).and} ${items[items.length - 1]}`;
}

/** What a filter keeps, as words ("in French, added since 2026-03-01"); '' for none. */
export function describeFilter(filter: CatalogFilter, language: string | null | undefined): string {
  const w = words(language);
  const parts: string[] = [];
  if (filter.languages?.length) parts.push(w.inLanguage(joinList(filter.languages.map((c) => languageLabel(c, language)), language)));
  if (filter.kinds?.length) parts.push(w.ofKind(joinList(filter.kinds.map((k) => w.kinds[k]), language)));
  if (filter.statuses?.length) parts.push(w.withStatus(joinList(filter.statuses.map((s) => w.groups[s]), language)));
  if (filter.searchable) parts.push(w.searchableOnly);
  if (filter.scanned) parts.push(w.scannedOnly);
  if (filter.addedFrom !== undefined && filter.addedUntil !== undefined) parts.push(w.addedBetween(isoDay(filter.addedFrom), isoDay(filter.addedUntil - 1)));
  else if (filter.addedFrom !== undefined) parts.push(w.addedFrom(isoDay(filter.addedFrom)));
  if (filter.folder) parts.push(w.inFolder(filter.folder));
  return parts.join(', ');
}

/** "English 800, French 100, unknown 30", largest first. */
export function breakdown<K extends string>(counts: Readonly<Partial<Record<K, number>>>, label: (key: K) => string, language: string | null | undefined): string {
  return (Object.entries(counts) as [K, number][])
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => `${label(k)} ${num(n, language)}`)
    .join(', ');
}
