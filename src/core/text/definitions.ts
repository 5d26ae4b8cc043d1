/**
 * Definitions: a sentence that defines a term ("“Term” means …", "« Durée » désigne …",
 * "„Laufzeit“ bezeichnet …") and a passage made of them (a definitions section). An answer quotes
 * a definition only when nothing else answers (answer/extractive.ts); a scan flags the clause
 * itself rather than the definition of its terms or the recitals (scan/rules.ts).
 */
import { splitSentences } from './sentences';

/**
 * A definition ("“Term” means …", "2.8 Change of Control. “Change of Control” means …", "“Control” (including …) of a Person shall mean …", "“Change
 * in Control,” with respect to a Party, shall be deemed to have occurred if …", "« Durée »
 * désigne …", "„Laufzeit“ bezeichnet …"): a quoted term, then at most a parenthesis and a short
 * qualifier ("of a Person", "with respect to a Party,"), then the defining verb.
 */
export function isDefinition(text: string): boolean {
  return DEFINITION.test(text);
}

/** The term a definition defines ("Calendar Quarter" for "“Calendar Quarter” means …"); null for a sentence that is not one. */
export function definedTerm(text: string): string | null {
  return DEFINITION.exec(text)?.[1]?.trim() ?? null;
}

const DEFINITION = new RegExp(
  [
    // A section number, and the definition's own heading run into it ("2.8 Change of Control. “Change of
    // Control” means …", "2.0 Definitions 2.1 Affiliate. “Affiliate” of a Person means …").
    String.raw`^\s*(?:[\d.()a-z]+\s+)?(?:\p{Lu}[\p{L}\p{N}\s.,'’&-]{0,60}?\.\s+)?["“„«‘']\s*([^"”“«»‘’']{1,80})\s*["”“»’']\s*(?:\([^)]*\)\s*)?`,
    String.raw`(?:,?\s*(?:of|for|with\s+respect\s+to|in\s+respect\s+of|as\s+to|in\s+relation\s+to)\s[^.;:"“”]{1,50}?,?\s+)?`,
    String.raw`(?:shall\s+)?(?:means?|has\s+the\s+meaning|have\s+the\s+meaning|refers?\s+to|includes?|be\s+deemed|is\s+deemed|désigne|signifie|bezeichnet|bedeutet)\b`,
  ].join(''),
  'iu',
);

/** A passage whose sentences are mostly definitions (at least half of its characters). */
export function isDefinitionsPassage(text: string): boolean {
  let defined = 0;
  let total = 0;
  for (const s of splitSentences(text)) {
    const length = s.end - s.start;
    total += length;
    if (isDefinition(text.slice(s.start, s.end))) defined += length;
  }
  return total > 0 && defined / total >= 0.5;
}

/**
 * A heading that is the definitions' or the recitals' ("1 Definitions", "ARTICLE 1 DEFINITIONS AND
 * INTERPRETATION", "CHAPTER 3 DEFINITIONS", "WHEREAS", "Recitals", "Background", "Préambule", "Begriffsbestimmungen"), its
 * number or label aside and nothing after it ("7 Background Technology" is a clause): what the
 * contract defines or recites, not what it makes the parties do.
 */
const PRELIMINARY_HEADING = /^(?:(?:article|artikel|section|clause|chapter|chapitre|kapitel|part|partie|teil|titre|§)\s*)?(?:[\dIVXLC]+(?:[.)]\d+)*[.)]?\s+)?(?:definitions?|defined\s+terms|interpretation|recitals?|whereas|background|preamble|préambule|définitions?|begriffsbestimmungen|definitionen|präambel|vorbemerkungen?)(?:\s*(?:and|&|;|,|et|und)\s*(?:rules\s+of\s+)?(?:interpretation|construction|definitions?|interprétation|auslegung))?\s*[.:]?$/iu;

/** Whether a passage sits in the definitions or the recitals (a heading of its section path opens them: PRELIMINARY_HEADING). */
export function isPreliminarySection(sectionPath: readonly string[]): boolean {
  return sectionPath.some((heading) => PRELIMINARY_HEADING.test(heading.trim()));
}
