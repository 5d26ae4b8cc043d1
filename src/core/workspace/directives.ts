/**
 * Chat directives read without a model: an imperative asking for a playbook review ("scan the
 * NDAs against the NDA playbook", "check every contract against the commercial playbook",
 * "review these contracts") or for a folder to be imported ("import a folder", "add the folder
 * Contracts"). Only the closed-class words of the tables (directive-phrases.ts, phrases.ts) and
 * the language's stop words are known here; what is left names the documents, the playbook or
 * the folder, as written — route.ts resolves document names through the alias map, the approval
 * card matches the playbook name against the library. The imperative must open the message
 * (after a polite opening), so "does the review clause…" or "check whether…" stay questions
 * (route.ts drops a scan whose names resolve to no document and that names no playbook).
 */
import { languageResources } from '../search/languages';
import { DIRECTIVES, type DirectiveTable } from './directive-phrases';
import { fold } from './parse';
import { PHRASES, type PhraseTable } from './phrases';

export interface ScanDirective {
  readonly kind: 'scan';
  readonly language: string;
  /** The words naming the documents, as written ('' when only nouns, "every", "these" were used: all documents). */
  readonly names: string;
  /** The playbook's name as written ("commercial", "NDA"); null when none was named. */
  readonly playbook: string | null;
  /** A playbook word was used ("against the commercial playbook"). */
  readonly playbookAsked: boolean;
}

interface ImportDirective {
  readonly kind: 'import';
  readonly language: string;
  /** The folder's name as written; null for "import a folder". */
  readonly folder: string | null;
}

export type Directive = ScanDirective | ImportDirective;

interface Token {
  readonly word: string;
  readonly lower: string;
  readonly start: number;
  readonly end: number;
}

function tokenize(text: string): Token[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ word: fold(m[0]), lower: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
}

const split = (phrase: string): string[] => fold(phrase).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** The length of the longest phrase starting at token i, 0 when none does. */
function phraseAt(tokens: readonly Token[], i: number, phrases: readonly string[]): number {
  let best = 0;
  for (const phrase of phrases) {
    const w = split(phrase);
    if (w.length > best && w.every((x, j) => tokens[i + j]?.word === x)) best = w.length;
  }
  return best;
}

/** The first index ≥ from where one of the phrases starts, with its length. */
function findPhrase(tokens: readonly Token[], phrases: readonly string[], from = 0, to = tokens.length): { at: number; length: number } | null {
  for (let i = from; i < to; i++) {
    const length = phraseAt(tokens, i, phrases);
    if (length > 0) return { at: i, length };
  }
  return null;
}

class DirectiveReader {
  private readonly stop: ReadonlySet<string>;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly language: string,
    private readonly table: PhraseTable,
    private readonly d: DirectiveTable,
  ) {
    this.stop = languageResources(language)?.stopWords ?? new Set<string>();
  }

  /** A stop word of the language, or a lone letter ("a"). */
  private isStop(t: Token): boolean {
    return t.word.length < 2 || this.stop.has(t.lower) || this.stop.has(t.word);
  }

  /** The text from token a to token b (exclusive), as written. */
  private span(a: number, b: number): string {
    return a < b ? this.text.slice(this.tokens[a]!.start, this.tokens[b - 1]!.end) : '';
  }

  /** Content tokens (not stop words) between a and b, as written, or null when there are none. */
  private content(a: number, b: number): string | null {
    const kept: number[] = [];
    for (let i = a; i < b; i++) if (!this.isStop(this.tokens[i]!)) kept.push(i);
    return kept.length > 0 ? this.span(kept[0]!, kept[kept.length - 1]! + 1) : null;
  }

  read(): Directive | null {
    const tokens = this.tokens;
    let i = 0;
    for (let lead = phraseAt(tokens, i, this.d.lead); lead > 0; lead = phraseAt(tokens, i, this.d.lead)) i += lead;
    let end = tokens.length;
    while (end > i && phraseAt(tokens, end - 1, this.d.particle) === 1) end--;
    const scan = phraseAt(tokens, i, this.d.scan);
    const imp = phraseAt(tokens, i, this.d.import);
    if (imp > 0 && imp >= scan) {
      const found = this.readImport(i + imp, end);
      if (found || scan === 0) return found;
    }
    return scan > 0 ? this.readScan(i + scan, end) : null;
  }

  /** "[verb] (a|the) folder [name]" or "[verb] the [name] folder". */
  private readImport(from: number, end: number): ImportDirective | null {
    const folder = findPhrase(this.tokens, this.table.folder, from, end);
    if (!folder) return null;
    const quoted = /[«"“„]\s*([^"”“«»]{1,200}?)\s*[»"”“]/u.exec(this.text.slice(this.tokens[from]?.start ?? this.text.length));
    if (quoted) return { kind: 'import', language: this.language, folder: quoted[1]! };
    const before = this.content(from, folder.at);
    const after = folder.at + folder.length < end ? this.text.slice(this.tokens[folder.at + folder.length]!.start, this.tokens[end - 1]!.end) : '';
    const named = before ?? (after.trim() ? after.trim() : null);
    return { kind: 'import', language: this.language, folder: named ? named.replace(/^[«"“„']+|[»"”“'.!?]+$/gu, '').trim() || null : null };
  }

  /** "[verb] [documents] (against [name] playbook)". */
  private readScan(from: number, end: number): ScanDirective | null {
    const tokens = this.tokens;
    const book = findPhrase(tokens, this.d.playbook, from, end);
    let docsEnd = end;
    let playbook: string | null = null;
    if (book) {
      let against: { at: number; length: number } | null = null;
      for (let k = from; k < book.at; k++) {
        const length = phraseAt(tokens, k, this.d.against);
        if (length > 0) against = { at: k, length };
      }
      docsEnd = against ? against.at : book.at;
      playbook = this.content(against ? against.at + against.length : book.at, book.at) ?? this.content(book.at + book.length, end);
    }
    if (docsEnd <= from) return null;
    const generic = [...this.table.nouns.one, ...this.table.nouns.many, ...this.table.every, ...this.d.deictic];
    const names: number[] = [];
    for (let k = from; k < docsEnd; ) {
      const length = phraseAt(tokens, k, generic);
      if (length > 0) {
        k += length;
        continue;
      }
      if (!this.isStop(tokens[k]!)) names.push(k);
      k++;
    }
    const named = names.length > 0 ? this.span(names[0]!, names[names.length - 1]! + 1) : '';
    return { kind: 'scan', language: this.language, names: named, playbook, playbookAsked: book !== null };
  }
}

/** The directive a message gives, or null; `locale` (the UI language) is read first. */
export function readDirective(text: string, locale: string | null = null): Directive | null {
  const tokens = tokenize(text);
  if (tokens.length === 0) return null;
  const order = [...new Set([...(locale && DIRECTIVES[locale] ? [locale] : []), 'en', ...Object.keys(DIRECTIVES)])];
  for (const language of order) {
    const table = PHRASES[language];
    const d = DIRECTIVES[language];
    if (!table || !d) continue;
    const found = new DirectiveReader(text, tokens, language, table, d).read();
    if (found) return found;
  }
  return null;
}
