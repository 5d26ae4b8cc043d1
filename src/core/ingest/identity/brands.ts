/**
 * Brand and trade names a contract uses for a party's business: "EWSD 1, LLC, d/b/a SHI FARMS",
 * "doing business as", "trading as", "operating with the service name BNY Mellon Shareowner
 * Services", "formerly known as Delta Three, Inc.", and the marks a licence or franchise is about
 * ("under the name and mark “AIRSOPURE”", "the trademark “Pizza Fusion”"), and names written
 * with a trademark sign ("Food For Athletes, Inc. … / Gridiron BioNutrients™", "Gridiron MVP™").
 * People name a franchise or a licence by its brand more often than by the franchisor's company name.
 */

/** Text of the opening searched (the preamble and the recitals). */
const OPENING_CHARS = 20_000;
const MAX_BRANDS = 6;

const NAME = String.raw`["“„«‘]\s*([^"“”„«»‘’\n]{2,60}?)\s*["”“»’]|((?:[\p{Lu}\p{N}][\p{L}\p{N}&'’.-]*)(?:\s+(?:[\p{Lu}\p{N}][\p{L}\p{N}&'’.-]*|&|of|de)){0,5})`;
const LEADS = [
  String.raw`d\/b\/a|dba|doing\s+business\s+as|trading\s+as|t\/a|also\s+known\s+as|a\/k\/a|aka|formerly\s+known\s+as|f\/k\/a`,
  String.raw`operating\s+(?:with|under)\s+the\s+(?:service|trade|brand)\s+names?`,
  String.raw`under\s+the\s+(?:trade\s+|brand\s+|service\s+)?names?(?:\s+and\s+(?:trade)?marks?)?`,
  String.raw`(?:trade|service)?marks?\s+(?:and\s+trade\s+names?\s+)?(?:known\s+as\s+)?`,
  String.raw`brand(?:\s+name)?`,
];
const BRAND = new RegExp(String.raw`(?<![\p{L}])(?:${LEADS.join('|')})[\s,:]+(?:${NAME})`, 'giu');

/** A name of one to four capitalised words written with a trademark sign: "Gridiron BioNutrients™", "Windows®", "PowerCo (TM)". */
const MARKED = /(?<![\p{L}\p{N}])((?:[\p{Lu}\p{N}][\p{L}\p{N}&'’.-]*)(?:[ \t]+[\p{Lu}\p{N}][\p{L}\p{N}&'’.-]*){0,3})[ \t]?(?:™|®|℠|\((?:TM|R|SM)\))/gu;

/** Generic words a mark's definition uses that are not a brand ("the Marks", "the System"). */
const GENERIC = /^(?:the\s+)?(?:marks?|trademarks?|names?|system|products?|services?|licensed\s+\w+|proprietary\s+marks?|brand|company|agreement|territory|business)$/iu;

export function extractBrands(text: string): string[] {
  const opening = text.slice(0, OPENING_CHARS);
  const out: string[] = [];
  // Names a lead introduces first, then names written with a trademark sign, in the order they come.
  const found = [...[...opening.matchAll(BRAND)].map((m) => m[1] ?? m[2] ?? ''), ...[...opening.matchAll(MARKED)].map((m) => m[1] ?? '')];
  for (const name of found) {
    const raw = name.replace(/(?<![,;.])[,;.]+$/u, '').trim();
    if (raw.length < 2 || GENERIC.test(raw) || !/\p{L}/u.test(raw)) continue;
    // A lower-case word is a description, not a brand ("under the name of the licensee").
    if (/^\p{Ll}/u.test(raw) && !/\p{Ll}\p{Lu}|\.(?:com|net|org)/u.test(raw)) continue;
    // A brand is a name: a few words, each capitalised ("Pizza Fusion", "SHI FARMS"), not a phrase.
    const ws = raw.split(/\s+/u);
    if (ws.length > 5 || ws.some((w) => /^\p{Ll}/u.test(w) && !/^(?:of|and|the|de|du|des|la|le|et|und|von|der)$/u.test(w) && !/\p{Ll}\p{Lu}|\.(?:com|net|org)/u.test(w))) continue;
    // "1 Bottle Gridiron MVP™" in a table after "Gridiron MVP™": the brand with a word before it.
    if (!out.some((b) => b.toLowerCase() === raw.toLowerCase() || raw.toLowerCase().endsWith(` ${b.toLowerCase()}`))) out.push(raw);
    if (out.length >= MAX_BRANDS) break;
  }
  return out;
}
