/**
 * The ask function: one question → scope → retrieval query → retrieval in scope → sufficiency →
 * a typed result (answered | insufficient | needs_clarification). The UI, the answer layer and
 * `npm run eval` (its `app` scope) all call this, with the same defaults, so the evaluation
 * measures what users get.
 *
 * Selection follows the scope: a question about one document shows several passages of it (the
 * per-file limit only keeps one long document from filling every slot of a workspace-wide
 * search); a few documents share the slots; the workspace keeps the settings' per-file limit,
 * unless it holds no more documents than a question may name and have read whole (five): a
 * question naming none is then searched as if it named them all.
 */
import { throwIfAborted } from '../errors';
import type { JobOptions } from '../ports';
import { DEFAULT_PIPELINE } from '../search/pipeline';
import type { NamedDocument, PipelinePassage, PipelineSettings } from '../search-types';
import { foldedWords } from '../search/doc-handles';
import { detectQueryLanguage } from '../search/query-language';
import { groupCopies } from '../search/resolve-doc';
import { DEFAULT_SELECTION } from '../search/select';
import { DEFAULT_SUFFICIENCY_THRESHOLD } from '../search/sufficiency';
import { kindSentences } from './kind-sentences';
import { askedValue, extractValue, VALUE_WORDS, valueContext } from '../values/extract';
import { askedParts, type AskedPart, CLAUSE_RANK_WEIGHT, clauseEvidence, MAX_DOCUMENTS_READ_WHOLE, NO_CLAUSE_EVIDENCE, rankByClause, WORKSPACE_CLAUSE_RANK_WEIGHT, withKindPassages } from './clause-rank';
import { shownParties } from '../ingest/identity/label';
import { withStatedPassages } from './stated-passages';
import { languageScope, preferringLanguage } from './language-preference';
import { dropCopyRepeats } from './copies';
import { describingWords } from './described-document';
import { planScope } from './scope';
import { offeringWiderScope } from './wider-scope';
import { judgeSufficiency, kindNames } from './sufficiency';
import { sufficiencyTexts, type SufficiencyTexts } from './sufficiency-texts';
import { quoted } from '../text/quotes';
import type { Asker, AskDeps, AskFunction, AskPart, AskRequest, AskResult } from './types';
import type { AskScope } from '../answer-types';
import type { ValueKind } from '../values/types';

/** Candidates fetched per passage shown (at least MIN_CANDIDATES), for re-ranking and repeats. */
const CANDIDATES_PER_SLOT = 3;
const MIN_CANDIDATES = 15;

const askInScope: AskFunction = async (request: AskRequest, deps: AskDeps, options: JobOptions = {}): Promise<AskResult> => {
  const { signal } = options;
  throwIfAborted(signal, 'ask');
  const question = request.question;
  const documents = await deps.documents();
  const terms = deps.terms ? await deps.terms(questionWords(question)) : undefined;
  throwIfAborted(signal, 'ask');
  const questionLanguage = request.context?.language ?? detectQueryLanguage(question);
  const planned = planScope(question, documents, request.context ?? {}, { ...(terms ? { terms } : {}), language: questionLanguage });
  const plan = planned.kind === 'search' && !request.context?.anyLanguage ? { ...planned, scope: languageScope(planned.scope, question, documents) } : planned;
  if (plan.kind === 'clarify') {
    return {
      outcome: 'needs_clarification',
      question,
      retrievalQuery: plan.query,
      // "Mehrere Dokumente kommen in Frage: …" for a German question, whatever the app's language.
      language: questionLanguage,
      scope: plan.scope,
      passages: [],
      passageLabel: null,
      sufficiency: null,
      candidates: plan.candidates,
      clarification: plan.clarification,
      response: null,
    };
  }
  const inScope = documents.filter((d) => plan.scope.documentIds.includes(d.id));
  // A workspace of a few documents is searched as a question naming them all would search it: read
  // whole for the asked clause kind, several passages of each shown, the clause kind weighing as
  // within named documents. "does it renew?" over the one contract opened finds the clause that
  // says "shall automatically be extended", which shares no word with the question.
  const focus = inScope.length > 0 ? inScope : documents.length <= MAX_DOCUMENTS_READ_WHOLE ? documents : [];
  const settings = scopedSettings(request.settings ?? DEFAULT_PIPELINE, groupCopies(focus).length);
  const selection = settings.selection;
  // More candidates than slots: the asked clause kind can move one up, repeats across copies drop out.
  const fetch = {
    ...settings,
    selection: { ...selection, topK: Math.max(selection.topK * CANDIDATES_PER_SLOT, MIN_CANDIDATES), perFile: selection.perFile * CANDIDATES_PER_SLOT },
  };
  const filters = plan.scope.documentIds.length > 0 ? { documentIds: plan.scope.documentIds } : {};
  const response = await deps.retriever.search({ text: plan.query, filters, settings: fetch, ...(request.context?.language ? { language: request.context.language } : {}) }, { signal });
  throwIfAborted(signal, 'ask');
  // The clause kind asked about is read from the question without the words naming its documents
  // (a name calling the document an agreement reads "agreement": scope.ts kindQuery).
  const whole = deps.chunks ? { documentIds: focus.map((d) => d.id), chunks: (id: string) => deps.chunks!(id), language: (id: string) => documents.find((d) => d.id === id)?.language ?? null } : null;
  // A flow's item is read in the whole question's language (its content alone may be too short to tell).
  const clauses = deps.classifier ? await clauseEvidence(deps.classifier, plan.kindQuery || question, response.passages, { signal, ...(request.context?.language ? { language: request.context.language } : {}) }, whole) : NO_CLAUSE_EVIDENCE;
  throwIfAborted(signal, 'ask');
  // Passages of the asked kind that the question's words missed join the candidates (a lawyer's
  // "can we walk away early?" for a clause that says "upon ninety days' notice").
  // A document read whole (in scope, or of a small workspace) whose text shares no word with the
  // question still offers its passages of the kind.
  const retrieved = new Map(response.passages.map((p) => [p.documentId, p.document]));
  const byId = new Map(documents.map((d) => [d.id, d]));
  const documentOf = (id: string) => retrieved.get(id) ?? passageDocument(byId.get(id));
  // Read without the words naming the documents, as the kind is ("… between Baoding Fengfan Group
  // Limited Liability Company …; when does the initial term expire?" asks no liability cap).
  // A question joining several asks may ask a value in each ("how long does it run and does it renew?").
  const parts = askedParts(clauses, plan.kindQuery || question);
  const valuesAsked = deps.classifier ? [...new Set(parts.map((p) => askedValue(p.question, p.asked)))].filter((v): v is ValueKind => v !== null) : [];
  const valueAsked = valuesAsked[0] ?? null;
  // The preamble that dates the contract, for "when does it take effect?" (stated-passages.ts).
  const { passages: candidates, stated } = await withStatedPassages(await withKindPassages(response.passages, clauses, whole, documentOf), valuesAsked, whole, focus, documentOf);
  const evidence = stated.length > 0 ? { ...clauses, scores: new Map([...clauses.scores, ...stated.map((id) => [id, 1] as const)]) } : clauses;
  const weight = focus.length > 0 ? CLAUSE_RANK_WEIGHT : WORKSPACE_CLAUSE_RANK_WEIGHT;
  const passages = rankByClause(dropCopyRepeats(candidates, documents), evidence, selection, weight);
  const texts = sufficiencyTexts(response.explanation.queryLanguage);
  const scope = scopeName(plan.scope, documents, texts);
  const sufficiency = judgeSufficiency({
    response,
    passages,
    question,
    scopeName: scope,
    language: response.explanation.queryLanguage,
    clauses,
    threshold: deps.sufficiencyThreshold ?? deps.classifier?.sufficiencyThreshold ?? DEFAULT_SUFFICIENCY_THRESHOLD,
    ...(deps.classifier?.sufficiencyWeights ? { weights: deps.classifier.sufficiencyWeights } : {}),
    ...(valueAsked ? { valueWords: [...new Set(valuesAsked.flatMap((v) => VALUE_WORDS[v]))], valueKind: valueAsked } : {}),
    scopeLanguages: (inScope.length > 0 ? inScope : documents).map((d) => d.language ?? null),
  });
  // A question joining several asks is answered when one of them asks a value that a passage
  // shown states, whatever the others find: "does it have a non-compete and when does it take
  // effect?" states the effective date and says no passage is a non-compete clause.
  const answered = sufficiency.score >= sufficiency.threshold || (parts.length > 1 && parts.some((p) => statesValue(askedValue(p.question, p.asked), passages)));
  const asks = parts.length > 1 ? partsOfQuestion(parts, answered ? passages : null, texts, scopeName(plan.scope, documents, texts, false)) : null;
  const sentences = answered && deps.classifier && clauses.asked.length > 0 ? await kindSentences(deps.classifier, clauses.asked, passages, { signal }) : null;
  throwIfAborted(signal, 'ask');
  return {
    outcome: answered ? 'answered' : 'insufficient',
    question,
    retrievalQuery: plan.query,
    language: response.explanation.queryLanguage ?? null,
    scope: plan.scope,
    passages,
    passageLabel: passages.length === 0 ? null : answered ? 'evidence' : 'closest',
    sufficiency,
    candidates: [],
    clarification: null,
    ...(sentences ? { kindSentences: sentences } : {}),
    ...(asks ? { asks } : {}),
    ...(deps.classifier ? { askedValue: valueAsked } : {}),
    response,
  };
};

/**
 * The ask function: a question in one language prefers documents in it (language-preference.ts);
 * a follow-up that nothing in its scope answers says which other documents do (wider-scope.ts).
 */
export const ask: AskFunction = offeringWiderScope(preferringLanguage(askInScope));

/** An ask function (default: ask) bound to its dependencies, as a turn or a flow item asks. */
export function bindAsk(fn: AskFunction, deps: AskDeps): Asker {
  return { ask: (request, options) => fn(request, deps, options), documents: () => deps.documents() };
}

/**
 * The asks of a question joining several, each with the value it asks and, when the question is
 * answered (`passages`: those shown), whether any passage shown (or its context) reads as the
 * kind it asks about, in the question's language: "how long does it run and is there a
 * non-compete?" answered with the term says that no passage is a non-compete clause, rather than
 * leave the second ask unanswered in silence. An ask of a value a passage shown states is answered
 * by it (the answer leads with it).
 */
function partsOfQuestion(parts: readonly AskedPart[], passages: readonly PipelinePassage[] | null, texts: SufficiencyTexts, scope: string): AskPart[] {
  const chunks = (passages ?? []).flatMap((p) => [p.chunk, ...p.context.before, ...p.context.after]);
  return parts.map((part) => {
    const value = askedValue(part.question, part.asked);
    // As the sufficiency check reads the kind: in the documents read whole, else in the passages shown.
    const kindFound = (part.inScope ?? Math.max(0, ...chunks.map((c) => part.scores?.get(c.id) ?? 0))) >= 0.5;
    const valueFound = statesValue(value, passages ?? []);
    const unanswered = passages !== null && part.asked.length > 0 && !kindFound && !valueFound ? texts.notKind(scope, kindNames(part.asked, texts.language)) : null;
    return { question: part.question, clause: part.asked.length > 0, value, unanswered };
  });
}

/** Whether a passage states a value of the kind (none asked: no). */
function statesValue(kind: ValueKind | null, passages: readonly PipelinePassage[]): boolean {
  return kind !== null && passages.some((p) => extractValue(kind, p.chunk.text, valueContext(p.document)) !== null);
}

/**
 * The question's words, folded as document resolution reads them (for their idf in the
 * workspace), and the describing words of a compound ("Sponsoringvertrag" → "sponsoring":
 * described-document.ts).
 */
function questionWords(question: string): string[] {
  return [...new Set([...foldedWords(question), ...describingWords(question)])];
}

/**
 * The pipeline settings with the selection adapted to the scope (see the module comment): `works`
 * is the number of different documents in scope (copies of one count once; 0 = the workspace).
 */
function scopedSettings(settings: PipelineSettings, works: number): PipelineSettings {
  const selection = { ...DEFAULT_SELECTION, ...settings.selection };
  if (works === 0 || selection.perFile === 0) return { ...settings, selection };
  const perFile = works === 1 ? 0 : Math.max(selection.perFile, Math.ceil(selection.topK / works));
  return { ...settings, selection: { ...selection, perFile } };
}

/**
 * How the scope reads in a sentence: "‹title›", "the 3 documents in scope", "the workspace" (in
 * the reasons' language). `quote: false` for a sentence inside an answer, where the answer's check
 * would read a quoted title as a quotation of the sources ("No passage in MANUFACTURING AND SUPPLY
 * AGREEMENT is a non-compete clause.").
 */
function scopeName(scope: AskScope, documents: readonly NamedDocument[], texts: SufficiencyTexts, quote = true): string {
  if (scope.documentIds.length === 0) return texts.workspace;
  const docs = scope.documentIds.map((id) => documents.find((d) => d.id === id)).filter((d): d is NamedDocument => d !== undefined);
  const titles = [...new Set(docs.map((d) => (quote ? quoted(d.title ?? d.name, texts.language) : (d.title ?? d.name))))];
  if (titles.length === 1) return titles[0]!;
  if (titles.length === 2) return texts.either(titles[0]!, titles[1]!);
  return texts.documents(titles.length);
}

/** What a passage says of its document, for a document known only by its name in the workspace's list. */
function passageDocument(d: NamedDocument | undefined): PipelinePassage['document'] | null {
  if (!d) return null;
  return {
    id: d.id,
    name: d.name,
    path: d.path ?? d.name,
    title: d.title,
    language: d.language ?? null,
    pages: d.pages ?? 0,
    ...(d.mediaType ? { mediaType: d.mediaType } : {}),
    effectiveDate: d.identity?.effectiveDate?.iso ?? null,
    // As retrieval shows them (search/retrieve.ts): a passage read whole names its parties too.
    parties: shownParties(d),
  };
}
