/**
 * Expected answer type, the classic question-answering cue (question classes as in Li & Roth's
 * taxonomy: a period or date, an amount, a place of law): a question asking "how long", "when"
 * or "how much notice" is answered by a passage that states a period or a date ("thirty (30)
 * days", "five (5) years", "annually", "every year", a date in any form the app reads:
 * "September 30, 1997", "1 January 2009", "1er janvier 2020"); one asking "how much" or "what
 * fee" by a passage stating an amount ("$50,000", "ten percent (10%)", "[***]") or a quantity
 * ("30,000 lbs.", "500 metric tons", "1,000 units": "how much hemp must Gridiron buy?"); one asking
 * "which state's law" or "which courts" by a passage naming a jurisdiction ("the laws of the
 * State of California", "the courts of England"). Such passages get a small boost among keyword
 * candidates, and the sufficiency check asks whether any passage in scope states the type.
 * Interrogatives are a closed class; English, French and German are covered, other languages
 * get no answer type (no boost). "When" followed by a modal or by "is … liable" asks for the
 * conditions, not a date ("When may the Licensor terminate?", "Wann haftet der Rechtsverletzer?"):
 * no answer type then.
 */
import { DATE_BODY } from '../text/dates';

export type AnswerType = 'temporal' | 'amount' | 'jurisdiction';

interface Rules {
  readonly question: Readonly<Record<AnswerType, RegExp>>;
  readonly text: Readonly<Record<AnswerType, RegExp>>;
}

// A number in digits or words, or a redaction ("[***]") standing for one.
const NUMBER_EN = String.raw`(?:\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|forty-five|sixty|ninety|hundred)|\[?\*+\]?)`;
const NUMBER_FR = String.raw`(?:\b(?:\d+|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|quinze|vingt|trente|soixante|quatre-vingt-dix|cent)|\[?\*+\]?)`;
const NUMBER_DE = String.raw`(?:\b(?:\d+|ein|eine|einem|einen|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf|fünfzehn|zwanzig|dreißig|sechzig|neunzig|hundert)|\[?\*+\]?)`;
/** A written date in any of the forms the app reads (text/dates.ts: "September 30, 1997", "1 January 2009", "1er janvier 2020", "1. Januar 2020", "2009-01-01"). */
const WRITTEN_DATE = String.raw`(?<![\p{L}\p{N}])${DATE_BODY}(?![\p{L}\p{N}])`;
const CURRENCY = String.raw`(?:[$€£¥]\s?(?:\d|\[?\*)|\b(?:USD|EUR|GBP|CHF|JPY)\b|\bUS\$)`;
/** Units a quantity is counted in: weight, volume, energy, area and counted goods ("30,000 lbs.", "500 metric tons", "1,000 units"). */
const UNIT_EN = String.raw`(?:lbs?|pounds|kg|kilograms?|grams?|(?:metric\s+)?tons?|tonnes?|ounces?|oz|gallons?|lit(?:re|er)s?|barrels?|bbls?|units|pieces|cartons|pallets|[kMG]Wh|MW|square\s+(?:feet|foot|met(?:re|er)s)|acres|hectares)`;
const UNIT_FR = String.raw`(?:kg|kilogrammes?|grammes?|tonnes?|litres?|barils|unités|pièces|cartons|palettes|[kMG]Wh|MW|m²|mètres\s+carrés|hectares)`;
const UNIT_DE = String.raw`(?:kg|Kilogramm|Gramm|Tonnen?|Liter|Barrel|Stück|Einheiten|Kartons|Paletten|[kMG]Wh|MW|m²|Quadratmeter|Hektar)`;

const RULES: Readonly<Record<string, Rules>> = {
  en: {
    question: {
      temporal: /\bhow\s+(?:long|soon|often)\b|\bwhen\b(?!\s+(?:may|can|could|must|shall|should|might|would)\b)(?!\s+(?:is|are)\s+(?:\S+\s+){1,4}(?:liable|responsible|entitled|obliged|obligated|required|permitted|allowed)\b)|\bhow\s+(?:much|many)\s+(?:time|notice|days?|weeks?|months?|years?)\b|\bwhat\s+(?:\w+\s+)?(?:period|duration)\b/i,
      amount: /\bhow\s+much\b(?!\s+(?:time|notice))|\bhow\s+many\b(?!\s+(?:days?|weeks?|months?|years?))|\bwhat\s+(?:is\s+the\s+|are\s+the\s+)?(?:amount|price|fee|fees|percentage|rate|sum|cap)\b|\band\s+what\s+is\s+it\b/i,
      jurisdiction: /\bwhich\s+(?:state|country|jurisdiction|court|courts|venue|forum)\b|\bwhat\s+(?:state|country|jurisdiction|court|courts|venue|forum)\b|\bwhose\s+law\b|\bwhere\s+(?:\w+\s+){0,4}(?:resolved|brought|litigated|heard|arbitrated)\b/i,
    },
    text: {
      temporal: new RegExp(
        [
          // "thirty (30) days", "6 months", "[***] days", "ninety (90) calendar days"
          String.raw`${NUMBER_EN}(?:[\s-]*\(\s*${NUMBER_EN}\s*\))?[\s-]*(?:business\s+|calendar\s+|working\s+|consecutive\s+)?(?:day|week|month|year)s?\b`,
          // "September 30, 1997", "1 January 2009", "the 24th day of February, 1998", "2009-01-01"
          WRITTEN_DATE,
          String.raw`\bannual(?:ly)?\b|\banniversary\b|\b(?:every|each)\s+(?:calendar\s+)?(?:year|month)\b|\bcalendar\s+year\b`,
        ].join('|'),
        'iu',
      ),
      amount: new RegExp(
        [
          CURRENCY,
          String.raw`${NUMBER_EN}(?:\s*\(\s*${NUMBER_EN}\s*\))?\s*(?:%|percent\b|per\s+cent\b)`,
          String.raw`\b(?:dollars|euros|pounds)\b`,
          // A quantity: "30,000 lbs.", "five hundred (500) units".
          String.raw`${NUMBER_EN}(?:\s*\(\s*${NUMBER_EN}\s*\))?[\s-]*${UNIT_EN}\b`,
        ].join('|'),
        'i',
      ),
      jurisdiction: /\blaws?\s+(?:of|in)\s+(?:the\s+)?(?:(?:state|commonwealth|province|republic|kingdom|federal\s+republic)\s+of\s+)?[A-Z][a-z]|\bcourts?\s+(?:located\s+)?(?:of|in|at|for)\s+(?:the\s+)?[A-Z][a-z]|\bjurisdiction\s+of\s+(?:the\s+)?[A-Z]/,
    },
  },
  fr: {
    question: {
      temporal: /\bcombien\s+de\s+(?:temps|jours|mois|ans|années)\b|\bquand\b(?!\s+(?:\S+\s+){0,2}(?:peut|peuvent|doit|doivent|est\s+(?:\S+\s+)?(?:responsable|tenue?|obligée?))\b)|\bquel(?:le)?s?\s+(?:est\s+la\s+|sont\s+les\s+)?(?:durée|délai|délais|période)\b/i,
      amount: /\bcombien\b(?!\s+de\s+(?:temps|jours|mois|ans|années))|\bquel(?:le)?s?\s+(?:est\s+le\s+|est\s+la\s+)?(?:montant|prix|taux|pourcentage|plafond)\b/i,
      jurisdiction: /\bquel(?:le)?s?\s+(?:est\s+la\s+)?(?:loi|juridiction|tribunal|tribunaux|droit)\b|\bdevant\s+quel/i,
    },
    text: {
      temporal: new RegExp(String.raw`${NUMBER_FR}(?:\s*\(\s*${NUMBER_FR}\s*\))?\s*(?:jours?|semaines?|mois|ans|années?)(?![\p{L}\p{N}_])|\bannuel(?:le)?(?:ment)?\b|\bchaque\s+année\b|\btous\s+les\s+ans\b|${WRITTEN_DATE}`, 'iu'),
      amount: new RegExp([CURRENCY, String.raw`\d\s*(?:€|euros?\b|%|pour\s?cent\b)`, String.raw`${NUMBER_FR}\s*${UNIT_FR}(?![\p{L}\p{N}_])`].join('|'), 'iu'),
      jurisdiction: /\b(?:droit|loi)\s+(?:français|allemand|anglais|belge|suisse|luxembourgeois)|\btribunaux?\s+(?:de|du|d['’])\s*[A-Z]/,
    },
  },
  de: {
    question: {
      temporal: /\bwie\s+lange\b|\bwann\b(?!\s+(?:kann|können|darf|dürfen|muss|müssen|soll|sollen|haftet|haften)\b)(?!\s+(?:ist|sind)\s+(?:\S+\s+){1,4}(?:verpflichtet|berechtigt|haftbar|verantwortlich)\b)|\bwelche\s+(?:frist|dauer|laufzeit)\b|\binnerhalb\s+welche[rn]\b/i,
      amount: /\bwie\s+(?:viel|hoch)\b|\bwelche[rns]?\s+(?:betrag|preis|gebühr|höhe|satz|prozentsatz)\b/i,
      jurisdiction: /\bwelche[sr]?\s+(?:recht|gericht|gerichtsstand)\b|\bwo\s+ist\s+der\s+gerichtsstand\b/i,
    },
    text: {
      temporal: new RegExp(String.raw`${NUMBER_DE}(?:\s*\(\s*${NUMBER_DE}\s*\))?\s*(?:tage?n?|wochen?|monate?n?|jahre?n?)(?![\p{L}\p{N}_])|(?<![\p{L}\p{N}_])(?:jährlich|jedes\s+jahr|kalenderjahr(?:es)?)(?![\p{L}\p{N}_])|${WRITTEN_DATE}`, 'iu'),
      amount: new RegExp([CURRENCY, String.raw`\d\s*(?:€|euro\b|%|prozent\b)`, String.raw`${NUMBER_DE}\s*${UNIT_DE}(?![\p{L}\p{N}_])`].join('|'), 'iu'),
      jurisdiction: /(?<![\p{L}\p{N}_])(?:[Dd]eutsche[sm]?|[Öö]sterreichische[sm]?|[Ss]chweizerische[sm]?)\s+[Rr]echt\b|\b[Gg]erichtsstand\s+ist\s+[A-Z]|\b[Gg]erichte?\s+in\s+[A-Z]/u,
    },
  },
};

const ORDER: readonly AnswerType[] = ['temporal', 'jurisdiction', 'amount'];

/** The answer type a question asks for, or null when it names none (or its language has no rules). */
export function expectedAnswerType(question: string, language: string): AnswerType | null {
  const rules = RULES[language];
  if (!rules) return null;
  return ORDER.find((t) => rules.question[t].test(question)) ?? null;
}

/** True when the text states something of the given answer type. */
export function mentionsAnswerType(text: string, type: AnswerType, language: string): boolean {
  return RULES[language]?.text[type].test(text) ?? false;
}
