/**
 * What a flag says, in the reader's language. A scan stores its flags' texts in English (the
 * finding's lead sentence, the rule's title, explanation and guidance, what the checks found);
 * the review screen, the printed report and the exported reports show them in the app's language:
 * the lead sentence from the flag's kind, the clause type's name in that language (its first
 * keyword there: playbook `keywordsByLanguage`) and the rule's title; the rule's own texts from the
 * playbook's translations (`PlaybookTexts`: the built-in playbooks have French and German ones)
 * or, without one, as the playbook writes them; the checks' findings by their fixed wording
 * (what a check could not read stays as written, quotes of the contract too). English flags are
 * shown exactly as stored. Pure.
 */
import type { Playbook } from './playbook';
import { findingKind, type FindingKind, type Flag } from './types';

export type TextLanguage = 'en' | 'fr' | 'de';

/** A playbook's texts in another language, rule by rule (ids as in the playbook). */
export interface PlaybookTexts {
  readonly name?: string;
  readonly description?: string;
  /** Clause types' names, by id. */
  readonly clauseTypes?: Readonly<Record<string, string>>;
  readonly rules?: Readonly<Record<string, { readonly title?: string; readonly explanation?: string; readonly guidance?: string }>>;
}

/**
 * "a" or "an" before a clause type's name, by how its first word is said: "an exclusivity", "an IP
 * ownership assignment", "a non-compete", "a unilateral …", "an MFN …".
 */
export function withArticle(name: string): string {
  const word = /^[\p{L}\p{N}]+/u.exec(name)?.[0] ?? '';
  // An acronym is said letter by letter: A, E, F, H, I, L, M, N, O, R, S, X open with a vowel sound.
  const acronym = word.length > 1 && word === word.toUpperCase() && /\p{L}/u.test(word);
  const vowel = acronym ? /^[AEFHILMNORSX]/u.test(word) : /^[aeiou]/iu.test(word) && !/^(?:uni|use|usu|eu|one\b|once)/iu.test(word) || /^(?:hour|honou?r|heir)/iu.test(word);
  return `${vowel ? 'an' : 'a'} ${name}`;
}

/**
 * The clause type's name as the lead sentence says it: in English inside the sentence ("Governing
 * law" → "governing law", acronyms kept: "IP ownership"); in French or German its name there
 * (the first of its keywords in that language, with a capital), else the English name.
 */
export function clauseTypeName(playbook: Playbook, id: string, language: TextLanguage, texts: PlaybookTexts | null = null): string {
  const name = clauseTypeLabel(playbook, id, language, texts);
  return language === 'en' ? name.replace(/^\p{Lu}(?!\p{Lu})/u, (c) => c.toLowerCase()) : name;
}

/**
 * The clause type's name as a label (a column of the portfolio grid) in `language`: as the
 * playbook writes it, its translation's name for it, or its first keyword there.
 */
export function clauseTypeLabel(playbook: Playbook, id: string, language: TextLanguage, texts: PlaybookTexts | null = null): string {
  const type = playbook.clauseTypes.find((t) => t.id === id);
  if (!type) return id;
  if (language === 'en' || playbook.language === language) return type.name;
  if (texts?.clauseTypes?.[id]) return texts.clauseTypes[id];
  const local = type.keywordsByLanguage?.[language]?.[0];
  return local ? local.charAt(0).toLocaleUpperCase(language) + local.slice(1) : type.name;
}

/** The finding's lead sentence: what was found of the rule's clause type (`title`: the rule's title). */
export function findingLead(kind: FindingKind, type: string, title: string, language: TextLanguage): string {
  switch (language) {
    case 'en':
      return {
        missing: `No ${type} clause was found.`,
        failed: `The ${type} clause does not meet the rule “${title}”.`,
        present: `The contract contains ${withArticle(type)} clause (“${title}”).`,
        possible: `The contract may contain ${withArticle(type)} clause (“${title}”): this passage reads partly like one; check whether it is.`,
        unverified: `The ${type} clause could not be checked automatically against “${title}”; review it.`,
      }[kind];
    case 'fr':
      return {
        missing: `Aucune clause «\u00a0${type}\u00a0» n’a été trouvée.`,
        failed: `La clause «\u00a0${type}\u00a0» ne respecte pas la règle «\u00a0${title}\u00a0».`,
        present: `Le contrat contient une clause «\u00a0${type}\u00a0» («\u00a0${title}\u00a0»).`,
        possible: `Le contrat contient peut-être une clause «\u00a0${type}\u00a0» («\u00a0${title}\u00a0»)\u00a0: ce passage s’en rapproche en partie\u00a0; vérifiez-le.`,
        unverified: `La clause «\u00a0${type}\u00a0» n’a pas pu être vérifiée automatiquement au regard de «\u00a0${title}\u00a0»\u00a0; examinez-la.`,
      }[kind];
    case 'de':
      return {
        missing: `Keine Klausel „${type}“ gefunden.`,
        failed: `Die Klausel „${type}“ erfüllt die Regel „${title}“ nicht.`,
        present: `Der Vertrag enthält eine Klausel „${type}“ („${title}“).`,
        possible: `Der Vertrag enthält möglicherweise eine Klausel „${type}“ („${title}“): Dieser Abschnitt liest sich teilweise so; prüfen Sie, ob es eine ist.`,
        unverified: `Die Klausel „${type}“ konnte nicht automatisch anhand von „${title}“ geprüft werden; prüfen Sie sie.`,
      }[kind];
  }
}

/** Units and words of the checks' findings, as they are written in English (checks.ts). */
const WORDS: Readonly<Record<Exclude<TextLanguage, 'en'>, Readonly<Record<string, string>>>> = {
  fr: { hours: 'heures', days: 'jours', weeks: 'semaines', months: 'mois', years: 'ans', 'months of fees': 'mois de redevances', hour: 'heure', day: 'jour', week: 'semaine', month: 'mois', year: 'an' },
  de: { hours: 'Stunden', days: 'Tage', weeks: 'Wochen', months: 'Monate', years: 'Jahre', 'months of fees': 'Monate der Vergütung', hour: 'Stunde', day: 'Tag', week: 'Woche', month: 'Monat', year: 'Jahr' },
};

/** What a value check looks for (checks.ts valueCheck), in French and German. */
const VALUE_WORDS: Readonly<Record<Exclude<TextLanguage, 'en'>, Readonly<Record<string, string>>>> = {
  fr: { duration: 'durée', amount: 'montant', percentage: 'pourcentage', 'cap expressed in fees': 'plafond exprimé en redevances', date: 'date', 'governing law': 'droit applicable' },
  de: { duration: 'Dauer', amount: 'Betrag', percentage: 'Prozentsatz', 'cap expressed in fees': 'in Vergütung ausgedrückte Haftungsgrenze', date: 'Datum', 'governing law': 'anwendbares Recht' },
};

const unitWords = (text: string, language: Exclude<TextLanguage, 'en'>) => text.replace(/\b(?:months of fees|hours?|days?|weeks?|months?|years?)\b/gu, (w) => WORDS[language][w] ?? w);

/**
 * The leads of the notes naming a flag's other places (otherPlacesNote), in English as stored and
 * in French and German (one place, several): one table for their translations and for telling a
 * note from a check's finding in any language (isOtherPlacesNote).
 */
const NOTE_LEADS = {
  'also not checked': { fr: ['non vérifié non plus', 'non vérifiés non plus'], de: 'ebenfalls nicht geprüft' },
  'also present': { fr: ['présent aussi', 'présents aussi'], de: 'ebenfalls vorhanden' },
  'same finding': { fr: ['même constat', 'même constat'], de: 'gleicher Befund' },
} as const;
type NoteLead = keyof typeof NOTE_LEADS;

/** The notes' wordings as DETAILS entries: "<lead>: the passage of this kind at …", "<lead>: N passages of this kind at …". */
const NOTE_DETAILS = Object.entries(NOTE_LEADS).flatMap(([lead, { fr, de }]) => [
  { re: new RegExp(`^${lead}: the passage of this kind at (.*)$`, 'su'), fr: (m: RegExpExecArray) => `${fr[0]}\u00a0: le passage de ce type en ${m[1]}`, de: (m: RegExpExecArray) => `${de}: der Abschnitt dieser Art auf ${m[1]}` },
  { re: new RegExp(`^${lead}: (\\d+) passages of this kind at (.*)$`, 'su'), fr: (m: RegExpExecArray) => `${fr[1]}\u00a0: ${m[1]} passages de ce type en ${m[2]}`, de: (m: RegExpExecArray) => `${de}: ${m[1]} Abschnitte dieser Art auf ${m[2]}` },
]);

/** A note's lead at the start of a detail, in any of the app's languages. */
const NOTE_START = new RegExp(`^(?:${Object.entries(NOTE_LEADS).flatMap(([lead, { fr, de }]) => [`${lead}: `, ...new Set(fr.map((f) => `${f}\u00a0: `)), `${de}: `]).join('|')})`, 'u');

/** The fixed wordings of the checks' findings (checks.ts, rules.ts) and how they read in French and German (`type`: the clause type's name there). */
const DETAILS: readonly { readonly re: RegExp; readonly fr: (m: RegExpExecArray, type: string) => string; readonly de: (m: RegExpExecArray, type: string) => string }[] = [
  { re: /^no (.+) clause found$/su, fr: (_, type) => `aucune clause «\u00a0${type}\u00a0» trouvée`, de: (_, type) => `keine Klausel „${type}“ gefunden` },
  { re: /^the (.+) clause is redacted in this copy: whether it meets the rule cannot be read$/su, fr: (_, type) => `la clause «\u00a0${type}\u00a0» est caviardée dans cette copie\u00a0: sa conformité à la règle ne peut être lue`, de: (_, type) => `die Klausel „${type}“ ist in dieser Kopie geschwärzt: ob sie die Regel erfüllt, ist nicht lesbar` },
  { re: /^not checked: no language model is configured$/u, fr: () => 'non vérifié\u00a0: aucun modèle de langue n’est configuré', de: () => 'nicht geprüft: kein Sprachmodell eingerichtet' },
  { re: /^not checked: the model gave no yes\/no answer$/u, fr: () => 'non vérifié\u00a0: le modèle n’a répondu ni oui ni non', de: () => 'nicht geprüft: das Modell hat weder mit Ja noch mit Nein geantwortet' },
  { re: /^not checked: the model failed \((.*)\)$/su, fr: (m) => `non vérifié\u00a0: le modèle a échoué (${m[1]})`, de: (m) => `nicht geprüft: das Modell ist fehlgeschlagen (${m[1]})` },
  { re: /^no (.+) found in the clause$/su, fr: (m) => `introuvable dans la clause\u00a0: ${VALUE_WORDS.fr[m[1]!] ?? m[1]}`, de: (m) => `nicht in der Klausel gefunden: ${VALUE_WORDS.de[m[1]!] ?? m[1]}` },
  { re: /^pattern not found$/u, fr: () => 'motif introuvable', de: () => 'Muster nicht gefunden' },
  { re: /^pattern matched (“.*”)( \(must not match\))?$/su, fr: (m) => `motif trouvé\u00a0: ${m[1]}${m[2] ? ' (ne doit pas figurer)' : ''}`, de: (m) => `Muster gefunden: ${m[1]}${m[2] ? ' (darf nicht vorkommen)' : ''}` },
  { re: /^found (“.*”)( \(must not appear\))?$/su, fr: (m) => `trouvé\u00a0: ${m[1]}${m[2] ? ' (ne doit pas figurer)' : ''}`, de: (m) => `gefunden: ${m[1]}${m[2] ? ' (darf nicht vorkommen)' : ''}` },
  { re: /^none of (“.*”) found$/su, fr: (m) => `aucun de ces termes trouvé\u00a0: ${m[1]}`, de: (m) => `keiner dieser Begriffe gefunden: ${m[1]}` },
  { re: /^(“.*”): (.*) meets (.*)$/su, fr: (m) => `${m[1]}\u00a0: ${unitWords(m[2]!, 'fr')} respecte ${unitWords(m[3]!, 'fr')}`, de: (m) => `${m[1]}: ${unitWords(m[2]!, 'de')} erfüllt ${unitWords(m[3]!, 'de')}` },
  { re: /^(“.*”): (.*) does not meet (.*)$/su, fr: (m) => `${m[1]}\u00a0: ${unitWords(m[2]!, 'fr')} ne respecte pas ${unitWords(m[3]!, 'fr')}`, de: (m) => `${m[1]}: ${unitWords(m[2]!, 'de')} erfüllt nicht ${unitWords(m[3]!, 'de')}` },
  { re: /^governing law (“.*”) is in (.*)$/su, fr: (m) => `droit applicable ${m[1]}\u00a0: dans la liste ${m[2]}`, de: (m) => `anwendbares Recht ${m[1]}: in der Liste ${m[2]}` },
  { re: /^governing law (“.*”) is not in (.*)$/su, fr: (m) => `droit applicable ${m[1]}\u00a0: hors de la liste ${m[2]}`, de: (m) => `anwendbares Recht ${m[1]}: nicht in der Liste ${m[2]}` },
  ...NOTE_DETAILS,
];

/**
 * The detail naming the other passages of a flag's kind, by page and section ("also present: 2
 * passages of this kind at p. 2 (3.4 Other products); p. 9 (4)"): the passages a check could not
 * decide (rules.ts unverifiedFlag), the further clauses of a prohibited kind (merge-flags.ts
 * ruleFindings). Passages of one section on one page are one place to look. Stored in English.
 */
export function otherPlacesNote(lead: NoteLead, others: readonly { readonly page: number; readonly sectionPath: readonly string[] }[]): string {
  const where = [...new Set(others.map(({ page, sectionPath }) => `p. ${page}${sectionPath.at(-1) ? ` (${sectionPath.at(-1)})` : ''}`))];
  return `${lead}: ${others.length === 1 ? 'the passage' : `${others.length} passages`} of this kind at ${where.join('; ')}`;
}

/**
 * Whether a flag's detail is such a note (otherPlacesNote), in any of the app's languages, rather
 * than what a check found: shown apart from the checks' findings.
 */
export function isOtherPlacesNote(detail: string): boolean {
  return NOTE_START.test(detail);
}

/**
 * A flag's details in two parts, as the review card, the printed report and the exports show them:
 * what its checks found ("Checked:") and the other places of its kind ("Elsewhere:").
 */
export function splitDetails(details: readonly string[]): { readonly checks: readonly string[]; readonly elsewhere: readonly string[] } {
  return { checks: details.filter((d) => !isOtherPlacesNote(d)), elsewhere: details.filter(isOtherPlacesNote) };
}

/** A check's finding in `language` (`type`: the flag's clause type's name in it); a wording not among the fixed ones is kept as written. */
export function detailText(detail: string, language: TextLanguage, type = ''): string {
  if (language === 'en') return detail;
  for (const d of DETAILS) {
    const m = d.re.exec(detail);
    if (m) return d[language](m, type || (m[1] ?? ''));
  }
  return detail;
}

/**
 * The flag as read in `language`: its rule's title, explanation (lead sentence and the rule's
 * explanation), guidance and the checks' findings. In English, or when the playbook no longer has
 * the flag's rule (a scan made with an older version), the flag as stored.
 */
export function localizedFlag(flag: Flag, playbook: Playbook, texts: PlaybookTexts | null, language: TextLanguage): Flag {
  if (language === 'en') return flag;
  const rule = playbook.rules.find((r) => r.id === flag.ruleId);
  if (!rule || rule.clauseType !== flag.clauseType) return flag;
  const own = texts?.rules?.[rule.id];
  const title = own?.title ?? rule.title;
  const explanation = own?.explanation ?? rule.explanation;
  const type = clauseTypeName(playbook, rule.clauseType, language, texts);
  const lead = findingLead(findingKind(flag), type, title, language);
  return {
    ...flag,
    ruleTitle: title,
    explanation: explanation ? `${lead} ${explanation}` : lead,
    guidance: flag.guidance === null ? null : (own?.guidance ?? flag.guidance),
    details: flag.details.map((d) => detailText(d, language, type)),
  };
}
