/**
 * The clause classifier: which kinds of clause a passage is (the scanner) and which kinds a
 * question asks about (the ask path's "is there such a clause in scope" signal). One classifier,
 * driven by the clause types of playbooks (data, not code), serves both.
 *
 * A passage's score for a clause type combines, as independent evidence (noisy-OR):
 * - structure: the type's keywords in the passage's section title (innermost heading strongest);
 * - lexical signals: the type's weighted RE2 patterns on the passage text; negative weights are
 *   evidence against (e.g. "non-exclusive" against exclusivity);
 * - meaning, when an Embedder is given: cosine similarity to the type's reference examples.
 * A type is given to a passage when its score reaches the threshold (0.5 by default).
 *
 * Questions are matched on the types' keywords only (a question names a clause, it does not
 * contain one): a keyword matches when every one of its analysed terms (stemmed, stop words
 * dropped, as the search index analyses text) is among the question's, after dropping a leading "Consider the X agreement;" and capitalised document
 * titles ("Software License Agreement") that would otherwise name a type by accident.
 */
import { throwIfAborted } from '../errors';
import { createAnalyzer } from '../search/analyzer';
import { DEFAULT_LANGUAGE } from '../search/languages';
import type { ClassifyBudget, ClassifyOptions, ClauseClassifier, ClauseLabel, ClausePassage, Embedder, JobOptions, QuestionOptions } from '../ports';
import { patternCost } from './pattern-cost';
import type { ClauseType } from './playbook';
import { compileAny, compilePattern, compilePhrase, normalizeText, signalText, type SafePattern } from './patterns';

export const DEFAULT_CLAUSE_THRESHOLD = 0.5;
/** Evidence weight of a keyword in the innermost section title, and in an outer one. */
const TITLE_WEIGHT = 0.55;
const OUTER_TITLE_WEIGHT = 0.3;
/** Evidence weight of a keyword found in a question. */
export const QUESTION_WEIGHT = 0.9;
/**
 * A type's positive signals are tested in one pass (the gate) only when their cost together is
 * at most this (the built-ins' largest is 314): a costlier gate would be one long call a time
 * budget cannot interrupt, so such a type's signals are tested one by one.
 */
const GATE_MAX_COST = 1000;

export interface ClassifierOptions {
  /** Adds similarity to the clause types' reference examples. */
  readonly embedder?: Embedder | null;
  /** Labels under this score are left out (default DEFAULT_CLAUSE_THRESHOLD). */
  readonly threshold?: number;
  /**
   * The language a question is written in, or null when it cannot be told (search/query-language.ts
   * detectQueryLanguage, given where questions are read: the index worker, Node). Without it every
   * question is one whose language cannot be told, and the scan worker and the page carry no detector.
   */
  readonly questionLanguage?: (question: string) => string | null;
  /** Cosine similarity at which embedding evidence starts (default 0.6); it grows to EMBED_WEIGHT at 1. */
  readonly similarityFloor?: number;
}

/** Evidence weight of a perfect embedding match. */
const EMBED_WEIGHT = 0.7;

interface CompiledType {
  readonly type: ClauseType;
  /** The keywords as title patterns, compiled on first use: questions read only their terms. */
  readonly keywords: () => readonly SafePattern[];
  /** Each keyword's analysed terms, those of every language included (empty when only stop words), in keyword order. */
  readonly keywordTerms: readonly (readonly string[])[];
  /** How many of them are the type's own keywords (the rest are translations). */
  readonly ownKeywords: number;
  /** The keywords written in a language, in that language's analysis (stop words, stems); computed on first use. */
  readonly keywordTermsIn: (language: string) => readonly (readonly string[])[];
  /** Compiled on first use: most types' gates never open on most passages. */
  readonly signals: readonly { readonly pattern: () => SafePattern; readonly weight: number }[];
  /** Matches where any positive signal matches (one pass; most passages fail it); compiled on first use. */
  readonly gate: () => SafePattern | null;
  /** Positive signals too costly to gate together: each is tested on its own. */
  readonly ungated: boolean;
  /** The keywords written in a language that name the type inside a text (textKeywords), compiled on first use. */
  readonly textKeywordsIn: (language: string) => readonly SafePattern[];
}

/**
 * A keyword names its type inside a passage's text (not only in its title) when it has several
 * words or is one long compound ("clause de non-concurrence", "Mindestabnahme",
 * "Wettbewerbsverbot"); a short single word ("prix", "Lizenz") is in too many clauses.
 */
const TEXT_KEYWORD_MIN_CHARS = 12;
const textKeyword = (k: string) => /\s/u.test(k.trim()) || k.trim().length >= TEXT_KEYWORD_MIN_CHARS;

/** Why a passage got a type: the score and the evidence that produced it. */
export interface TypeEvidence {
  readonly type: string;
  readonly score: number;
  /** Signal patterns and title keywords that matched. */
  readonly matched: readonly string[];
  /** Best cosine similarity to the type's examples (null without an embedder). */
  readonly similarity: number | null;
}

const analyzer = createAnalyzer();

/** A type's keywords and their translations, for titles and questions. */
export const allKeywords = (type: ClauseType): readonly string[] => [...type.keywords, ...Object.values(type.keywordsByLanguage ?? {}).flat()];

export const noisyOr = (weights: readonly number[]) => 1 - weights.reduce((p, w) => p * (1 - w), 1);

export class PlaybookClassifier implements ClauseClassifier {
  private readonly types: readonly CompiledType[];
  private readonly threshold: number;
  private readonly embedder: Embedder | null;
  private readonly similarityFloor: number;
  private readonly questionLanguage: (question: string) => string | null;
  private examples: Promise<Float32Array[][]> | null = null;

  /** Clause types with the same id are kept once (the first wins), so playbooks can be combined. */
  constructor(clauseTypes: readonly ClauseType[], options: ClassifierOptions = {}) {
    const seen = new Set<string>();
    this.types = clauseTypes
      .filter((t) => !seen.has(t.id) && seen.add(t.id))
      .map((type) => {
        const signals = type.signals.map((s) => {
          let compiled: SafePattern | null = null;
          return { pattern: () => (compiled ??= compilePattern(s.pattern)), weight: s.weight };
        });
        const positive = type.signals.filter((s) => s.weight > 0).map((s) => s.pattern);
        const cheap = positive.reduce((sum, p) => sum + patternCost(p), 0) <= GATE_MAX_COST;
        let keywords: readonly SafePattern[] | null = null;
        let gate: SafePattern | null | undefined;
        const termsIn = new Map<string, readonly (readonly string[])[]>();
        const textIn = new Map<string, readonly SafePattern[]>();
        const words = allKeywords(type);
        return {
          type,
          keywords: () => (keywords ??= words.map(compilePhrase)),
          keywordTerms: words.map((k) => analyzer.terms(k)),
          ownKeywords: type.keywords.length,
          keywordTermsIn: (language: string) => termsIn.get(language) ?? termsIn.set(language, (type.keywordsByLanguage?.[language] ?? []).map((k) => analyzer.terms(k, language))).get(language)!,
          signals,
          gate: () => (gate === undefined ? (gate = cheap ? compileAny(positive) : null) : gate),
          ungated: !cheap,
          textKeywordsIn: (language: string) => textIn.get(language) ?? textIn.set(language, (type.keywordsByLanguage?.[language] ?? []).filter(textKeyword).map(compilePhrase)).get(language)!,
        };
      });
    this.threshold = options.threshold ?? DEFAULT_CLAUSE_THRESHOLD;
    this.embedder = options.embedder ?? null;
    this.similarityFloor = options.similarityFloor ?? 0.6;
    this.questionLanguage = options.questionLanguage ?? (() => null);
  }

  get clauseTypes(): readonly ClauseType[] {
    return this.types.map((t) => t.type);
  }

  /** Compiles now what scoring passages compiles on first use (the keywords as title patterns, the gates). */
  warm(): void {
    for (const t of this.types) {
      t.keywords();
      t.gate();
    }
  }

  async classify(passages: readonly ClausePassage[], options?: ClassifyOptions): Promise<ClauseLabel[][]> {
    const evidence = await this.evidence(passages, options);
    return evidence.map((row) => row.filter((e) => e.score >= this.threshold).map(({ type, score }) => ({ type, score })));
  }

  /**
   * Every type's score for every passage, with what matched (for explanations and evaluation).
   * With a budget, each type's signal time is charged to it, and a type past its budget scores 0.
   */
  async evidence(passages: readonly ClausePassage[], options?: ClassifyOptions): Promise<TypeEvidence[][]> {
    const similarities = await this.similarities(passages, options);
    const out: TypeEvidence[][] = [];
    for (const [i, passage] of passages.entries()) {
      if (i % 16 === 0) throwIfAborted(options?.signal, 'clause classification');
      out.push(this.scorePassage(passage, similarities?.[i] ?? null, options?.budget));
    }
    return out;
  }

  /**
   * Every type's score for a passage from its section titles and signal patterns alone (no
   * embedder, no budget), synchronously: what the learned model's presence adds (clauses/classifier.ts).
   * `only`: the types to score (the others are left out).
   */
  signalEvidence(passage: ClausePassage, only?: ReadonlySet<string>): TypeEvidence[] {
    return this.scorePassage(passage, null, undefined, only);
  }

  /**
   * The types whose keywords written in `language` stand in `text` (textKeyword): how a passage in
   * a language the learned model cannot read names its clause when the chunk runs several sections
   * together ("… § 4 Mindestabnahme Der Abnehmer verpflichtet sich …").
   */
  keywordsInText(text: string, language: string): ReadonlySet<string> {
    const out = new Set<string>();
    for (const t of this.types) if (t.textKeywordsIn(language).some((k) => k.test(text))) out.add(t.type.id);
    return out;
  }

  async questionTypes(question: string, options?: QuestionOptions): Promise<ClauseLabel[]> {
    return this.questionNames(question, options).labels;
  }

  /**
   * The types a question names by their keywords, and whether it is written in a language other
   * than English (`foreign`: detected so, or naming a type only by a translation of its keywords).
   */
  questionNames(question: string, options?: QuestionOptions): { readonly labels: ClauseLabel[]; readonly foreign: boolean } {
    throwIfAborted(options?.signal, 'clause classification');
    const text = stripDocumentNames(normalizeText(question));
    const terms = new Set(analyzer.terms(text));
    // The keywords, as the default analysis reads them; their translations too when the question's
    // language cannot be told ("exclusivité ?"). A question in another language is read in its own
    // analysis too, with the keywords written in that language, so they match however it inflects
    // them ("le contrat peut-il être résilié sans motif ?" for "résiliation sans motif"); English
    // keywords are never stemmed as French, nor French ones read in an English question.
    const language = options?.language ?? this.questionLanguage(question);
    const own = language && language !== DEFAULT_LANGUAGE ? new Set(analyzer.terms(text, language)) : null;
    // In the question's own language a keyword also meets its word with an ending the stemmer left (`meets`).
    const matches = (k: readonly string[], words: ReadonlySet<string>, inflected: string | null = null) => k.length > 0 && k.every((term) => meets(term, words, inflected));
    const labels: ClauseLabel[] = [];
    let translated = false;
    for (const t of this.types) {
      const inOwn = own ? t.keywordTermsIn(language!).filter((k) => matches(k, own, language)).length : 0;
      const inEnglish = t.keywordTerms.slice(0, t.ownKeywords).filter((k) => matches(k, terms)).length;
      const inAny = language === null ? t.keywordTerms.slice(t.ownKeywords).filter((k) => matches(k, terms)).length : 0;
      if (inEnglish === 0 && inAny > 0) translated = true;
      const hits = Math.max(inEnglish + inAny, inOwn);
      if (hits > 0) labels.push({ type: t.type.id, score: noisyOr(Array<number>(hits).fill(QUESTION_WEIGHT)) });
    }
    return { labels: labels.sort((a, b) => b.score - a.score), foreign: own !== null || translated };
  }

  private scorePassage(passage: ClausePassage, similarity: readonly number[] | null, budget: ClassifyBudget | undefined, only?: ReadonlySet<string>): TypeEvidence[] {
    const text = new TextEncoder().encode(signalText(passage.text));
    const path = passage.sectionPath ?? [];
    const inner = passage.sectionTitle ?? path.at(-1) ?? null;
    const outer = path.filter((p) => p !== inner).join(' ');
    // A one-word keyword ("insurance") counts only in a short heading, not in "Representations and Warranties".
    const shortTitle = inner !== null && inner.replace(/^[\d.\s]+|[^\p{L}\s]/gu, '').trim().split(/\s+/).length <= 2;
    const row: TypeEvidence[] = [];
    for (const [j, t] of this.types.entries()) {
      if (only && !only.has(t.type.id)) continue;
      if (budget?.typeStopped(t.type.id)) {
        row.push({ type: t.type.id, score: 0, matched: [], similarity: null });
        continue;
      }
      const positive: number[] = [];
      const matched: string[] = [];
      for (const [i, k] of t.keywords().entries()) {
        const single = t.keywordTerms[i]?.length === 1;
        if (inner && k.test(inner) && (!single || shortTitle)) {
          positive.push(TITLE_WEIGHT);
          matched.push(`title: ${inner}`);
        } else if (outer && k.test(outer) && !single) {
          positive.push(OUTER_TITLE_WEIGHT);
          matched.push(`section: ${outer}`);
        }
      }
      const sim = similarity?.[j] ?? null;
      if (sim !== null && sim > this.similarityFloor) positive.push((EMBED_WEIGHT * (sim - this.similarityFloor)) / (1 - this.similarityFloor));
      // Positive signals only when the type's gate matches; negative ones whenever there is evidence to weigh.
      const signals = () => {
        const gate = t.gate();
        const open = gate ? gate.testBytes(text) : t.ungated;
        let factor = 1;
        for (const s of t.signals) {
          if (s.weight > 0 ? !open : positive.length === 0 && !open) continue;
          const pattern = s.pattern();
          if (!pattern.testBytes(text)) continue;
          matched.push(pattern.source);
          if (s.weight > 0) positive.push(s.weight);
          else factor *= 1 + s.weight;
        }
        return factor;
      };
      const against = budget ? budget.time(`type:${t.type.id}`, signals) : signals();
      row.push({ type: t.type.id, score: noisyOr(positive) * against, matched, similarity: sim });
    }
    return row.sort((a, b) => b.score - a.score);
  }

  /** Per passage, per type: the best cosine similarity to the type's examples; null without an embedder. */
  private async similarities(passages: readonly ClausePassage[], options?: JobOptions): Promise<number[][] | null> {
    if (!this.embedder || passages.length === 0) return null;
    const embedder = this.embedder;
    this.examples ??= Promise.all(this.types.map((t) => (t.type.examples.length ? embedder.embed(t.type.examples, options) : Promise.resolve([]))));
    const examples = await this.examples;
    const vectors = await embedder.embed(passages.map((p) => p.text), options);
    return vectors.map((v) => examples.map((ex) => ex.reduce((best, e) => Math.max(best, dot(v, e)), -1)));
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) s += a[i]! * b[i]!;
  return s;
}

/**
 * Drops what names a document rather than a clause: a leading "Consider the … ;", capitalised
 * titles ending in Agreement/Contract ("the Software License Agreement") and a French contract
 * named by its kind (« le contrat de licence », « l’accord de distribution et de licence »): « quelle
 * est la durée du contrat de licence nls ? » asks the term, not the licence grant.
 */
export function stripDocumentNames(question: string): string {
  const afterConsider = /^\s*consider\b[^;]*;\s*/i.test(question) ? question.replace(/^\s*consider\b[^;]*;\s*/i, '') : question;
  return afterConsider.replace(/\b(?:[A-Z][\w&.,'-]*\s+){1,8}(?:Agreement|Contract|Addendum|Amendment)\b/g, ' ').replace(FRENCH_CONTRACT_OF_KIND, ' ');
}
const FRENCH_CONTRACT_OF_KIND = /(?<![\p{L}\p{N}])(?:contrats?|accords?|conventions?)\s+(?:de\s+|d['’]\s*)[\p{L}-]+(?:\s+(?:et|ou)\s+(?:de\s+|d['’]\s*)?[\p{L}-]+)?/giu;

/**
 * Inflectional endings the French and German stemmers leave on some forms: a question's word meets
 * a keyword's when its stem is the keyword's plus such an ending ("se renouvellent" →
 * "renouvellent", the stem of "renouvellement" "renouvel" + "lent"). Only that way round and only an
 * ending: a German compound ("vertrags" of „Vertragsende“) is no match, nor a shorter stem that
 * two words share once the umlauts are folded („verlängern“ and „verlangen“ are both "verlang").
 * Without it « Quels contrats se renouvellent automatiquement ? » named no kind. A German participle's
 * "ge-" is set aside first („gekündigt“ → "kundig" + "t").
 */
const LOOSE_ENDINGS: Readonly<Record<string, RegExp>> = {
  fr: /^(?:e|es|s|x|ent|lent|le|les|er|é|ée|és|ées|ant|ons|ez|ait|aient)$/u,
  de: /^(?:e|en|er|ern|ert|et|t|te|ten|st|ung|ungen|n)$/u,
};

/** Whether a keyword's term is among a question's terms, or (read in `language`) one of them is it plus an inflectional ending (LOOSE_ENDINGS). */
function meets(term: string, words: ReadonlySet<string>, language: string | null): boolean {
  if (words.has(term)) return true;
  const ending = language ? LOOSE_ENDINGS[language] : undefined;
  if (!ending || term.length < 5) return false;
  for (const word of words) {
    // A German participle carries "ge-" before the stem: „ordentlich gekündigt“ meets „ordentliche Kündigung“ ("ge" + "kundig" + "t").
    for (const w of language === 'de' && word.startsWith('ge') ? [word, word.slice(2)] : [word]) {
      if (w.length > term.length && w.startsWith(term) && ending.test(w.slice(term.length))) return true;
    }
  }
  return false;
}
