/**
 * A contract's title from its opening lines: the heading that names the kind of document
 * ("STRATEGIC ALLIANCE AGREEMENT", "Amendment No. 3 to Manufacturing Agreement", "Contrat de
 * prestation de services"), standing before the preamble. Lines that only sit above it are
 * skipped: filing legends ("Exhibit 10.11", "QuickLinks -- Click here…", "Doc 632-1 Filed
 * 04/18/18 Page 2 of 60", "CONFIDENTIAL TREATMENT REQUESTED"), placeholders ("[LOGO]"), a table
 * of contents ("TABLE OF CONTENTS", lines ending in page numbers), party names and sentences.
 * When no heading names a kind, the preamble's own words do ("This Software Hosting Agreement
 * (the “Agreement”) is entered into …"). Null when neither does: the caller falls back to the
 * generic title rules (metadata.ts) for documents that are not contracts.
 */
import { documentNounStrength, words } from './nouns';

/** Opening lines considered (the title stands before the preamble, on the first pages). */
const MAX_LINES = 80;

const LEGEND =
  /quick\s*links|click here|confidential treatment|redacted|portions? (?:of this|have been|has been)|omitted|filed (?:separately|with|pursuant)|\bfiled\b.*\bpage\b|page \d+ of \d+|\[\s*(?:logo|\*+|graphic|image)|logo appears|securities and exchange commission|^exhibit\s+[\w.()-]+\s*$|^ex-\d|^annex\s+[\w.]+\s*$|execution (?:version|copy)|^draft\b|^form\s+\d|^table of contents|^contents$|^index$|^sommaire$|^inhaltsverzeichnis$/iu;
/** A table-of-contents entry: ends in a page number or a dot leader. */
const TOC_ENTRY = /(?:(?<!\.)\.{3,}\s*|(?<!…)…{2,}\s*|(?<!_)_{3,}\s*|(?<!\s)\s{2,})\d{1,3}\s*$|^[^\S\r\n]*(?:article|section|\d+(?:\.\d+)*)\s+.{2,80}\s\d{1,3}\s*$/iu;
const PREAMBLE_START = /^(?:this|THIS|This)\b.{0,240}?\b(?:agreement|AGREEMENT|Agreement|contract|CONTRACT|Contract|amendment|AMENDMENT|Amendment|license|LICENSE|License)\b|\b(?:is|are)\s+(?:made|entered|dated)\b|\bby\s+and\s+between\b|^(?:BETWEEN|Between|AMONG|Among)\b|^(?:Le présent|Ce contrat|Der vorliegende|Dieser Vertrag|Diese Vereinbarung)/u;
const THIS_TITLE = /(?:^|\s)(?:This|THIS)\s+((?:[\p{Lu}][\p{L}\p{N}&'’,/-]*\s+){0,9}?(?:AGREEMENT|Agreement|CONTRACT|Contract|AMENDMENT|Amendment|LICENSE|License|LEASE|Lease|ADDENDUM|Addendum))(?![\p{L}])/u;

interface Line {
  readonly text: string;
  readonly blankAfter: boolean;
}

/** The contract title of the opening text (the first pages joined by "\n"), or null. */
export function contractTitle(opening: string): string | null {
  const lines = openingLines(opening);
  const preambles = lines.flatMap((l, i) => (PREAMBLE_START.test(l.text) ? [i] : []));
  const preamble = preambles[0] ?? -1;
  const end = preamble >= 0 ? preamble : Math.min(lines.length, 40);
  const heading = headingBefore(lines, 0, end, preamble >= 0);
  if (heading) return heading;
  const m = thisTitle(preambleText(lines, preamble));
  if (m) return m;
  // A line taken for the preamble that does not name the document ("BETWEEN LG&E AND TENNESSEE
  // GAS PIPELINE COMPANY" on a cover) may stand above the title: look again before the next one.
  const next = preambles.find((p) => p > preamble + 1 && p <= preamble + 15);
  if (next === undefined) return null;
  const later = headingBefore(lines, preamble + 1, next, true);
  if (later) return later;
  return thisTitle(preambleText(lines, next));
}

/**
 * The kind of document the preamble's "This … Agreement" names; not a bare "This Agreement" (or
 * Contract), which names no kind: a document whose text begins inside a clause ("H. This
 * Agreement may not be assigned …") is not titled "Agreement". ("This Amendment", "This Lease"
 * still say what the document is.)
 */
function thisTitle(text: string): string | null {
  const m = THIS_TITLE.exec(text);
  return m && !/^(?:agreement|contract)$/iu.test(m[1]!) ? tidy(m[1]!) : null;
}

function preambleText(lines: readonly Line[], at: number): string {
  return at >= 0 ? lines.slice(at, at + 3).map((l) => l.text).join(' ') : '';
}

/** The first title heading in lines [from, end), with its wrapped parts; null when none. */
function headingBefore(lines: readonly Line[], from: number, end: number, hasPreamble: boolean): string | null {
  const first = lines.findIndex((l) => !LEGEND.test(l.text));
  for (let i = from; i < end; i++) {
    const line = lines[i]!;
    if (!isTitleLine(line.text) || isAttachmentHeading(lines, i)) continue;
    // Without a preamble to stand before, only a heading in capitals or the very first line (after filing legends) counts.
    if (!hasPreamble && i > first && /\p{Ll}/u.test(line.text)) continue;
    let title = line.text;
    // "AMENDMENT NO. 3 TO THE MASTER SERVICES AND" / "LICENSE AGREEMENT": a heading ending in a
    // connector goes on; so does one whose next line is the connector alone ("SERVICE AGREEMENT" /
    // "FOR" / "TRANSFER AGENT SERVICES").
    // A heading cannot end in a connector: it goes on after a blank line too.
    for (let j = i + 1; j < end && j <= i + 2; j++) {
      const text = lines[j]!.text;
      if (CONNECTOR_END.test(lines[j - 1]!.text) && isContinuation(text)) title += ` ${text}`;
      else if (lines[j - 1]!.blankAfter) break;
      else if (CONNECTOR_ALONE.test(text) && j + 1 < end && !lines[j]!.blankAfter && isContinuation(lines[j + 1]!.text) && !CONNECTOR_ALONE.test(lines[j + 1]!.text)) {
        title += ` ${text} ${lines[j + 1]!.text}`;
        break;
      } else break;
    }
    // A title wrapped over lines ("MASTER SERVICES AND" / "LICENSE AGREEMENT", "SOFTWARE
    // DEVELOPMENT," / "HOSTING AND MANAGEMENT AGREEMENT") or with its qualifier below ("(For Use
    // under FT-A Rate Schedule)") is taken whole when it continues at once.
    for (let j = i - 1; j >= from && j >= i - 2; j--) {
      const prev = lines[j]!;
      if (prev.blankAfter || !isContinuation(prev.text) || /(?:\b(?:and|of|for|to|de|et|und|der)|,)$/iu.test(prev.text) === false) break;
      title = `${prev.text} ${title}`;
    }
    return tidy(title);
  }
  return null;
}

/** A line that is a connector alone: it joins the heading above to the line below. */
const CONNECTOR_ALONE = /^(?:and|of|for|to|de|du|des|et|und|der|über)$/iu;

/**
 * The heading of an attachment listed before the document begins ("EXHIBIT D" / "FORM OF
 * AGREEMENT FOR TRIAL" / "[Form follows.]"): a bracketed placeholder stands in for its text just
 * below it. The agreement's own title comes later.
 */
function isAttachmentHeading(lines: readonly Line[], i: number): boolean {
  return lines.slice(i + 1, i + 3).some((l) => PLACEHOLDER.test(l.text));
}

const PLACEHOLDER = /^\[[^\]]{0,40}\b(?:follows?|attached|to come|to be attached|omitted)\b[^\]]{0,20}\]\.?$/iu;

function openingLines(opening: string): Line[] {
  const raw = opening.split('\n');
  const out: Line[] = [];
  for (let i = 0; i < raw.length && out.length < MAX_LINES; i++) {
    const text = raw[i]!.replace(/\s+/gu, ' ').trim();
    if (text === '') continue;
    out.push({ text, blankAfter: (raw[i + 1] ?? '').trim() === '' });
  }
  return out;
}

/** A heading naming a kind of document: short, capitals or title case, no sentence, no legend or contents line. */
export function isTitleLine(text: string): boolean {
  if (text.length < 4 || text.length > 160 || LEGEND.test(text) || TOC_ENTRY.test(text)) return false;
  // A clause heading ("19. ENTIRE AGREEMENT"), a date line, an address or a quoted defined term is not a title.
  if (/^(?:\d{1,3}(?:\.\d{1,3})*\.?\s|(?:section|article|clause|§)\s*\d)/iu.test(text) || /^["“„«‘]/u.test(text)) return false;
  if (DATE_IN.test(text) || /\b(?:P\.?\s?O\.?\s+Box|phone|tel\.?|fax|telephone|suite)\b/iu.test(text)) return false;
  if (documentNounStrength(text) < 2) return false;
  const ws = words(text);
  if (ws.length === 0 || ws.length > 16) return false;
  // A sentence (a verb after a full stop, a clause ending in a comma or a lower-case start) is not a title.
  if (/^[\p{Ll}]/u.test(text) || /[,;:]$/u.test(text) || /\p{Ll}{2}\.\s+\p{Lu}/u.test(text)) return false;
  if (/\b(?:shall|will|hereby|herein|whereas|means|is|are|was|were|please|carefully)\b/iu.test(text)) return false;
  // In a heading that is not in capitals the noun opens it ("Contrat de …", "Agreement for …") or
  // closes it ("Software License Agreement"); in the middle of a line it is a sentence's.
  if (/\p{Ll}/u.test(text)) {
    const at = ws.findIndex((w) => documentNounStrength(w) > 0);
    if (at > 2 && at < ws.length - 4) return false;
  }
  const capitalised = ws.filter((w) => /^[\p{Lu}\p{N}]/u.test(w)).length;
  const long = ws.filter((w) => w.length >= 4);
  const capsLong = long.filter((w) => /^[\p{Lu}\p{N}]/u.test(w)).length;
  return capitalised / ws.length >= 0.5 && (long.length === 0 || capsLong / long.length >= 0.75);
}

const CONNECTOR_END = /(?<![\p{L}\p{N}_])(?:and|of|for|to|the|AND|OF|FOR|TO|THE|de|du|des|et|und|der|über)$/u;

function isContinuation(text: string): boolean {
  return text.length <= 80 && !LEGEND.test(text) && !/\p{Ll}/u.test(text) && /\p{Lu}{3}/u.test(text) && !/\d{3}/u.test(text);
}

const DATE_IN = /\b(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/iu;

function tidy(s: string): string | null {
  const t = s
    .replace(/\s+/gu, ' ')
    // "Promotion Agreement Between", "… Agreement, BII/ XENCOR Confidential": what follows the title.
    .replace(/(?<!\s)\s+(?:by\s+and\s+)?(?:between|among|entre|zwischen)$/iu, '')
    .replace(/,[^,]{0,40}\b(?:confidential|draft|execution (?:version|copy))$/iu, '')
    .replace(/(?<![.:,;])[.:,;]+$/u, '')
    .trim();
  return t.length >= 3 ? t : null;
}
