/**
 * What the sufficiency check writes when the evidence falls short, in the turn's language (en, fr,
 * de; any other language gets English): the scope ("“Supply Agreement”", "the workspace") and the
 * reasons ("No passage in “Supply Agreement” is a non-compete clause."). A kind is named as its
 * playbook names it in that language (ClauseLabel.names), else by its English name.
 */
import type { AnswerType } from '../search/answer-type';
import { quoted } from '../text/quotes';

export interface SufficiencyTexts {
  /** The language they are written in (its quotation marks quote titles). */
  readonly language: string;
  readonly workspace: string;
  /** "the 3 documents in scope" */
  readonly documents: (n: number) => string;
  /** Two titles: "“A” or “B”". */
  readonly either: (a: string, b: string) => string;
  readonly noMatch: (scope: string) => string;
  /** `words`: the question's most informative words none of the passages holds, quoted. */
  readonly mentions: (scope: string, words: readonly string[]) => string;
  readonly littleMatch: (scope: string) => string;
  /** `kinds`: the asked kinds' names (the first, then the others). */
  readonly notKind: (scope: string, kinds: readonly string[]) => string;
  /** Passages come close to the asked kinds, none clearly enough (the evidence falls short with no signal under its midpoint). */
  readonly unclearKind: (scope: string, kinds: readonly string[]) => string;
  readonly states: (scope: string, type: AnswerType) => string;
  /** A passage states the value asked (`value`: the answer's lead sentence for it), but none reads clearly as a clause of the asked kinds. */
  readonly statedNotKind: (value: string, kinds: readonly string[]) => string;
  /**
   * The question is in one language (`question`: its code) and the documents in another (`documents`):
   * the words are compared as written, so none may meet; meaning-based search reads across languages
   * (`meaning`: it ran and found nothing close either, so asking in the documents' language is what is left).
   */
  readonly otherLanguage: (question: string, documents: string, meaning: boolean) => string;
  /** The closest passage is redacted past reading (`where`: its page and section, as "p. 7, “9 Limitation of Liability”"). */
  readonly redacted: (where: string) => string;
}

/** A language's name in the reasons' language ("German", « allemand », „Deutsch“); the code when the runtime has no names. */
function languageName(code: string, inLanguage: string): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const article = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

const EN: SufficiencyTexts = {
  language: 'en',
  workspace: 'the workspace',
  documents: (n) => `the ${n} documents in scope`,
  either: (a, b) => `${a} or ${b}`,
  noMatch: (scope) => `No passage in ${scope} matches the question.`,
  mentions: (scope, words) => `No passage in ${scope} mentions ${words.map((w) => quoted(w, 'en')).join(', ')}.`,
  littleMatch: (scope) => `The passages in ${scope} match little of the question.`,
  notKind: (scope, [first, ...rest]) => `No passage in ${scope} is ${article(first!)}${rest.length > 0 ? ` or ${rest.join(' or ')}` : ''} clause.`,
  unclearKind: (scope, [first, ...rest]) => `No passage in ${scope} reads clearly as ${article(first!)}${rest.length > 0 ? ` or ${rest.join(' or ')}` : ''} clause.`,
  states: (scope, type) => `No passage in ${scope} ${{ temporal: 'states a period or a date', amount: 'states an amount', jurisdiction: 'names a governing law or a court' }[type]}.`,
  statedNotKind: (value, [first, ...rest]) => `A passage states ${quoted(value, 'en')}, but none reads clearly as ${article(first!)}${rest.length > 0 ? ` or ${rest.join(' or ')}` : ''} clause: check it before relying on it.`,
  otherLanguage: (q, d, meaning) =>
    meaning
      ? `The question is in ${languageName(q, 'en')} and the documents in ${languageName(d, 'en')}: meaning-based search found nothing close either. Ask in ${languageName(d, 'en')}.`
      : `The question is in ${languageName(q, 'en')} and the documents in ${languageName(d, 'en')}: their words are compared as written. Ask in ${languageName(d, 'en')}, or set up meaning-based search (Settings → Models), which reads across languages.`,
  redacted: (where) => `The closest passage (${where}) is redacted in this copy: the words that would answer may be among those removed.`,
};

const FR: SufficiencyTexts = {
  language: 'fr',
  workspace: 'l’espace de travail',
  documents: (n) => `les ${n} documents retenus`,
  either: (a, b) => `${a} ou ${b}`,
  noMatch: (scope) => `Aucun passage de ${scope} ne correspond à la question.`,
  mentions: (scope, words) => `Aucun passage de ${scope} ne contient ${words.map((w) => quoted(w, 'fr')).join(', ')}.`,
  littleMatch: (scope) => `Les passages de ${scope} correspondent peu à la question.`,
  notKind: (scope, kinds) => `Aucun passage de ${scope} n’est une clause du type ${kinds.map((k) => quoted(k, 'fr')).join(' ou ')}.`,
  unclearKind: (scope, kinds) => `Aucun passage de ${scope} ne se lit clairement comme une clause du type ${kinds.map((k) => quoted(k, 'fr')).join(' ou ')}.`,
  states: (scope, type) => `Aucun passage de ${scope} ${{ temporal: 'n’indique une durée ou une date', amount: 'n’indique un montant', jurisdiction: 'ne désigne une loi applicable ou un tribunal' }[type]}.`,
  statedNotKind: (value, kinds) => `Un passage indique ${quoted(value, 'fr')}, mais aucun ne se lit clairement comme une clause du type ${kinds.map((k) => quoted(k, 'fr')).join(' ou ')} : à vérifier avant de s’y fier.`,
  otherLanguage: (q, d, meaning) =>
    meaning
      ? `La question est en ${languageName(q, 'fr')} et les documents en ${languageName(d, 'fr')} : la recherche par le sens n’a rien trouvé de proche non plus. Posez-la en ${languageName(d, 'fr')}.`
      : `La question est en ${languageName(q, 'fr')} et les documents en ${languageName(d, 'fr')} : leurs mots sont comparés tels quels. Posez-la en ${languageName(d, 'fr')}, ou installez la recherche par le sens (Réglages → Modèles), qui lit d’une langue à l’autre.`,
  redacted: (where) => `Le passage le plus proche (${where}) est caviardé dans cette copie : les mots qui répondraient sont peut-être parmi ceux retirés.`,
};

const DE: SufficiencyTexts = {
  language: 'de',
  workspace: 'dem Arbeitsbereich',
  documents: (n) => `den ${n} ausgewählten Dokumenten`,
  either: (a, b) => `${a} oder ${b}`,
  noMatch: (scope) => `Keine Stelle in ${scope} passt zur Frage.`,
  mentions: (scope, words) => `Keine Stelle in ${scope} enthält ${words.map((w) => quoted(w, 'de')).join(', ')}.`,
  littleMatch: (scope) => `Die Stellen in ${scope} passen kaum zur Frage.`,
  notKind: (scope, kinds) => `Keine Stelle in ${scope} ist eine Klausel der Art ${kinds.map((k) => quoted(k, 'de')).join(' oder ')}.`,
  unclearKind: (scope, kinds) => `Keine Stelle in ${scope} liest sich eindeutig als Klausel der Art ${kinds.map((k) => quoted(k, 'de')).join(' oder ')}.`,
  states: (scope, type) => `Keine Stelle in ${scope} ${{ temporal: 'nennt eine Frist oder ein Datum', amount: 'nennt einen Betrag', jurisdiction: 'nennt ein anwendbares Recht oder ein Gericht' }[type]}.`,
  statedNotKind: (value, kinds) => `Eine Stelle nennt ${quoted(value, 'de')}, aber keine liest sich eindeutig als Klausel der Art ${kinds.map((k) => quoted(k, 'de')).join(' oder ')}: vor der Verwendung prüfen.`,
  otherLanguage: (q, d, meaning) =>
    meaning
      ? `Die Frage ist auf ${languageName(q, 'de')}, die Dokumente auf ${languageName(d, 'de')}: auch die Suche nach Bedeutung hat nichts Passendes gefunden. Fragen Sie auf ${languageName(d, 'de')}.`
      : `Die Frage ist auf ${languageName(q, 'de')}, die Dokumente auf ${languageName(d, 'de')}: ihre Wörter werden so verglichen, wie sie geschrieben sind. Fragen Sie auf ${languageName(d, 'de')} oder richten Sie die Suche nach Bedeutung ein (Einstellungen → Modelle), die sprachübergreifend liest.`,
  redacted: (where) => `Die nächstliegende Stelle (${where}) ist in dieser Fassung geschwärzt: die Worte, die antworten würden, sind vielleicht entfernt.`,
};

const TEXTS: Readonly<Record<string, SufficiencyTexts>> = { en: EN, fr: FR, de: DE };

export function sufficiencyTexts(language: string | null | undefined): SufficiencyTexts {
  return TEXTS[language ?? 'en'] ?? EN;
}
