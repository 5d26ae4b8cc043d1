/**
 * The handles a document can be named by, as word sequences with how strongly each names it:
 *   - name: a party's name and its core without the legal form ("Adaptimmune" of "Adaptimmune
 *     LLC"), the short names the contract defines for it ("MD Anderson"), its brands;
 *   - title: the title's words ("strategic alliance agreement"); document nouns weigh little by
 *     their own frequency, since most titles hold one;
 *   - alias: the other names found in the text (defined abbreviations), weaker: a contract that
 *     defines "FDA" is not the document a question about the FDA names;
 *   - file: the file name's words.
 * Words are folded (lower case, no diacritics) and, for matching the type words people use for
 * a contract ("distribution deal" for "Distributor Agreement"), stemmed.
 */
import { AGREEMENT_NOUNS } from '../text/agreement-nouns';
import { languageResources } from './languages';
import type { NamedDocument } from '../search-types';

/** `text`: not a handle but a name the question uses that the document's text holds (doc-match.ts). */
export type HandleClass = 'name' | 'title' | 'alias' | 'file' | 'text';

/** How much a matched word of each class counts (a name words most). */
export const CLASS_WEIGHT: Readonly<Record<HandleClass, number>> = { name: 1, title: 0.6, alias: 0.45, file: 0.3, text: 0.7 };

interface Handle {
  readonly words: readonly string[];
  readonly cls: HandleClass;
}

export interface DocumentHandles {
  readonly doc: NamedDocument;
  readonly handles: readonly Handle[];
  /** Folded word → the strongest class it appears in. */
  readonly words: ReadonlyMap<string, HandleClass>;
  /** Stem → the strongest class (type words: "distribution" meets "distributor"). */
  readonly stems: ReadonlyMap<string, HandleClass>;
  /** Initials of the title without its document noun ("ip" of "Intellectual Property Agreement"). */
  readonly initials: ReadonlySet<string>;
  /** Words that are a whole name on their own ("Aura", "Adaptimmune"), not only a part of a longer one ("data" of "General Data Protection Regulation"). */
  readonly wholeNames: ReadonlySet<string>;
  /**
   * The first word of a name whose other words only say what kind of organisation it is
   * ("valueact" of "ValueAct Group", "fusion" of "FUSION Pharmaceuticals Inc."): written as a name
   * in a question ("our agreement with ValueAct"), it names the party even where the contract's
   * text uses it everywhere.
   */
  readonly headNames: ReadonlySet<string>;
  /**
   * Names (parties, short names, brands) written without spaces or punctuation ("radialspark" of
   * "RadialSpark, LLC", "caregbplus" of "Care G. B. Plus Ltd."), with their number of words: a
   * question may space and punctuate a name otherwise ("Radial Spark", "care g.b. plus").
   */
  readonly compactNames: ReadonlyMap<string, number>;
  /**
   * Initials of the parties' names of three words or more ("kbw" of "Keefe, Bruyette & Woods,
   * Inc."): a question writing them in capitals ("our agency agreement with KBW") names the party.
   */
  readonly nameInitials: ReadonlySet<string>;
}

export const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'inc', 'incorporated', 'ltd', 'llc', 'corp', 'corporation', 'co', 'plc', 'gmbh', 'ag', 'sa', 'sas', 'sarl', 'bv', 'nv', 'lp', 'llp', 'limited', 'company',
  'pty', 'spa', 'srl', 'kg', 'se', 'oy', 'oyj', 'ab', 'as', 'aps', 'gie', 'l', 'p', 'c', 's', 'a',
]);

/** Words after a name that say what kind of organisation it is ("ValueAct Group", "Fusion Pharmaceuticals"). */
const ORGANISATION_WORDS: ReadonlySet<string> = new Set([
  'group', 'holdings', 'holding', 'partners', 'fund', 'funds', 'trust', 'associates', 'enterprises', 'industries', 'international', 'global', 'worldwide',
  'technologies', 'technology', 'systems', 'solutions', 'services', 'pharmaceuticals', 'pharmaceutical', 'pharma', 'therapeutics', 'biosciences', 'labs',
  'laboratories', 'ventures', 'networks', 'gruppe', 'groupe', 'bank', 'bancorp', 'bancshares', 'financial', 'capital', 'insurance', 'securities',
  'investments', 'media', 'communications', 'resources', 'energy', 'medical', 'healthcare', 'software', 'entertainment', 'products', 'brands',
  'electronics', 'semiconductor', 'biotech', 'sciences', 'motors', 'foods', 'properties', 'realty',
]);

export function fold(word: string): string {
  return word.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/gu, '');
}

/**
 * A word, capitals joined by "&" ("AT&T", "P&G"), short letter groups joined by "&" as a question
 * types them ("o&m", "r&d") or words joined by "_" ("plan_b") as one word.
 */
export const WORD = /\p{Lu}+(?:&\p{Lu}+)+|(?<!\p{L})\p{L}{1,2}(?:&\p{L}{1,2})+(?!\p{L})|[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)*/gu;

/** Folded words of a text ("AT&T" → "at&t"; "deltathree.com" → "deltathree", "com"). */
export function foldedWords(text: string): string[] {
  return (text.match(WORD) ?? []).map(fold);
}

const english = languageResources('en')!;

/** English Snowball stem ("distribution", "distributor" → "distribut"); short words as they are. */
export function stemOf(word: string): string {
  return word.length > 3 ? english.stem(word) : word;
}

const cache = new WeakMap<NamedDocument, DocumentHandles>();

export function handlesOf(doc: NamedDocument): DocumentHandles {
  let h = cache.get(doc);
  if (!h) cache.set(doc, (h = buildHandles(doc)));
  return h;
}

function buildHandles(doc: NamedDocument): DocumentHandles {
  const handles: Handle[] = [];
  const add = (text: string | null | undefined, cls: HandleClass) => {
    const words = foldedWords(text ?? '');
    if (words.length === 0) return;
    handles.push({ words, cls });
    // "Acme Widgets" is also "Acme Widgets Inc." without its legal form, and "Adaptimmune" of "Adaptimmune LLC".
    let core = words;
    while (core.length > 1 && LEGAL_FORMS.has(core[core.length - 1]!)) core = core.slice(0, -1);
    while (core.length > 1 && core[0] === 'the') core = core.slice(1);
    if (core !== words) handles.push({ words: core, cls });
  };
  const identity = doc.identity;
  const names = new Set<string>();
  for (const p of identity?.parties ?? []) {
    add(p.name, 'name');
    for (const s of p.shortNames) add(s, 'name');
    names.add(fold(p.name));
  }
  for (const b of identity?.brands ?? []) add(b, 'name');
  add(doc.title, 'title');
  const partyNames = new Set((doc.parties ?? []).map(fold));
  // An abbreviation of the document's own title or of a party ("GDPR" of "General Data Protection
  // Regulation") names it; one of something it mentions ("FDA") is only an alias.
  const own = new Set([doc.title, ...(doc.parties ?? []), ...(identity?.parties ?? []).map((p) => p.name)].map((t) => initialsOf(t ?? '')).filter((x) => x.length >= 2));
  // With the document's identity known, its other aliases are what its text defines (abbreviations
  // of what it mentions, terms): aliases, unless they abbreviate its own title or a party. A record
  // from before identity was kept has only aliases: those that are not such abbreviations (or their
  // long forms) are the parties' names.
  const squash = (a: string) => fold(a).replace(/[^\p{L}\p{N}]/gu, '');
  const abbreviations = new Set(doc.aliases.filter((a) => /^[\p{Lu}\p{N}&.-]{2,12}$/u.test(a.trim())).map(squash));
  for (const a of doc.aliases) {
    const key = squash(a);
    const ownAbbreviation = own.has(key);
    const mentioned = (abbreviations.has(key) && !ownAbbreviation) || (abbreviations.has(initialsOf(a)) && !own.has(initialsOf(a)));
    const isName = partyNames.has(fold(a)) || names.has(fold(a)) || ownAbbreviation || (!identity && !mentioned);
    add(a, isName ? 'name' : 'alias');
  }
  add(doc.name.replace(/\.[a-z0-9]{1,5}$/iu, '').replace(/[_-]+/gu, ' '), 'file');

  const rank: Record<HandleClass, number> = { name: 3, title: 2, alias: 1, file: 0, text: 0 };
  const words = new Map<string, HandleClass>();
  const stems = new Map<string, HandleClass>();
  for (const h of handles) {
    for (const w of h.words) {
      if (w.length < 2 && !/\d/u.test(w)) continue;
      const have = words.get(w);
      if (!have || rank[h.cls] > rank[have]) words.set(w, h.cls);
      const s = stemOf(w);
      const hs = stems.get(s);
      if (!hs || rank[h.cls] > rank[hs]) stems.set(s, h.cls);
    }
  }
  const wholeNames = new Set<string>();
  for (const h of handles) if ((h.cls === 'name' || h.cls === 'alias') && h.words.length === 1) wholeNames.add(h.words[0]!);
  const headNames = new Set<string>();
  for (const h of handles) {
    const [head, ...rest] = h.words;
    if (h.cls === 'name' && head && head.length >= 3 && rest.length > 0 && rest.every((w) => ORGANISATION_WORDS.has(w) || LEGAL_FORMS.has(w))) headNames.add(head);
  }
  const compactNames = new Map<string, number>();
  for (const h of handles) {
    const key = h.words.join('').replace(/_/gu, '');
    if (h.cls === 'name' && key.length >= MIN_COMPACT_NAME) compactNames.set(key, h.words.length);
    // A name joined by "_" ("PLAN_B Media AG") is written with a space in a question ("our deal
    // with plan b"): its letters run together name it, however short.
    if (h.cls === 'name') for (const w of h.words) if (w.includes('_')) compactNames.set(w.replace(/_/gu, ''), 1);
    // A file named after its filer, the company's name run together with its legal form
    // ("StampscomInc_20001114_10-Q…", "ULTRAGENYXPHARMACEUTICALINC_…"): the question that writes the
    // name apart ("Stamps.com", "Ultragenyx Pharmaceutical") names that file.
    if (h.cls === 'file') for (const w of h.words) for (const name of runTogetherName(w)) compactNames.set(name, 1);
  }
  const initials = new Set<string>();
  const titleWords = foldedWords(doc.title ?? '').filter((w) => !DOCUMENT_NOUNS.has(w) && !/^(?:and|of|the|for|to|de|et|und|der|die)$/u.test(w));
  if (titleWords.length >= 2 && titleWords.length <= 5) initials.add(titleWords.map((w) => w[0]).join(''));
  const nameInitials = new Set<string>();
  for (const p of identity?.parties ?? []) {
    const i = initialsOf(p.name);
    if (i.length >= 3 && i.length <= 6) nameInitials.add(i);
  }
  return { doc, handles, words, stems, initials, wholeNames, headNames, compactNames, nameInitials };
}

/** A company name run together with its legal form, without it ("stampscominc" → "stampscom"); nothing for other words. */
function runTogetherName(word: string): string[] {
  if (!/^\p{L}+$/u.test(word)) return [];
  for (const form of RUN_TOGETHER_FORMS) {
    if (word.endsWith(form) && word.length - form.length >= MIN_COMPACT_NAME) return [word.slice(0, -form.length)];
  }
  return [];
}

/** Legal forms a file name runs into the company's name (longest first). */
const RUN_TOGETHER_FORMS = ['incorporated', 'corporation', 'limited', 'corp', 'inc', 'llc', 'ltd', 'plc', 'gmbh'];

/** Shorter compact names are too easily made by chance from a question's words. */
const MIN_COMPACT_NAME = 6;

/**
 * "General Data Protection Regulation" → "gdpr" (function words and legal forms left out). A
 * legal form written in dotted letters is one word ("Avions de Transport Regional, G.I.E." → "atr",
 * "… S.p.A.", "… B.V.").
 */
function initialsOf(text: string): string {
  return joinedLetters(foldedWords(text))
    .filter((w) => !/^(?:and|of|the|for|to|on|de|du|des|la|le|et|und|der|die|das|von|zur|zum)$/u.test(w) && !LEGAL_FORMS.has(w))
    .map((w) => w[0])
    .join('');
}

/** Runs of single letters as one word: "g", "i", "e" → "gie". */
function joinedLetters(words: readonly string[]): string[] {
  const out: string[] = [];
  let run = '';
  for (const w of [...words, '']) {
    if (w.length === 1) {
      run += w;
      continue;
    }
    if (run) out.push(run);
    run = '';
    if (w) out.push(w);
  }
  return out;
}

/** Nouns that say what kind of document something is, in questions too ("the X deal", "our distributorship"). */
/** The French and German document nouns (a French or German question's kind text keeps its own: resolve-doc.ts). */
export const FOREIGN_DOCUMENT_NOUNS: ReadonlySet<string> = new Set(['contrat', 'contrats', 'accord', 'accords', 'convention', 'avenant', 'bail', 'vertrag', 'vertrags', 'vertrages', 'vertrage', 'vereinbarung', 'vereinbarungen']);

/**
 * Words that say which version, copy or part of a document, not what it is about ("the original
 * agreement", "the same contract", « le présent contrat »): they name no document (folded).
 */
export const WHICH_ONE: ReadonlySet<string> = new Set([
  'same', 'whole', 'entire', 'original', 'underlying', 'present', 'above', 'said', 'foregoing', 'current', 'existing', 'new', 'old',
  'other', 'first', 'second', 'third', 'last', 'previous', 'prior', 'latest', 'amended', 'restated', 'signed', 'executed', 'final',
  'draft', 'relevant', 'related', 'main', 'full', 'written', 'attached',
  'meme', 'initial', 'nouveau', 'nouvel', 'nouvelle', 'ancien', 'actuel', 'modifie', 'signe',
  'neue', 'neuen', 'alte', 'alten', 'ursprunglich', 'aktuell', 'geanderte', 'unterzeichnete', 'gesamte', 'gesamten',
]);

export const DOCUMENT_NOUNS = new Set([
  'agreement', 'agreements', 'contract', 'contracts', 'deal', 'deals', 'license', 'licence', 'licenses', 'amendment', 'addendum', 'lease', 'nda', 'ndas',
  'arrangement', 'alliance', 'franchise', 'distributorship', 'partnership', 'venture', 'mou', 'sow', 'terms', 'policy', 'document', 'documents', 'file',
  ...FOREIGN_DOCUMENT_NOUNS,
]);

/**
 * Words that call a document an agreement besides DOCUMENT_NOUNS: "the MSA", "our standstill with
 * …", and the agreement nouns the value reader knows ("the West Coast Customs sponsorship").
 */
const DEAL_WORDS = new Set(['msa', 'spa', 'apa', 'loi', 'standstill', ...AGREEMENT_NOUNS]);

/** Whether naming words (folded) call the document an agreement, a contract or a deal. */
export function callsAgreement(words: readonly string[]): boolean {
  return words.some((w) => DOCUMENT_NOUNS.has(w) || DEAL_WORDS.has(w));
}
