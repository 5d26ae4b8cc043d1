/**
 * Expected answer type, the classic question-answering cue: a question asking "how long",
 * "when" or "how much notice" is answered by a passage that states a period or a date
 * ("thirty (30) days", "five (5) years", "annually", "September 30, 1997"), so such passages
 * get a small boost among keyword candidates. Only the temporal type is recognised: it is the
 * one that contract questions ask for most and that can be spotted reliably without a model.
 * English only; other languages get no answer type (no boost).
 */

export type AnswerType = 'temporal';

const TEMPORAL_QUESTION: Readonly<Record<string, RegExp>> = {
  en: /\bhow\s+(?:long|soon|often)\b|\bwhen\b|\bhow\s+(?:much|many)\s+(?:time|notice|days?|weeks?|months?|years?)\b|\bwhat\s+(?:\w+\s+)?(?:period|duration)\b/i,
};

// A number in digits or words, or a redaction ("[***]") standing for one.
const NUMBER = String.raw`(?:\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|forty-five|sixty|ninety|hundred)|\[?\*+\]?)`;
const TEMPORAL_TEXT: Readonly<Record<string, RegExp>> = {
  en: new RegExp(
    [
      // "thirty (30) days", "6 months", "[***] days", "ninety (90) calendar days"
      String.raw`${NUMBER}(?:[\s-]*\(\s*${NUMBER}\s*\))?[\s-]*(?:business\s+|calendar\s+|working\s+|consecutive\s+)?(?:day|week|month|year)s?\b`,
      // "September 30, 1997"
      String.raw`\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2},?\s+\d{4}\b`,
      String.raw`\bannual(?:ly)?\b|\banniversary\b`,
    ].join('|'),
    'i',
  ),
};

/** The answer type a question asks for, or null when it names none (or its language has no rules). */
export function expectedAnswerType(question: string, language: string): AnswerType | null {
  return TEMPORAL_QUESTION[language]?.test(question) ? 'temporal' : null;
}

/** True when the text states something of the given answer type. */
export function mentionsAnswerType(text: string, type: AnswerType, language: string): boolean {
  return type === 'temporal' && (TEMPORAL_TEXT[language]?.test(text) ?? false);
}
