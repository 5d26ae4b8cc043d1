/**
 * The clause kind a question asks about, as evidence for ranking and sufficiency: the passages
 * retrieved (and their context) are classified once; a passage of the asked kind moves up among
 * the candidates ("is there a cap on liability?" prefers the limitation-of-liability clause over
 * the insurance clause that mentions liability as often), and the sufficiency check asks whether
 * any passage shown is of that kind.
 *
 *   order score = retrieval score / best retrieval score + CLAUSE_RANK_WEIGHT · clause score
 */
import { DocumentKindProfiles, type KindProfile } from '../clauses/profiles';
import { chunkPassage } from './chunk-passage';
import { questionParts } from './question-parts';
import type { ClauseClassifier, ClauseLabel, JobOptions, QuestionOptions } from '../ports';
import type { PipelinePassage, SelectionOptions } from '../search-types';
import { select } from '../search/select';
import { AMOUNT_VALUES, askedValue, asksAmount, KIND_OF_VALUE, VALUE_OF_KIND, valueKindOf, VALUES_ASKED_OF_KIND } from '../values/extract';
import type { ChunkRecord } from '../types';

/**
 * Weight of the clause score (0..1) against the normalised retrieval score, within the documents
 * a question names: heavy, so that a passage the model reads as the asked kind comes first and
 * retrieval orders the passages the model reads alike. Chosen on the corpus-large train split
 * in lawyers' wording (app scope, R@1 / R@5) with the clause scores out of fold (each contract's
 * passages scored by the model of the fold that did not see it; `npm run train`'s folds):
 * weight 2 75.0 / 91.3, 3 77.5 / 91.4, 4 78.7 / 91.5, 6 79.7 / 91.7, 8 80.6 / 91.7, 12 80.0 / 91.7;
 * with a question head that never saw that wording (as for questions written otherwise) 2 66.1 /
 * 82.9, 4 68.1 / 82.5, 6 68.1 / 82.6, 8 69.0 / 82.6; templated wording 2 80.6 / 94.9, 4 83.5 /
 * 95.3. On the dev set 2 83.7 / 96.9, 4 85.7 / 96.9, 6 87.8 / 96.9, 8 87.8 / 95.9: 6, the
 * heaviest that keeps every R@5.
 */
export const CLAUSE_RANK_WEIGHT = 6;
/**
 * The weight across the whole workspace: equal with retrieval (on the dev set MRR 78.8 without
 * clause evidence, 79.9 / 80.8 / 82.3 / 82.4 with weights 0.25 / 0.5 / 1 / 2). One slot per
 * document there, and a heavier clause weight fills them with that kind's clause of every
 * contract, pushing out a passage whose own words answer (an amendment redefining "material
 * breach" for "termination for material breach").
 */
export const WORKSPACE_CLAUSE_RANK_WEIGHT = 1;

/**
 * A passage of a document read whole joins the candidates when the model reads it as the asked
 * kind at least this surely (0.5: the kind's own clause threshold; weaker passages are what is
 * left of a document that lacks the kind, and would only crowd the closest passages).
 */
const KIND_PASSAGE_MIN_SCORE = 0.5;

/**
 * A passage's clause evidence when the model alone reads it as the asked kind — its presence
 * below 0.5, so neither the playbook's cues back it nor is the model very sure: at most this. A
 * short passage of another clause often scores high for a kind it is not ("Material breach. A
 * breach is material only if it is not remedied within sixty (60) days of notice." 0.89 as a cap
 * on liability, presence 0.13), and at the full clause weight it outranked the clause asked about.
 * Chosen on the train split in lawyers' wording with out-of-fold clause scores (`npm run eval --
 * --oof`), R@1 / MRR: no cap 85.3 / 89.9, 0.8 87.2 / 91.0, 0.7 87.7 / 91.2, 0.6 86.7 / 90.6, 0.5
 * 86.1 / 90.1, 0 85.7 / 89.7 (templated 87.7 → 88.6, plain 89.0 → 89.7 at 0.7). The hand-written
 * train questions moved both ways and not in sum (R@1 at 0.7: 84.1 → 82.5, 64.3 → 73.8, 83.3 →
 * 80.0, 73.3 → 70.0 on 63 / 42 / 60 / 60 questions; at 0.8 85.7, 69.0, 81.7, 70.0).
 */
const UNSURE_RANK_CAP = 0.7;

/** What a label weighs in the ranking: its clause score, capped when it is not sure (UNSURE_RANK_CAP). */
function rankScore(label: ClauseLabel): number {
  return (label.presence ?? label.score) >= 0.5 ? label.score : Math.min(label.score, UNSURE_RANK_CAP);
}

/**
 * Documents in scope read whole for the asked kind at most (more: only the passages retrieved);
 * a workspace of no more documents is read whole for a question that names none (ask.ts).
 */
export const MAX_DOCUMENTS_READ_WHOLE = 5;

export interface ClauseEvidence {
  /** The clause kinds the question asks about (empty: none, or no classifier). */
  readonly asked: readonly ClauseLabel[];
  /** Best score of an asked kind per chunk id (passages and their context). */
  readonly scores: ReadonlyMap<string, number>;
  /**
   * The documents in scope read whole: the best passage's presence for an asked kind (0.5 = the
   * kind's contract threshold: at or above, the document has such a clause; profiles.ts);
   * null when not judged (no kind asked, the workspace or too many documents in scope,
   * or no way to read whole documents).
   */
  readonly inScope: number | null;
  /**
   * Passages of the documents read whole that read most like a clause of an asked kind (chunk
   * id → clause score), so a clause the question's words miss ("can we walk away early?" for a
   * termination-for-convenience clause that says "upon ninety days' notice") is still a candidate.
   */
  readonly kindPassages: ReadonlyMap<string, number>;
  /**
   * The asks of a question that joins several (question-parts.ts), each with the kinds it asks
   * (`asked` is their union, in the question's order); one part for a question asking one thing.
   * Absent: one part, the whole question, asking `asked`.
   */
  readonly parts?: readonly AskedPart[];
}

export interface AskedPart {
  readonly question: string;
  readonly asked: readonly ClauseLabel[];
  /** Of a question joining several asks: the best score of this part's kinds per chunk id (as `scores`). */
  readonly scores?: ReadonlyMap<string, number>;
  /** Of a question joining several asks: as `inScope`, for this part's kinds. */
  readonly inScope?: number | null;
}

export const NO_CLAUSE_EVIDENCE: ClauseEvidence = { asked: [], scores: new Map(), inScope: null, kindPassages: new Map() };

/** Where the ask path can read every chunk of a document in scope (AskDeps.chunks). */
export interface WholeDocuments {
  readonly documentIds: readonly string[];
  chunks(documentId: string): Promise<readonly ChunkRecord[]>;
  /** The document's language, when known (its passages are read in it). */
  language?(documentId: string): string | null;
}

const profilesOf = new WeakMap<ClauseClassifier, DocumentKindProfiles>();

/**
 * Classifies the passages and their context for the kinds `query` asks about (the question
 * without the words naming its documents), and, given `whole`, every passage of the documents
 * in scope (cached per document).
 */
/**
 * The kinds asked, as the question's words settle what a bag of words cannot: "what's the notice
 * period to terminate the MSA?" is CUAD's "notice period to terminate renewal" without the renewal,
 * and the head reads it so; with no renewal in the words (values/extract.ts valueKindOf), the
 * notice to end the contract is asked, which the termination clause states.
 */
export function askedByWords(query: string, read: readonly ClauseLabel[]): ClauseLabel[] {
  // A sum asked with no word for a date, a length or a law ("what is the initial franchise
  // fee?"): a kind whose value is one of those is not what is asked, whatever the head reads in
  // "initial" (it read the expiration date: a walkthrough's question answered "The initial term
  // ends: 50 years after the Effective Date").
  const asked = asksAmount(query) && valueKindOf(query) === null ? read.filter((l) => !statesOtherThanAmount(l.type)) : read;
  const [first, ...rest] = asked;
  if (!first) return [];
  const lead = (type: string): ClauseLabel[] => [{ ...first, type }, ...rest.filter((l) => l.type !== type)];
  if (first.type === 'notice_period_to_terminate_renewal' && valueKindOf(query) === 'termination_notice') return lead('termination_for_convenience');
  // The words settle the value over the head's kind ("how long does the supply agreement run?" is
  // the agreement's term, whatever the head reads in "run"; "which state's law governs our licence
  // deal?" the law, not the licence): the passages are ranked and judged by the kind stating it.
  const value = askedValue(query, asked);
  const kind = value === null ? undefined : KIND_OF_VALUE[value];
  return kind && kind !== first.type && !VALUES_ASKED_OF_KIND[first.type]?.includes(value!) ? lead(kind) : [...asked];
}

/** The kind states a value that is no sum (a law, a date, a length). */
function statesOtherThanAmount(type: string): boolean {
  const value = VALUE_OF_KIND[type];
  return value !== undefined && !AMOUNT_VALUES.has(value);
}

export async function clauseEvidence(classifier: ClauseClassifier, query: string, passages: readonly PipelinePassage[], options: QuestionOptions = {}, whole: WholeDocuments | null = null): Promise<ClauseEvidence> {
  const parts: AskedPart[] = [];
  for (const part of questionParts(query)) parts.push({ question: part, asked: askedByWords(part, await classifier.questionTypes(part, options)) });
  const asked = parts.flatMap((p) => p.asked).filter((l, i, all) => all.findIndex((x) => x.type === l.type) === i);
  const read = asked.length > 0 && whole ? await wholeDocuments(classifier, asked, whole, options) : null;
  const inScope = read?.best ?? null;
  const kindPassages = read?.passages ?? new Map<string, number>();
  // Of a question joining several asks, each part's own evidence (its kinds only).
  const partsWith = (scoresOf: (kinds: readonly ClauseLabel[], passagesOfKinds: ReadonlyMap<string, number>) => Map<string, number>) =>
    parts.length > 1 ? parts.map((p) => ({ ...p, scores: scoresOf(p.asked, read?.ofKinds(p.asked) ?? new Map()), inScope: read?.presence(p.asked) ?? null })) : parts;
  if (asked.length === 0 || passages.length === 0) return { asked, scores: new Map(kindPassages), inScope, kindPassages, parts: partsWith((_, kinds) => new Map(kinds)) };
  const chunks = [...new Map(passages.flatMap((p) => [p.chunk, ...p.context.before, ...p.context.after]).map((c) => [c.id, c])).values()];
  const languageOf = new Map(passages.map((p) => [p.documentId, p.document.language ?? null]));
  const labels = await classifier.classify(
    chunks.map((c) => ({ text: c.text, sectionPath: c.sectionPath, sectionTitle: c.sectionTitle, language: languageOf.get(c.documentId) ?? null })),
    options,
  );
  const scoresOf = (kinds: readonly ClauseLabel[], passagesOfKinds: ReadonlyMap<string, number>) => {
    const wanted = new Set(kinds.map((a) => a.type));
    const scores = new Map(chunks.map((c, i) => [c.id, Math.max(0, ...(labels[i] ?? []).filter((l) => wanted.has(l.type)).map(rankScore))]));
    for (const [id, score] of passagesOfKinds) if (!scores.has(id)) scores.set(id, score);
    return scores;
  };
  return { asked, scores: scoresOf(asked, kindPassages), inScope, kindPassages, parts: partsWith(scoresOf) };
}

interface WholeRead {
  /** The best presence of an asked kind in the documents read. */
  readonly best: number;
  /** Their passages reading as an asked kind (chunk id → clause score). */
  readonly passages: Map<string, number>;
  /** The same, of some of the asked kinds only. */
  ofKinds(kinds: readonly ClauseLabel[]): Map<string, number>;
  /** `best`, of some of the asked kinds only. */
  presence(kinds: readonly ClauseLabel[]): number;
}

async function wholeDocuments(classifier: ClauseClassifier, asked: readonly ClauseLabel[], whole: WholeDocuments, options: JobOptions): Promise<WholeRead | null> {
  if (whole.documentIds.length === 0 || whole.documentIds.length > MAX_DOCUMENTS_READ_WHOLE) return null;
  let profiles = profilesOf.get(classifier);
  if (!profiles) profilesOf.set(classifier, (profiles = new DocumentKindProfiles(classifier)));
  const read: KindProfile[] = [];
  for (const id of whole.documentIds) read.push(await profiles.profile(id, await whole.chunks(id), options, whole.language?.(id) ?? null));
  const ofKinds = (kinds: readonly ClauseLabel[]) => {
    const passages = new Map<string, number>();
    for (const profile of read)
      for (const a of kinds) for (const t of profile.top.get(a.type) ?? []) if (t.score >= KIND_PASSAGE_MIN_SCORE) passages.set(t.chunkId, Math.max(passages.get(t.chunkId) ?? 0, t.score));
    return passages;
  };
  const presence = (kinds: readonly ClauseLabel[]) => Math.max(0, ...read.flatMap((profile) => kinds.map((a) => profile.best.get(a.type) ?? 0)));
  return { best: presence(asked), passages: ofKinds(asked), ofKinds, presence };
}

/**
 * The retrieved passages with the documents' passages of the asked kind that retrieval missed,
 * made into passages of the response (no retrieval score: their clause score orders them).
 */
export async function withKindPassages(passages: readonly PipelinePassage[], evidence: ClauseEvidence, whole: WholeDocuments | null, documentOf: (id: string) => PipelinePassage['document'] | null): Promise<PipelinePassage[]> {
  if (!whole || evidence.kindPassages.size === 0) return [...passages];
  const have = new Set(passages.map((p) => p.chunkId));
  const out = [...passages];
  for (const documentId of whole.documentIds) {
    const document = documentOf(documentId);
    if (!document) continue;
    const chunks = [...(await whole.chunks(documentId))].sort((a, b) => a.seq - b.seq);
    chunks.forEach((chunk, i) => {
      if (have.has(chunk.id) || !evidence.kindPassages.has(chunk.id)) return;
      have.add(chunk.id);
      out.push(chunkPassage(chunks, i, document, { score: 0, rank: out.length + 1, before: 1 }));
    });
  }
  return out;
}

/** The passages in order of retrieval and clause evidence, selected again (top k, per-file limit) and renumbered. */
export function rankByClause(passages: readonly PipelinePassage[], evidence: ClauseEvidence, selection: SelectionOptions, weight = CLAUSE_RANK_WEIGHT): PipelinePassage[] {
  let ordered = [...passages];
  if (evidence.asked.length > 0 && passages.length > 1) {
    const best = Math.max(...passages.map((p) => p.score));
    const score = (p: PipelinePassage) => (best > 0 ? p.score / best : 0) + weight * (evidence.scores.get(p.chunkId) ?? 0);
    ordered = passages.map((p, i) => ({ p, s: score(p), i })).sort((a, b) => b.s - a.s || a.i - b.i).map((x) => x.p);
  }
  return select(ordered, { ...selection, minScore: Number.NEGATIVE_INFINITY }).map((p, i) => ({ ...p, rank: i + 1 }));
}

/** The question's asks with the kinds each asks (one, the whole question, when it asks one thing). */
export function askedParts(evidence: ClauseEvidence, question: string): readonly AskedPart[] {
  return evidence.parts && evidence.parts.length > 0 ? evidence.parts : [{ question, asked: evidence.asked }];
}

/** Best score of an asked kind among the chunks (0 when none has it). */
export function bestClauseScore(evidence: ClauseEvidence, chunks: readonly ChunkRecord[]): number {
  return Math.max(0, ...chunks.map((c) => evidence.scores.get(c.id) ?? 0));
}
