/**
 * Rewrites word/document.xml for mammoth: list numbers as text and page breaks (the rules are
 * in docx-numbering.ts). Edits are spliced in by offset; the rest of the XML is unchanged.
 * Environment-neutral.
 */
import { Parser } from 'htmlparser2';
import { WordCounter, wordPrefix, type WordNumbering } from './docx-numbering';

export interface PreparedDocument {
  readonly xml: string;
  /** Paragraphs that got their number written in. */
  readonly labels: number;
  /** Page breaks in the result (rendered or explicit). */
  readonly pageBreaks: number;
  /** Whether the breaks are Word's last rendered layout (else explicit breaks only). */
  readonly renderedLayout: boolean;
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

interface Paragraph {
  /** Offset just after `<w:p …>`. */
  readonly contentStart: number;
  /** The element depth of the `w:p`. */
  readonly depth: number;
  pPrDepth: number;
  /** Offset of `<w:pPr`, or -1. */
  pPrStart: number;
  /** Offset just after `<w:pPr>` (its children start there), or -1. */
  pPrContentStart: number;
  /** Offset just after `</w:pPr>`, or -1. */
  pPrEnd: number;
  /** `<w:pPr/>`: a numPr cannot be put inside, the element is replaced. */
  pPrEmpty: boolean;
  numPr: { start: number; end: number } | null;
  styleId: string | null;
  numId: string | null;
  ilvl: number | null;
  pageBreakBefore: boolean;
  /** The paragraph ends a section that starts a new page (sectPr in pPr, not continuous). */
  sectionBreak: boolean;
  /** Depth of that sectPr while it is open, else -1. */
  sectDepth: number;
  hasText: boolean;
  /** Word's rendered page break came before any text of the paragraph (the page starts with it). */
  leadingBreak: boolean;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function applyEdits(xml: string, edits: Edit[]): string {
  if (edits.length === 0) return xml;
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let at = 0;
  for (const e of edits) {
    if (e.start < at) continue; // overlapping edit (cannot happen with well-formed XML)
    parts.push(xml.slice(at, e.start), e.text);
    at = e.end;
  }
  parts.push(xml.slice(at));
  return parts.join('');
}

/** Writes list numbers into the paragraphs and turns page breaks into `w:br type="page"`. */
export function prepareDocumentXml(xml: string, numbering: WordNumbering): PreparedDocument {
  const w = wordPrefix(xml);
  const tag = (local: string) => `${w}:${local}`;
  const P = tag('p');
  const PPR = tag('pPr');
  const T = tag('t');
  const renderedLayout = xml.includes(`<${tag('lastRenderedPageBreak')}`);
  const pageBreak = `<${tag('br')} ${w}:type="page"/>`;
  const pageBreakRun = `<${tag('r')}>${pageBreak}</${tag('r')}>`;
  const neutral = `<${tag('numPr')}><${tag('ilvl')} ${w}:val="0"/><${tag('numId')} ${w}:val="0"/></${tag('numPr')}>`;

  const counter = new WordCounter(numbering);
  const edits: Edit[] = [];
  const stack: Paragraph[] = [];
  let depth = 0;
  let tDepth = -1;
  /** Inside mc:Choice (Word writes text boxes twice; mammoth reads the mc:Fallback copy). */
  let skipDepth = -1;
  let labels = 0;
  let pageBreaks = 0;

  const parser: Parser = new Parser(
    {
      onopentag(name, a) {
        depth++;
        if (skipDepth > 0) return;
        if (name.endsWith(':Choice')) {
          skipDepth = depth;
          return;
        }
        const p = stack[stack.length - 1];
        const val = a[`${w}:val`];
        if (name === P) {
          stack.push({
            contentStart: parser.endIndex + 1,
            depth,
            pPrDepth: -1,
            pPrStart: -1,
            pPrContentStart: -1,
            pPrEnd: -1,
            pPrEmpty: false,
            numPr: null,
            styleId: null,
            numId: null,
            ilvl: null,
            pageBreakBefore: false,
            sectionBreak: false,
            sectDepth: -1,
            hasText: false,
            leadingBreak: false,
          });
        } else if (!p) {
          return;
        } else if (name === PPR && depth === p.depth + 1) {
          p.pPrDepth = depth;
          p.pPrStart = parser.startIndex;
          p.pPrContentStart = parser.endIndex + 1;
        } else if (p.pPrDepth > 0 && p.pPrEnd < 0 && depth === p.pPrDepth + 1) {
          // Direct children of the paragraph's own pPr (not of pPrChange, rPr or sectPr).
          if (name === tag('pStyle')) p.styleId = val ?? null;
          else if (name === tag('numPr')) p.numPr = { start: parser.startIndex, end: -1 };
          else if (name === tag('pageBreakBefore')) p.pageBreakBefore = val === undefined || !/^(false|0|off)$/i.test(val);
          else if (name === tag('sectPr')) {
            p.sectionBreak = true;
            p.sectDepth = depth;
          }
        } else if (p.sectDepth > 0 && depth === p.sectDepth + 1 && name === tag('type')) {
          // A continuous (or next-column) section break stays on the page.
          if (val === 'continuous' || val === 'nextColumn') p.sectionBreak = false;
        } else if (p.numPr && p.numPr.end < 0 && depth === p.pPrDepth + 2) {
          if (name === tag('numId')) p.numId = val ?? null;
          else if (name === tag('ilvl')) p.ilvl = val !== undefined && /^\d+$/.test(val.trim()) ? Number(val) : null;
        } else if (name === T) {
          tDepth = depth;
        } else if (name === tag('lastRenderedPageBreak')) {
          // A page that starts with this paragraph: the break goes before the paragraph's
          // number (written in below), so the number stays with its text on the new page.
          const leading = !p.hasText;
          if (leading) p.leadingBreak = true;
          edits.push({ start: parser.startIndex, end: parser.endIndex + 1, text: leading ? '' : pageBreak });
          pageBreaks++;
        } else if (name === tag('br') && a[`${w}:type`] === 'page') {
          if (renderedLayout) edits.push({ start: parser.startIndex, end: parser.endIndex + 1, text: '' });
          else pageBreaks++;
        }
      },
      ontext(text) {
        const p = stack[stack.length - 1];
        if (p && tDepth === depth && /\S/.test(text)) p.hasText = true;
      },
      onclosetag(name) {
        if (skipDepth > 0) {
          if (depth === skipDepth) skipDepth = -1;
          depth--;
          return;
        }
        const p = stack[stack.length - 1];
        if (p && name === tag('numPr') && p.numPr && p.numPr.end < 0 && depth === p.pPrDepth + 1) p.numPr.end = parser.endIndex + 1;
        if (p && depth === p.sectDepth) p.sectDepth = -1;
        if (p && name === PPR && depth === p.pPrDepth) {
          p.pPrEnd = parser.endIndex + 1;
          p.pPrEmpty = p.pPrEnd === p.pPrContentStart;
        }
        if (name === T && depth === tDepth) tDepth = -1;
        if (p && name === P && depth === p.depth) {
          stack.pop();
          finishParagraph(p, parser.startIndex, parser.endIndex + 1);
        }
        depth--;
      },
    },
    { xmlMode: true },
  );

  const finishParagraph = (p: Paragraph, closeStart: number, closeEnd: number) => {
    // A self-closing <w:p/> has no content: nothing to number or break.
    if (p.contentStart === closeEnd) return;
    const label = counter.next(p.styleId, p.numId, p.ilvl);
    let prefix = '';
    if (p.leadingBreak || (!renderedLayout && p.pageBreakBefore)) {
      prefix += pageBreakRun;
      if (!p.leadingBreak) pageBreaks++;
    }
    // Bullets on the paragraph itself are mammoth's (nested <ul>); numbers, and bullets that come
    // only from the paragraph style (which mammoth does not see), are written in here.
    if (label !== null && !(label.bullet && p.numPr)) {
      // Switch the list off for mammoth, and write the label Word shows.
      if (p.numPr && p.numPr.end > 0) edits.push({ start: p.numPr.start, end: p.numPr.end, text: neutral });
      else if (p.pPrEmpty) edits.push({ start: p.pPrStart, end: p.pPrEnd, text: `<${PPR}>${neutral}</${PPR}>` });
      else if (p.pPrContentStart >= 0) edits.push({ start: p.pPrContentStart, end: p.pPrContentStart, text: neutral });
      else prefix = `<${PPR}>${neutral}</${PPR}>${prefix}`;
      if (label.text !== '' && p.hasText) {
        prefix += `<${tag('r')}><${T} xml:space="preserve">${escapeXml(label.text)} </${T}></${tag('r')}>`;
        labels++;
      }
    }
    if (prefix) {
      const at = p.pPrEnd > 0 ? p.pPrEnd : p.contentStart;
      edits.push({ start: at, end: at, text: prefix });
    }
    if (!renderedLayout && p.sectionBreak) {
      edits.push({ start: closeStart, end: closeStart, text: pageBreakRun });
      pageBreaks++;
    }
  };

  parser.end(xml);
  return { xml: applyEdits(xml, edits), labels, pageBreaks, renderedLayout };
}
