/**
 * A follow-up that describes another document by what it is about: "what does the hemp contract
 * say about price?", « et le contrat de sponsoring ? », „der Sponsoringvertrag“ asked right after a
 * question on the promotion agreement names no party or title, so it would keep the previous
 * turn's document and answer from it — a fee of the promotion agreement given as the sponsorship's.
 *
 * The words that describe the document (between the determiner and the document noun in English,
 * after « contrat de » in French, before "-vertrag" in German) are looked up in the workspace's
 * text (term-stats.ts, as the index analyses it: "sponsoring" meets "sponsorship"). When one of
 * them is rare there and the text of a few documents holds it, none of them among the previous
 * turn's, the question is about another document and is not kept on the previous one. Words the
 * text does not hold at all (a French word over English contracts) and words naming which version
 * or copy ("the original agreement", "the same contract") decide nothing.
 */
import { DOCUMENT_NOUNS, foldedWords, FOREIGN_DOCUMENT_NOUNS, WHICH_ONE } from '../search/doc-handles';
import { MAX_TEXT_HOLDERS } from '../search/doc-match';
import { isFunctionWord } from '../search/resolve-doc';
import type { TermStats } from '../search/term-stats';

/**
 * The English nouns a document is called by (search/doc-handles.ts DOCUMENT_NOUNS, less "terms",
 * "policy" and "file", which name parts and things too), and "sponsorship", which names one here.
 */
const EN_NOUNS = [...DOCUMENT_NOUNS].filter((n) => !FOREIGN_DOCUMENT_NOUNS.has(n) && !['terms', 'policy', 'file'].includes(n));
const EN_NOUN = String.raw`(?:${[...EN_NOUNS, 'sponsorship', 'sponsorships'].join('|')})`;
const DESCRIBED: readonly RegExp[] = [
  // "the hemp supply deal", "our racing sponsorship agreement", "the pizza fusion franchise": up to three words before the noun.
  new RegExp(String.raw`\b(?:the|this|that|our|my|your|their)\s+((?:[\p{L}\p{N}][\p{L}\p{N}'’&-]*\s+){1,3}?)${EN_NOUN}\b`, 'giu'),
  // « le contrat de sponsoring », « du contrat d'externalisation », « l'accord de licence ».
  new RegExp(String.raw`(?<!\p{L})(?:le|la|l['’]|du|au|ce|cet|cette|notre|votre)\s*(?:contrat|accord|convention)\s+(?:de\s+|d['’]\s*)([\p{L}-]{3,})`, 'giu'),
  // „der Sponsoringvertrag“, „den Liefer-Vertrag“.
  new RegExp(String.raw`(?<!\p{L})(?:der|dem|den|des|die|das|im|vom|zum|beim|dieser|diesem|diesen|dieses|diese|unser|unserem|unseren|unsere)\s+(\p{L}{4,}?)-?(?:vertrag|vertrages|vertrags|vereinbarung)(?!\p{L})`, 'giu'),
];

/** The words that describe a document the question refers to by what it is about (folded). */
export function describingWords(question: string): string[] {
  const out = new Set<string>();
  for (const pattern of DESCRIBED) {
    for (const m of question.matchAll(pattern)) {
      for (const w of foldedWords(m[1] ?? '')) if (w.length >= 3 && !isFunctionWord(w) && !WHICH_ONE.has(w) && !/^\d+$/u.test(w)) out.add(w);
    }
  }
  return [...out];
}

/**
 * True when the question describes a document (see the module comment) that is not one of
 * `previousIds`: a describing word rare in the workspace's text whose few holders are all other
 * documents.
 */
export function describesAnotherDocument(question: string, previousIds: readonly string[], terms: ReadonlyMap<string, TermStats> | undefined): boolean {
  if (!terms || previousIds.length === 0) return false;
  const ids = new Set(previousIds);
  return describingWords(question).some((word) => {
    const holders = terms.get(word)?.documents ?? [];
    return holders.length > 0 && holders.length <= MAX_TEXT_HOLDERS && !holders.some((id) => ids.has(id));
  });
}
