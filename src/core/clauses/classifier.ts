/**
 * The app's one ClauseClassifier: the learned clause-kind model for the kinds it was trained on
 * (the 38 CUAD kinds of the commercial playbook), the playbooks' own signals
 * (PlaybookClassifier: section titles, weighted patterns, reference examples) for every other
 * clause type (NDA, GDPR DPA, a user's own types).
 *
 * - classify: per passage, the model's score for its kinds (0.5 = the kind's cross-validated
 *   clause threshold) and the playbook score for the others; labels under `threshold` left out.
 *   A table of contents (text/contents.ts) is no clause of any kind.
 * - each label's `presence`: how strongly the passage makes its document have the kind (the
 *   model's presence head, 0.5 = its cross-validated contract threshold; at least 0.5 where the
 *   passage states the kind's value, value-evidence.ts); a document has the kind when one of its
 *   passages is of the kind with presence ≥ 0.5 (profiles.ts hasClause).
 * - questionTypes: which kinds a question asks about: the model's question head for English (and
 *   for questions too short to tell their language), the kinds' names and keywords in the playbooks
 *   (PlaybookClassifier.questionTypes, in the question's language when it has them).
 * - kindScores / bestWindow: every kind's score per passage and where in the passage it comes
 *   from, for what builds on the kinds (typed values, highlights).
 */
import { throwIfAborted } from '../errors';
import { DEFAULT_LANGUAGE } from '../search/languages';
import { readerIdentity } from '../scan/reader';
import { isContentsPassage } from '../text/contents';
import { expandShorthand } from '../text/shorthand';
import type { ClauseClassifier, ClauseLabel, ClausePassage, JobOptions, QuestionOptions, SufficiencyWeights } from '../ports';
import { PlaybookClassifier, DEFAULT_CLAUSE_THRESHOLD, noisyOr, QUESTION_WEIGHT, type ClassifierOptions } from '../scan/classify';
import type { ClauseType } from '../scan/playbook';
import type { ClauseKindModel } from './model';
import { withStatedValues, withValueEvidence } from './value-evidence';
import { addLogits, countsAsAsked, logit } from './question-rule';
import { questionSaysKind } from './kind-words';
import { asksOnlyFor, KIND_OF_VALUE, valueKindOf } from '../values/extract';
import type { ValueKind } from '../values/types';

export interface KindWindow {
  readonly kind: string;
  readonly score: number;
  /** [start, end) offsets of the window in the passage text. */
  readonly start: number;
  readonly end: number;
}

/** A question's second kind counts when its probability is at least this share of the first's. */
const SECOND_KIND_SHARE = 0.8;

/** The language the model's words are in (its training contracts and labels are English). */
const MODEL_LANGUAGE = DEFAULT_LANGUAGE;

/** Evidence of a kind's keyword in the text of a passage in another language (its title's is 0.55: scan/classify.ts). */
const TEXT_KEYWORD_WEIGHT = 0.5;

/** Passages scored between checks for cancellation. */
const BATCH = 16;

export class LearnedClauseClassifier implements ClauseClassifier {
  /** The playbook signals of the types the model does not know (null: none). */
  private readonly playbook: PlaybookClassifier | null;
  /**
   * The model's kinds' playbook signals (titles in every language, patterns, keywords; null: no types
   * given): what the presence logit adds, and what scores a passage in a language the model was not
   * trained on.
   */
  private readonly signals: PlaybookClassifier | null;
  /** The types' names and keywords, for questions. */
  private readonly names: PlaybookClassifier;
  /** Clause type id → its name (for what the ask path writes: "No passage … is a cap on liability clause"). */
  private readonly typeNames: ReadonlyMap<string, string>;
  /** Clause type id → its names in other languages (the first keyword written in each). */
  private readonly typeNamesIn: ReadonlyMap<string, Readonly<Record<string, string>>>;
  private readonly threshold: number;
  /**
   * The embedder the playbook's own types are read with, if any; part of the identity even when
   * every type is the model's, as the app keys a scan by the embedder loaded without knowing that.
   */
  private readonly embedderId: string | null;
  /** Model kinds this classifier reports (those of its clause types, or all the model knows). */
  private readonly kinds: readonly { readonly id: string; readonly k: number }[];

  /**
   * `clauseTypes`: the types to report; those the model knows are scored by it, the others by
   * their playbook signals. Without clause types, every kind of the model.
   */
  constructor(readonly model: ClauseKindModel, clauseTypes: readonly ClauseType[] = [], options: ClassifierOptions = {}) {
    this.threshold = options.threshold ?? DEFAULT_CLAUSE_THRESHOLD;
    this.embedderId = options.embedder?.model.id ?? null;
    const known = clauseTypes.length > 0 ? clauseTypes.map((t) => t.id).filter((id) => model.knows(id)) : model.kinds;
    this.kinds = [...new Set(known)].map((id) => ({ id, k: model.indexOf(id) }));
    const others = clauseTypes.filter((t) => !model.knows(t.id));
    this.playbook = others.length > 0 ? new PlaybookClassifier(others, options) : null;
    // Signals and titles only, never an embedder: the weight was learnt on them alone.
    const modelTypes = clauseTypes.filter((t) => model.knows(t.id));
    this.signals = modelTypes.length > 0 ? new PlaybookClassifier(modelTypes) : null;
    this.names = new PlaybookClassifier(clauseTypes.map((t) => ({ ...t, signals: [], examples: [] })), options.questionLanguage ? { questionLanguage: options.questionLanguage } : {});  // as builtin.ts questionClassifier()
    this.typeNames = new Map(clauseTypes.map((t) => [t.id, t.name]));
    this.typeNamesIn = new Map(clauseTypes.map((t) => [t.id, Object.fromEntries(Object.entries(t.keywordsByLanguage ?? {}).flatMap(([language, words]) => (words[0] ? [[language, words[0]]] : [])))]));
  }

  /**
   * Compiles now what classifying passages compiles on first use (the playbook signals' gates and
   * title keywords of the kinds the model does not know), so the first question does not wait for it.
   */
  warm(): void {
    this.playbook?.warm();
  }

  async classify(passages: readonly ClausePassage[], options?: JobOptions): Promise<ClauseLabel[][]> {
    // A table of contents names clause kinds without being a clause of any: neither scorer reads it.
    const contents = passages.map((p) => isContentsPassage(p.text));
    const clauses = passages.filter((_, i) => !contents[i]);
    const learned = await this.scoreKinds(clauses, options);
    const others = await this.playbookScores(clauses, options);
    let j = 0;
    return contents.map((isContents) => {
      if (isContents) return [];
      const labels = [...(learned[j] ?? []), ...(others[j] ?? [])];
      j++;
      return labels.filter((l) => l.score >= this.threshold).sort((a, b) => b.score - a.score);
    });
  }

  /** Every model kind's score for each passage (all kinds, weak ones included), highest first; 0 for each kind of a table of contents. */
  async kindScores(passages: readonly ClausePassage[], options?: JobOptions): Promise<ClauseLabel[][]> {
    const none = () => this.kinds.map(({ id }) => ({ type: id, score: 0, presence: 0 }));
    const contents = passages.map((p) => isContentsPassage(p.text));
    const scored = await this.scoreKinds(passages.filter((_, i) => !contents[i]), options);
    let j = 0;
    return contents.map((isContents) => (isContents ? none() : scored[j++]!));
  }

  private async scoreKinds(passages: readonly ClausePassage[], options?: JobOptions): Promise<ClauseLabel[][]> {
    const out: ClauseLabel[][] = [];
    for (const [i, passage] of passages.entries()) {
      if (i % BATCH === 0) throwIfAborted(options?.signal, 'clause classification');
      if (this.signals && !this.readsLanguage(passage.language)) {
        // The model's English stems read noise in another language: the types' titles and keywords in it decide.
        const evidence = new Map(this.signals.signalEvidence(passage).map((e) => [e.type, e.score]));
        const named = this.signals.keywordsInText(passage.text, passage.language!);
        const score = (id: string) => noisyOr([evidence.get(id) ?? 0, named.has(id) ? TEXT_KEYWORD_WEIGHT : 0]);
        const labels = this.kinds.map(({ id }) => ({ type: id, score: score(id), presence: score(id) }));
        out.push(withStatedValues(labels, passage.text).sort((a, b) => b.score - a.score));
        continue;
      }
      const { scores, presence } = this.model.scorePassage(passage);
      const labels = this.kinds.map(({ id, k }) => ({ type: id, score: scores[k]!, presence: presence[k]! }));
      out.push(withValueEvidence(this.withPresenceSignals(labels, passage), passage.text).sort((a, b) => b.score - a.score));
    }
    return out;
  }

  /** Whether the model reads a passage in `language` (it learnt English; a passage of unknown language is read as English). */
  private readsLanguage(language: string | null | undefined): boolean {
    return !language || language === MODEL_LANGUAGE;
  }

  /**
   * The labels' presence with the playbook's signals for their kinds added, as the model was
   * trained to weigh them (the file's presenceSignalWeight; unchanged when it has none): for the
   * kinds the passage is of (score ≥ 0.5, the clause threshold), as the trainer counts a passage
   * towards its contract only then; the signals are read for those kinds alone.
   */
  withPresenceSignals(labels: readonly ClauseLabel[], passage: ClausePassage): ClauseLabel[] {
    const weight = this.model.model.presenceSignalWeight;
    const of = new Set(labels.filter((l) => l.presence !== undefined && l.score >= 0.5).map((l) => l.type));
    if (!this.signals || weight <= 0 || of.size === 0) return [...labels];
    const signal = new Map(this.signals.signalEvidence(passage, of).map((e) => [e.type, e.score]));
    return labels.map((l) => (of.has(l.type) ? { ...l, presence: addLogits(l.presence!, weight * (signal.get(l.type) ?? 0)) } : l));
  }

  /** The port's kindWindow: the best window's offsets (null: the model does not know the kind, or no window). */
  kindWindow(passage: ClausePassage, kind: string): { readonly start: number; readonly end: number } | null {
    // A passage in a language the model does not read was classified by the playbook's signals, not by windows.
    return this.readsLanguage(passage.language) ? this.bestWindow(passage, kind) : null;
  }

  /** Where in the passage a kind reads strongest: the best window and its score (null: the model does not know the kind, or no window). */
  bestWindow(passage: ClausePassage, kind: string): KindWindow | null {
    const k = this.model.indexOf(kind);
    if (k < 0) return null;
    const { scores, best, windows } = this.model.scorePassage(passage);
    const w = windows[best[k]!];
    return w ? { kind, score: scores[k]!, start: w.start, end: w.end } : null;
  }

  get sufficiencyThreshold(): number | undefined {
    return this.model.model.sufficiencyThreshold ?? undefined;
  }

  get sufficiencyWeights(): SufficiencyWeights | undefined {
    return this.model.model.sufficiencyWeights ?? undefined;
  }

  get reviewPresenceOffset(): number {
    return this.model.model.reviewPresenceOffset;
  }

  /** The model's identity, and the embedder's when one is given (scan/reader.ts: part of a scan's key). */
  get identity(): string {
    return readerIdentity(this.model.id, this.embedderId);
  }

  /**
   * The kinds a question asks about: the question head's first kind (and a second one close to
   * it) at or above the model's question threshold, and the kinds whose names the question uses
   * (a kind the model does not know, a file without a question head).
   */
  async questionTypes(asked: string, options?: QuestionOptions): Promise<ClauseLabel[]> {
    const question = expandShorthand(asked);
    // The question head learnt English questions: a question written in another language is read
    // by the kinds' names in its language only (its words are unknown to the head, which would
    // name a kind for the names of parties and numbers alone).
    const { labels: named, foreign } = this.names.questionNames(question, options);
    const p = foreign ? null : this.model.questionScores(question);
    const wordsAsk = valueKindOf(question);
    if (!p) {
      // Naming no kind by the playbook's words, it may still ask a value whose kind its own words
      // tell, read as written (values/extract.ts): „Welche Verträge verlängern sich automatisch?“
      // asks the renewal term, where the stems of „verlängern“ and „verlangen“ are one.
      const byValue = named.length === 0 && wordsAsk ? KIND_OF_VALUE[wordsAsk] : undefined;
      return (byValue ? [{ type: byValue, score: QUESTION_WEIGHT }] : named).map((l) => this.withNames(l));
    }
    // The words settle a torn head only when they ask the value and name nothing else.
    const learned = this.askedKinds(p, wordsAsk && asksOnlyFor(question, wordsAsk) ? wordsAsk : null).filter((l) => questionSaysKind(question, l.type));
    const byType = new Map<string, ClauseLabel>();
    for (const l of [...learned, ...named.filter((l) => !this.model.knows(l.type) || learned.length === 0)]) {
      const have = byType.get(l.type);
      if (!have || l.score > have.score) byType.set(l.type, l);
    }
    return [...byType.values()].sort((a, b) => b.score - a.score).map((l) => this.withNames(l));
  }

  /**
   * The head's kinds that count as asked: the first by the model's rule (question-rule.ts), and
   * the second too when it is close to the first ("how long does it run?": the warranty 0.84, the
   * expiration date 0.69).
   */
  private askedKinds(p: Float32Array, wordsAsk: ValueKind | null): ClauseLabel[] {
    const ranked = this.kinds.map(({ id, k }) => ({ type: id, score: p[k]!, learned: true })).sort((a, b) => b.score - a.score);
    const [first, second] = ranked;
    if (!first) return [];
    const { questionThreshold, questionMargin } = this.model.model;
    const lead = second ? logit(first.score) - logit(second.score) : Number.POSITIVE_INFINITY;
    if (!countsAsAsked({ p: first.score, lead }, { threshold: questionThreshold, margin: questionMargin })) {
      // Torn between two kinds, the head counts neither; the words may settle it: "how long does
      // it last?" read the expiration date 0.711 and the renewal term 0.710, and "how long" asks
      // the term's end (values/extract.ts valueKindOf).
      const settled = wordsAsk ? KIND_OF_VALUE[wordsAsk] : undefined;
      const chosen = [first, second].find((l) => l !== undefined && l.type === settled);
      return chosen ? [chosen] : [];
    }
    return second && second.score >= SECOND_KIND_SHARE * first.score ? [first, second] : [first];
  }

  /** The label with its kind's names, for what the ask path writes. */
  private withNames(l: ClauseLabel): ClauseLabel {
    const name = this.typeNames.get(l.type);
    if (name === undefined) return l;
    const names = this.typeNamesIn.get(l.type);
    return { ...l, name, ...(names && Object.keys(names).length > 0 ? { names } : {}) };
  }

  private async playbookScores(passages: readonly ClausePassage[], options?: JobOptions): Promise<ClauseLabel[][]> {
    if (!this.playbook) return passages.map(() => []);
    const evidence = await this.playbook.evidence(passages, options);
    return evidence.map((row) => row.map(({ type, score }) => ({ type, score })));
  }
}
