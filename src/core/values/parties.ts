/**
 * Who the parties are, read from a passage: the passage names every party the document's identity
 * found (ingest/identity, as shown beside the title: "Vapotherm", "Medica"), close together, as a
 * preamble does ("… by and between VAPOTHERM, INC., a Delaware corporation …, and MEDICA, S.p.A.
 * …"). The identity says who they are; this says which words of the contract state it, so an
 * answer can quote them ("does it have a non-compete and who are the parties?"). Pure.
 */
import type { TypedValue } from './types';

/** Farthest apart, in characters, the first and the last party's names may be (a preamble's sentence). */
const MAX_SPAN = 600;
/** Occurrences of a name looked at (a name repeated all over a long passage). */
const MAX_OCCURRENCES = 24;

/**
 * How a preamble introduces a party, after its name: the name it will go by ("(“Vendor”)",
 * "hereinafter referred to as", « ci-après », „nachfolgend“) or what it is ("a Delaware
 * corporation", "une société", "eine Gesellschaft"). A cover page or a title naming the parties
 * ("… Agreement Between Commnet Wireless, LLC And AT&T Mobility LLC") has none of it.
 */
const INTRODUCES = /\(\s*(?:the\s+|hereinafter\s+)?["“”'‘«„]|\bhereinafter\b|\b(?:a|an)\s+(?:[\p{L}.-]+\s+){0,4}(?:corporation|company|partnership|limited|société|gmbh|ag)(?![\p{L}\p{N}_])|\bci-après(?![\p{L}\p{N}_])|\bnachfolgend\b|\bune?\s+société(?![\p{L}\p{N}_])|\beine\s+gesellschaft\b/iu;
/** Confidence of a span naming the parties without introducing them (a cover page, a title). */
const NAMED_ONLY = 0.8;

type Span = { readonly start: number; readonly end: number };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** Where `name` occurs in `text`: whole words, any case, any spacing. */
function occurrences(text: string, name: string): Span[] {
  const words = name.split(/\s+/u).filter(Boolean).map(escape);
  if (words.length === 0) return [];
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'giu');
  const out: Span[] = [];
  for (const m of text.matchAll(re)) {
    out.push({ start: m.index, end: m.index + m[0].length });
    if (out.length === MAX_OCCURRENCES) break;
  }
  return out;
}

/** The tightest stretch holding one occurrence of each name from the `i`-th on, within `within` (a few names, a few occurrences each). */
function tightest(found: readonly (readonly Span[])[], i: number, within: Span | null): Span | null {
  if (i === found.length) return within;
  let best: Span | null = null;
  for (const o of found[i]!) {
    const stretch = within ? { start: Math.min(within.start, o.start), end: Math.max(within.end, o.end) } : o;
    if (stretch.end - stretch.start > MAX_SPAN) continue;
    const done = tightest(found, i + 1, stretch);
    if (done && (!best || done.end - done.start < best.end - best.start)) best = done;
  }
  return best;
}

/**
 * The parties, when `text` names all of `parties` (two or more) within one stretch of
 * MAX_SPAN characters; the span runs from the first name to the last. Null otherwise.
 */
export function extractParties(text: string, parties: readonly string[]): TypedValue | null {
  if (parties.length < 2) return null;
  const found = parties.map((p) => occurrences(text, p));
  if (found.some((o) => o.length === 0)) return null;
  const span = tightest(found, 0, null);
  if (!span || span.end - span.start > MAX_SPAN) return null;
  const introduced = INTRODUCES.test(text.slice(span.start, Math.min(text.length, span.end + 160)));
  return { kind: 'parties', value: { type: 'parties', names: [...parties] }, display: parties.join('; '), span, ...(introduced ? {} : { confidence: NAMED_ONLY }) };
}
