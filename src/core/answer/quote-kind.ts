/**
 * What a quoted sentence is, apart from its words: a heading alone ("12. TERMINATION BY THE
 * FRANCHISEE.", "10.0 REPRESENTATIONS AND WARRANTIES. 10.1 Mutual Warranty."), a table-of-contents
 * line ("ARTICLE 9 INDEMNIFICATION 22", "Governing Law ........ 14") or a definition ("“Term” means
 * …"), the testimonium above the signatures ("IN WITNESS WHEREOF …"). An answer never quotes a
 * heading, a contents line or the testimonium as the answer, and quotes a definition
 * only when nothing else of the clause is at hand. Read from the shape of the text (capitals,
 * numbering, length, a clause's verbs), in any language.
 */

/** Section numbers and labels: "12.", "10.1", "(d)", "ARTICLE 9", "Section 4.2", "§ 5", "IV.", a leading "f." */
const NUMBERING = /(?:\b(?:article|section|clause|artikel|paragraph|§)\s*)?(?:\(?[0-9]+(?:\.[0-9]+)*\)?\.?|\(?[ivxlc]+\)\.?|\b[IVXLC]+\.|\([a-z]\)|^[a-z]\.)(?=\s|$)/giu;
/** Words that make a clause a clause, not a title (en/fr/de/es/it/nl/pt). */
const CLAUSE_WORDS = /\b(?:shall|will|may|must|is|are|be|been|means|agrees?|has|have|does|do|can|cannot|doit|doivent|peut|sont|est|sera|soit|wird|werden|ist|sind|muss|kann|hat|darf|debe|será|deve|sarà|moet|zal|is)(?![\p{L}\p{N}_])/iu;

/** Words title case writes in lower case (en/fr/de prepositions, conjunctions, pronouns of four letters or more). */
const TITLE_SMALL_WORDS = new Set(['with', 'from', 'upon', 'into', 'onto', 'under', 'over', 'after', 'before', 'between', 'without', 'within', 'through', 'against', 'during', 'than', 'that', 'this', 'their', 'other', 'each', 'pour', 'avec', 'dans', 'sans', 'sous', 'vers', 'entre', 'über', 'unter', 'nach', 'gegen', 'ohne', 'durch', 'oder']);

function words(text: string): string[] {
  return text.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
}

/** A title line: short, numbered or not, in capitals or with every main word capitalised, and no clause verb. */
function titleLike(segment: string): boolean {
  const body = segment.replace(NUMBERING, ' ').replace(/[.:;,–—-]+\s*$/u, '').trim();
  const w = words(body);
  if (w.length === 0) return true;
  if (w.length > 10 || CLAUSE_WORDS.test(body)) return false;
  const letters = body.replace(/[^\p{L}]/gu, '');
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length / Math.max(1, letters.length);
  if (upper > 0.75) return true;
  // Title case leaves its prepositions and pronouns small ("Termination by Franchisor with Notice").
  const main = w.filter((x) => x.length >= 4 && !TITLE_SMALL_WORDS.has(x.toLowerCase()));
  return main.length > 0 && main.every((x) => /^\p{Lu}/u.test(x));
}

/** A contents line: a title and a page number, or dot leaders (underscores too, in a line with no clause verb: a form's blank, "through and until _______", is in a sentence). */
export function isTocLine(text: string): boolean {
  const t = text.trim();
  if (/\.{4,}|…{2,}/u.test(t) || (/\s_{4,}/u.test(t) && !CLAUSE_WORDS.test(t))) return true;
  const m = /^(.*\p{L}.*?)\s+(\d{1,3})$/u.exec(t);
  return m !== null && titleLike(m[1]!);
}

/** Whether a quote is only headings (and contents lines): nothing of the clause itself. */
export function isHeadingOnly(text: string): boolean {
  const t = text.replace(/^[…\s]+|[…\s]+$/gu, '').trim();
  if (!t || t.length > 200) return false;
  const segments = t.split(/(?<=[.:;])\s+|\n+/u).map((s) => s.trim()).filter(Boolean);
  return segments.every((s) => titleLike(s) || isTocLine(s) || /^[\d.()\s]+$/u.test(s));
}

/**
 * The testimonium before the signatures ("IN WITNESS WHEREOF, the parties have executed …", « En foi
 * de quoi … », „Zu Urkund dessen …"), the signatories' own statement ("The undersigned has read
 * this Amendment … and is an authorized representative") and the signature block itself
 * ("WITNESS: Healthcare Distribution Specialists LLC ("HDS") By: /s/ Linda Lee … Title: CEO"): never
 * the answer.
 */
export function isExecutionLine(text: string): boolean {
  return /^[\s…]*(?:in\s+witness\s+where(?:of|fore)|en\s+foi\s+de\s+quoi|zu\s+urkund\s+dessen|zum\s+zeugnis\s+(?:dessen|wovon)|(?:each\s+of\s+)?the\s+undersigned\b|(?:le|la|les)\s+soussigné|(?:der|die)\s+unterzeichne(?:te|nde)\w*)(?![\p{L}\p{N}_])/iu.test(text) || isSignatureBlock(text);
}

/** A conformed signature ("/s/ Paul Silas"), or a signature block's "By:" with its "Name:", "Title:", "Its:" or "Date:" ("Par :" with "Nom :", "Titre :"; "Durch:" with "Name:", "Titel:"). */
function isSignatureBlock(text: string): boolean {
  if (/(?:^|\s)\/s\/\s*\p{L}/u.test(text)) return true;
  return /(?<![\p{L}\p{N}_])(?:By|BY|Par|PAR|Durch)\s*:/u.test(text) && /(?<![\p{L}\p{N}_])(?:Name|NAME|Title|TITLE|Its|ITS|Date|DATE|Nom|Titre|Titel|Datum)\s*:/u.test(text);
}

/**
 * The contract's opening statement, which names the parties ("EXCLUSIVE DISTRIBUTOR AGREEMENT
 * ("Agreement") dated as April 15, 1994 by and between IMRS OPERATIONS INC. … and Delteq Pte Ltd",
 * « Le présent contrat est conclu entre … », „Dieser Vertrag wird zwischen … geschlossen“): it says
 * who agreed, not what a clause provides, though a title naming the clause ("Exclusive …") gives
 * it the clause's words. Only a sentence on a contract's first pages is one (`extractive.ts`).
 */
export function isOpeningStatement(text: string): boolean {
  return OPENING_STATEMENT.some((re) => re.test(text));
}
const OPENING_STATEMENT = [
  /\b(?:made|entered|executed|dated|effective|concluded|agreement|contract)\b[^.;]{0,300}?\bby\s+and\s+(?:between|among)\b/iu,
  // "THIS SERVICES AGREEMENT (this “Agreement”) is made on 25 September 2018" (the parties follow in the next sentence, after "BETWEEN:").
  /\bthis\s+(?:[\p{L}-]+\s+){0,4}(?:agreement|contract)\b[^.;]{0,80}?\bis\s+(?:made|entered\s+into|dated)\s+(?:and\s+entered\s+into\s+)?(?:on|as\s+of|this|effective)\b/iu,
  /\b(?:est|a\s+été)\s+conclu\s+entre\b|\bentre\s+les\s+soussigné/iu,
  /\b(?:vertrag|vereinbarung)\b[^.;]{0,40}\b(?:wird|ist)\s+zwischen\b[^.;]{0,300}\b(?:geschlossen|abgeschlossen)\b/iu,
];

export { isDefinition } from '../text/definitions';
