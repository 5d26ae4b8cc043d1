/**
 * The sentence an answer leads with when the question asks for a value: "New York law governs",
 * "Each renewal term is 1 year", "Notice to stop a renewal: 60 days", "Notice to terminate: 15 days", "The initial term ends on
 * December 31, 2022", in the reply's language (en, fr, de; others get English).
 */
import { EFFECTIVE_DATE_ANCHOR, type DurationValue, type NormalValue, type OtherEnd, type TypedValue } from '../values/types';
import { isoParts } from '../values/partial-date';
import { lawAdjective } from '../values/jurisdiction';

type Lang = 'en' | 'fr' | 'de';

const UNITS: Record<Lang, Record<DurationValue['unit'], [string, string]>> = {
  en: { hours: ['hour', 'hours'], days: ['day', 'days'], weeks: ['week', 'weeks'], months: ['month', 'months'], years: ['year', 'years'] },
  fr: { hours: ['heure', 'heures'], days: ['jour', 'jours'], weeks: ['semaine', 'semaines'], months: ['mois', 'mois'], years: ['an', 'ans'] },
  de: { hours: ['Stunde', 'Stunden'], days: ['Tag', 'Tage'], weeks: ['Woche', 'Wochen'], months: ['Monat', 'Monate'], years: ['Jahr', 'Jahre'] },
};

const LOCALE: Record<Lang, string> = { en: 'en-US', fr: 'fr-FR', de: 'de-DE' };

function langOf(language: string | null): Lang {
  return language === 'fr' || language === 'de' ? language : 'en';
}

function formatDuration(d: DurationValue, language: string | null): string {
  const [one, many] = UNITS[langOf(language)][d.unit];
  return `${d.amount} ${d.amount === 1 ? one : many}`;
}

/** A date in the reply's language; a form's partial date as far as it is written ("February 2021", "2010"). */
function formatDate(iso: string, language: string | null): string {
  const p = isoParts(iso);
  if (!p) return iso;
  if (p.m === undefined) return String(p.y);
  const parts: Intl.DateTimeFormatOptions = p.d === undefined ? { year: 'numeric', month: 'long' } : { year: 'numeric', month: 'long', day: 'numeric' };
  const shown = new Intl.DateTimeFormat(LOCALE[langOf(language)], { ...parts, timeZone: 'UTC' }).format(new Date(Date.UTC(p.y, p.m - 1, p.d ?? 1)));
  // French writes the first of the month as an ordinal: « 1er mars 2027 ».
  return langOf(language) === 'fr' && p.d === 1 ? shown.replace(/^1(?=\s)/u, '1er') : shown;
}

/** The countries the jurisdiction reader names (values/jurisdiction.ts), by region code: said in the reply's language by Intl. */
const REGION_CODES: Readonly<Record<string, string>> = {
  Ireland: 'IE', France: 'FR', Germany: 'DE', Switzerland: 'CH', Netherlands: 'NL', Belgium: 'BE', Italy: 'IT', Spain: 'ES', Sweden: 'SE', Denmark: 'DK', Norway: 'NO', Finland: 'FI',
  Austria: 'AT', Luxembourg: 'LU', Israel: 'IL', Japan: 'JP', China: 'CN', India: 'IN', Singapore: 'SG', Canada: 'CA', Australia: 'AU', Taiwan: 'TW', 'United States': 'US', 'United Kingdom': 'GB',
};
/** The jurisdictions that are no country of their own, in French and German. */
const PLACE_NAMES: Readonly<Record<string, Readonly<Record<'fr' | 'de', string>>>> = {
  'England and Wales': { fr: 'Angleterre et pays de Galles', de: 'England und Wales' },
  Scotland: { fr: 'Écosse', de: 'Schottland' },
  Quebec: { fr: 'Québec', de: 'Québec' },
};

const regionNamesIn = new Map<Lang, Intl.DisplayNames>();
const regionNames = (l: Lang) => regionNamesIn.get(l) ?? regionNamesIn.set(l, new Intl.DisplayNames([LOCALE[l]], { type: 'region' })).get(l)!;

/** A jurisdiction's name in the reply's language ("Germany" → "Allemagne", "Deutschland"); a state or a place without a translation as the reader wrote it. */
function jurisdictionName(name: string, language: string | null): string {
  const l = langOf(language);
  if (l === 'en') return name;
  const place = PLACE_NAMES[name]?.[l];
  if (place) return place;
  const code = REGION_CODES[name];
  return (code && regionNames(l).of(code)) || name;
}

/** The value alone, as a table cell shows it ("New York", "1 year, renewing", "December 31, 2022"). */
export function formatValue(value: NormalValue, language: string | null): string {
  const l = langOf(language);
  switch (value.type) {
    case 'jurisdiction':
      return jurisdictionName(value.name, language);
    case 'duration':
      return formatDuration(value.duration, language) + (value.successive ? { en: ', each renewal', fr: ', à chaque renouvellement', de: ', je Verlängerung' }[l] : '');
    case 'perpetual':
      return value.onEvent
        ? { en: 'no end date (it ends on an event the contract names)', fr: 'sans date de fin (il prend fin à un événement que le contrat prévoit)', de: 'kein Enddatum (endet mit einem im Vertrag genannten Ereignis)' }[l]
        : { en: 'no end date (until terminated)', fr: 'sans terme (jusqu’à résiliation)', de: 'unbefristet (bis zur Kündigung)' }[l];
    case 'date': {
      const date = formatDate(value.iso, language);
      if (!value.length) return withOtherEnd(date, value.otherEnd, l);
      const length = formatDuration(value.length, language);
      return withOtherEnd({ en: `${date} (a term of ${length})`, fr: `${date} (durée : ${length})`, de: `${date} (Laufzeit: ${length})` }[l], value.otherEnd, l);
    }
    case 'relative_date': {
      // The contract's start in the reply's language; an anchor quoted from the contract as written.
      const anchor = value.anchor === EFFECTIVE_DATE_ANCHOR ? { en: EFFECTIVE_DATE_ANCHOR, fr: 'la date d’effet', de: 'dem Inkrafttreten' }[l] : value.anchor;
      const after = { en: `${formatDuration(value.duration, language)} after ${anchor}`, fr: `${formatDuration(value.duration, language)} après ${anchor}`, de: `${formatDuration(value.duration, language)} nach ${anchor}` }[l];
      return withOtherEnd(value.iso ? `${after} (${formatDate(value.iso, language)})` : after, value.otherEnd, l);
    }
    case 'money':
      return new Intl.NumberFormat(LOCALE[l], value.currency ? { style: 'currency', currency: value.currency, maximumFractionDigits: 0 } : {}).format(value.amount);
    case 'formula':
      return value.text.replace(/\s+/gu, ' ');
    case 'redacted':
      if (value.blank) return { en: `left blank in this copy (${value.text})`, fr: `laissé en blanc dans cette copie (${value.text})`, de: `in dieser Fassung nicht ausgefüllt (${value.text})` }[l];
      return { en: `redacted in this copy (${value.text})`, fr: `caviardé dans cette copie (${value.text})`, de: `in dieser Fassung geschwärzt (${value.text})` }[l];
    case 'parties': {
      // Each with the names the contract defines for it, quoted as the reply's language quotes:
      // "Cano Petroleum (“Sponsor”, “Cano”)"; Cano Petroleum (« Sponsor », « Cano »); Cano Petroleum („Sponsor“, „Cano“).
      const quote = { en: (d: string) => `“${d}”`, fr: (d: string) => `« ${d} »`, de: (d: string) => `„${d}“` }[l];
      return value.names.map((n, i) => (value.defined?.[i]?.length ? `${n} (${value.defined[i].map(quote).join(', ')})` : n)).join('; ');
    }
  }
}

/**
 * The other end a clause sets beside the one read, and which of the two ends the term: "10 years
 * after Launch, or the date of expiry of the last valid patent, whichever is later"; a list named,
 * not quoted: "December 31, 2022, or an earlier end the clause names". The other end is quoted as
 * the contract words it.
 */
function withOtherEnd(shown: string, other: OtherEnd | undefined, l: Lang): string {
  if (!other) return shown;
  const later = other.which === 'later';
  if (other.text) {
    const which = { en: `whichever is ${other.which}`, fr: later ? 'selon ce qui arrive le plus tard' : 'selon ce qui arrive le premier', de: later ? 'je nachdem, was später eintritt' : 'je nachdem, was früher eintritt' }[l];
    return { en: `${shown}, or ${other.text}, ${which}`, fr: `${shown}, ou « ${other.text} », ${which}`, de: `${shown}, oder „${other.text}“, ${which}` }[l];
  }
  return {
    en: `${shown}, or ${later ? 'a later' : 'an earlier'} end the clause names`,
    fr: `${shown}, ou une fin ${later ? 'postérieure' : 'antérieure'} que la clause prévoit`,
    de: `${shown}, oder ein ${later ? 'späteres' : 'früheres'} Ende, das die Klausel nennt`,
  }[l];
}

/** "German law", "English law" where English says the law by an adjective; "New York law" otherwise. */
function englishLaw(value: NormalValue, shown: string): string {
  return (value.type === 'jurisdiction' ? lawAdjective(value.name) : null) ?? shown;
}

/**
 * What each value is, as the subject of "… is redacted in this copy" / "… is left blank in this
 * copy", with what the verb agrees with: French gender and number, plural in English and German.
 */
const SUBJECT: Readonly<Record<TypedValue['kind'], { readonly en: string; readonly fr: string; readonly de: string; readonly frGender: 'm' | 'f'; readonly plural?: boolean }>> = {
  governing_law: { en: 'The governing law', fr: 'Le droit applicable', de: 'Das anwendbare Recht', frGender: 'm' },
  renewal_term: { en: 'The renewal term', fr: 'La durée du renouvellement', de: 'Die Verlängerungsdauer', frGender: 'f' },
  notice_period: { en: 'The notice to stop a renewal', fr: 'Le préavis de non-renouvellement', de: 'Die Frist für die Nichtverlängerung', frGender: 'm' },
  termination_notice: { en: 'The notice to terminate', fr: 'Le préavis de résiliation', de: 'Die Kündigungsfrist', frGender: 'm' },
  expiration_date: { en: 'The end of the initial term', fr: 'La fin de la durée initiale', de: 'Das Ende der Laufzeit', frGender: 'f' },
  effective_date: { en: 'The effective date', fr: 'La date d’effet', de: 'Das Datum des Inkrafttretens', frGender: 'f' },
  liability_cap: { en: 'The cap on liability', fr: 'Le plafond de responsabilité', de: 'Die Haftungsgrenze', frGender: 'm' },
  parties: { en: 'The parties', fr: 'Les parties', de: 'Die Parteien', frGender: 'f', plural: true },
};

/**
 * The lead when the copy does not show the value: the filed copy blanks it out ("The notice to
 * terminate is redacted in this copy: [***] days"), or a form leaves it to be filled in ("The end
 * of the initial term is left blank in this copy: _______").
 */
function hiddenLead(kind: TypedValue['kind'], blank: boolean, l: Lang): string {
  const s = SUBJECT[kind];
  const agree = (s.frGender === 'f' ? 'e' : '') + (s.plural ? 's' : '');
  if (l === 'fr') return `${s.fr} ${s.plural ? 'sont' : 'est'} ${blank ? `laissé${agree} en blanc` : `caviardé${agree}`} dans cette copie`;
  if (l === 'de') return `${s.de} ${s.plural ? 'sind' : 'ist'} in dieser Fassung ${blank ? 'nicht ausgefüllt' : 'geschwärzt'}`;
  return `${s.en} ${s.plural ? 'are' : 'is'} ${blank ? 'left blank' : 'redacted'} in this copy`;
}

/** The lead sentence (without its citation). */
export function valueSentence(v: TypedValue, language: string | null): string {
  const l = langOf(language);
  if (v.value.type === 'redacted') return `${hiddenLead(v.kind, v.value.blank === true, l)}${l === 'fr' ? ' :' : ':'} ${v.value.text}`;
  const shown = formatValue(v.value, language);
  switch (v.kind) {
    case 'governing_law':
      return { en: `${englishLaw(v.value, shown)} law governs`, fr: `Droit applicable : ${shown}`, de: `Anwendbares Recht: ${shown}` }[l];
    case 'renewal_term':
      return v.value.type === 'perpetual'
        ? { en: 'It renews until terminated', fr: 'Il se poursuit jusqu’à résiliation', de: 'Er verlängert sich bis zur Kündigung' }[l]
        : { en: `Renewal term: ${shown}`, fr: `Durée du renouvellement : ${shown}`, de: `Verlängerung: ${shown}` }[l];
    case 'notice_period':
      return { en: `Notice to stop a renewal: ${shown}`, fr: `Préavis de non-renouvellement : ${shown}`, de: `Frist für die Nichtverlängerung: ${shown}` }[l];
    case 'termination_notice':
      return { en: `Notice to terminate: ${shown}`, fr: `Préavis de résiliation : ${shown}`, de: `Kündigungsfrist: ${shown}` }[l];
    case 'expiration_date':
      return { en: `The initial term ends: ${shown}`, fr: `Fin de la durée initiale : ${shown}`, de: `Ende der Laufzeit: ${shown}` }[l];
    case 'effective_date':
      return { en: `Effective date: ${shown}`, fr: `Date d’effet : ${shown}`, de: `Inkrafttreten: ${shown}` }[l];
    case 'liability_cap':
      return { en: `Liability is capped at ${shown}`, fr: `Responsabilité plafonnée : ${shown}`, de: `Haftungsgrenze: ${shown}` }[l];
    case 'parties':
      return { en: `Parties: ${shown}`, fr: `Parties : ${shown}`, de: `Parteien: ${shown}` }[l];
  }
}

/** The lead when a value was asked and none of the passages quoted states it (parties are read from the documents' identity: none). */
const NOT_STATED: Readonly<Record<Exclude<TypedValue['kind'], 'parties'>, Record<Lang, string>>> = {
  governing_law: { en: 'None of these passages names the governing law.', fr: 'Aucun de ces passages n’indique le droit applicable.', de: 'Keine dieser Stellen nennt das anwendbare Recht.' },
  renewal_term: { en: 'None of these passages states a renewal term.', fr: 'Aucun de ces passages n’indique de durée de renouvellement.', de: 'Keine dieser Stellen nennt eine Verlängerungsdauer.' },
  notice_period: { en: 'None of these passages states the notice needed to stop a renewal.', fr: 'Aucun de ces passages n’indique le préavis de non-renouvellement.', de: 'Keine dieser Stellen nennt die Frist, um eine Verlängerung zu verhindern.' },
  termination_notice: { en: 'None of these passages states the notice needed to terminate.', fr: 'Aucun de ces passages n’indique le préavis de résiliation.', de: 'Keine dieser Stellen nennt eine Kündigungsfrist.' },
  expiration_date: { en: 'None of these passages states when the initial term ends.', fr: 'Aucun de ces passages n’indique la fin de la durée initiale.', de: 'Keine dieser Stellen nennt das Ende der Laufzeit.' },
  effective_date: { en: 'None of these passages states the effective date.', fr: 'Aucun de ces passages n’indique la date d’effet.', de: 'Keine dieser Stellen nennt das Datum des Inkrafttretens.' },
  liability_cap: { en: 'None of these passages states a cap on liability.', fr: 'Aucun de ces passages n’indique de plafond de responsabilité.', de: 'Keine dieser Stellen nennt eine Haftungsgrenze.' },
};

/** Said plainly first, so a quote nearby is not taken for the value asked; null for parties. */
export function valueNotStated(kind: TypedValue['kind'], language: string | null): string | null {
  return kind === 'parties' ? null : NOT_STATED[kind][langOf(language)];
}
