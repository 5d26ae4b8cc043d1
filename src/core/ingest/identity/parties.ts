/**
 * The parties of a contract, from its opening words: "This Agreement is entered into by and
 * between Acme Corp., a Delaware corporation (“Acme”), and Beta Ltd (the “Distributor”)";
 * "BETWEEN: (1) ACME LIMITED …; and (2) …"; "entre les soussignés : Acme SAS … ci-après « le
 * Prestataire »"; "zwischen der Muster GmbH … – nachfolgend „Auftragnehmer“ –".
 *
 * The preamble is the first passage of the opening pages where a party-introducing word
 * ("between", "among", "entre", "zwischen") is followed by a defined name or a company's legal
 * form; it ends where the recitals or the clauses begin. It is split at the top level (outside
 * parentheses and quotes) at "and", ";" and numbered labels; each part that starts with a
 * capitalised name is a party: the name (capitalised words, their connectors and a legal form),
 * the names defined for it in that part ("(“Acme”)", "(hereinafter “Licensee”)", "(MICOA)"), each
 * either a short name — it is in the party's words or abbreviates them ("MD Anderson" of "M. D.
 * Anderson Cancer Center") — or a role ("Company", "Distributor").
 * When the preamble names no party, the signature block after "IN WITNESS WHEREOF" is read:
 * capitalised company names above "By:" lines.
 *
 * Length: over 400 lines because it holds the preamble, defined-name and signature-block
 * readers in en/fr/de, which share the party-name grammar defined here.
 */
import { NAME_INTRODUCER, QUOTED_NAMES, ROLE_NOUNS_EN, quotedNames } from '../../text/defined-names';
import { isAbbreviation, longForm } from '../aliases';
import { documentNounStrength } from './nouns';
import { MAX_PARTIES, type Party } from './types';

/** Text of the opening pages searched for the preamble. */
const OPENING_CHARS = 15_000;
/** The longest preamble read. */
const PREAMBLE_CHARS = 2_500;
/** Introducers ("between", "among", …) of the opening looked at, at most. */
const MAX_INTRODUCERS = 16;

const INTRODUCER = /(?<![\p{L}])(?:by\s+and\s+between|by\s+and\s+among|between|among|BETWEEN|AMONG|Between|Among|entre|ENTRE|Entre|zwischen|ZWISCHEN|Zwischen|(?<=(?:(?:is|was|be|been|being|are|hereby|Agreement|AGREEMENT|agreement|Contract|CONTRACT|contract)[\s,]{1,3})(?:(?:made|entered\s{1,3}into|executed|concluded)\s{1,3}and\s{1,3})?(?:entered\s{1,3}into|made|executed|concluded)\s{1,3})by(?!\s+and\s))(?![\p{L}])/gu;
/** Where the preamble ends: recitals, the operative words, the first clause. */
const PREAMBLE_END =
  /(?<![\p{L}])(?:WHEREAS|Whereas|RECITALS?|Recitals?|WITNESSETH|Witnesseth|W I T N E S S E T H|BACKGROUND|Background:|NOW,? THEREFORE|Now,? [Tt]herefore|IT IS (?:HEREBY )?AGREED|[Tt]he [Pp]arties (?:hereby )?agree|hereby agree|PR[ÉE]AMBULE|Préambule|IL A [ÉE]T[ÉE] CONVENU|[Ii]l a été convenu|PRÄAMBEL|Präambel|[Vv]orbemerkung|wird [Ff]olgendes vereinbart|vereinbaren (?:die Parteien )?[Ff]olgendes)(?![\p{L}])|\n[ \t]*(?:1\.|ARTICLE\s+(?:1|I)\b|Article\s+(?:1|I)\b|Section\s+1\b|SECTION\s+1\b)/u;
/** A defined name, a company form or a numbered party label soon after the introducer: a preamble, not a sentence about "agreements between the parties". */
const PARTY_EVIDENCE = /\([^()]{0,60}["“„«‘]|\(\s*hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?(?:the\s+)?\p{Lu}|(?:hereinafter|ci-après|nachfolgend)[^"“„«‘]{0,40}["“„«‘]|\(\s*[A-Z][A-Z0-9&.-]{1,11}\s*\)|(?<![\p{L}])(?:Inc|INC|Corp|CORP|Corporation|CORPORATION|LLC|L\.L\.C|Ltd|LTD|Limited|LIMITED|plc|PLC|GmbH|GMBH|AG|S\.A|SAS|B\.V|N\.V|LLP|L\.P|Company|COMPANY|Incorporated|INCORPORATED)(?![\p{L}])|^[^\S\r\n]*\(?1\)?[.)]?\s/mu;

const QUOTE_OPEN = '"“„«‘';
const QUOTE_CLOSE: Record<string, string> = { '"': '"', '“': '”', '„': '“', '«': '»', '‘': '’' };

/** Collective or pronoun terms a preamble defines that name no party. */
const COLLECTIVE = /^(?:the\s+)?(?:parties|party|each\s+party|either\s+party|we|us|our|you|your|i|me|les\s+parties|la\s+partie|die\s+parteien|partei|vertragsparteien)$/iu;
/** Connectors inside a party's name ("Bank of America", "Procter & Gamble", "Société Générale de …"). */
const CONNECTOR = /^(?:of|for|the|and|&|\/|de|du|des|la|le|del|della|von|van|der|den|für|fur|y|e|et|und|d'|l')$/iu;
/** A word that continues a name after its legal form ("Acme, Inc., a Delaware corporation" stops at "a"). */
const CAPITALISED = /^["“„«‘(]?(?:[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'’.&/,_-]*|\p{Ll}+(?:\p{Lu}|\.(?:com|net|org|io|de|fr))[\p{L}\p{M}\p{N}'’.&/,-]*)[)”"»’]?,?$/u;
const LEGAL_FORM_TOKEN =
  /^(?:inc\.|llc|ltd\.|corp\.|Inc\.?|INC\.?|Incorporated|INCORPORATED|Corp\.?|CORP\.?|Corporation|CORPORATION|Co\.|CO\.|Company|COMPANY|Ltd\.?|LTD\.?|Limited|LIMITED|PLC|plc|LLC|L\.L\.C\.?|LLP|L\.L\.P\.?|L\.P\.?|LP|GmbH|GMBH|AG|KG|SE|SA|S\.A\.?|SAS|S\.A\.S\.?|SARL|S\.A\.R\.L\.?|B\.V\.?|BV|N\.V\.?|NV|S\.p\.A\.?|SpA|S\.r\.l\.?|Srl|Pty\.?|A\/S|ApS|AB|Oy|Oyj|G\.I\.E\.?)[,;.]?$/u;

export interface PartyOptions {
  /** Characters of the opening searched for the preamble (default 15,000). */
  readonly openingChars?: number;
}

/**
 * The parties the contract's opening names, in order; empty when it names none this way. The
 * signature block is looked for in `closing` (the last pages), else in the opening.
 */
export function extractParties(text: string, closing = '', options: PartyOptions = {}): Party[] {
  // A superscript ordinal ("April 15" / "th" / ", 2010") or an underline rule ("-------") on a line of its own splits a sentence: dropped.
  const opening = joinSpacedCapitals(text.slice(0, options.openingChars ?? OPENING_CHARS)).replace(/\n[ \t]*(?:st|nd|rd|th|[-_=]{3,})[ \t]*(?=\n)/gu, '');
  const named = mergeParties(namedParties(opening, closing || text), addressee(opening));
  return (named.length >= 2 ? named : mergeParties(named, describedParties(opening))).slice(0, MAX_PARTIES);
}

/**
 * Companies the opening describes as parties are described ("… under which MediaNet Group
 * Technologies, Inc., a Nevada corporation …, authorizes International Direct Response, Inc., a
 * Pennsylvania Corporation, …"): a name ending in a legal form, then "a/an <place> corporation".
 * Read only when the preamble grammar found fewer than two parties.
 */
function describedParties(opening: string): Party[] {
  const out: Party[] = [];
  for (const m of opening.slice(0, DESCRIBED_CHARS).replace(/\s+/gu, ' ').matchAll(DESCRIBED)) {
    const name = leadingName(m[1]!);
    if (name && isPartyName(name) && LEGAL_FORM_IN.test(name)) out.push({ name, shortNames: [], role: null });
    if (out.length >= MAX_PARTIES) break;
  }
  return dedupe(out);
}

/** Where described companies are looked for: the opening paragraphs. */
const DESCRIBED_CHARS = 4_000;
const DESCRIBED =
  /(?<![\p{L}\p{N}])((?:[\p{Lu}\p{N}][\p{L}\p{N}&'’./-]{0,30},?\s+(?:(?:of|and|&|the|de)\s+)?){1,8}(?:Inc|INC|Corp|CORP|Corporation|CORPORATION|LLC|L\.L\.C|Ltd|LTD|Limited|LIMITED|Company|COMPANY|Co|CO|plc|PLC|GmbH|AG|S\.A|N\.V|B\.V|LP|L\.P|LLP)\.?),?\s+an?\s+(?:\p{Lu}[\p{L}.]+\s+){1,3}(?:[Cc]orporation|[Ll]imited\s+[Ll]iability\s+[Cc]ompany|[Cc]ompany|[Ll]imited\s+[Pp]artnership|[Pp]artnership|[Ss]tatutory\s+[Tt]rust|[Bb]ank)(?![\p{L}])/gu;

function namedParties(opening: string, closing: string): Party[] {
  const signed = signatureParties(closing);
  let best: Party[] = [];
  // A title page's parties, kept until the opening sentence after it is read: that sentence's win
  // when it names more ("between FIRST DATA …, WELLS FARGO BANK, N.A. and iPAYMENT, INC." on the
  // cover, then "by and between iPayment, Inc. ("ISO"), First Data … ("FDMS"), and Wells Fargo
  // Bank, N.A. ("Bank")").
  let title: Party[] | null = null;
  for (const { body, opens, titled } of preambleCandidates(opening)) {
    // The contract's opening sentence names its parties; the sentences after it define what they
    // deal in ("The Remarketing Agents are undertaking to remarket Series E Senior Component
    // Debentures … (the "First Tranche Series E Debt Securities")"), which are no parties.
    const first = opens ? partiesIn(firstSentence(body)) : [];
    const parties = first.length >= 2 ? first : partiesIn(body);
    // Two names a paragraph defines, not in the contract's opening sentence, of which the signature
    // block signs for neither, are another deal's: "1. Transfer of Policy; … required by the New York
    // Life Insurance Company (the "Insurer") and the Company" in an agreement Movado Group, Inc. and
    // the Grinberg Family Trust sign, whose parties only a recital names.
    if (parties.length >= 2 && !opens && signed.length >= 2 && !parties.some((p) => signs(signed, p))) continue;
    // The opening sentence after the title page, when it names as many.
    if (title) return opens && parties.length >= title.length ? parties : title;
    if (parties.length >= 2 && titled) title = parties;
    else if (parties.length >= 2) return parties;
    if (parties.length > best.length) best = parties;
  }
  if (title) return title;
  const labelled = labelledParties(opening);
  if (labelled.length >= 2) return labelled;
  // With two signatories, a name no signatory signs for ("the "Demand Note"") is no party.
  const found = signed.length >= 2 ? best.filter((p) => signs(signed, p)) : best;
  return mergeParties(found.length > 0 ? found : labelled, signed);
}

/** A signature block's name shares a word of a party's name (not a legal form or a small word). */
function signs(signed: readonly Party[], party: Party): boolean {
  const words = (name: string) => name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && !LEGAL_FORM_IN.test(w) && !CONNECTOR.test(w));
  const own = new Set(words(party.name));
  return signed.some((s) => words(s.name).some((w) => own.has(w)));
}

/** A letter's salutation: the addressee stands in the lines above it. */
const SALUTATION = /^[ \t]*(?:Ladies and Gentlemen|Gentlemen|Dear (?:Sirs?|Madam|Sir or Madam|[\p{Lu}][^\n:,]{1,60})|Mesdames(?:,| et) Messieurs|Madame, Monsieur|Sehr geehrte[^\n:,]{0,60})[ \t]*[:,][ \t]*$/mu;

/**
 * A letter agreement's addressee ("Keefe, Bruyette & Woods, Inc." / its address / "Ladies and
 * Gentlemen:"): the company named in the few lines above the salutation, within the opening.
 */
function addressee(opening: string): Party[] {
  const m = SALUTATION.exec(opening.slice(0, 8_000));
  if (!m) return [];
  const lines = opening.slice(0, m.index).split('\n').map((l) => l.trim()).filter((l) => l !== '').slice(-8);
  for (const line of lines) {
    const name = leadingName(line);
    if (name && LEGAL_FORM_IN.test(name) && isPartyName(name) && name.length >= line.length - 2) return [{ name, shortNames: [], role: null }];
  }
  return [];
}

/** "B E T W E E N" (letters spaced out in a heading) → "BETWEEN". */
function joinSpacedCapitals(text: string): string {
  return text.replace(/(?<![\p{L}])(?:\p{Lu} ){3,}\p{Lu}(?![\p{L}])/gu, (m) => m.replace(/ /g, ''));
}

/** Words before an introducer in its sentence that make it a contract's opening ("is made and entered into … by and between"). */
const OPENING_VERB = /(?:made|entered|executed|dated|effective|concluded|conclu|signed|geschlossen|abgeschlossen|Agreement|AGREEMENT|Contract|CONTRACT|contrat|Vertrag|is|are)\b[^.;]{0,300}$/u;

/** Whether the sentence before an introducer at `index` makes it the contract's opening. */
function opensContract(opening: string, index: number): boolean {
  const before = opening.slice(Math.max(0, index - 300), index);
  return OPENING_VERB.test(before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n\n')) + 1));
}

/**
 * Where the parties may be named, best first: the text after each introducer whose sentence
 * opens the contract ("This Agreement is entered into … between"; `opens`), then after the others,
 * then each opening paragraph that defines names ("Acme Inc. (“Acme”) and Beta BV (“Consultant”) agree …").
 */
function preambleCandidates(opening: string): PreambleCandidate[] {
  const strong: Omit<PreambleCandidate, 'opens'>[] = [];
  const weak: Omit<PreambleCandidate, 'opens'>[] = [];
  // Bounded work: the preamble is among the first introducers of a contract's opening.
  const found = [...opening.matchAll(INTRODUCER)].slice(0, MAX_INTRODUCERS).map((m) => ({ index: m.index, end: m.index + m[0].length, opens: opensContract(opening, m.index) }));
  for (const [i, m] of found.entries()) {
    // A title page names the parties loosely ("RATE FT-A AGREEMENT BETWEEN LG&E AND TENNESSEE GAS
    // PIPELINE COMPANY"), and runs into the sentence that opens the contract and names them in
    // full: the text after an introducer stops where an opening introducer inside its first
    // sentence begins (`titled`).
    const whole = preambleBody(opening.slice(m.end, m.end + PREAMBLE_CHARS));
    const sentenceEnd = m.end + firstSentence(whole).length;
    const next = found.slice(i + 1).find((n) => n.opens && n.index < sentenceEnd);
    const body = next ? preambleBody(opening.slice(m.end, next.index)) : whole;
    // "between" inside a clause ("disputes between the parties") is followed by no party.
    if (!PARTY_EVIDENCE.test(firstSentence(body).slice(0, 900))) continue;
    if (/^\s*(?:the\s+|such\s+|any\s+)?(?:parties|them|us|you|itself|themselves)\b/iu.test(body)) continue;
    (m.opens ? strong : weak).push({ body, titled: next !== undefined });
  }
  const paragraphs = opening
    .slice(0, 6_000)
    .split(/\n[ \t]*\n/u)
    .slice(0, 30)
    .filter((p) => DEFINITION_PAREN.test(p))
    .map((p) => ({ body: preambleBody(p), titled: false }));
  return [...strong.map((c) => ({ ...c, opens: true })), ...[...weak, ...paragraphs].map((c) => ({ ...c, opens: false }))];
}

interface PreambleCandidate {
  readonly body: string;
  /** The sentence before the introducer opens the contract ("This Agreement is entered into … between"). */
  readonly opens: boolean;
  /** An opening introducer stands inside its first sentence: this one is a title page's, its body cut there. */
  readonly titled: boolean;
}

const DEFINITION_PAREN = /\((?:[^()]{0,60}["“„«‘]|\s*hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?(?:the\s+)?\p{Lu}[^()]{0,40}\))/u;
/**
 * A definition without parentheses: "hereinafter referred to as “Transporter”", "referred to in
 * this Agreement as “Company” or “Boyd”", "ci-après « le Client »", "– nachfolgend „Auftragnehmer“ –".
 */
const QUOTED_ASIDE = new RegExp(`${NAME_INTRODUCER}[^"“„«‘]{0,40}${QUOTED_NAMES}`, 'iu');
const QUOTED_ASIDES = new RegExp(QUOTED_ASIDE.source, 'giu');
/**
 * The same aside without quotes, set off by dashes or commas: "— hereinafter referred to as
 * Cremer —", ", hereinafter called Licensee,", "– nachfolgend Auftragnehmer genannt –". One to
 * three capitalised words, then the aside's end (a dash, a comma, a semicolon or the line's end).
 */
const UNQUOTED_ASIDE = /(?:^|[—–,]|\s-)[ \t]*(?:hereinafter|ci-après|nachfolgend)[ \t]+(?:(?:also|jointly|collectively)[ \t]+)?(?:(?:referred[ \t]+to[ \t]+as|called|named|dénommée?s?|désignée?s?|appelée?s?)[ \t]+)?(?:(?:the|le|la|l['’]|der|die|das)[ \t]*)?(\p{Lu}[\p{L}\p{N}&.-]*(?:[ \t]+[\p{Lu}\p{N}][\p{L}\p{N}&.-]*){0,2})(?:[ \t]+(?:genannt|bezeichnet))?[ \t]*(?=[—–,;]|[ \t]-|\r?\n|$)/mu;
const UNQUOTED_ASIDES = new RegExp(UNQUOTED_ASIDE.source, 'gmu');

/** The first aside defining a name in a text, quoted or not. */
function firstAside(text: string): { index: number; length: number } | null {
  const found = [QUOTED_ASIDE.exec(text), UNQUOTED_ASIDE.exec(text)].filter((m): m is RegExpExecArray => m !== null);
  if (found.length === 0) return null;
  const m = found.reduce((a, b) => (b.index < a.index ? b : a));
  return { index: m.index, length: m[0].length };
}

/** The text up to where the recitals or clauses begin, or the first paragraph ending in a full stop. */
function preambleBody(window: string): string {
  // "BETWEEN\n1. HealthGate Data Corp. …": a number right after the introducer labels the first party, not the first clause.
  const lead = /^[\s:]*(?=\n[ \t]*1\.)/u.exec(window)?.[0].length ?? -1;
  const rest = lead >= 0 ? window.slice(lead + 1) : window;
  const found = PREAMBLE_END.exec(rest);
  const end = found && lead >= 0 ? { index: found.index + lead + 1 } : found;
  let body = end ? window.slice(0, end.index) : window;
  const stop = /\.\s*\n[ \t]*\n/u.exec(body);
  if (stop && DEFINITION_PAREN.test(body.slice(0, stop.index + 1))) body = body.slice(0, stop.index + 1);
  return body;
}

/** The body up to its first full stop that ends a sentence (not "Inc.", "Ltd.", "No.", a party's number "1."). */
function firstSentence(body: string): string {
  const m = /(?<!(?:\b\p{Lu}\p{Ll}{0,4})|\b\p{Lu}|\bno|\bNo|(?:^|\n)[ \t]*\d{1,2})\.\s+(?=\p{Lu}\p{Ll})/u.exec(body);
  return m ? body.slice(0, m.index + 1) : body;
}

/** "Party A: Acme Co., Ltd.", "LICENSOR: Beta Inc." — one party per labelled line. */
function labelledParties(opening: string): Party[] {
  const out: Party[] = [];
  for (const m of opening.matchAll(/^[ \t]*((?:Party|PARTY|Partie|Vertragspartei)\s+[A-Z1-9]|[A-Z][A-Za-z]{3,20})[ \t]*[:：][ \t]*(\S[^\n]{2,160})$/gmu)) {
    const name = leadingName(m[2]!);
    const label = m[1]!.trim();
    if (!name || DATE_NAME.test(name) || /^(?:Name|Title|Date|Dated|Effective(?: Date)?|Signed|Executed|By|Address|Attention|Attn|Fax|Telephone|Phone|Email|E-mail|Re|Subject|Legal Representative|Signature|Note|Notes|Position|Nationality|Citizenship|Occupation|Domicile|Residence)$/iu.test(label)) continue;
    if (!LEGAL_FORM_IN.test(name) && name.split(' ').length < 2) continue;
    out.push({ name, shortNames: [], role: titleCase(label) });
  }
  return dedupe(out);
}

const LEGAL_FORM_IN = /(?<![\p{L}])(?:Inc|Corp|Corporation|LLC|Ltd|Limited|plc|PLC|GmbH|AG|S\.A|SAS|B\.V|N\.V|LLP|L\.P|LP|Co|Company|Incorporated)(?![\p{L}])/iu;

function titleCase(s: string): string {
  return s === s.toUpperCase() ? s.charAt(0) + s.slice(1).toLowerCase() : s;
}

interface Part {
  readonly text: string;
}

/** The preamble split at its top level: ";" , "and"/"et"/"und" before a capital or a label, "(2)". */
function splitParts(preamble: string): Part[] {
  const parts: Part[] = [];
  let depth = 0;
  let quote: string | null = null;
  let from = 0;
  const cut = (at: number, skip: number) => {
    parts.push({ text: preamble.slice(from, at) });
    from = at + skip;
  };
  for (let i = 0; i < preamble.length; i++) {
    const c = preamble[i]!;
    if (quote) {
      if (c === quote || (quote === '"' && c === '"')) quote = null;
      continue;
    }
    if (QUOTE_OPEN.includes(c) && (i === 0 || /[\s(,:;]/u.test(preamble[i - 1]!))) {
      quote = QUOTE_CLOSE[c] ?? c;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    if (depth > 0) continue;
    if (c === ';') {
      cut(i, 1);
      continue;
    }
    const rest = preamble.slice(i, i + 20);
    const and = /^(?:[\s,]+(?:and|AND|et|ET|und|UND)[\s:]+|\n\s*(?:And|Et|Und)[ \t]*\n\s*|\s+[-–—]\s*(?:and|AND|et|und)\s*[-–—]\s+)(?=["“„«‘(]?[\p{Lu}\p{N}]|\(\d|\p{Ll}+[\p{Lu}.]|(?:der|die|dem|den|la|le|les|l['’]|the)\s*[\p{Lu}])/u.exec(rest);
    // "Louisville Gas and Electric Company": "and" inside a name; a party is complete once it has
    // its legal form, its definition or a description ("…, a Delaware corporation").
    if (and && complete(preamble.slice(from, i))) {
      cut(i, and[0].length);
      i += and[0].length - 1;
      continue;
    }
    // "… (collectively, the “ValueAct Group”), Allison Transmission Holdings, Inc. (the “Company”) and …": a
    // list of parties, each closed by its definition.
    if (c === ',' && preamble[i - 1] === ')' && DEFINITION_PAREN.test(preamble.slice(from, i)) && /^,\s+["“„«‘]?\p{Lu}\p{Ll}*\s+\p{Lu}/u.test(rest)) {
      cut(i, 1);
      continue;
    }
    const label = /^\n[ \t]*\(\d{1,2}\)[ \t]/u.exec(rest);
    if (label && /\S/u.test(preamble.slice(from, i))) cut(i, 1);
  }
  parts.push({ text: preamble.slice(from) });
  return parts;
}

const DESCRIPTION = /,\s*(?:a|an|une?|eine?|its|having|with|whose|located|residing|acting|represented|organi[sz]ed|incorporated)\b/iu;

function complete(part: string): boolean {
  return /\S/u.test(part) && (DEFINITION_PAREN.test(part) || LEGAL_FORM_IN.test(part) || DESCRIPTION.test(part) || /\(\s*[A-Z][A-Z0-9&.-]{1,11}\s*\)/u.test(part));
}

function partiesIn(preamble: string): Party[] {
  const out: Party[] = [];
  for (const part of splitParts(preamble)) {
    const party = partyOf(part.text, true);
    if (!party) continue;
    if (isPartyName(party.name) || party.shortNames.some((x) => x.toLowerCase() === party.name.toLowerCase())) {
      out.push(party);
      continue;
    }
    // "… under the laws of England and Wales (“Rubicon”)": the definition belongs to the party before.
    const last = out.at(-1);
    const moved = [...party.shortNames, ...(party.role ? [party.role] : [])].filter((d) => last && namesParty(d, last.name));
    if (last && moved.length > 0 && last.shortNames.length === 0) out[out.length - 1] = { ...last, shortNames: moved };
  }
  return dedupe(out);
}

/**
 * A party's name: two words or more, or a company's legal form, or one word written like a name
 * (an acronym, "deltathree.com", "iPayment"); never the document itself ("This Agreement") or a
 * sentence's end ("Business Plan. The Company").
 */
export function isPartyName(name: string): boolean {
  const words = name.split(/\s+/u).filter((w) => !/^(?:the|The|THE)$/u.test(w));
  if (words.length === 0 || /^(?:This|THIS|Such|SUCH|Each|EACH|If|IF|When|WHEN|Unless|UNLESS|Whereas|WHEREAS|Exhibit|EXHIBIT|Schedule|SCHEDULE|Section|SECTION|Article|ARTICLE)\b/u.test(name)) return false;
  if (words.some((w) => /^\p{L}{3,}\.$/u.test(w) && !LEGAL_FORM_TOKEN.test(w)) && /\.\s+\p{Lu}/u.test(name) && !LEGAL_FORM_IN.test(name.split(/\.\s+/u).at(-1) ?? '')) return false;
  // A date ("March, 2004", "October 1,1996", "22nd of May, 2008", "December 14") is not a name, nor are roles alone ("Consultant and Company").
  if (DATE_NAME.test(name) || name.split(/[\s,]+/u).filter(Boolean).every((w) => ROLE_WORD.test(w))) return false;
  if (legalFormOnly(name)) return false;
  // An address ("15407 McGinty Road West, Wayzata, Minnesota 55391 USA") is not a name.
  if (/\b\d{4,6}\b/u.test(name) && /\b(?:Road|Street|St\.|Avenue|Ave\.?|Boulevard|Blvd\.?|Suite|Drive|Lane|Way|Floor|Route|Highway|Parkway|Plaza|USA)\b/u.test(name)) return false;
  // "501 Route 208, Monroe, NY 10950", "Rubicon House, Guildford Road, West End, Surrey GU24 9PW": a US state and ZIP code, a UK postcode, a street.
  if (/\b\p{Lu}{2}\s+\d{5}(?:-\d{4})?\b/u.test(name) || /\b\p{Lu}{1,2}\d{1,2}\p{Lu}?\s+\d\p{Lu}{2}\b/u.test(name) || /^\d+\s+\p{L}+/u.test(name) && /\b(?:Road|Street|Avenue|Route|Drive|Lane|Boulevard|Way)\b/u.test(name)) return false;
  const legal = LEGAL_FORM_IN.test(name);
  if (!legal && documentNounStrength(name) === 2) return false;
  if (words.length >= 2 || legal) return true;
  const w = words[0]!;
  return /^\p{Lu}[\p{Lu}\p{N}&-]{2,}$/u.test(w) || /\p{Ll}\p{Lu}|\.(?:com|net|org)/u.test(w);
}

/** The words of a legal form alone ("LIABILITY COMPANY" of "… LIMITED LIABILITY COMPANY" cut in a signature block): no name. */
function legalFormOnly(name: string): boolean {
  return name.split(/\s+/u).every((w) => LEGAL_FORM_TOKEN.test(w) || /^(?:the|limited|liability|partnership)[,;.]?$/iu.test(w));
}

const MONTH = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?`;
const DATE_NAME = new RegExp(String.raw`^(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:day\s+)?(?:of\s+)?)?${MONTH}(?:\s*\d{1,2}(?:st|nd|rd|th)?)?(?:,?\s*\d{4})?$`, 'iu');
/** Words that name a party's role, not the party ("Consultant and Company", "Both Parties"). */
const ROLE_WORD = new RegExp(`^(?:and|&|or|the|both|each|either|all|company|party|parties|member|members|owner|employee|executive|${ROLE_NOUNS_EN.join('|')})$`, 'iu');

/** A line heading the list of parties (a translated outsourcing agreement: "by and between:\nParties to this agreement\nSILICON SMELTERS …"). */
const PARTIES_HEADING = /^(?:the\s+|les\s+|die\s+)?(?:(?:contracting\s+)?parties|parteien|vertragsparteien)(?:\s+(?:to|of|au|du|de)\s+(?:this|the|ce|cet|la|le)\s+(?:agreement|contract|contrat|accord|convention))?[ \t]*[:：]?[ \t]*\r?\n\s*/iu;

/**
 * A party from one part of the preamble, or null when the part does not start with a name.
 * `any`: also a part whose leading words are not a party's name ("Wales (“Rubicon”)" after
 * "England and"), so the caller can hand its definitions to the party before.
 */
function partyOf(raw: string, any = false): Party | null {
  const text = raw
    .replace(/^[\s:,.;–—-]+/u, '')
    // A heading line over the parties ("Parties to this agreement", "PARTIES:", « Les parties », „Vertragsparteien“).
    .replace(PARTIES_HEADING, '')
    .replace(/^(?:\(?\d{1,2}[.)]|\([a-z]\)|[a-z]\))\s*/u, '')
    .replace(/^(?:and|et|und)[ \t]*:?\s+/iu, '')
    .replace(/^(?:\p{Ll}[\p{L}'’-]*\s+){1,4}:\s*/u, '')
    // A party's label before its name ("The Covenanter: The HUANG JIA Country CLUB …", "Licensor: Beta Inc.").
    .replace(/^(?:[Tt]he\s+)?\p{Lu}\p{Ll}{2,20}[ \t]*[:：]\s+(?=["“„«‘]?\p{Lu})/u, '')
    // A form's label ("Client Name:", "Customer Name:", "Name:") before the party.
    .replace(/^(?:\p{L}+\s+){0,2}(?:Name|NAME)\s*:\s*/u, '')
    // An article before a name ("la Société Générale …", "der Muster GmbH"); the name keeps its own words.
    .replace(/^(?:(?:la|le|les|der|die|dem|den|des)\s+|l['’]\s*)(?=\p{Lu})/u, '');
  const name = leadingName(text);
  let fallback: Party | null = null;
  // Names defined right after the party (its first definition and the ones next to it), not
  // those of what its description mentions later ("… insured by the FDIC (“FDIC”)"); a short
  // capital parenthesis inside the name ("Dialog Semiconductor (UK) Ltd.") is part of the name.
  const masked = text.slice(0, 600).replace(/\((?![^()]{0,60}["“„«‘])(?![^()]{0,120}\breferred\s+to\s+as\s+["“„«‘])(?!\s*hereinafter\s)(?!\s*[A-Z][A-Z0-9&.-]{1,11}\s*\))(?!\p{Lu}\p{Ll}{2,}(?:er|or|ee|ant|ent|ist)\))[^()]*\)/gu, (m) => ' '.repeat(m.length));
  if (name) {
    const after = Math.max(0, text.indexOf(name)) + name.length;
    const paren = /\([^()]{0,200}\)(?:\s*\([^()]{0,200}\))*/u.exec(masked.slice(after));
    const aside = firstAside(text.slice(after, 600));
    const at = [paren ? after + paren.index : Infinity, aside ? after + aside.index : Infinity].reduce((a, b) => Math.min(a, b));
    const definition = at === Infinity ? '' : paren && after + paren.index === at ? text.slice(at, at + paren[0].length) : text.slice(at, at + aside!.length);
    const defined = definedNames(definition);
    // "the Law of the People's Republic of China on Joint Ventures … (the “Joint Venture Law”)": a statute, not a party.
    if (defined.some((d) => STATUTE.test(d))) return null;
    const party = withDefinitions(name, text.slice(0, at === Infinity ? text.length : at), defined);
    if (isPartyName(name) || party.shortNames.some((s) => s.toLowerCase() === name.toLowerCase().replace(/[,.]$/u, ''))) return party;
    if (any && definition !== '' && !/\p{Ll}{3,}/u.test(text.slice(after, at))) fallback = party;
  }
  // "… effective as of … (the “Effective Date”) INKTOMI CORPORATION (“Inktomi”), …": the name
  // right before a definition.
  let from = 0;
  for (const m of masked.matchAll(/\([^()]{0,200}\)/gu)) {
    const candidate = trailingName(text.slice(from, m.index));
    from = m.index + m[0].length;
    if (candidate && isPartyName(candidate) && !definedNames(m[0]).some((d) => STATUTE.test(d))) return withDefinitions(candidate, candidate, definedNames(m[0]));
  }
  return fallback ?? describedGroup(text, masked);
}

/** A defined name that names a statute or a body of rules ("the Joint Venture Law", "the Securities Act", "the Code"). */
const STATUTE = /(?:^|\s)(?:Law|LAW|Act|ACT|Code|CODE|Regulations?|Directive|Convention|Treaty|Statute|Loi|Gesetz)$/u;

/**
 * A party named only by the name its description defines: "the persons and entities listed on
 * Schedule A (collectively, the “ValueAct Group”)", "the funds managed by Oaktree (the “Oaktree
 * Funds”)". The defined name stands for the party when it is a name, not a role ("Sellers").
 */
function describedGroup(text: string, masked: string): Party | null {
  if (!/^(?:the|all|each\s+of\s+the|those)\s+\p{Ll}/u.test(text)) return null;
  const paren = /\([^()]{0,200}\)/u.exec(masked.slice(0, 300));
  if (!paren) return null;
  const name = definedNames(text.slice(paren.index, paren.index + paren[0].length)).find(
    (d) => !COLLECTIVE.test(d) && /^(?:the\s+)?\p{Lu}/u.test(d) && !d.split(/\s+/u).every((w) => ROLE_WORD.test(w.replace(/s$/u, '')) || /^(?:the|group|member|members)$/iu.test(w)),
  );
  return name ? { name: name.replace(/^the\s+/iu, ''), shortNames: [], role: null } : null;
}

function withDefinitions(name: string, before: string, defined: readonly string[]): Party {
  const shortNames: string[] = [];
  let role: string | null = null;
  for (const d of defined) {
    if (COLLECTIVE.test(d)) continue;
    // A role word names the party only when its name has it ("Acme Company" (the “Company”)), not its description ("a Texas limited liability company … “Company”").
    const roleWord = d.split(/\s+/u).every((w) => ROLE_WORD.test(w));
    if (namesParty(d, name) || (!roleWord && namesParty(d, before))) shortNames.push(d);
    // The article goes, not a word's first letters ("Lessor", "Landlord", "Theater Co").
    else role ??= d.replace(/^(?:(?:the|le|la|der|die|das)\s+|l['’]\s*)/iu, '');
  }
  return { name, shortNames: [...new Set(shortNames)].filter((s) => s.toLowerCase() !== name.toLowerCase()), role };
}

/** The capitalised run a text ends with ("… signature dates below INKTOMI CORPORATION"). */
function trailingName(text: string): string | null {
  const tokens = text.replace(/\s+/gu, ' ').trim().split(' ');
  let i = tokens.length;
  while (i > 0 && tokens.length - i < 10) {
    const t = tokens[i - 1]!;
    if (CAPITALISED.test(t) || LEGAL_FORM_TOKEN.test(t) || (CONNECTOR.test(t) && i < tokens.length && i - 1 > 0 && CAPITALISED.test(tokens[i - 2]!))) i--;
    else break;
  }
  const name = tokens.slice(i).join(' ').replace(/^[,;:]+|[,;:]+$/gu, '').trim();
  return name.length >= 2 ? name : null;
}

/**
 * The capitalised name a part starts with: capitalised words, connectors between them and a
 * legal form with its commas ("Stratton, Cheeseman & Walsh-Nevada, Inc."), a short capital
 * parenthesis inside it ("Dialog Semiconductor (UK) Ltd."); it ends at a lower-case word, a
 * definition, or a comma before a description ("Acme Corp., a Delaware corporation").
 */
function leadingName(text: string): string | null {
  const tokens = text.replace(/\s+/gu, ' ').trim().split(' ');
  const out: string[] = [];
  for (let i = 0; i < tokens.length && out.length < 14; i++) {
    const t = tokens[i]!;
    if (/^\([\p{Lu}\p{N}]{1,6}\)$/u.test(t) && out.length > 0 && CAPITALISED.test(tokens[i + 1] ?? '')) {
      out.push(t);
      continue;
    }
    if (/^\(/u.test(t) || /^["“„«‘]/u.test(t)) break;
    if (LEGAL_FORM_TOKEN.test(t)) {
      out.push(t);
      // "Great Lakes Gas Transmission Limited Partnership": the form is two words.
      if (/^(?:limited|LIMITED|Limited)$/u.test(t) && /^(?:Partnership|PARTNERSHIP)[,;.]?$/u.test(tokens[i + 1] ?? '')) {
        out.push(tokens[i + 1]!);
        break;
      }
      if (!/,$/u.test(t) || !LEGAL_FORM_TOKEN.test(tokens[i + 1] ?? '')) {
        // "Acme Corp., a …" ends here; "Acme Holdings, Inc." goes on to the form.
        if (!(LEGAL_FORM_TOKEN.test(tokens[i + 1] ?? '') && /,$/u.test(t))) break;
      }
      continue;
    }
    if (CAPITALISED.test(t)) {
      out.push(t);
      // "Acme Widgets, a Delaware corporation": a comma before a lower-case word ends the name.
      if (/,$/u.test(t) && !LEGAL_FORM_TOKEN.test(tokens[i + 1] ?? '') && !/^[\p{Lu}&]/u.test(tokens[i + 1] ?? '')) break;
      continue;
    }
    if (out.length > 0 && CONNECTOR.test(t) && /^["“„«‘]?[\p{Lu}\p{N}]/u.test(tokens[i + 1] ?? '')) {
      out.push(t);
      continue;
    }
    break;
  }
  while (out.length > 0 && (CONNECTOR.test(out[out.length - 1]!) || /^\(/u.test(out[out.length - 1]!))) out.pop();
  const name = out.join(' ').replace(/(?<![,;:])[,;:]+$/u, '').trim();
  const letters = (name.match(/\p{L}/gu) ?? []).length;
  if (letters < 2 || name.length > 140) return null;
  // A lone role word or pronoun ("Company", "You") is not a name.
  if (!name.includes(' ') && (COLLECTIVE.test(name) || /^(?:This|That|Each|Either|Both|Such|Any)$/u.test(name))) return null;
  return name;
}

/** A name defined without quotes after "hereinafter" in a parenthesis: one to three capitalised words or a label ("Party A"). */
const UNQUOTED_HEREINAFTER = /^\s*hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?(?:the\s+)?(\p{Lu}[\p{L}\p{N}&.-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}&.-]*){0,2})\s*$/u;

/** A role defined without quotes: one capitalised agent noun ("Great Lakes … (Transporter) and ANR PIPELINE COMPANY (Shipper)"). */
const UNQUOTED_ROLE = /^\p{Lu}\p{Ll}{2,}(?:er|or|ee|ant|ent|ist)$/u;

/** The names a part defines: quoted terms in its parentheses or after "hereinafter", bare (ABBR)s and unquoted roles. */
function definedNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\(([^()]{1,200})\)/gu)) {
    const inner = m[1]!;
    const quoted = quotedNames(inner);
    if (quoted.length > 0) out.push(...quoted);
    else if (isAbbreviation(inner.trim()) || UNQUOTED_ROLE.test(inner.trim())) out.push(inner.trim());
    // "(hereinafter referred to as Party A)", "(hereinafter called the Licensee)": unquoted.
    else if (UNQUOTED_HEREINAFTER.test(inner)) out.push(UNQUOTED_HEREINAFTER.exec(inner)![1]!);
  }
  // "– nachfolgend „Auftragnehmer“ –", ", ci-après « le Prestataire »," (asides without parentheses).
  for (const m of text.matchAll(QUOTED_ASIDES)) out.push(...quotedNames(m[0]));
  // "— hereinafter referred to as Cremer —": unquoted, between dashes or commas.
  for (const m of text.matchAll(UNQUOTED_ASIDES)) out.push(m[1]!.trim());
  return [...new Set(out.map((s) => s.replace(/(?<![,;.])[,;.]+$/u, '').trim()).filter((s) => /\p{L}/u.test(s)))];
}

/** True when `short` names the party: its words are the party's words, or it abbreviates them. */
function namesParty(short: string, text: string): boolean {
  const key = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/gu, '');
  const shortWords = (key(short).match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !/^(?:the|le|la|der|die|das)$/u.test(w));
  if (shortWords.length === 0) return false;
  const words = new Set(key(text).match(/[\p{L}\p{N}]+/gu) ?? []);
  const squashed = key(text).replace(/[^\p{L}\p{N}]+/gu, '');
  if (shortWords.every((w) => words.has(w) || (w.length >= 4 && squashed.includes(w)))) return true;
  // "Roche Basel" of "F. Hoffmann-La Roche Ltd", "Oaktree US" of "Oaktree Capital Management": its first word is the party's.
  const head = shortWords[0]!;
  if (shortWords.length > 1 && head.length >= 4 && words.has(head)) return true;
  if (!isAbbreviation(short)) return false;
  // "ISA" of "Integrated System Associates, Inc.": the initials of its words, legal forms aside
  // (in capitals too: "EMV" of "ELECTRAMECCANICA VEHICLES CORP.", but not a description's words:
  // "MICOA" of "a Michigan insurance corporation") or with them ("NMC" of "NORTHWIND MOTORS CORP.").
  const bare = text.replace(/(?<![,\s])[,\s]+(?:Inc|INC|Corp|CORP|Corporation|CORPORATION|Ltd|LTD|Limited|LIMITED|LLC|L\.L\.C|plc|PLC|GmbH|AG|S\.A|SA|SAS|B\.V|N\.V|LLP|L\.P|LP|Co|CO|Company|COMPANY|Incorporated|INCORPORATED)\.?(?![\p{L}])/gu, ' ');
  const letters = key(short).replace(/[^\p{L}\p{N}]/gu, '');
  const initials = (name: string) => (name.match(/\p{Lu}[\p{L}\p{N}'’-]*/gu) ?? []).map((w) => w[0]).join('').toLowerCase();
  return [bare, text].some((t) => initials(t).includes(letters)) || longForm(short, bare) !== null;
}

function dedupe(parties: readonly Party[]): Party[] {
  const out: Party[] = [];
  for (const p of parties) {
    const same = out.find((o) => o.name.toLowerCase() === p.name.toLowerCase());
    if (!same) out.push(p);
  }
  return out;
}

/** Parties found in two places: the first list's, then the second's that it does not name yet. */
function mergeParties(first: readonly Party[], second: readonly Party[]): Party[] {
  const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').replace(/\b(?:inc|corp|corporation|llc|ltd|limited|plc|co|company)\b/gu, '').trim();
  const out = [...first];
  for (const p of second) if (!out.some((o) => key(o.name) === key(p.name) || o.shortNames.some((s) => key(s) === key(p.name)))) out.push(p);
  return out;
}

/**
 * The parties a signature block names: after the last "IN WITNESS WHEREOF", lines that are a
 * company's name (ending in a legal form, or in capitals) followed within three lines by "By".
 */
function signatureParties(text: string): Party[] {
  const at = text.lastIndexOf('IN WITNESS WHEREOF');
  const from = at >= 0 ? at : text.search(/\bIn [Ww]itness [Ww]hereof\b/u);
  if (from < 0) return [];
  const lines = text.slice(from, from + 3_000).split('\n').map((l) => l.trim());
  const out: Party[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.replace(/[:,]$/u, '');
    if (line.length < 3 || line.length > 80 || /^(?:By|Name|Title|Date|Its|Signature|Witness|Per)\b/iu.test(line)) continue;
    const nextBy = lines.slice(i + 1, i + 4).some((l) => /^(?:By|Per|Signature)\b\s*[:_]?/iu.test(l));
    if (!nextBy) continue;
    const caps = !/\p{Ll}/u.test(line) && (line.match(/\p{Lu}/gu) ?? []).length >= 3;
    const legal = line.split(/\s+/u).some((t) => LEGAL_FORM_TOKEN.test(t));
    if (!caps && !legal) continue;
    const name = leadingName(line);
    if (name && !/^(?:LICENSOR|LICENSEE|COMPANY|CUSTOMER|SUPPLIER|VENDOR|CLIENT|CONSULTANT|DISTRIBUTOR|FRANCHISEE|FRANCHISOR|AGENT|PARTY)$/u.test(name) && !legalFormOnly(name)) out.push({ name, shortNames: [], role: null });
  }
  return dedupe(out);
}
