/**
 * Generated legal documents for the chunker's property tests, with the answers kept on the side:
 * where every sentence and heading line is (offsets in the pages joined with "\n"), and the
 * section path each sentence should get (an independent model of the section-stack rules for
 * the heading kinds generated here).
 *
 * Every line carries a unique word, so no line repeats at page edges (which the chunker would
 * take for a running header); page breaks fall only where a single-page version of the same
 * document reads the same (between blocks, or between words where the line does not end a
 * sentence), so `single` must chunk exactly like `pages`.
 */
import fc from 'fast-check';
import type { PageText } from '../../../../src/core/ingest/chunker';
import { estimateTokens } from '../../../../src/core/ingest/tokens';

type HeadingKind = 'article' | 'articleInline' | 'num1' | 'num2' | 'section' | 'paragraph' | 'exhibit' | 'caps' | 'md1' | 'md2' | 'md3';

interface SentenceSpec {
  readonly len: number;
  readonly seed: number;
}
type BlockSpec =
  | { readonly t: 'para'; readonly sentences: readonly SentenceSpec[] }
  | { readonly t: 'heading'; readonly kind: HeadingKind; readonly titled: boolean }
  | { readonly t: 'sub'; readonly sentence: SentenceSpec };
export interface DocSpec {
  readonly blocks: readonly BlockSpec[];
  readonly breaks: readonly number[];
  readonly firstPage: number;
  readonly seed: number;
  /** A running header and a page-number footer on every page (when there are pages to repeat them on). */
  readonly furniture?: boolean;
}

interface ExpectedSection {
  readonly path: readonly string[];
  readonly ordinal: string | null;
  readonly title: string | null;
}
interface GenSentence extends ExpectedSection {
  readonly start: number;
  readonly end: number;
  readonly tokens: number;
  /** Tokens of the heading lines just before the sentence (they travel with it). */
  readonly lead: number;
}
export interface Built {
  readonly pages: PageText[];
  readonly single: PageText[];
  readonly sentences: GenSentence[];
  /** Heading text spans (the whole line for heading-only lines, the label for sub-clauses). */
  readonly headings: { start: number; end: number }[];
  readonly headingStarts: Set<number>;
  /** Tokens of headings after the last sentence (0 when none). */
  readonly trailing: number;
  /** Running headers and page-number footers (chunks may start at or in them). */
  readonly furniture: { start: number; end: number }[];
  /** Whether `single` reads like `pages` (false with running headers, which only pages have). */
  readonly comparable: boolean;
}

const sentenceArb = fc.record({
  len: fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 2, max: 28 }) }, { weight: 1, arbitrary: fc.integer({ min: 40, max: 420 }) }),
  seed: fc.integer(),
});
const blockArb: fc.Arbitrary<BlockSpec> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ t: fc.constant('para' as const), sentences: fc.array(sentenceArb, { minLength: 1, maxLength: 4 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('heading' as const),
      kind: fc.constantFrom<HeadingKind>('article', 'articleInline', 'num1', 'num1', 'num2', 'num2', 'section', 'paragraph', 'exhibit', 'caps', 'md1', 'md2', 'md3'),
      titled: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('sub' as const), sentence: sentenceArb }) },
);
/**
 * A bare exhibit label right before another exhibit heading is an entry of a list of exhibits
 * (layout.ts: none of a list's lines opens a section; chunker.test.ts covers it), not the
 * section this model expects: such a label gets its title line.
 */
function noExhibitList(blocks: BlockSpec[]): BlockSpec[] {
  return blocks.map((b, i) => {
    const next = blocks[i + 1];
    return b.t === 'heading' && b.kind === 'exhibit' && !b.titled && next?.t === 'heading' && next.kind === 'exhibit' ? { ...b, titled: true } : b;
  });
}

export const docArb: fc.Arbitrary<DocSpec> = fc.record({
  blocks: fc.array(blockArb, { maxLength: 28 }).map(noExhibitList),
  breaks: fc.array(fc.nat(), { maxLength: 7 }),
  firstPage: fc.integer({ min: 1, max: 5 }),
  seed: fc.integer(),
  furniture: fc.boolean(),
});

const CAP_WORDS = ['The', 'Each', 'Neither', 'All', 'Der', 'Le', 'Acme', 'Any'];
const WORDS = [
  'the', 'supplier', 'shall', 'deliver', 'goods', 'to', 'customer', 'within', 'thirty', 'days', 'of', 'any', 'notice', 'agreement',
  'liability', 'fees', 'pay', 'party', 'Vertragsstrafe', 'gemäß', 'contrat', 'obligations', 'données', 'naïve', 'ﬁnancial', '合同', '当事人',
  '🙂', '€1,000', '2019', '5.2', '(a)', 'e.g.', 'i.e.', 'U.S.', 'Acme', 'Inc.', 'No.', 'Art.', 'v.', 'Smith', 'GmbH', 'indemnification',
  'notwithstanding', 'hereinafter', 'Section', 'clause', 'Schedule',
];
const FINAL = ['days', 'agreement', 'fees', 'notice', 'obligations', 'contrat', 'goods', 'party', 'données'];
const TITLES = ['Payment Terms', 'Limitation of Liability', 'Confidentiality', 'Term and Termination', 'Governing Law', 'Intellectual Property Rights', 'Données Personnelles', 'Haftung und Gewährleistung'];
const CAPS = ['LIMITATION OF LIABILITY', 'DEFINITIONS', 'GENERAL PROVISIONS', 'CONFIDENTIALITY', 'FORCE MAJEURE', 'DISPOSITIONS GÉNÉRALES'];
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV', 'XVI', 'XVII', 'XVIII', 'XIX', 'XX'];
const SUB_LETTERS = 'abcdefgh';
const SPACES = [' ', ' ', ' ', ' ', ' ', '  ', '\u00a0', '\t'];
const WRAPS = ['\n', '\n', ' \n', '\r\n'];

function prng(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function letters(n: number): string {
  let s = '';
  let k = n;
  do {
    s = String.fromCharCode(97 + (k % 26)) + s;
    k = Math.floor(k / 26);
  } while (k > 0);
  return s;
}

type Part =
  | { readonly kind: 'text'; readonly s: string; readonly sentence?: number; readonly heading?: boolean }
  | { readonly kind: 'sep'; readonly s: string; readonly breakable: 'block' | 'wrap' | null };

interface Entry {
  readonly display: string;
  readonly rank: number;
  readonly ordinal: string | null;
  readonly tier: number | null;
  readonly title: string | null;
  readonly sub?: boolean;
}

export function buildDoc(spec: DocSpec): Built {
  const rnd = prng(spec.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  let uidCounter = 0;
  const uid = (): string => `qu${letters(uidCounter++).padStart(3, 'a')}`;
  const parts: Part[] = [];
  const expected: ExpectedSection[] = [];
  const stack: Entry[] = [];
  const counters = { article: 0, num1: 0, num2: 0, para: 0, exhibit: 0, sub: 0 };

  const push = (e: Entry): void => {
    while (stack.length > 0 && (stack[stack.length - 1] as Entry).rank >= e.rank) stack.pop();
    stack.push(e);
  };
  const snapshot = (): ExpectedSection => {
    let ordinal: string | null = null;
    for (const tier of [1, 2, 3]) {
      const e = stack.find((x) => x.tier === tier && x.ordinal);
      if (e) {
        ordinal = e.ordinal;
        break;
      }
    }
    const titled = [...stack].reverse().find((x) => x.title);
    return { path: stack.map((x) => x.display), ordinal, title: titled?.title ?? null };
  };
  const text = (s: string, extra: { sentence?: number; heading?: boolean } = {}): void => void parts.push({ kind: 'text', s, ...extra });
  const sep = (s: string, breakable: 'block' | 'wrap' | null): void => void parts.push({ kind: 'sep', s, breakable });

  /** Emits one sentence (words, spaces and wrapped lines); the first line holds a unique word. */
  const sentence = (spec: SentenceSpec, lead: string | null): void => {
    const r = prng(spec.seed);
    const id = expected.length;
    expected.push(snapshot());
    const words: string[] = [];
    if (lead === null) words.push(CAP_WORDS[Math.floor(r() * CAP_WORDS.length)] as string);
    words.push(uid());
    for (let i = words.length; i < spec.len; i++) {
      let w = WORDS[Math.floor(r() * WORDS.length)] as string;
      const x = r();
      if (!w.endsWith('.') && x < 0.08) w += ',';
      else if (!w.endsWith('.') && x < 0.11) w += ';';
      words.push(w);
    }
    words.push(`${FINAL[Math.floor(r() * FINAL.length)] as string}.`);
    words.forEach((w, i) => {
      if (i > 0) {
        // No wrap before the unique word: every line holds one.
        if (i > words.indexOf(words.find((x) => x.startsWith('qu')) as string) && r() < 0.12) {
          const prev = words[i - 1] as string;
          sep(pick(WRAPS), /[.!?:;]$/.test(prev) ? null : 'wrap');
          text(uid(), { sentence: id });
          sep(' ', null);
        } else sep(pick(SPACES), null);
      }
      text(w, { sentence: id });
    });
  };

  let lastUntitled = false;
  const heading = (kind: HeadingKind, titled: boolean, untitled: boolean): void => {
    const title = `${pick(TITLES)} ${uid().replace(/^q/, 'Q')}`;
    lastUntitled = false;
    const caps = `${pick(CAPS)} ${uid().toUpperCase()}`;
    switch (kind) {
      case 'article': {
        const n = ROMAN[counters.article++ % ROMAN.length] as string;
        text(`ARTICLE ${n}`, { heading: true });
        if (titled) {
          sep('\n', null);
          text(caps, { heading: true });
        }
        push({ display: titled ? `ARTICLE ${n} ${caps}` : `ARTICLE ${n}`, rank: 1, ordinal: n, tier: 2, title: titled ? caps : null });
        counters.num1 = 0;
        lastUntitled = !titled;
        return;
      }
      case 'articleInline': {
        const n = ++counters.article;
        text(`Article ${n} – ${title}`, { heading: true });
        push({ display: `Article ${n} ${title}`, rank: 1, ordinal: String(n), tier: 1, title });
        return;
      }
      case 'num1': {
        const n = ++counters.num1;
        counters.num2 = 0;
        text(`${n}. ${title}`, { heading: true });
        push({ display: `${n} ${title}`, rank: 2, ordinal: String(n), tier: 1, title });
        return;
      }
      case 'num2':
      case 'section': {
        const n = Math.max(1, counters.num1);
        const m = ++counters.num2;
        const label = kind === 'section' ? `Section ${n}.${m}` : `${n}.${m}`;
        text(`${label} ${title}`, { heading: true });
        push({ display: `${label} ${title}`, rank: 3, ordinal: String(n), tier: 1, title });
        return;
      }
      case 'paragraph': {
        const n = ++counters.para;
        text(`§ ${n} ${title}`, { heading: true });
        push({ display: `§ ${n} ${title}`, rank: 2, ordinal: String(n), tier: 1, title });
        return;
      }
      case 'exhibit': {
        const l = String.fromCharCode(65 + (counters.exhibit++ % 26));
        text(`EXHIBIT ${l}`, { heading: true });
        if (titled) {
          sep('\n', null);
          text(caps, { heading: true });
        }
        push({ display: titled ? `EXHIBIT ${l} ${caps}` : `EXHIBIT ${l}`, rank: 0, ordinal: l, tier: 3, title: titled ? caps : null });
        lastUntitled = !titled;
        return;
      }
      case 'caps': {
        text(caps, { heading: true });
        const top = stack[stack.length - 1];
        if (untitled && top) {
          // An ALL-CAPS line under a bare ARTICLE / EXHIBIT label is its title.
          stack[stack.length - 1] = { ...top, display: `${top.display} ${caps}`, title: caps };
          return;
        }
        push({ display: caps, rank: 2, ordinal: null, tier: null, title: caps });
        return;
      }
      case 'md1':
      case 'md2':
      case 'md3': {
        const level = Number(kind[2]);
        text(`${'#'.repeat(level)} ${title}`, { heading: true });
        push({ display: title, rank: level, ordinal: null, tier: null, title });
        return;
      }
    }
  };

  spec.blocks.forEach((block, b) => {
    // A page break between a bare label and its ALL-CAPS title would hide the title behind the running header.
    const titleNext = lastUntitled && block.t === 'heading' && block.kind === 'caps';
    if (b > 0) sep(pick(['\n\n', '\n\n', '\n \n', '\n\n\n', '\r\n\r\n']), titleNext ? null : 'block');
    if (block.t !== 'heading') lastUntitled = false;
    if (block.t === 'para') {
      block.sentences.forEach((s, i) => {
        if (i > 0) sep(pick([' ', ' ', '  ', '\n']), null);
        sentence(s, null);
      });
    } else if (block.t === 'heading') {
      const untitled = lastUntitled;
      heading(block.kind, block.titled, untitled);
      if (block.kind !== 'article' && block.kind !== 'exhibit') lastUntitled = false;
      return;
    } else {
      const letter = SUB_LETTERS[counters.sub++ % SUB_LETTERS.length] as string;
      const open = stack.findIndex((e) => e.sub);
      const rank = open >= 0 ? (stack[open] as Entry).rank : Math.max(5, (stack[stack.length - 1]?.rank ?? 4) + 1);
      push({ display: `(${letter})`, rank, ordinal: null, tier: null, title: null, sub: true });
      text(`(${letter})`, { heading: true });
      sep(' ', null);
      sentence(block.sentence, `(${letter})`);
    }
  });

  return render(parts, spec, expected, rnd);
}

function render(parts: readonly Part[], spec: DocSpec, expected: readonly ExpectedSection[], rnd: () => number): Built {
  const breakable = parts.map((p, i) => (p.kind === 'sep' && p.breakable ? i : -1)).filter((i) => i >= 0);
  const chosen = new Set(breakable.length ? spec.breaks.map((b) => breakable[b % breakable.length] as number) : []);
  const pages: string[] = [];
  const furniture = spec.furniture === true && chosen.size > 0;
  const furnitureSpans: { start: number; end: number }[] = [];
  const HEADER = 'ACME CONFIDENTIAL';
  let base = 0; // offset of the current page in the joined text
  let leadTokens = 0;
  let page = rnd() < 0.3 ? ' \n\t' : '';
  let single = page;
  // Header and footer tokens between blocks count towards the next sentence's lead.
  const header = (between = true): void => {
    if (!furniture) return;
    furnitureSpans.push({ start: base + page.length, end: base + page.length + HEADER.length });
    page += `${HEADER}\n`;
    if (!between) return; // inside a sentence: counted in its tokens
    leadTokens += estimateTokens(HEADER);
  };
  const footer = (between = true): void => {
    if (!furniture) return;
    page += '\n';
    const mark = `- ${pages.length + 1} -`;
    furnitureSpans.push({ start: base + page.length, end: base + page.length + mark.length });
    page += mark;
    if (!between) return;
    leadTokens += estimateTokens(mark);
  };
  header();
  const sentences = new Map<number, { start: number; end: number }>();
  const headings: { start: number; end: number }[] = [];
  const headingStarts = new Set<number>();
  const leads = new Map<number, number>();
  parts.forEach((p, i) => {
    if (p.kind === 'sep' && chosen.has(i)) {
      const block = p.breakable === 'block';
      page += block ? pickWs(rnd, ['', '\n', '  \n ']) : pickWs(rnd, ['', ' ', '\t']);
      footer(block);
      pages.push(page);
      base += page.length + 1;
      if (block && rnd() < 0.3) {
        page = '';
        header();
        page += pickWs(rnd, ['', ' ', '\n\n', ' \u00a0 ']);
        footer();
        pages.push(page);
        base += page.length + 1;
      }
      page = '';
      header(block);
      page += block ? pickWs(rnd, ['', '\n', ' \n ']) : pickWs(rnd, ['', ' ']);
      single += block ? '\n\n' : '\n';
      return;
    }
    const start = base + page.length;
    page += p.s;
    single += p.s;
    if (p.kind !== 'text') return;
    if (p.heading) {
      headings.push({ start, end: start + p.s.length });
      headingStarts.add(start);
      leadTokens += estimateTokens(p.s);
    }
    if (p.sentence !== undefined) {
      const s = sentences.get(p.sentence);
      if (s) s.end = start + p.s.length;
      else {
        sentences.set(p.sentence, { start, end: start + p.s.length });
        leads.set(p.sentence, leadTokens);
        leadTokens = 0;
      }
    }
  });
  page += rnd() < 0.3 ? '\n \n' : '';
  footer();
  pages.push(page);
  const joined = pages.join('\n');
  const gen: GenSentence[] = [...sentences.entries()].map(([id, s]) => ({
    ...s,
    ...(expected[id] as ExpectedSection),
    tokens: estimateTokens(joined.slice(s.start, s.end)),
    lead: leads.get(id) ?? 0,
  }));
  return {
    pages: pages.map((text, i) => ({ page: spec.firstPage + i, text })),
    single: [{ page: 1, text: single }],
    sentences: gen,
    headings,
    headingStarts,
    trailing: leadTokens,
    furniture: furnitureSpans,
    comparable: !furniture,
  };
}

function pickWs(rnd: () => number, xs: readonly string[]): string {
  return xs[Math.floor(rnd() * xs.length)] as string;
}
