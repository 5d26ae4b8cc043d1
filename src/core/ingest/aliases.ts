/**
 * Names a document goes by, found in its text: defined abbreviations, the parties and their
 * short names, and the defined terms.
 *
 *   - `Long Form (ABBR)`, `ABBR (Long Form)`, `(the "ABBR")`, `(« RGPD »)`, `(Datenschutz-
 *     Grundverordnung, „DSGVO“)`: the long form is found with the Schwartz–Hearst algorithm (the
 *     letters of the abbreviation, in order, in the words just before it, the first one starting a
 *     word), so it works in any Latin-script language without word lists. Anywhere in the text.
 *   - Definitions in an aside, `(the "Supplier")`, `(hereinafter referred to as "Distributor")`,
 *     `– nachfolgend „Auftragnehmer“ genannt –`, `, ci-après « le Prestataire »,`: the lead-in is
 *     any few lower-case words, so no list of "hereinafter" words either. In the first pages
 *     (`partyChars`) the text just before the aside names the party: a company (a name ending in
 *     a legal form: Ltd, Inc., GmbH, S.A., SAS, B.V., …) or a capitalised name right after a few
 *     lower-case words ("between Jane Doe, an individual …"). The party's name and its short name
 *     are both aliases; the name is a party.
 *   - Every quoted term so defined, and those opening a line of a definitions clause
 *     (`"Affiliate" means`, `1.2 „Vertrauliche Informationen“ sind`), is a defined term. A term
 *     defined for no party ("Agreement", "Effective Date", "Confidential Information") stays
 *     only a defined term; one whose name before it ends with it ("the Data Protection Act
 *     (the "Act")") names no party.
 * Lists keep the order of first appearance, are deduplicated case-insensitively and capped.
 */

export interface AliasResult {
  /** Names and abbreviations identifying the document or its parties, long and short forms. */
  readonly aliases: string[];
  /** Party names, long form ("ACME CORP.", "Muster GmbH"). */
  readonly parties: string[];
  /** Terms defined by quotation ("Agreement", "Effective Date", "Supplier", …). */
  readonly definedTerms: string[];
}

export interface AliasOptions {
  /** Parties are looked for in text[0, partyChars) (the caller passes the end of page 10). */
  readonly partyChars?: number;
  /** Text scanned at all (abbreviations and defined terms). */
  readonly maxChars?: number;
  readonly maxAliases?: number;
  readonly maxParties?: number;
  readonly maxDefinedTerms?: number;
}

interface Found {
  readonly pos: number;
  readonly aliases: readonly string[];
  readonly party?: string;
  readonly term?: string;
}

/** Opening quote → closing quotes. Single quotes only after whitespace or "(". */
const QUOTED = /"([^"]{1,80})"|“([^”“"]{1,80})[”“]|„([^“”"]{1,80})[“”]|«\s*([^»«]{1,80}?)\s*»|»([^«»]{1,80})«|‹\s*([^›‹]{1,80}?)\s*›|(?<=[\s(])'([^']{1,80})'(?!\p{L})|‘([^’‘]{1,80})’/gu;
const QUOTE_CHARS = /["“”„«»‹›‘’]/u;
/** Legal forms that end a company name (case-sensitive: "a Delaware corporation" is not one). */
const LEGAL_FORM =
  /(?<![\p{L}\p{N}])(?:GmbH & Co\.? KG|gGmbH|GmbH|GMBH|KGaA|AG|KG|OHG|UG(?: \(haftungsbeschränkt\))?|e\. ?V\.|SE|Inc\.?|INC\.?|Incorporated|INCORPORATED|Corp\.?|CORP\.?|Corporation|CORPORATION|Co\.|CO\.|Company|COMPANY|Pty\.? Ltd\.?|Ltd\.?|LTD\.?|Limited|LIMITED|PLC|plc|L\.L\.C\.|LLC|L\.L\.P\.|LLP|L\.P\.|LP|S\.A\.S\.?|SASU|SAS|S\.A\.R\.L\.|SARL|S\.à ?r\.l\.|S\.A\.|SA|SNC|SCI|EURL|S\.p\.A\.|SpA|S\.r\.l\.|S\.R\.L\.|Srl|S\.L\.U\.|S\.L\.|SLU|SL|Ltda\.?|Lda\.?|B\.V\.|BV|N\.V\.|NV|A\/S|ApS|AB|ASA|Oyj|Oy|Sp\. z o\.o\.)(?![\p{L}\p{N}])/u;
const LOWER_WORD = String.raw`\p{Ll}[\p{Ll}\p{M}'’-]*`;
const LEAD_WORDS = new RegExp(String.raw`^\s*(?:${LOWER_WORD}\s+){0,6}$`, 'u');
const DASH_LEAD = new RegExp(String.raw`(?:^|\s)[–—-]\s+((?:${LOWER_WORD}\s+){0,5})$`, 'u');
const COMMA_LEAD = new RegExp(String.raw`,\s*((?:${LOWER_WORD}\s+){1,4})$`, 'u');
const PAREN_COMMA_LEAD = new RegExp(String.raw`,\s*((?:${LOWER_WORD}\s+){0,4})$`, 'u');
const DASH_CLOSE = new RegExp(String.raw`^\s*(?:${LOWER_WORD}\s*){0,2}(?:[–—-]|\n|$)`, 'u');
const COMMA_CLOSE = new RegExp(String.raw`^(?:\s*${LOWER_WORD})?\s*[,;.)]`, 'u');
const BARE_SHORT = new RegExp(String.raw`^\s*(?:${LOWER_WORD}\s+){0,3}([^\s()]{2,12})\s*$`, 'u');
/** What may precede a quoted term opening a definitions line: indentation and a clause number. */
const DEFINITION_LINE_START = /^[ \t]*(?:[([]?(?:\d{1,3}(?:\.\d{1,3})*|[a-zA-Z]|[ivxIVX]{1,4})[.)\]]?[ \t]+)?$/u;
const SEGMENT_BOUNDARY = /[();:]|\s[–—-]\s|\n[ \t]*\n|\p{Ll}{2}[.!?]\s+(?=[\p{Lu}"“„«])/gu;

export function extractAliases(text: string, options: AliasOptions = {}): AliasResult {
  const maxChars = options.maxChars ?? 1_000_000;
  const partyChars = Math.min(options.partyChars ?? 60_000, maxChars);
  const scan = text.length > maxChars ? text.slice(0, maxChars) : text;
  const found: Found[] = [...quotedDefinitions(scan, partyChars), ...bareAbbreviations(scan)];
  found.sort((a, b) => a.pos - b.pos);

  const aliases = new Collector(options.maxAliases ?? 20);
  const parties = new Collector(options.maxParties ?? 10);
  const terms = new Collector(options.maxDefinedTerms ?? 100);
  for (const f of found) {
    for (const a of f.aliases) aliases.add(a);
    if (f.party) parties.add(f.party);
    if (f.term) terms.add(f.term);
  }
  return { aliases: aliases.values, parties: parties.values, definedTerms: terms.values };
}

class Collector {
  readonly values: string[] = [];
  private readonly seen = new Set<string>();
  constructor(private readonly cap: number) {}
  add(value: string): void {
    const key = value.toLowerCase().replace(/[\s.]+/g, ' ').trim();
    if (key === '' || this.seen.has(key) || this.values.length >= this.cap) return;
    this.seen.add(key);
    this.values.push(value);
  }
}

function quotedDefinitions(text: string, partyChars: number): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(QUOTED)) {
    const q = m.index;
    const inner = m.slice(1).find((g) => g !== undefined) ?? '';
    if (/\n[ \t]*\n/.test(inner)) continue;
    const term = normaliseTerm(inner);
    if (term === null) continue;
    const end = q + m[0].length;
    const aside = findAside(text, q, end);
    if (aside === null) {
      const lineStart = text.lastIndexOf('\n', q - 1) + 1;
      if (q - lineStart <= 30 && DEFINITION_LINE_START.test(text.slice(lineStart, q)) && /^\s*(?:[:,]\s*)?\p{L}/u.test(text.slice(end, end + 20))) {
        out.push({ pos: q, aliases: [], term });
      }
      continue;
    }
    if (aside.multi) {
      out.push({ pos: q, aliases: [], term });
      continue;
    }
    const seg = segmentBefore(text, aside.opener);
    const entity = q < partyChars ? legalEntity(seg.text) : null;
    if (entity) {
      out.push({ pos: seg.start, aliases: [entity, term], party: entity, term });
      continue;
    }
    if (isAbbreviation(term)) {
      const long = longForm(term, seg.text);
      out.push({ pos: q, aliases: long ? [long, term] : [term], term });
      continue;
    }
    const person = q < partyChars && aside.kind !== 'comma' ? namedPerson(seg) : null;
    // "pursuant to the Data Protection Act (the "Act")": a name of the thing defined, not a party.
    if (person && !person.toLowerCase().endsWith(term.toLowerCase()) && !contains(term, person)) {
      out.push({ pos: seg.start, aliases: [person, term], party: person, term });
      continue;
    }
    out.push({ pos: q, aliases: [], term });
  }
  return out;
}

interface Aside {
  readonly opener: number;
  readonly kind: 'paren' | 'dash' | 'comma';
  /** Another quoted term comes first in the same aside: `(each a "Party" and together the "Parties")`. */
  readonly multi: boolean;
}

/** The aside a quoted term is defined in, or null when the quote is not a definition. */
function findAside(text: string, q: number, end: number): Aside | null {
  const before = text.slice(Math.max(0, q - 150), q);
  const base = q - before.length;
  const open = before.lastIndexOf('(');
  if (open >= 0 && before.indexOf(')', open) < 0) {
    const lead = before.slice(open + 1);
    const close = text.indexOf(')', end);
    const rest = close >= 0 && close - end < 150 ? text.slice(end, close) : '';
    if (QUOTE_CHARS.test(lead) || QUOTE_CHARS.test(rest)) return { opener: base + open, kind: 'paren', multi: true };
    if (LEAD_WORDS.test(lead)) return { opener: base + open, kind: 'paren', multi: false };
    const comma = PAREN_COMMA_LEAD.exec(lead);
    if (comma) return { opener: base + open + 1 + comma.index, kind: 'paren', multi: false };
    return null;
  }
  const after = text.slice(end, end + 40);
  const dash = DASH_LEAD.exec(before);
  if (dash && DASH_CLOSE.test(after)) {
    return { opener: base + dash.index + (dash[0].length - dash[0].trimStart().length), kind: 'dash', multi: false };
  }
  const comma = COMMA_LEAD.exec(before);
  if (comma && COMMA_CLOSE.test(after)) {
    return { opener: base + comma.index, kind: 'comma', multi: false };
  }
  return null;
}

interface Segment {
  readonly text: string;
  readonly start: number;
  /** The segment starts right after ")" or ":" (a list label "(1)", "BETWEEN:"), maybe past a blank line. */
  readonly afterLabel: boolean;
}

/** The text before `pos` back to the previous clause boundary (at most 400 characters). */
function segmentBefore(text: string, pos: number): Segment {
  const from = Math.max(0, pos - 400);
  const slice = text.slice(from, pos);
  let cut = 0;
  for (const m of slice.matchAll(SEGMENT_BOUNDARY)) cut = m.index + m[0].length;
  const afterLabel = /[):]\s*$/.test(slice.slice(0, cut));
  return { text: slice.slice(cut), start: from + cut, afterLabel };
}

/** The first company name (capitalised words ending in a legal form) in `seg`. */
export function legalEntity(seg: string): string | null {
  const s = seg.replace(/\s+/g, ' ').replace(/^[\s,;–—-]+/u, '');
  const re = new RegExp(LEGAL_FORM.source, 'gu');
  for (const m of s.matchAll(re)) {
    const tokens = s.slice(0, m.index).trimEnd().split(' ');
    let i = tokens.length;
    let startToken = i;
    let stop = '';
    for (let k = 0; k < 8 && i > 0; k++) {
      const t = tokens[i - 1] ?? '';
      const last = i === tokens.length;
      if (t.endsWith(',') && !last) {
        stop = t;
        break;
      }
      if (/^[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'’.&/-]*,?$/u.test(t)) startToken = i - 1;
      else if (!(t === '&' || /^\p{Ll}{1,3}$/u.test(t))) break;
      i--;
    }
    if (startToken === tokens.length) continue;
    // "Acme Widgets, a Delaware Corporation": a description after a comma, not a name.
    if (/\p{L}/u.test(stop) && startToken > i) continue;
    const name = `${tokens.slice(startToken).join(' ')} ${m[0]}`.trim();
    return name;
  }
  return null;
}

/**
 * A name without a legal form: capitalised words after at most three lower-case words (or a list
 * label), ending the segment or followed by a comma ("between Jane Doe, an individual …"); or at
 * least two capitalised words ending the segment after a lower-case word of 4+ letters (not an
 * article or preposition: "appoints Globex Trading").
 */
function namedPerson(seg: Segment): string | null {
  const tokens = seg.text.replace(/\s+/g, ' ').replace(/^[\s,.;:–—-]+/u, '').split(' ').filter(Boolean);
  return leadingName(tokens, seg.afterLabel) ?? trailingName(tokens);
}

function trailingName(tokens: readonly string[]): string | null {
  let i = tokens.length;
  while (i > 0 && tokens.length - i < 6 && /^\p{Lu}[\p{L}\p{M}'’.&-]+$/u.test(tokens[i - 1] ?? '')) i--;
  if (tokens.length - i < 2 || i === 0 || !/^\p{Ll}[\p{Ll}\p{M}]{3,}$/u.test(tokens[i - 1] ?? '')) return null;
  return tokens.slice(i).join(' ');
}

function leadingName(tokens: readonly string[], afterLabel: boolean): string | null {
  let i = 0;
  while (i < tokens.length && /^\p{Ll}/u.test(tokens[i] ?? '')) i++;
  if (i > 3 || (i === 0 && !afterLabel)) return null;
  const run: string[] = [];
  let comma = false;
  while (i < tokens.length && run.length < 6) {
    const t = tokens[i] ?? '';
    if (/^\p{Lu}[\p{L}\p{M}'’.-]*,?$/u.test(t)) {
      run.push(t.replace(/,$/, ''));
      i++;
      if (t.endsWith(',')) {
        comma = true;
        break;
      }
    } else if (run.length > 0 && /^\p{Ll}{1,3}$/u.test(t) && /^\p{Lu}/u.test(tokens[i + 1] ?? '')) {
      run.push(t);
      i++;
    } else break;
  }
  if (run.length === 0 || (!comma && i < tokens.length)) return null;
  return run.join(' ');
}

/** Unquoted `Long Form (ABBR)`, `(the ABBR)` and `ABBR (Long Form)`. */
function bareAbbreviations(text: string): Found[] {
  const out: Found[] = [];
  let open = text.indexOf('(');
  while (open >= 0) {
    const close = text.indexOf(')', open + 1);
    if (close < 0) break;
    const inner = text.slice(open + 1, close);
    if (close - open <= 120 && !inner.includes('(') && !QUOTE_CHARS.test(inner)) {
      const short = BARE_SHORT.exec(inner)?.[1];
      if (short !== undefined && isAbbreviation(short)) {
        const long = longForm(short, segmentBefore(text, open).text);
        if (long) out.push({ pos: open, aliases: [long, short] });
      } else {
        const words = inner.trim().split(/\s+/);
        const prev = /(\S+)\s*$/.exec(text.slice(Math.max(0, open - 14), open))?.[1];
        if (prev !== undefined && isAbbreviation(prev) && words.length >= 2 && words.length <= 10) {
          const long = longForm(prev, inner);
          if (long) out.push({ pos: open - prev.length, aliases: [prev, long] });
        }
      }
    }
    open = text.indexOf('(', open + 1);
  }
  return out;
}

/** "GDPR", "DSGVO", "GeschGehG", "eIDAS": one token, 2-12 characters, mostly capitals. */
export function isAbbreviation(s: string): boolean {
  if (s.length < 2 || s.length > 12 || !/^[\p{L}\p{N}][\p{L}\p{N}&.-]*$/u.test(s)) return false;
  const upper = (s.match(/\p{Lu}/gu) ?? []).length;
  const letters = (s.match(/\p{L}/gu) ?? []).length;
  return upper >= 2 && upper / letters >= 0.3;
}

/** Schwartz–Hearst: the shortest run of words before an abbreviation that spells it. */
export function longForm(short: string, before: string): string | null {
  const words = before.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const letters = short.replace(/[^\p{L}\p{N}]/gu, '').length;
  const candidate = words.slice(-Math.min(letters + 5, letters * 2)).join(' ');
  const long = bestLongForm(short, candidate);
  if (long === null || long.length <= short.length || long.toLowerCase() === short.toLowerCase()) return null;
  if (/[\p{N},;:.()"“”„«»]/u.test(long) || !/^\p{L}/u.test(long)) return null;
  if (!long.includes(' ') && long.length < short.length + 4) return null;
  return long;
}

function bestLongForm(short: string, long: string): string | null {
  const s = short.toLowerCase();
  const l = long.toLowerCase();
  let si = s.length - 1;
  let li = l.length - 1;
  const alnum = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  while (si >= 0) {
    const c = s[si];
    if (!alnum(c)) {
      si--;
      continue;
    }
    while (li >= 0 && (l[li] !== c || (si === 0 && li > 0 && alnum(l[li - 1])))) li--;
    if (li < 0) return null;
    li--;
    si--;
  }
  const start = long.lastIndexOf(' ', li) + 1;
  return long.slice(start).trim();
}

/** The quoted text as a defined term (leading article dropped), or null when it is not one. */
function normaliseTerm(inner: string): string | null {
  let t = inner.replace(/\s+/g, ' ').trim().replace(/(?<![,;:.])[,;:.]+$/u, ''); // from the run's start only: linear
  t = t.replace(/^\p{Ll}{1,3}(?:['’]\s*|\s+)(?=[\p{Lu}\p{N}])/u, '');
  if (t.length === 0 || t.length > 60 || t.split(' ').length > 6) return null;
  if (!/^[\p{Lu}\p{N}]/u.test(t) && !isAbbreviation(t)) return null;
  if (!/\p{L}/u.test(t)) return null;
  return t;
}

function contains(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}
