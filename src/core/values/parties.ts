/**
 * Who the parties are, read from a passage: the passage names every party the document's identity
 * found (ingest/identity, as shown beside the title: "Vapotherm", "Medica"), close together, as a
 * preamble does ("… by and between VAPOTHERM, INC., a Delaware corporation …, and MEDICA, S.p.A.
 * …"). The identity says who they are; this says which words of the contract state it, so an
 * answer can quote them ("does it have a non-compete and who are the parties?"). Pure.
 */
import { NAME_INTRODUCER, QUOTED_NAMES, quotedNames } from '../text/defined-names';
import type { TypedValue } from './types';

/** Farthest apart, in characters, the first and the last party's names may be (a preamble's sentence). */
const MAX_SPAN = 600;
/** Occurrences of a name looked at (a name repeated all over a long passage). */
const MAX_OCCURRENCES = 24;

/**
 * How a preamble introduces a party, right after its name (and its company suffix: ", Inc.,"):
 * what it is ("a Delaware corporation", "une société", "eine Gesellschaft") or the name it will go
 * by ("(“Vendor”)"). "Medica is a corporation", "… the Cartridges (the “Costs”)" introduce nothing.
 */
const INTRODUCED_AFTER = /^(?:[\s,]*(?:inc|incorporated|llc|l\.l\.c|ltd|limited|corp|corporation|co|company|plc|gmbh|ag|s\.?a|s\.?p\.?a|n\.?v|b\.?v|l\.?p|llp|sarl|sas)(?![\p{L}\p{N}])\.?)*[\s,]*(?:(?:a|an)\s+(?:[\p{L}.-]+\s+){0,4}(?:corporation|company|partnership|limited|société|gmbh|ag)(?![\p{L}\p{N}_])|\(\s*(?:the\s+|hereinafter\s+)?["“”'‘«„]|une?\s+société(?![\p{L}\p{N}_])|(?:(?:der|die|das)\s*)?(?:eine\s+)?gesellschaft\b)/iu;
/** Words that only introduce a party, anywhere shortly after its name (after an address: "… NV 89108 (hereinafter, “Licensee”)", "… Texas, referred to in this Agreement as “Company”"). */
const INTRODUCING_WORD = new RegExp(`(?<![\\p{L}\\p{N}])${NAME_INTRODUCER}(?![\\p{L}\\p{N}])`, 'iu');
/** How far after a party's name INTRODUCING_WORD is looked for. */
const INTRODUCTION_WITHIN = 160;
/**
 * A cover page or a title joins the parties' names as the parties ("… Agreement Between Commnet
 * Wireless, LLC And AT&T Mobility LLC", « entre … et … », „zwischen … und …“): the word before
 * the first name, a little ahead of it.
 */
const JOINS = /(?<![\p{L}\p{N}])(?:between|among|amongst|entre|zwischen)(?![\p{L}\p{N}])[^.;]{0,80}$/iu;
/** How far before the first name JOINS is looked for. */
const JOIN_LOOKBACK = 100;
/** Confidence of a span naming the parties as such without introducing them (a cover page, a title). */
const NAMED_ONLY = 0.8;
/**
 * Confidence of a span that only mentions every party ("The price paid by Vapotherm … Medica
 * shall …"): it names them, it does not say who the parties are, so a cover page or a title is
 * quoted before it.
 */
const MENTIONED = 0.6;

type Span = { readonly start: number; readonly end: number };
type Occurrence = Span & { readonly introduced: boolean };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** Where `name` occurs in `text`: whole words, any case, any spacing; each says whether the name is introduced there. */
function occurrences(text: string, name: string): Occurrence[] {
  const words = name.split(/\s+/u).filter(Boolean).map(escape);
  if (words.length === 0) return [];
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'giu');
  const out: Occurrence[] = [];
  for (const m of text.matchAll(re)) {
    const end = m.index + m[0].length;
    const after = text.slice(end, end + INTRODUCTION_WITHIN);
    out.push({ start: m.index, end, introduced: INTRODUCED_AFTER.test(after) || INTRODUCING_WORD.test(after) });
    if (out.length === MAX_OCCURRENCES) break;
  }
  return out;
}

type Stretch = Span & { readonly introduced: number };

/** How plainly a stretch names the parties: 2 and up introduced (more names introduced, plainer), 1 joined as the parties, 0 mentioned. */
function plainness(text: string, s: Stretch): number {
  if (s.introduced > 0) return 1 + s.introduced;
  return JOINS.test(text.slice(Math.max(0, s.start - JOIN_LOOKBACK), s.start)) ? 1 : 0;
}

/**
 * The plainest stretch holding one occurrence of each name from the `i`-th on, within `within`
 * (at most MAX_SPAN long), the tightest among the plainest (a few names, a few occurrences each).
 */
function plainest(text: string, found: readonly (readonly Occurrence[])[], i: number, within: Stretch | null): { stretch: Stretch; plain: number } | null {
  if (i === found.length) return within ? { stretch: within, plain: plainness(text, within) } : null;
  let best: { stretch: Stretch; plain: number } | null = null;
  for (const o of found[i]!) {
    const here = o.introduced ? 1 : 0;
    const stretch = within ? { start: Math.min(within.start, o.start), end: Math.max(within.end, o.end), introduced: within.introduced + here } : { start: o.start, end: o.end, introduced: here };
    if (stretch.end - stretch.start > MAX_SPAN) continue;
    const done = plainest(text, found, i + 1, stretch);
    if (done && (!best || done.plain > best.plain || (done.plain === best.plain && done.stretch.end - done.stretch.start < best.stretch.end - best.stretch.start))) best = done;
  }
  return best;
}

/**
 * The parties, when `text` names all of `parties` (two or more) within one stretch of MAX_SPAN
 * characters, the most plainly stated such stretch (introducing a name, then joining the names
 * after "between", then only mentioning them); the span runs from the first name to the last.
 * Null otherwise.
 */
export function extractParties(text: string, parties: readonly string[]): TypedValue | null {
  if (parties.length < 2) return null;
  const found = parties.map((p) => occurrences(text, p));
  if (found.some((o) => o.length === 0)) return null;
  const best = plainest(text, found, 0, null);
  if (!best) return null;
  const span = { start: best.stretch.start, end: best.stretch.end };
  const confidence = best.plain >= 2 ? null : best.plain === 1 ? NAMED_ONLY : MENTIONED;
  const { defined, end } = definedNames(text, found, span);
  const value = { type: 'parties' as const, names: [...parties], ...(defined.some((d) => d.length > 0) ? { defined } : {}) };
  // The span runs on to the last definition, so a quote cut to it shows the names it states.
  return { kind: 'parties', value, display: parties.join('; '), span: { start: span.start, end: Math.max(span.end, end) }, ...(confidence === null ? {} : { confidence }) };
}

/** A definition right after a name: a parenthesis holding a quoted term, or an aside ("hereinafter referred to as", "referred to in this Agreement as", "ci-après", "nachfolgend"). */
const DEFINITION = new RegExp(String.raw`\([^()]{0,120}?["“„«‘][^()]{0,160}\)|${NAME_INTRODUCER}[^"“„«‘.;]{0,40}${QUOTED_NAMES}`, 'iu');
/** How far after a party's name its definition is looked for (an address and a register number may come first). */
const DEFINED_WITHIN = 600;
/** Where a preamble ends: its recitals or clauses begin, or a paragraph does. */
const PREAMBLE_END = /\b(?:WHEREAS|Whereas|RECITALS?|Recitals|BACKGROUND|Background|NOW,?\s+THEREFORE|IT\s+IS\s+(?:HEREBY\s+)?AGREED|PRÉAMBULE|Préambule|Präambel|PRÄAMBEL)\b|\n[ \t]*\n/u;
/** Defined terms that name no party ("each a “Party”", "the “Agreement”"). */
const NOT_A_NAME = /^(?:the\s+)?(?:part(?:y|ies)|agreement|effective\s+date|partie|parties|vertragspartei(?:en)?|partei(?:en)?)$/iu;

/**
 * Per party, the names defined for it right after its name in the stretch (its first occurrence
 * there), before the next party's name: "Cano Petroleum, Inc., … referred to in this agreement
 * as “Sponsor” or “Cano”" → ["Sponsor", "Cano"]; and where the last definition ends.
 */
function definedNames(text: string, found: readonly (readonly Occurrence[])[], span: Span): { defined: string[][]; end: number } {
  const first = found.map((os) => os.find((o) => o.start >= span.start && o.end <= span.end) ?? null);
  let last = span.end;
  const defined = first.map((o) => {
    if (!o) return [];
    const next = Math.min(...first.filter((x): x is Occurrence => x !== null && x.start > o.start).map((x) => x.start), o.end + DEFINED_WITHIN);
    const after = text.slice(o.end, next);
    // Not past the preamble: a recital's definitions ("WHEREAS, Contoso makes the widgets (the “Products”)") are not the party's.
    const end = after.search(PREAMBLE_END);
    const m = DEFINITION.exec(end < 0 ? after : after.slice(0, end));
    if (!m) return [];
    const names = quotedNames(m[0]).filter((n) => !NOT_A_NAME.test(n));
    if (names.length > 0) last = Math.max(last, o.end + m.index + m[0].length);
    return [...new Set(names)];
  });
  return { defined, end: last };
}
