/**
 * What a turn inherits from the conversation:
 *
 *  - the previous scope, handed to ask() so "and the renewal term?" stays on the same contract
 *    (ask() decides whether the question is a follow-up);
 *  - the recent turns, for the planner and the model (question and answer text);
 *  - a reference to a source of the previous answer — "the second passage", "source 3", "[2]",
 *    "la deuxième citation", "die zweite Stelle" — resolved to that numbered source (the cited
 *    chunk), which then leads the new turn's sources.
 */
import type { HistoryTurn } from './generate';
import type { AnswerSource, AskScope, TurnRecord } from '../answer-types';

/**
 * The scope of the most recent turn that ran retrieval. A scope the question's language chose
 * (not the user, not a name) is not kept: the next question's own language decides again.
 */
export function previousScope(history: readonly TurnRecord[]): AskScope | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const scope = history[i]!.scope;
    if (scope) return scope.source === 'language' ? null : scope;
  }
  return null;
}

export function recentTurns(history: readonly TurnRecord[], n = 3): HistoryTurn[] {
  return history
    .filter((t) => t.answer !== null && t.state !== 'error')
    .slice(-n)
    .map((t) => ({ question: t.question, answer: t.answer!.text }));
}

const LAST = -1;

/** Ordinal words → position (LAST for "last"), per UI language. */
const ORDINALS: Readonly<Record<string, number>> = {
  // en
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, last: LAST,
  // fr
  premier: 1, première: 1, deuxième: 2, seconde: 2, troisième: 3, quatrième: 4, cinquième: 5, sixième: 6, dernier: LAST, dernière: LAST,
  // de (stems: erste, ersten, erstes, …)
  erst: 1, zweit: 2, dritt: 3, viert: 4, fünft: 5, sechst: 6, letzt: LAST,
  // es / pt / it share several
  primer: 1, primero: 1, primera: 1, segundo: 2, segunda: 2, tercer: 3, tercero: 3, tercera: 3, cuarto: 4, cuarta: 4, quinto: 5, quinta: 5, último: LAST, última: LAST,
  primeiro: 1, primeira: 1, terceiro: 3, terceira: 3, quarto: 4, quarta: 4,
  primo: 1, prima: 1, secondo: 2, seconda: 2, terzo: 3, terza: 3, ultimo: LAST, ultima: LAST,
  // nl
  eerste: 1, tweede: 2, derde: 3, vierde: 4, vijfde: 5, laatste: LAST,
};

const NOUNS = [...new Set([
  'passage', 'passages', 'source', 'sources', 'citation', 'citations', 'quote', 'result', 'excerpt', 'reference', // en (+fr: passage, source, citation)
  'extrait', 'résultat', 'référence', // fr
  'stelle', 'passage', 'quelle', 'zitat', 'auszug', 'ergebnis', 'treffer', 'fundstelle', 'textstelle', // de
  'pasaje', 'fuente', 'cita', 'extracto', 'resultado', 'referencia', // es
  'passaggio', 'passo', 'fonte', 'citazione', 'estratto', 'risultato', // it
  'bron', 'citaat', 'fragment', 'resultaat', 'passage', // nl
  'passagem', 'trecho', 'citação', 'referência', // pt
])].join('|');

const ORDINAL_WORD = /^(?:(erst|zweit|dritt|viert|fünft|sechst|letzt)(?:e|er|es|en|em)?|[\p{L}]+)$/u;
const BY_ORDINAL = new RegExp(`(?:^|[^\\p{L}])([\\p{L}]+)\\s+(?:${NOUNS})(?![\\p{L}])`, 'giu');
const BY_NUMBER = new RegExp(`(?:^|[^\\p{L}])(?:${NOUNS})\\s*(?:n[°o.]?\\s*|nr\\.?\\s*|#\\s*|\\[)?(\\d{1,2})\\]?(?![\\d])`, 'giu');
/** A lone bracketed number in a short question: "what does [2] mean?". */
const BRACKET = /\[(\d{1,2})\](?!\()/;

function ordinalOf(word: string): number | null {
  const w = word.toLowerCase();
  const german = ORDINAL_WORD.exec(w)?.[1];
  if (german) return ORDINALS[german] ?? null;
  return ORDINALS[w] ?? null;
}

/** The 1-based source number a question points at (LAST = -1 for "the last passage"), or null. */
export function passageReference(question: string): number | null {
  for (const m of question.matchAll(BY_NUMBER)) return Number(m[1]);
  for (const m of question.matchAll(BY_ORDINAL)) {
    const n = ordinalOf(m[1]!);
    if (n !== null) return n;
  }
  const bracket = BRACKET.exec(question);
  return bracket ? Number(bracket[1]) : null;
}

/** The source of the most recent answer the question points at, or null. */
export function referencedSource(question: string, history: readonly TurnRecord[]): AnswerSource | null {
  const n = passageReference(question);
  if (n === null) return null;
  for (let i = history.length - 1; i >= 0; i--) {
    const sources = history[i]!.sources;
    if (sources.length === 0) continue;
    const source = n === LAST ? sources[sources.length - 1] : sources.find((s) => s.n === n);
    return source ? { ...source, pinned: true } : null;
  }
  return null;
}
