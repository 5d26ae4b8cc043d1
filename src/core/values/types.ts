/**
 * Typed values: what a clause states, read from its text with the span that states it — the
 * governing law's jurisdiction, the renewal term, the notice period to stop a renewal or to
 * terminate, the effective and expiration dates, the liability cap, the parties. The extractive answer leads
 * with the value ("New York law governs [1]") and quotes the sentence holding the span; the
 * evaluation compares the normalised value with CUAD's answer.
 */

export type ValueKind = 'governing_law' | 'renewal_term' | 'notice_period' | 'termination_notice' | 'expiration_date' | 'effective_date' | 'liability_cap' | 'parties';

/** A length of time, normalised ("P1Y" style pieces kept apart for display and comparison). */
export interface DurationValue {
  readonly amount: number;
  readonly unit: 'hours' | 'days' | 'weeks' | 'months' | 'years';
}

/**
 * The value in a normalised form:
 *  - jurisdiction: "New York", "England and Wales", "Ontario, Canada";
 *  - duration: a length ("1 year", "60 days"), `successive` when it repeats;
 *  - perpetual: no end date (an evergreen or indefinite term); `onEvent` when the contract ends
 *    on an event it names rather than a date ("shall terminate upon the Trust's payment of …");
 *  - date: an absolute date (YYYY-MM-DD); `length` when the sentence also states the term's length
 *    before its end ("for one (1) year … ending on February 19, 2013"): said beside the date;
 *  - relative_date: a length after an anchor ("5 years after the Effective Date"), with the
 *    resolved date when the anchor's date is known; a date or a relative date may have another
 *    end beside it (`otherEnd`: "…, or until the Studies are completed, whichever is later");
 *  - money: an amount with its currency; formula: a cap stated as fees over a period, etc.;
 *  - redacted: the clause states the value and the filed copy blanks it out ("[***] days"): the
 *    words as written (values/redacted.ts); `blank` when a form leaves it to be filled in ("____ days");
 *  - parties: the names.
 */
export type NormalValue =
  | { readonly type: 'jurisdiction'; readonly name: string }
  | { readonly type: 'duration'; readonly duration: DurationValue; readonly successive: boolean }
  | { readonly type: 'perpetual'; readonly onEvent?: boolean }
  | { readonly type: 'date'; readonly iso: string; readonly length?: DurationValue; readonly otherEnd?: OtherEnd }
  | { readonly type: 'relative_date'; readonly duration: DurationValue; readonly anchor: string; readonly iso: string | null; readonly otherEnd?: OtherEnd }
  | { readonly type: 'money'; readonly amount: number; readonly currency: string | null }
  | { readonly type: 'formula'; readonly months: number | null; readonly text: string }
  | { readonly type: 'redacted'; readonly text: string; readonly blank?: boolean }
  /** `defined`: per party (same order as `names`), the names the passage defines for it right after its name ("Sponsor", "Cano"); absent when it defines none. */
  | { readonly type: 'parties'; readonly names: readonly string[]; readonly defined?: readonly (readonly string[])[] };

/**
 * A second end the clause sets beside the date or length read, and which of the two ends the term
 * ("… or the date of expiry of the last valid patent, whichever comes later"): `text` the other
 * end as the contract words it, null when it names a list ("the earlier of (i) …, (ii) …").
 */
export interface OtherEnd {
  readonly which: 'later' | 'earlier';
  readonly text: string | null;
}

export interface TypedValue {
  readonly kind: ValueKind;
  readonly value: NormalValue;
  /** The value as a short phrase in the reply's language ("New York", "1 year, renewing", "December 31, 2022"). */
  readonly display: string;
  /** [start, end) of the words stating it, in the text it was read from. */
  readonly span: { readonly start: number; readonly end: number };
  /** 0..1: how plainly the sentence states it (a governing-law sentence about this agreement: 1; a law merely mentioned: low). Absent: 1. */
  readonly confidence?: number;
}

/**
 * What helps read a value: the document's effective date (YYYY-MM-DD) resolves "5 years after the
 * Effective Date"; its parties (as shown beside its title) are what a passage naming them all states.
 */
export interface ValueContext {
  readonly effectiveDate?: string | null;
  readonly parties?: readonly string[] | null | undefined;
}

/** The anchor of a length counted from the contract's start, as the values store it (answers show it in their language: answer/value-line.ts). */
export const EFFECTIVE_DATE_ANCHOR = 'the Effective Date';
