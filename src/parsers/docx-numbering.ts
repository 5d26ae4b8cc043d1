/**
 * Word's own list numbers and page breaks, written into word/document.xml before mammoth reads
 * it. Mammoth turns numbered paragraphs into `<ol><li>` without their numbers and drops numbers
 * that come from a paragraph style (numbered headings: "12.2 Liability Cap" would lose "12.2"),
 * yet clause numbers are how legal text is cited. So this pass computes the label Word shows
 * (numbering.xml: start, numFmt, lvlText "%1.%2", isLgl, lvlRestart, startOverride; styles.xml:
 * numbering inherited through basedOn), writes it as a text run at the start of the paragraph
 * and switches the paragraph's list numbering off (`numId 0`), so mammoth outputs a plain
 * paragraph or heading that starts with its number. Bullets set on the paragraph are left to
 * mammoth (nested lists of "- " items); bullets that only come from the paragraph style, which
 * mammoth does not see, are written in as "- ".
 *
 * Counting follows Word: counters belong to the abstract numbering, so lists that share one
 * continue each other unless a `w:num` restarts a level with `startOverride` (applied when that
 * num is first used); a level restarts when a higher level advances (unless `lvlRestart` says
 * otherwise); a numbered paragraph without text counts but gets no label.
 *
 * Page breaks: Word records where its last layout broke pages (`w:lastRenderedPageBreak`).
 * When the document has those, they become page breaks and explicit breaks are dropped (they are
 * already among the rendered ones); otherwise explicit breaks count: `w:br w:type="page"`,
 * `pageBreakBefore` and section breaks inside the text. Mammoth maps page breaks to
 * `<hr class="casefile-page-break">` (see docx.ts).
 *
 * The XML is read with htmlparser2 in XML mode, edits are spliced in by offset; everything else
 * is left byte for byte. Environment-neutral.
 */
import { Parser } from 'htmlparser2';
import { repeatedLetters, toRoman } from './numerals';

interface Level {
  start: number;
  numFmt: string;
  lvlText: string;
  isLgl: boolean;
  /** lvlRestart: restart after this 1-based level; 0 never; null after any higher level. */
  restart: number | null;
  pStyle: string | null;
}

interface AbstractNum {
  readonly levels: Map<number, Level>;
  numStyleLink: string | null;
}

interface Num {
  abstractNumId: string;
  readonly startOverrides: Map<number, number>;
  readonly levelOverrides: Map<number, Level>;
}

interface StyleNumbering {
  basedOn: string | null;
  numId: string | null;
  ilvl: number | null;
}

export interface WordNumbering {
  readonly abstracts: ReadonlyMap<string, AbstractNum>;
  readonly nums: ReadonlyMap<string, Num>;
  readonly styles: ReadonlyMap<string, StyleNumbering>;
}

const WORD_NAMESPACES = /xmlns:([\w.-]+)\s*=\s*["'](?:http:\/\/schemas\.openxmlformats\.org\/wordprocessingml\/2006\/main|http:\/\/purl\.oclc\.org\/ooxml\/wordprocessingml\/main)["']/;

/** The prefix a part uses for the WordprocessingML namespace ("w" almost always). */
export function wordPrefix(xml: string): string {
  return WORD_NAMESPACES.exec(xml.slice(0, 20000))?.[1] ?? 'w';
}

function attribute(attribs: Record<string, string>, prefix: string, name: string): string | undefined {
  return attribs[`${prefix}:${name}`] ?? attribs[name];
}

function toInt(value: string | undefined): number | null {
  if (value === undefined || !/^\s*-?\d+\s*$/.test(value)) return null;
  return Number.parseInt(value, 10);
}

/** On/off properties: present means on unless val is false/0/off. */
function isOn(attribs: Record<string, string>, prefix: string): boolean {
  const v = attribute(attribs, prefix, 'val');
  return v === undefined || !/^(false|0|off)$/i.test(v);
}

function newLevel(): Level {
  return { start: 0, numFmt: 'decimal', lvlText: '', isLgl: false, restart: null, pStyle: null };
}

/** Reads numbering.xml and the numbering parts of styles.xml (either may be missing). */
export function readWordNumbering(numberingXml: string | undefined, stylesXml: string | undefined): WordNumbering {
  const abstracts = new Map<string, AbstractNum>();
  const nums = new Map<string, Num>();
  const styles = new Map<string, StyleNumbering>();
  if (numberingXml) {
    const w = wordPrefix(numberingXml);
    let abstract: AbstractNum | null = null;
    let num: Num | null = null;
    let overrideLevel: number | null = null;
    let level: Level | null = null;
    const parser = new Parser(
      {
        onopentag(name, a) {
          const local = name.startsWith(`${w}:`) ? name.slice(w.length + 1) : `:${name}`;
          const val = attribute(a, w, 'val');
          switch (local) {
            case 'abstractNum':
              abstract = { levels: new Map(), numStyleLink: null };
              abstracts.set(attribute(a, w, 'abstractNumId') ?? '', abstract);
              break;
            case 'num':
              num = { abstractNumId: '', startOverrides: new Map(), levelOverrides: new Map() };
              nums.set(attribute(a, w, 'numId') ?? '', num);
              break;
            case 'abstractNumId':
              if (num) num.abstractNumId = val ?? '';
              break;
            case 'lvlOverride':
              overrideLevel = toInt(attribute(a, w, 'ilvl'));
              break;
            case 'startOverride':
              if (num && overrideLevel !== null && toInt(val) !== null) num.startOverrides.set(overrideLevel, toInt(val)!);
              break;
            case 'lvl': {
              level = newLevel();
              const ilvl = toInt(attribute(a, w, 'ilvl')) ?? overrideLevel ?? 0;
              if (num && overrideLevel !== null) num.levelOverrides.set(ilvl, level);
              else if (abstract) abstract.levels.set(ilvl, level);
              break;
            }
            case 'start':
              if (level) level.start = toInt(val) ?? 0;
              break;
            case 'numFmt':
              // With mc:AlternateContent the Fallback comes last and wins.
              if (level && val) level.numFmt = val;
              break;
            case 'lvlText':
              if (level) level.lvlText = val ?? '';
              break;
            case 'isLgl':
              if (level) level.isLgl = isOn(a, w);
              break;
            case 'lvlRestart':
              if (level) level.restart = toInt(val);
              break;
            case 'pStyle':
              if (level && val) level.pStyle = val;
              break;
            case 'numStyleLink':
              if (abstract && val) abstract.numStyleLink = val;
              break;
          }
        },
        onclosetag(name) {
          const local = name.startsWith(`${w}:`) ? name.slice(w.length + 1) : '';
          if (local === 'abstractNum') abstract = null;
          else if (local === 'num') num = null;
          else if (local === 'lvlOverride') overrideLevel = null;
          else if (local === 'lvl') level = null;
        },
      },
      { xmlMode: true },
    );
    parser.end(numberingXml);
  }
  if (stylesXml) {
    const w = wordPrefix(stylesXml);
    let style: StyleNumbering | null = null;
    let depth = 0;
    let pPrDepth = -1;
    const parser = new Parser(
      {
        onopentag(name, a) {
          depth++;
          const local = name.startsWith(`${w}:`) ? name.slice(w.length + 1) : '';
          if (local === 'style') {
            style = { basedOn: null, numId: null, ilvl: null };
            styles.set(attribute(a, w, 'styleId') ?? '', style);
          } else if (!style) {
            return;
          } else if (local === 'basedOn') {
            style.basedOn = attribute(a, w, 'val') ?? null;
          } else if (local === 'pPr' && pPrDepth < 0) {
            pPrDepth = depth;
          } else if (pPrDepth > 0 && local === 'numId') {
            style.numId = attribute(a, w, 'val') ?? null;
          } else if (pPrDepth > 0 && local === 'ilvl') {
            style.ilvl = toInt(attribute(a, w, 'val'));
          }
        },
        onclosetag(name) {
          const local = name.startsWith(`${w}:`) ? name.slice(w.length + 1) : '';
          if (local === 'style') style = null;
          if (depth === pPrDepth) pPrDepth = -1;
          depth--;
        },
      },
      { xmlMode: true },
    );
    parser.end(stylesXml);
  }
  return { abstracts, nums, styles };
}

// ---- number formats -----------------------------------------------------------------------------

function ordinalSuffix(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/** A counter value in a Word number format (unknown formats as decimal). */
export function formatWordNumber(n: number, numFmt: string): string {
  if (n <= 0 && numFmt !== 'decimal' && numFmt !== 'decimalZero') return String(n);
  switch (numFmt) {
    case 'none':
      return '';
    case 'decimalZero':
      return n < 10 && n >= 0 ? `0${n}` : String(n);
    case 'lowerRoman':
      return toRoman(n).toLowerCase();
    case 'upperRoman':
      return toRoman(n);
    case 'lowerLetter':
      return repeatedLetters(n);
    case 'upperLetter':
      return repeatedLetters(n).toUpperCase();
    case 'ordinal':
      return `${n}${ordinalSuffix(n)}`;
    case 'decimalEnclosedParen':
      return `(${n})`;
    case 'chicago':
      return ['*', '†', '‡', '§'][(n - 1) % 4]!.repeat(Math.floor((n - 1) / 4) + 1);
    default:
      return String(n);
  }
}

// ---- counting -----------------------------------------------------------------------------------

export interface ListLabel {
  /** What Word shows before the paragraph: "1.", "(a)", "ARTICLE IV"; "-" for a bullet. */
  readonly text: string;
  readonly bullet: boolean;
}

interface Resolved {
  readonly numId: string;
  readonly ilvl: number;
  readonly abstractId: string;
  readonly abstract: AbstractNum;
  readonly num: Num;
}

/** Counts list paragraphs in document order and tells each its label. */
export class WordCounter {
  readonly #n: WordNumbering;
  readonly #counters = new Map<string, (number | null)[]>();
  readonly #seenNums = new Set<string>();

  constructor(numbering: WordNumbering) {
    this.#n = numbering;
  }

  #resolve(styleId: string | null, numId: string | null, ilvl: number | null): Resolved | null {
    let id = numId;
    let level = ilvl;
    const seen = new Set<string>();
    for (let s = styleId; s && !seen.has(s) && (id === null || level === null); ) {
      seen.add(s);
      const style = this.#n.styles.get(s);
      if (!style) break;
      id ??= style.numId;
      level ??= style.ilvl;
      s = style.basedOn;
    }
    if (id === null || id === '0') return null;
    const num = this.#n.nums.get(id);
    let abstract = num ? this.#n.abstracts.get(num.abstractNumId) : undefined;
    let abstractId = num?.abstractNumId ?? '';
    // An abstract numbering that only links to a numbering style uses that style's list.
    for (let hops = 0; abstract?.numStyleLink && hops < 5; hops++) {
      const linked = this.#n.styles.get(abstract.numStyleLink)?.numId;
      const target = linked ? this.#n.nums.get(linked) : undefined;
      if (!target) break;
      abstractId = target.abstractNumId;
      abstract = this.#n.abstracts.get(abstractId);
    }
    if (!num || !abstract) return null;
    if (level === null) {
      level = 0;
      for (const [i, l] of abstract.levels) if (styleId !== null && l.pStyle === styleId) level = i;
    }
    return { numId: id, ilvl: level, abstractId, abstract, num };
  }

  #level(r: Resolved, ilvl: number): Level | undefined {
    return r.num.levelOverrides.get(ilvl) ?? r.abstract.levels.get(ilvl);
  }

  #startOf(r: Resolved, ilvl: number): number {
    return r.num.startOverrides.get(ilvl) ?? this.#level(r, ilvl)?.start ?? 0;
  }

  /**
   * Counts one paragraph. Returns its label (text "" for a level without one; "-" for a bullet,
   * which does not count), or null when the paragraph is not in a list.
   */
  next(styleId: string | null, numId: string | null, ilvl: number | null): ListLabel | null {
    const r = this.#resolve(styleId, numId, ilvl);
    if (!r) return null;
    const level = this.#level(r, r.ilvl);
    if (!level) return null;
    if (level.numFmt === 'bullet') return { text: '-', bullet: true };
    let counters = this.#counters.get(r.abstractId);
    if (!counters) this.#counters.set(r.abstractId, (counters = []));
    if (!this.#seenNums.has(r.numId)) {
      this.#seenNums.add(r.numId);
      for (const overridden of r.num.startOverrides.keys()) counters[overridden] = null;
    }
    const current = counters[r.ilvl];
    counters[r.ilvl] = current === null || current === undefined ? this.#startOf(r, r.ilvl) : current + 1;
    for (let deeper = r.ilvl + 1; deeper < Math.max(counters.length, 10); deeper++) {
      const restart = this.#level(r, deeper)?.restart ?? null;
      if (restart === null ? true : r.ilvl < restart) counters[deeper] = null;
    }
    const text = level.lvlText.replace(/%([1-9])/g, (_, d: string) => {
      const k = Number(d) - 1;
      const value = counters[k] ?? this.#startOf(r, k);
      return formatWordNumber(value, level.isLgl ? 'decimal' : (this.#level(r, k)?.numFmt ?? 'decimal'));
    });
    return { text: text.trim(), bullet: false };
  }
}
