/**
 * Values a filed copy blanks out: "it will have a duration of [*****] as from the Start Date",
 * "renew for successive [***] year periods", "upon [***] days' prior written notice", "WILL NOT
 * EXCEED [***]". The clause states the value; this copy does not show it, and the answer says so
 * rather than "none of these passages states …". Read where the value's own words would be
 * (values/terms.ts, values/extract.ts). A form's blank ("through and until _______", "upon ____
 * days' notice") is read the same way: the template leaves the value to be filled in. Pure.
 */
import { REDACTION_MARK as MARK } from '../text/redaction';
import type { TypedValue, ValueKind } from './types';

/** A form's blank: a rule of underscores ("_______", "____ days"). */
const BLANK = String.raw`_{3,}`;
/** A mark or a blank, a second one in parentheses as numbers are written twice ("[***] ([***])"), and the unit after them when there is one. */
const SLOT = new RegExp(String.raw`(?:${MARK}|${BLANK})(?:\s*\(\s*(?:${MARK}|${BLANK})\s*\))?(?:\s*(?:(?:business|calendar|working)\s+)?(days?|weeks?|months?|years?)(?![\p{L}\p{N}]))?`, 'giu');

type RedactedUnit = 'days' | 'weeks' | 'months' | 'years';

/** A redacted slot in a text: where it is, its words ("[***] days"), and the unit written after it (null: none). */
export interface RedactedSlot {
  readonly index: number;
  readonly text: string;
  readonly unit: RedactedUnit | null;
}

/** The redacted slots of a text, in order. */
export function redactedSlots(text: string): RedactedSlot[] {
  return [...text.matchAll(SLOT)].map((m) => {
    const unit = m[1] ? ((m[1].toLowerCase().replace(/s?$/u, 's')) as RedactedUnit) : null;
    return { index: m.index, text: m[0], unit };
  });
}

/** The value of `kind` a redacted slot stands for, its span in the passage (`offset`: where the slot's text starts in it). */
export function redactedValue(kind: ValueKind, slot: RedactedSlot, offset: number): TypedValue {
  const text = slot.text.replace(/\s+/gu, ' ');
  const blank = text.startsWith('_');
  return { kind, value: { type: 'redacted', text, ...(blank ? { blank } : {}) }, display: text, span: { start: offset + slot.index, end: offset + slot.index + slot.text.length } };
}
