/**
 * Questions with a condition across the workspace ("Which contracts are governed by New York
 * law?", "Which contracts renew automatically?", "Which agreements have no cap on liability?",
 * "contracts expiring before 2025"; en/fr/de): the condition read from the question, then each
 * document's row judged against it — yes, no, or unclear (the document could not be read, or its
 * clause states nothing the condition can be judged on) — from the row's typed value (values/) or,
 * for a presence condition, from whether the clause was found (the ask path's clause classifier
 * decides that). No model.
 */
import { findDates } from '../scan/values';
import { languageResources } from '../search/languages';
import { extractGoverningLaw, sameJurisdiction } from '../values/jurisdiction';
import { isoBeforeAfter } from '../values/partial-date';
import { valueKindOf } from '../values/extract';
import { renewsItself } from '../values/renewal';
import type { ValueKind } from '../values/types';
import type { FlowRow } from './flows';
import type { Verdict } from './verdict';

export interface Condition {
  /** The value the condition reads (null: only whether the clause is there). */
  readonly kind: ValueKind | null;
  readonly test: 'equals' | 'before' | 'after' | 'absent' | 'automatic';
  /** equals: the jurisdiction; before/after: the date (YYYY-MM-DD). */
  readonly target: string | null;
}

/** "no cap", "without a non-compete", "sans plafond", "ohne Haftungsbegrenzung", "don't renew". */
const ABSENT = /\b(?:no|without|lack(?:s|ing)?|missing|not\s+(?:have|contain|include)|(?:do|does)n['’]?t\s+(?:have|contain|include)|(?:do|does)\s+not\s+(?:have|contain|include)|sans|aucune?|pas\s+de|ohne|keine?[nmrs]?)\b/iu;
const BEFORE = /\b(?:before|prior\s+to|by|until|earlier\s+than|avant|d['’]ici|vor|bis)\b/iu;
const AFTER = /\b(?:after|later\s+than|beyond|après|nach)\b/iu;
const ENDING = /(?<![\p{L}\p{N}_])(?:expir\w*|end(?:s|ing)?|terminat\w*|run(?:s|ning)?\s+out|échéance|expir\w*|prenant\s+fin|finissant|auslauf\w*|ablauf\w*|enden?d?\w*|lauf\w*\s.*\baus)(?![\p{L}\p{N}_])/iu;

/** The condition a broad question states, or null (it asks for each document's value or passage only). */
export function parseCondition(question: string): Condition | null {
  const kind = valueKindOf(question);
  if (kind === 'governing_law') {
    // Typed as people type, in lower case ("which contracts are governed by delaware law?"): the
    // place's name is read once its words are capitalised as a contract writes them.
    const law = extractGoverningLaw(question) ?? extractGoverningLaw(namesCapitalised(question));
    return law && law.value.type === 'jurisdiction' ? { kind, test: 'equals', target: law.value.name } : null;
  }
  if (ENDING.test(question)) {
    const when = dateIn(question);
    if (when) {
      const before = BEFORE.test(question.slice(0, when.index));
      const after = AFTER.test(question.slice(0, when.index));
      if (before || after) return { kind: 'expiration_date', test: before ? 'before' : 'after', target: before ? when.start : when.end };
    }
  }
  if (ABSENT.test(question)) return { kind, test: 'absent', target: null };
  // "Which contracts renew automatically?": a renewal clause is not enough — one that only lets a
  // party extend the term by notice, or the parties by agreement, does not renew by itself.
  if (kind === 'renewal_term' && AUTOMATIC_ASKED.test(question)) return { kind, test: 'automatic', target: null };
  return null;
}

/** Words of a governing-law question that are never a place's name (the function words of en/fr/de are not either). */
const LAW_QUESTION_WORDS = new Set(['law', 'laws', 'governed', 'governing', 'governs', 'govern', 'applicable', 'apply', 'applies', 'chosen', 'choice', 'contract', 'contracts', 'agreement', 'agreements', 'deal', 'deals', 'document', 'documents', 'droit', 'loi', 'lois', 'régi', 'régis', 'régie', 'régies', 'contrat', 'contrats', 'accord', 'accords', 'verträge', 'vertrag', 'unterliegen', 'unterliegt']);
const FUNCTION_WORDS: readonly ReadonlySet<string>[] = ['en', 'fr', 'de'].map((l) => languageResources(l)?.stopWords ?? new Set<string>());

/** The question with every word that could be a place's name capitalised ("delaware law" → "Delaware law"; "l'état de new york" → "l'État de New York"). */
function namesCapitalised(question: string): string {
  return question.replace(/(?<![\p{L}\p{N}])\p{Ll}[\p{L}-]*/gu, (w) => {
    const lower = w.toLowerCase();
    return w.length < 2 || LAW_QUESTION_WORDS.has(lower) || FUNCTION_WORDS.some((s) => s.has(lower)) ? w : w[0]!.toUpperCase() + w.slice(1);
  });
}

/** A date or a year in the question: its first and last day. */
function dateIn(text: string): { start: string; end: string; index: number } | null {
  const date = findDates(text)[0];
  if (date) return { start: date.value, end: date.value, index: date.index };
  const year = /\b(19\d{2}|2[01]\d{2})\b/u.exec(text);
  return year ? { start: `${year[1]}-01-01`, end: `${year[1]}-12-31`, index: year.index } : null;
}

/** "automatically", "auto-renew", "evergreen", "tacitement", "stillschweigend", "automatisch". */
const AUTOMATIC_ASKED = /\b(?:automatic(?:ally)?|auto-?renew\w*|evergreen|tacite?(?:ment)?|automatiquement|stillschweigend|automatisch)\b/iu;
/** A row judged against the condition. */
export function judgeRow(condition: Condition, row: Pick<FlowRow, 'status' | 'value' | 'evidence' | 'clause'>): Verdict {
  if (row.status === 'failed') return 'unclear';
  const found = row.status === 'found';
  switch (condition.test) {
    case 'absent':
      // Whether the document has the clause is the clause classifier's call over all its passages
      // (a consequential-damages exclusion found for "cap on liability" is no cap); a clause it
      // finds that the question's search did not reach cannot be shown, so the row stays unclear.
      if (row.clause === undefined) return found ? 'no' : 'yes';
      if (row.clause < 0.5) return 'yes';
      return found ? 'no' : 'unclear';
    case 'automatic':
      return found ? renewsItself(row.evidence) : 'no';
    case 'equals': {
      const v = row.value?.value;
      if (!found || !v || v.type !== 'jurisdiction') return 'unclear';
      return sameJurisdiction(v.name, condition.target!) ? 'yes' : 'no';
    }
    case 'before':
    case 'after': {
      const v = row.value?.value;
      if (!found || !v) return 'unclear';
      // An end on an event (a payment, a resignation) has no date to compare: it may come at any time.
      if (v.type === 'perpetual') return v.onEvent ? 'unclear' : condition.test === 'before' ? 'no' : 'yes';
      const iso = v.type === 'date' ? v.iso : v.type === 'relative_date' ? v.iso : null;
      const holds = iso ? isoBeforeAfter(iso, condition.target!, condition.test) : null;
      if (holds === null) return 'unclear';
      // A second end beside it ("…, or the expiry of the last patent, whichever is later") may move
      // the end past the date asked about: "expiring before 2025" cannot be told of a term ending in
      // 2024 or later; one ending in 2026 or later does not expire before 2025.
      const other = 'otherEnd' in v ? v.otherEnd : undefined;
      if (other && holds !== (condition.test === (other.which === 'later' ? 'after' : 'before'))) return 'unclear';
      return holds ? 'yes' : 'no';
    }
  }
}
