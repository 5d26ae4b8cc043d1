/**
 * A document's identity from its opening pages (see types.ts): title, parties with their short
 * names and roles, brands, kind and effective date. Pure and bounded: it reads at most the first
 * pages (OPENING_PAGES, OPENING_CHARS; DATE_PAGES for the effective date's definition) and the signature block.
 */
import { extractBrands } from './brands';
import { extractEffectiveDate } from './dates';
import { documentNounStrength } from './nouns';
import { extractParties } from './parties';
import { contractTitle } from './title';
import type { DocumentIdentity } from './types';

export type { DocumentIdentity } from './types';
;

const OPENING_PAGES = 4;
/** The effective date's definition is looked for further: pages of contents or schedules can fill the first four. */
const DATE_PAGES = 10;
const OPENING_CHARS = 30_000;
/** The signature block is read from the end of the text (the last pages). */
const CLOSING_CHARS = 20_000;

export interface IdentityPage {
  readonly page: number;
  readonly text: string;
}

export function extractIdentity(pages: readonly IdentityPage[]): DocumentIdentity {
  const opening = pages.slice(0, OPENING_PAGES).map((p) => p.text).join('\n').slice(0, OPENING_CHARS);
  const tail = closingText(pages);
  const title = contractTitle(opening);
  const parties = extractParties(opening, tail);
  return {
    title,
    parties,
    brands: extractBrands(opening),
    kind: kindOf(title),
    effectiveDate: extractEffectiveDate(pages.slice(0, DATE_PAGES).map((p) => p.text).join('\n'), tail),
  };
}

/** The last pages, up to CLOSING_CHARS (where signature blocks stand), when they are not the opening. */
function closingText(pages: readonly IdentityPage[]): string {
  if (pages.length <= OPENING_PAGES) return '';
  let out = '';
  for (let i = pages.length - 1; i >= OPENING_PAGES && out.length < CLOSING_CHARS; i--) out = `${pages[i]!.text}\n${out}`;
  return out.slice(-CLOSING_CHARS);
}

/** "Amendment No. 3 to Manufacturing Agreement" → "amendment no. 3 to manufacturing agreement"; null without a document noun. */
function kindOf(title: string | null): string | null {
  if (!title || documentNounStrength(title) === 0) return null;
  return title.replace(/(?<!\s)\s*\([^()]*\)\s*/gu, ' ').replace(/\s+/gu, ' ').trim().toLowerCase();
}
