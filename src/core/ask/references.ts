/**
 * How a question refers to documents without naming them, per language:
 *   - a reference to the document in scope ("this agreement", "the contract", "ce contrat",
 *     "dieser Vertrag"): it names nothing the passages should match (it would pull sections
 *     titled "Entire Agreement"), so it is removed from the retrieval query like a resolved name;
 *   - a widening ("all the contracts", "which agreements", "tous les contrats", "alle Verträge"):
 *     a follow-up that asks about the workspace, not the previous turn's documents.
 * These are closed classes of function words (determiners and the few nouns for a document),
 * not vocabulary of the questions; a language without an entry simply keeps its words.
 */

interface References {
  readonly demonstrative: RegExp;
  readonly widening: RegExp;
}

const DOC_EN = String.raw`(?:agreement|contract|document|file|deal|amendment)`;
const DOCS_EN = String.raw`(?:agreements|contracts|documents|files|deals)`;
const DOC_FR = String.raw`(?:contrat|accord|document|convention|fichier|avenant)`;
const DOCS_FR = String.raw`(?:contrats|accords|documents|conventions|fichiers)`;
const DOC_DE = String.raw`(?:vertrag|vertrages|vertrags|vereinbarung|dokument|dokuments|datei)`;
const DOCS_DE = String.raw`(?:verträge|verträgen|vereinbarungen|dokumente|dokumenten|dateien)`;

const LANGUAGES: readonly References[] = [
  {
    demonstrative: new RegExp(String.raw`\b(?:this|that|the\s+same|said|the)\s+${DOC_EN}\b`, 'giu'),
    widening: new RegExp(String.raw`\b(?:all|any|every|each|which|what|other|both|across)\s+(?:(?:of\s+)?(?:the|my|our|these|those)\s+)?(?:${DOCS_EN}|${DOC_EN})\b|\b${DOCS_EN}\b`, 'iu'),
  },
  {
    demonstrative: new RegExp(String.raw`(?<![\p{L}])(?:ce|cet|cette|ledit|ladite|le\s+même|la\s+même|le|la|l['’]|du|au)\s*${DOC_FR}(?![\p{L}])`, 'giu'),
    widening: new RegExp(String.raw`(?<![\p{L}])(?:tous|toutes|chaque|quels|quelles|autres)\s+(?:les\s+|des\s+|ces\s+)?(?:${DOCS_FR}|${DOC_FR})(?![\p{L}])`, 'iu'),
  },
  {
    demonstrative: new RegExp(String.raw`(?<![\p{L}])(?:dieser|diesem|diesen|dieses|diese|jener|jenem|jenen|jenes|jene|der|dem|den|des|die|das)\s+${DOC_DE}(?![\p{L}])`, 'giu'),
    widening: new RegExp(String.raw`(?<![\p{L}])(?:alle|allen|jede[mnrs]?|welche[mnrs]?|andere[mnrs]?)\s+(?:der\s+|den\s+|die\s+)?(?:${DOCS_DE}|${DOC_DE})(?![\p{L}])`, 'iu'),
  },
];

/** The question without its demonstrative references to the document in scope. */
export function stripReferences(question: string): string {
  let out = question;
  for (const l of LANGUAGES) out = out.replace(l.demonstrative, ' ');
  return out.replace(/\s+([?.!,;:])/g, '$1').replace(/\s+/g, ' ').trim();
}

/** True when the question asks about several or all documents, not the one in scope. */
export function widensScope(question: string): boolean {
  return LANGUAGES.some((l) => l.widening.test(question));
}
