/**
 * How a document is named to a person: its title and its parties, the handle lawyers use most
 * ("Strategic Alliance Agreement — Dialog Semiconductor / Energous"). Parties are shown by name
 * without the legal form or a parenthesis ("Dialog Semiconductor (UK) Ltd." → "Dialog
 * Semiconductor"), at most three.
 */
import type { DocumentIdentity } from './types';

export interface Labelled {
  readonly name: string;
  readonly title: string | null;
  readonly parties?: readonly string[] | undefined;
  readonly identity?: DocumentIdentity | undefined;
}

const MAX_SHOWN = 3;
const LEGAL_FORM_END =
  /(?<![,\s])[,\s]+(?:Inc\.?|INC\.?|Incorporated|INCORPORATED|Corp\.?|CORP\.?|Corporation|CORPORATION|Co\.|CO\.|Company|COMPANY|Ltd\.?|LTD\.?|Limited|LIMITED|PLC|plc|LLC|L\.L\.C\.?|LLP|L\.L\.P\.?|L\.P\.?|LP|GmbH|GMBH|AG|KG|SE|SA|S\.A\.?|SAS|S\.A\.S\.?|SARL|B\.V\.?|BV|N\.V\.?|NV|S\.p\.A\.?|S\.r\.l\.?|Pty\.?|A\/S|ApS|AB|Oyj|Oy|G\.I\.E\.?)\.?$/u;

/** A party's name as shown: without its legal form and parentheses. */
function shownPartyName(name: string): string {
  let s = name.replace(/(?<!\s)\s*\([^()]*\)\s*/gu, ' ').replace(/\s+/gu, ' ').trim();
  for (let i = 0; i < 3 && LEGAL_FORM_END.test(s); i++) s = s.replace(LEGAL_FORM_END, '').trim();
  // "Morgan Stanley & Co. Incorporated" → "Morgan Stanley", not "Morgan Stanley &".
  return s.replace(/(?<![,;])[,;]+$/u, '').replace(/(?<!\s)\s+(?:&|and|AND)$/u, '').trim() || name.trim();
}

/** The parties as shown (identity first, else the record's party names), at most three. */
export function shownParties(doc: Pick<Labelled, 'parties' | 'identity'>): string[] {
  const names = doc.identity?.parties.length ? doc.identity.parties.map((p) => p.name) : (doc.parties ?? []);
  const out: string[] = [];
  for (const n of names) {
    const shown = shownPartyName(n);
    if (!out.some((o) => o.toLowerCase() === shown.toLowerCase())) out.push(shown);
    if (out.length === MAX_SHOWN) break;
  }
  return out;
}

/** "Title — A / B"; the file name when there is no title; the title alone when no party is known. */
export function documentLabel(doc: Labelled): string {
  const title = doc.title ?? doc.name;
  const parties = shownParties(doc);
  return parties.length > 0 ? `${title} — ${parties.join(' / ')}` : title;
}

/**
 * The line saying which contract a document is, beside its file name: title and parties, the
 * title left out when it is only the file name again; null when neither is known.
 */
export function identityLine(name: string, title: string | null, parties: readonly string[]): string | null {
  const shownTitle = title && title !== name ? title : null;
  const line = [shownTitle, parties.length > 0 ? parties.join(' / ') : null].filter(Boolean).join(' — ');
  return line || null;
}
