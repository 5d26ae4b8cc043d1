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

/** A trademark sign: ™, ®, ℠, "(TM)", "(R)", "(SM)". */
const MARK = /™|®|℠|\((?:TM|R|SM)\)/gu;
/** A word of a marked name: capitalised or a number ("Gridiron", "BioNutrients", "3M"). */
const MARKED_WORD = /^[\p{Lu}\p{N}][\p{L}\p{N}&'’.-]*$/u;
/** A character of a marked name or the spaces between its words. */
const NAME_CHAR = /[\p{L}\p{N}&'’. \t-]/u;
/** How far before a sign its name is looked for (four words). */
const MARKED_REACH = 80;

/**
 * Names of one to four capitalised words written with a trademark sign, in order
 * ("Gridiron BioNutrients™", "Windows®", "PowerCo (TM)"): the words right before each sign, on
 * its line, read word by word (linear in the text, whatever it holds).
 */
function markedNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(MARK)) {
    const from = Math.max(0, m.index - MARKED_REACH);
    const window = text.slice(from, m.index);
    // The name's words and the spaces between them run back to the first other character (a line
    // break, a slash: "Food For Athletes/Gridiron BioNutrients™").
    let k = window.length;
    while (k > 0 && NAME_CHAR.test(window[k - 1]!)) k--;
    const before = window.slice(k);
    // One space at most before the sign.
    if (/[ \t]/u.test(before.at(-1) ?? '') && /[ \t]/u.test(before.at(-2) ?? '')) continue;
    const tokens = before.trimEnd().split(/[ \t]+/u);
    // The window may start inside a word: its first token counts only where something else precedes it.
    const whole = from === 0 || k > 0;
    const words: string[] = [];
    for (let i = tokens.length - 1; i >= 0 && words.length < 4; i--) {
      if (!MARKED_WORD.test(tokens[i]!) || (i === 0 && !whole)) break;
      words.unshift(tokens[i]!);
    }
    if (words.length > 0) out.push(words.join(' '));
  }
  return out;
}

/** Generic words a mark's definition uses that are not a brand ("the Marks", "the System"). */
const GENERIC = /^(?:the\s+)?(?:marks?|trademarks?|names?|system|products?|services?|licensed\s+\w+|proprietary\s+marks?|brand|company|agreement|territory|business)$/iu;

/** A lead that names a mark by what it is (a brand, a mark, a name), not by the business using it ("d/b/a"). */
const WEAK_LEAD = /^(?:brand|(?:trade|service)?marks?|under|operating)/iu;

/**
 * An unquoted name after a weak lead in a passage written in capitals ("… DAMAGE TO GOODWILL OR
 * BRAND EQUITY"): capitals there say nothing of a name, so only a quoted one counts.
 */
function capitalsOnly(m: RegExpMatchArray): boolean {
  if (m[1] !== undefined) return false;
  const lead = m[0].slice(0, m[0].length - (m[2] ?? '').length);
  return WEAK_LEAD.test(lead) && !/\p{Ll}/u.test(lead);
}

export function extractBrands(text: string): string[] {
  const opening = text.slice(0, OPENING_CHARS);
  const out: string[] = [];
  // Names a lead introduces first, then names written with a trademark sign, in the order they come.
  const found = [...[...opening.matchAll(BRAND)].filter((m) => !capitalsOnly(m)).map((m) => m[1] ?? m[2] ?? ''), ...markedNames(opening)];
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
