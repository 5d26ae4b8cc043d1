/**
 * Definitions: a sentence that defines a term ("“Term” means …", "« Durée » désigne …",
 * "„Laufzeit“ bezeichnet …") and a passage made of them (a definitions section). An answer quotes
 * a definition only when nothing else answers (answer/extractive.ts); a scan flags the clause
 * itself rather than the definition of its terms (scan/rules.ts).
 */
import { splitSentences } from './sentences';

/** A definition ("“Term” means …", "« Durée » désigne …", "„Laufzeit“ bezeichnet …"). */
export function isDefinition(text: string): boolean {
  return /^\s*(?:[\d.()a-z]+\s+)?["“„«‘']\s*[^"”“«»‘’']{1,80}\s*["”“»’']\s*(?:\([^)]*\)\s*)?(?:shall\s+)?(?:means?|has\s+the\s+meaning|shall\s+have\s+the\s+meaning|refers?\s+to|includes?|désigne|signifie|bezeichnet|bedeutet)\b/iu.test(text);
}

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
