/**
 * The governing law of a clause, normalised: "the laws of the State of New York" → "New York",
 * "the laws of the Province of Ontario and the federal laws of Canada" → "Ontario", "English
 * law" → "England and Wales", "the laws of PRC" → "China", "le droit français" → "France",
 * "deutschem Recht" → "Germany". Read from the sentence that says a law governs (governed,
 * construed, interpreted, applies; régi, soumis, droit applicable; unterliegt, Recht … anwendbar),
 * so a venue clause naming the courts of another place is not read as the law.
 * Every regular expression here is linear (no nested quantifiers).
 */
import { splitSentences } from '../text/sentences';
import type { TypedValue } from './types';

/** A sentence that chooses a law. */
const GOVERNS = /\b(?:govern(?:s|ed|ing)?|constru(?:ed|e)|interpret(?:ed|ation)|controlled|enforced|subject\s+to|in\s+accordance\s+with|pursuant\s+to|applicable\s+law|choice\s+of\s+law)\b|\br[ée]gi[es]?\b|\bsoumis\b|\bdroit\s+applicable\b|\bloi\s+applicable\b|\bunterli(?:e)?g(?:t|en)\b|\banwendbar\w*\b|\bRecht\b/iu;

/** "laws of the State of X", "law of X", "laws in force in X", "laws, other than …, of the state of X". */
const LAW_OF = /(?<![\w-])(?:[Ll]aws?|[Ll]egislation|[Rr]egulations(?=\s+of\s+the\s+(?:[Rr]epublic|[Ss]tate|[Kk]ingdom|[Cc]ommonwealth|[Pp]rovince)\b))\b(?:\s*\([^()]{1,80}\))?(?:\s+(?:and\s+(?:judicial\s+)?decisions(?:\s+of\s+the\s+courts)?|in\s+force|applicable|of\s+general\s+application))?(?:,[^,.;]{1,60},)?\s+(?:of|in)(?:\s+|(?=the|[A-Z]))(?:the\s*)?(?:(?:[Ss]tate|[Cc]ommonwealth|[Pp]rovince|[Cc]anton|[Rr]epublic|[Kk]ingdom|[Ff]ederal\s+[Rr]epublic|[Pp]eople'?s\s+[Rr]epublic|[Ee]mirate)\s*of(?:\s+|(?=[A-Z])))?((?:[A-Z][\w.'’-]*)(?:\s+(?:[A-Z][\w.'’-]*|and|of|the))*)/gu;
/** "New York law", "Delaware law shall govern", "English law". */
const NAME_LAW = /(?<![\w.'’-])((?:[A-Z][\w.'’-]*)(?:\s+[A-Z][\w.'’-]*){0,2})\s+(?:substantive\s+)?laws?\b|\b([A-Z]{2,4})\s+Laws?\b/gu;
/** "the laws thereof", "the laws of such State": the law of a place the sentence named before. */
const LAWS_THEREOF = /\b[Ll]aws?\s+(?:thereof|of\s+(?:such|that|said)\s+(?:[Ss]tate|[Cc]ommonwealth|[Pp]rovince|[Cc]ountry|[Jj]urisdiction))\b/gu;
/** A place named as one: "the State of California", "the Commonwealth of Massachusetts". */
const PLACE_OF = /\b(?:[Ss]tate|[Cc]ommonwealth|[Pp]rovince|[Rr]epublic|[Kk]ingdom)\s+of\s+((?:[A-Z][\w.'’-]*)(?:\s+(?:[A-Z][\w.'’-]*|and|of|the))*)/gu;
/** fr: "droit de l'État de New York", "droit français"; de: "Recht des Staates New York", "deutschem Recht". */
const FR_OF = /\b(?:droit|loi|lois)\s+(?:de\s+l['’]|du\s+|de\s+la\s+|des\s+|de\s+)(?:(?:[ÉE]tat|province|canton|R[ée]publique)\s+(?:de\s+l['’]|du\s+|de\s+la\s+|de\s+))?((?:\p{Lu}[\p{L}.'’-]*)(?:\s+(?:\p{Lu}[\p{L}.'’-]*|et))*)/gu;
const DE_OF = /\bRecht(?:s)?\s+(?:der|des|von)\s+(?:(?:Staates|Bundesstaates|Republik|Bundesrepublik|Kantons|Provinz)\s+)?((?:\p{Lu}[\p{L}.'’-]*)(?:\s+(?:\p{Lu}[\p{L}.'’-]*|und))*)/gu;
/** English adjectives of a place's law (the answer says "German law governs"); "Luxembourg", "Singapore" and "Scot" are read too but the name itself is said. */
const ENGLISH_LAW_ADJECTIVES = ['english', 'scots', 'irish', 'french', 'german', 'swiss', 'dutch', 'belgian', 'italian', 'spanish', 'swedish', 'danish', 'norwegian', 'finnish', 'austrian', 'israeli', 'japanese', 'chinese', 'indian', 'canadian', 'australian'];
const capitalised = (w: string) => w[0]!.toUpperCase() + w.slice(1);
const ADJECTIVE_LAW = new RegExp(String.raw`\b(?:droit|loi)\s+(\p{Ll}+)\b|\b(\p{Ll}+e[mnrs]?)\s+Recht\b|\b(${[...ENGLISH_LAW_ADJECTIVES, 'scot', 'luxembourg', 'singapore'].map(capitalised).join('|')})\s+law\b`, 'gu');

const ADJECTIVES: Readonly<Record<string, string>> = {
  english: 'England and Wales', scots: 'Scotland', scot: 'Scotland', irish: 'Ireland', french: 'France', german: 'Germany', swiss: 'Switzerland', dutch: 'Netherlands',
  belgian: 'Belgium', italian: 'Italy', spanish: 'Spain', swedish: 'Sweden', danish: 'Denmark', norwegian: 'Norway', finnish: 'Finland', austrian: 'Austria',
  luxembourg: 'Luxembourg', israeli: 'Israel', japanese: 'Japan', chinese: 'China', indian: 'India', singapore: 'Singapore', canadian: 'Canada', australian: 'Australia',
  français: 'France', française: 'France', anglais: 'England and Wales', allemand: 'Germany', suisse: 'Switzerland', belge: 'Belgium', luxembourgeois: 'Luxembourg',
  italien: 'Italy', espagnol: 'Spain', néerlandais: 'Netherlands', autrichien: 'Austria', canadien: 'Canada', québécois: 'Quebec',
  deutsch: 'Germany', deutschem: 'Germany', deutsches: 'Germany', deutschen: 'Germany', schweizerischem: 'Switzerland', schweizer: 'Switzerland', schweizerisches: 'Switzerland',
  österreichischem: 'Austria', österreichisches: 'Austria', englischem: 'England and Wales', englisches: 'England and Wales', französischem: 'France', französisches: 'France',
  niederländischem: 'Netherlands', luxemburgischem: 'Luxembourg', italienischem: 'Italy',
};

/** The English adjective of a place's law where English uses one ("Germany" → "German", "England and Wales" → "English"); null where the name itself is said ("New York", "Delaware", "Singapore"). */
export function lawAdjective(place: string): string | null {
  return ENGLISH_ADJECTIVE.get(place) ?? null;
}

const ENGLISH_ADJECTIVE: ReadonlyMap<string, string> = new Map(ENGLISH_LAW_ADJECTIVES.map((a) => [ADJECTIVES[a]!, capitalised(a)]));

/** Other names of a place, to one name. */
const ALIASES: Readonly<Record<string, string>> = {
  prc: 'China', "people's republic of china": 'China', 'peoples republic of china': 'China', 'china': 'China',
  roc: 'Taiwan', 'republic of china': 'Taiwan',
  usa: 'United States', us: 'United States', 'united states of america': 'United States', 'united states': 'United States',
  uk: 'United Kingdom', 'great britain': 'United Kingdom',
  england: 'England and Wales', 'england and wales': 'England and Wales',
  'federal republic of germany': 'Germany', deutschland: 'Germany', 'bundesrepublik deutschland': 'Germany',
  'the netherlands': 'Netherlands', schweiz: 'Switzerland', suisse: 'Switzerland', 'new-york': 'New York',
  "l'état de new york": 'New York', 'staates new york': 'New York',
};

/** Words that end a place name read from capitals ("New York Without …" in title-cased text). */
const STOP = /^(?:and|of|the|et|und|Without|without|except|excluding|applicable|regardless|as|in|to|which|that|other|than|for|with|shall|will|US|U\.S\.A?\.?|USA|United|Canada)$/iu;

/** The place named, cleaned and normalised, or null. */
export function normaliseJurisdiction(raw: string): string | null {
  const all = raw.replace(/(?<![.,;:])[.,;:]+$/u, '').split(/\s+/u);
  // The name ends at the first word that cannot be part of it ("New York Without Regard …" in
  // title-cased text), "England and Wales" kept whole.
  const words: string[] = [];
  for (const [i, w] of all.entries()) {
    if (i > 0 && STOP.test(w) && !(/^and$/iu.test(w) && /^Wales$/iu.test(all[i + 1] ?? '')) && !/^(?:of|the)$/iu.test(w)) break;
    words.push(w);
  }
  while (words.length > 1 && /^(?:and|of|the|et|und)$/iu.test(words[words.length - 1]!)) words.pop();
  let name = words.join(' ').replace(/’/gu, "'").replace(/^the\s+/iu, '').replace(/^(?:state|commonwealth|province|canton)\s+of\s+/iu, '').replace(/'s$/u, '').trim();
  if (!name || /^(?:and|of|the|this|such|any|each|its|their|that|what|which|whose|quel(?:le)?s?|welche[smnr]?|was)$/iu.test(name)) return null;
  // A form's blank or a defined term, not a place ("the laws of the State of [Governing Law]").
  if (/^(?:state|governing(?:\s+\w+)?|country|jurisdiction|province|commonwealth|republic|party|parties|seller|buyer|licensor|licensee|company|agreement|applicable|relevant|such\s+\w+)$/iu.test(name)) return null;
  const alias = ALIASES[name.toLowerCase()] ?? ALIASES[name.toLowerCase().replace(/\./gu, '')];
  if (alias) return alias;
  // "Ontario and the federal laws" → "Ontario"; "England and Wales" is one name.
  if (/\band\b/u.test(name) && !/^England and Wales$/iu.test(name)) name = name.split(/(?<!\s)\s+and\s+/u)[0]!;
  if (/^[A-Z]{2,}$/u.test(name) && name.length > 3) name = name[0] + name.slice(1).toLowerCase();
  return ALIASES[name.toLowerCase()] ?? name;
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s(“"'-])(\p{L})/gu, (_, p: string, c: string) => p + c.toUpperCase()).replace(/\b(And|Of|The|In|To|By|With|Other|Than)\b/gu, (w) => w.toLowerCase());
}

interface Hit {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Words before "laws of" that say where a party is incorporated, not which law governs: "a
 * corporation organized and existing under the laws of the State of Delaware", "established and
 * existing under the laws of the People's Republic of China", "in good standing under the laws of
 * the State of Delaware".
 */
const INCORPORATED = /\b(?:organi[sz]ed|existing|incorporated|formed|established|registered|chartered|constituted|(?:in\s+)?good\s+standing)(?:\s+and\s+(?:validly\s+)?existing)?\s+(?:under|pursuant\s+to|in\s+accordance\s+with)\s+(?:the\s+)?$/iu;

function hitsIn(sentence: string, offset: number): Hit[] {
  // An all-capitals sentence ("THE LAWS OF THE STATE OF NEW YORK") is read in title case.
  const letters = sentence.replace(/[^\p{L}]/gu, '');
  const upper = letters.length > 0 && letters.replace(/[^\p{Lu}]/gu, '').length / letters.length > 0.8;
  const text = upper ? titleCase(sentence) : sentence;
  const hits: Hit[] = [];
  const add = (raw: string | undefined, m: RegExpMatchArray, map = false) => {
    if (!raw) return;
    const name = map ? (ADJECTIVES[raw.toLowerCase()] ?? null) : normaliseJurisdiction(raw);
    if (name) hits.push({ name, start: offset + m.index!, end: offset + m.index! + m[0].length });
  };
  for (const m of text.matchAll(LAW_OF)) if (!INCORPORATED.test(text.slice(Math.max(0, m.index - 80), m.index))) add(m[1], m);
  for (const m of text.matchAll(FR_OF)) add(m[1], m);
  for (const m of text.matchAll(DE_OF)) add(m[1], m);
  for (const m of text.matchAll(ADJECTIVE_LAW)) add(m[1] ?? m[2] ?? m[3], m, true);
  for (const m of text.matchAll(LAWS_THEREOF)) {
    const place = [...text.slice(0, m.index).matchAll(PLACE_OF)].at(-1);
    if (place) add(place[1], m);
  }
  for (const m of text.matchAll(NAME_LAW)) {
    // "PRC Laws": an abbreviated country before a capitalised "Laws" ("General Obligations Law" is a statute).
    const raw = m[1] ?? m[2]!;
    // "Governing Law", "Applicable Law", "The Laws": headings and defined terms, not places.
    if (/^(?:Governing|Applicable|The|This|Such|Any|All|Federal|State|Local|Foreign|Common|Such|Other|Civil|Criminal|Bankruptcy|Securities|Export|Tax|Privacy|Labor|Employment|Conflict|Conflicts|Choice|Proper|Substantive|Internal|Governing Law|Prevailing|Relevant|Mandatory)\b/u.test(raw)) continue;
    if (ADJECTIVES[raw.toLowerCase()]) continue; // read above
    add(raw, m);
  }
  return hits.sort((a, b) => a.start - b.start);
}

/**
 * The jurisdiction whose law governs, from the first sentence of `text` that chooses a law
 * (a sentence naming a law without a governing verb counts when no other does).
 */
export function extractGoverningLaw(text: string): TypedValue | null {
  let best: { hit: Hit; confidence: number } | null = null;
  for (const s of splitSentences(text)) {
    const sentence = text.slice(s.start, s.end);
    const hits = hitsIn(sentence, s.start);
    if (hits.length === 0) continue;
    // A sentence that makes this contract subject to a law beats one that mentions a law (an opinion "limited to the laws of Tennessee").
    const confidence = GOVERNS.test(sentence) ? (BINDS.test(sentence) ? 1 : 0.6) : 0.3;
    if (!best || confidence > best.confidence) best = { hit: hits[0]!, confidence };
    if (confidence === 1) break;
  }
  return best ? valueOf(best.hit, best.confidence) : null;
}

/** The contract itself is what the law governs ("This Agreement shall be governed …", "Le présent contrat est régi …"). */
const BINDS = /\b(?:this|the)\s+(?:agreement|contract|amendment|mnda|terms|letter|license|licence)\b|\bthis\s+(?:[\p{L}-]+\s+){1,3}(?:agreement|contract|license|licence)\b|\bhereunder\b|\bhereto\b|\bhereof\b|\bprésent\s+(?:contrat|accord)\b|\bdiese[rsm]?\s+(?:vertrag|vereinbarung)\b/iu;

function valueOf(hit: Hit, confidence: number): TypedValue {
  return { kind: 'governing_law', value: { type: 'jurisdiction', name: hit.name }, display: hit.name, span: { start: hit.start, end: hit.end }, confidence };
}

/** Whether two jurisdictions are the same place ("New York" / "New York; Massachusetts", "England and Wales" / "England; Wales"). */
export function sameJurisdiction(found: string, expected: string): boolean {
  const norm = (s: string) => (normaliseJurisdiction(s) ?? s).toLowerCase().replace(/[^a-z]+/g, ' ').trim();
  const parts = (s: string) => s.split(/(?<!\s)\s*[;,]\s*|(?<!\s)\s+and\s+/u).map((p) => norm(p)).filter(Boolean);
  const f = norm(found);
  const mine = new Set([f, ...parts(found)]);
  const theirs = [norm(expected), ...parts(expected)];
  return theirs.some((t) => mine.has(t) || (t.length > 6 && [...mine].some((m) => close(m, t))));
}

/** At most two edits apart (CUAD's "Massachussets"). */
function close(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]! <= 2;
}
