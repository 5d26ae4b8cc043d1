/**
 * Reads a question about the workspace without a model: the closed-class words of the language
 * tables (phrases.ts) are found and marked — interrogatives and quantifiers, the nouns for a
 * document, filters (language, format, status, scans, time, folder), the facts of a document —
 * and whatever is left that is not a stop word is the question's content. The route follows:
 *
 *   - nothing left and an inventory cue (how many, list, which documents, added …) → inventory,
 *     counts or a table, with the filters found;
 *   - a fact word and only a document's names left → metadata fact (route.ts resolves the names);
 *   - "which/how many/list" + documents (plural), a plural document noun opening the question
 *     ("Contracts expiring before 2025"), or "every/each" + document, and content left
 *     → broad: the content asked of every document (a per-document flow);
 *   - anything else → null (the ask path).
 *
 * The question's language is the table whose words and stop words cover most of it. Language
 * names come from Intl.DisplayNames in that language and count only next to a document noun,
 * after "in"/"en"/"auf", or near the word "language", so "German law" stays content.
 */
import { languageResources } from '../search/languages';
import type { DocKind } from './catalog';
import type { CatalogFilter, StatusGroup } from './filters';
import { UNKNOWN_LANGUAGE } from './filters';
import { lastPeriod, leadingDate, namedPeriod, type Period } from './periods';
import { NAMEABLE_LANGUAGES, PHRASES, type Dimension, type FactKind, type PeriodUnit, type PhraseTable } from './phrases';

type ParsedRoute = 'inventory' | 'metadata' | 'broad';

export interface ParseOptions {
  /** The clock (ms since the epoch) time expressions are relative to. */
  readonly now?: number;
  /** The UI language: settles a tie between tables. */
  readonly locale?: string | null;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

export interface ParsedQuestion {
  readonly language: string;
  readonly route: ParsedRoute | null;
  /** inventory: counts, or a table of documents. */
  readonly view: 'counts' | 'table';
  readonly filter: CatalogFilter;
  /** The facts asked about, in the order written. */
  readonly facts: readonly FactKind[];
  /** The breakdown asked for ("which languages …"). */
  readonly dimension: Dimension | null;
  /** A page of the list asked for ("page 2"), 1-based. */
  readonly page: number | null;
  /** Newest first when the question is about what was added. */
  readonly order: 'asc' | 'desc';
  /** The content words left, as written. */
  readonly residual: readonly string[];
  /** The question's content without the workspace words (broad: what to ask each document). */
  readonly subject: string;
  /** The question said how many (broad: the answer leads with the count). */
  readonly counting: boolean;
  /** It has the shape of a broad question (which documents / every document + content), whatever its route. */
  readonly broad: boolean;
  /** It asks for each document's overview ("summarize every contract"), not a fact. */
  readonly summary: boolean;
}

interface Token extends Span {
  /** Folded (lower case, no diacritics): what the tables are matched against. */
  readonly word: string;
  /** Lower case as written: what stop-word lists hold. */
  readonly lower: string;
}

type Role = 'cue' | 'noun' | 'filter' | 'fact' | 'filler';

export function fold(text: string): string {
  return text.toLowerCase().replace(/ß/g, 'ss').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

function tokenize(text: string): Token[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ word: fold(m[0]), lower: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
}

const phraseCache = new Map<string, readonly string[]>();
function words(phrase: string): readonly string[] {
  let w = phraseCache.get(phrase);
  if (!w) {
    w = phrase === '#' ? ['#'] : [...fold(phrase).matchAll(/[\p{L}\p{N}#]+/gu)].map((m) => m[0]);
    phraseCache.set(phrase, w);
  }
  return w;
}

const languageNames = new Map<string, ReadonlyMap<string, string>>();
/** Folded one-word names of languages in `language` → ISO code. */
function namesIn(language: string): ReadonlyMap<string, string> {
  let names = languageNames.get(language);
  if (!names) {
    const display = new Intl.DisplayNames([language], { type: 'language', fallback: 'none' });
    const map = new Map<string, string>();
    for (const code of NAMEABLE_LANGUAGES) {
      const name = display.of(code);
      if (name && /^[\p{L}]+$/u.test(name)) map.set(fold(name), code);
    }
    languageNames.set(language, map);
    names = map;
  }
  return names;
}

/** Parses one question in one language's table. */
class Reader {
  readonly roles: (Role | null)[];
  readonly facts: { kind: FactKind; at: number }[] = [];
  readonly filter: { -readonly [K in keyof CatalogFilter]: CatalogFilter[K] } = {};
  readonly cues = { count: false, list: false, which: false, every: false, one: false, many: false, opens: false, added: false, summary: false };
  dimension: Dimension | null = null;
  page: number | null = null;
  negated = false;

  constructor(
    readonly text: string,
    readonly tokens: readonly Token[],
    readonly table: PhraseTable,
    readonly language: string,
    readonly now: number,
  ) {
    this.roles = tokens.map(() => null);
  }

  /** Where `phrase` occurs (token index and length), longest phrases first by the caller. */
  private occurrences(phrase: string): { at: number; length: number; number: number | null }[] {
    const w = words(phrase);
    const out: { at: number; length: number; number: number | null }[] = [];
    outer: for (let i = 0; i + w.length <= this.tokens.length; i++) {
      let number: number | null = null;
      for (let j = 0; j < w.length; j++) {
        const t = this.tokens[i + j]!.word;
        if (w[j] === '#') {
          if (!/^\d{1,4}$/.test(t)) continue outer;
          number = Number(t);
        } else if (t !== w[j]) continue outer;
      }
      out.push({ at: i, length: w.length, number });
    }
    return out;
  }

  private mark(at: number, length: number, role: Role): void {
    for (let k = at; k < at + length; k++) if (this.roles[k] === null || role !== 'filler') this.roles[k] = role;
  }

  /** Marks every occurrence of the phrases; returns the token indices where one started. */
  private find(phrases: readonly string[], role: Role, onHit?: (at: number, length: number, number: number | null) => boolean | void): number[] {
    const hits: number[] = [];
    for (const phrase of [...phrases].sort((a, b) => words(b).length - words(a).length)) {
      for (const o of this.occurrences(phrase)) {
        if (onHit && onHit(o.at, o.length, o.number) === false) continue;
        this.mark(o.at, o.length, role);
        hits.push(o.at);
      }
    }
    return hits;
  }

  private near(i: number, test: (role: Role | null, k: number) => boolean, distance: number): boolean {
    for (let k = Math.max(0, i - distance); k <= Math.min(this.tokens.length - 1, i + distance); k++) if (k !== i && test(this.roles[k]!, k)) return true;
    return false;
  }

  private setPeriod(p: Period): void {
    this.filter.addedFrom = p.from;
    if (p.until !== null) this.filter.addedUntil = p.until;
  }

  read(): void {
    const t = this.table;
    this.cues.count = this.find(t.count, 'cue').length > 0;
    this.cues.list = this.find(t.list, 'cue').length > 0;
    this.cues.every = this.find(t.every, 'cue').length > 0;
    this.cues.which = this.find(t.which, 'cue').length > 0;
    const many = this.find(t.nouns.many, 'noun');
    this.cues.many = many.length > 0;
    // "Contracts expiring before 2025", "the agreements governed by New York law": a plural
    // document noun opening the question names the collection as a search box query does.
    const stop = languageResources(this.language)?.stopWords ?? new Set<string>();
    const first = this.tokens.findIndex((tok) => !stop.has(tok.lower));
    this.cues.opens = first >= 0 && many.includes(first);
    this.cues.one = this.find(t.nouns.one, 'noun').length > 0;
    this.readKinds();
    this.readTime();
    this.readFolder();
    this.cues.added = this.find(t.added, 'cue').length > 0;
    if (this.find(t.searchable, 'filter').length > 0) this.filter.searchable = true;
    if (this.find(t.scanned, 'filter').length > 0) this.filter.scanned = true;
    const statuses: StatusGroup[] = [];
    for (const [group, phrases] of Object.entries(t.statuses) as [StatusGroup, readonly string[]][]) if (this.find(phrases, 'filter').length > 0) statuses.push(group);
    if (statuses.length > 0) this.filter.statuses = statuses;
    for (const [dimension, phrases] of Object.entries(t.dimensions) as [Dimension, readonly string[]][]) if (this.find(phrases, 'cue').length > 0) this.dimension ??= dimension;
    this.readLanguages();
    this.find(t.page, 'filler', (at, length) => {
      const next = this.tokens[at + length];
      if (!next || !/^\d{1,5}$/.test(next.word)) return false;
      this.page = Math.max(1, Number(next.word));
      this.mark(at + length, 1, 'filler');
    });
    for (const [kind, phrases] of Object.entries(t.facts) as [FactKind, readonly string[]][]) {
      for (const at of this.find(phrases, 'fact')) this.facts.push({ kind, at });
    }
    this.find(t.workspace, 'filler');
    this.find(t.have, 'filler');
    this.cues.summary = this.find(t.summary, 'cue').length > 0;
    this.negated = this.tokens.some((tok, i) => this.roles[i] === null && t.negation.some((n) => words(n).length === 1 && words(n)[0] === tok.word));
  }

  private readKinds(): void {
    const kinds = new Set<DocKind>();
    for (const [kind, forms] of Object.entries(this.table.kinds) as [DocKind, { one: readonly string[]; many: readonly string[] }][]) {
      if (this.find(forms.many, 'noun').length > 0) {
        kinds.add(kind);
        this.cues.many = true;
      }
    }
    // A format word qualifies a document noun next to it ("PDF documents", "documents PDF").
    for (const [kind, forms] of Object.entries(this.table.kinds) as [DocKind, { one: readonly string[]; many: readonly string[] }][]) {
      const hit = this.find(forms.one, 'filter', (at, length) => this.roles[at - 1] === 'noun' || this.roles[at + length] === 'noun');
      if (hit.length > 0) kinds.add(kind);
    }
    if (kinds.size > 0) this.filter.kinds = [...kinds];
  }

  private readTime(): void {
    const t = this.table;
    for (const p of [...t.periods].sort((a, b) => words(b.phrase).length - words(a.phrase).length)) {
      for (const o of this.occurrences(p.phrase)) {
        if (this.roles[o.at] !== null) continue;
        this.mark(o.at, o.length, 'filter');
        this.setPeriod(namedPeriod(p, this.now));
      }
    }
    this.find(t.lastN, 'filter', (at, length, n) => {
      if (n === null || n <= 0) return false;
      const unit = this.unitAt(at + length);
      if (!unit) return false;
      this.mark(at + length, unit.length, 'filter');
      this.setPeriod(lastPeriod(n, unit.unit, this.now));
    });
    this.find(t.since, 'filter', (at, length) => {
      const end = this.tokens[at + length - 1]!.end;
      const date = leadingDate(this.text.slice(end), this.language !== 'en');
      if (!date) return false;
      this.tokens.forEach((tok, k) => {
        if (tok.start >= end && tok.end <= end + date.length) this.roles[k] = 'filter';
      });
      this.filter.addedFrom = date.at;
    });
  }

  private unitAt(i: number): { unit: PeriodUnit; length: number } | null {
    for (const [unit, phrases] of Object.entries(this.table.units) as [PeriodUnit, readonly string[]][]) {
      for (const phrase of [...phrases].sort((a, b) => words(b).length - words(a).length)) {
        const w = words(phrase);
        if (w.every((x, j) => this.tokens[i + j]?.word === x)) return { unit, length: w.length };
      }
    }
    return null;
  }

  private readFolder(): void {
    this.find(this.table.folder, 'filter', (at, length) => {
      const end = this.tokens[at + length - 1]!.end;
      const rest = this.text.slice(end);
      const m = /^\s*[«"“„']\s*([^"”“«»']{1,200}?)\s*[»"”“']/u.exec(rest) ?? /^\s*((?:[\p{L}\p{N}_.-]+[/\\])*[\p{L}\p{N}_.-]+)/u.exec(rest);
      if (!m) return false;
      this.filter.folder = m[1]!.trim();
      this.tokens.forEach((tok, k) => {
        if (tok.start >= end && tok.end <= end + m[0].length) this.roles[k] = 'filter';
      });
    });
  }

  private readLanguages(): void {
    const codes = new Set<string>();
    if (this.find(this.table.unknownLanguage, 'filter').length > 0) codes.add(UNKNOWN_LANGUAGE);
    const names = namesIn(this.language);
    const before = this.table.inLanguage.map(words);
    this.tokens.forEach((tok, i) => {
      if (this.roles[i] !== null) return;
      let code: string | undefined;
      for (const [name, c] of names) if (tok.word.startsWith(name) && tok.word.length - name.length <= 3) code = c;
      if (!code) return;
      const afterPreposition = before.some((w) => w.every((x, j) => this.tokens[i - w.length + j]?.word === x));
      const byNoun = this.near(i, (role) => role === 'noun', 2);
      const byDimension = this.dimension === 'language' && this.near(i, (_role, k) => this.table.dimensions.language.some((d) => words(d)[0] === this.tokens[k]!.word), 3);
      if (!afterPreposition && !byNoun && !byDimension) return;
      codes.add(code);
      this.roles[i] = 'filter';
      for (const w of before) if (w.every((x, j) => this.tokens[i - w.length + j]?.word === x)) this.mark(i - w.length, w.length, 'filler');
    });
    if (codes.size > 0) this.filter.languages = [...codes];
  }

  /** Content tokens: not marked, not a stop word of the language, not a lone letter. */
  residual(): Token[] {
    const stop = languageResources(this.language)?.stopWords ?? new Set<string>();
    return this.tokens.filter((tok, i) => this.roles[i] === null && tok.word.length > 1 && !stop.has(tok.lower) && !/^\d+$/.test(tok.word));
  }

  /** How much of the question this language's words explain (marked tokens and stop words). */
  coverage(): number {
    const stop = languageResources(this.language)?.stopWords ?? new Set<string>();
    return this.tokens.reduce((n, tok, i) => n + (this.roles[i] !== null ? 1.5 : stop.has(tok.lower) ? 1 : 0), 0);
  }
}

function decide(r: Reader, residual: readonly Token[]): { route: ParsedRoute | null; view: 'counts' | 'table'; broad: boolean } {
  const c = r.cues;
  const broad = (residual.length > 0 || c.summary) && (((c.count || c.which || c.list || c.opens) && c.many) || (c.every && (c.one || c.many)) || (c.summary && c.many));
  const filtered = Object.keys(r.filter).length > 0;
  const inventoryCue = c.count || c.list || c.added || (c.which && (c.one || c.many || r.dimension !== null)) || (filtered && (c.one || c.many));
  const view: 'counts' | 'table' = c.count || (r.dimension !== null && !c.list) ? 'counts' : 'table';
  if (broad && c.summary) return { route: 'broad', view, broad };
  if (residual.length === 0) {
    if (r.negated) return { route: null, view, broad };
    if (inventoryCue) return { route: 'inventory', view, broad };
    if (r.facts.length > 0 && c.count) return { route: 'inventory', view: 'counts', broad };
    return { route: null, view, broad };
  }
  if (r.facts.length > 0 && !r.negated) return { route: 'metadata', view, broad };
  return { route: broad ? 'broad' : null, view, broad };
}

export function parseWorkspaceQuestion(question: string, options: ParseOptions = {}): ParsedQuestion {
  const tokens = tokenize(question);
  const now = options.now ?? Date.now();
  const readers = Object.entries(PHRASES).map(([language, table]) => {
    const r = new Reader(question, tokens, table, language, now);
    r.read();
    return r;
  });
  const preferred = (r: Reader) => (r.language === options.locale ? 0.5 : 0) + (r.language === 'en' ? 0.25 : 0);
  const reader = readers.reduce((best, r) => (r.coverage() + preferred(r) > best.coverage() + preferred(best) ? r : best));
  const residual = reader.residual();
  const { route, view, broad } = decide(reader, residual);
  const subject = residual.length > 0 ? question.slice(residual[0]!.start, residual[residual.length - 1]!.end) : '';
  const order = reader.cues.added || reader.filter.addedFrom !== undefined ? 'desc' : 'asc';
  return {
    language: reader.language,
    route,
    view,
    filter: { ...reader.filter },
    facts: [...new Set(reader.facts.sort((a, b) => a.at - b.at).map((f) => f.kind))],
    dimension: reader.dimension,
    page: reader.page,
    order,
    residual: residual.map((t) => question.slice(t.start, t.end)),
    subject,
    counting: reader.cues.count,
    broad,
    summary: reader.cues.summary,
  };
}
