/**
 * The JSON schemas of the two plan phases, and their validation. The schemas go to the model
 * (constrained decoding where the provider supports it) and every reply is validated against
 * them here whatever the provider did: a reply that fails is rejected, never repaired.
 *
 * Validation uses @cfworker/json-schema, an interpreter: it generates no code, which the app's
 * Content Security Policy forbids (no `eval`, no `new Function`).
 */
import { Validator } from '@cfworker/json-schema';
import type { JsonSchema } from '../ports';
import { ANSWER_SHAPES, TASK_FAMILIES } from '../answer-types';

/** Phase A: the question and recent turns only → family, reply language, regime hint. */
export const PHASE_A_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['family', 'reply_language', 'evidence_regime', 'follow_up'],
  properties: {
    family: { type: 'string', enum: TASK_FAMILIES },
    reply_language: { type: 'string', pattern: '^[a-z]{2}$' },
    evidence_regime: { type: 'string', enum: ['grounded', 'creative'] },
    follow_up: { type: 'boolean' },
    clarification: { type: 'string', maxLength: 400 },
  },
};

export interface PhaseA {
  readonly family: (typeof TASK_FAMILIES)[number];
  readonly reply_language: string;
  readonly evidence_regime: 'grounded' | 'creative';
  readonly follow_up: boolean;
  readonly clarification?: string;
}

/** Facts a metadata question can ask for (issue 11's document facts). */
export const FACT_KINDS = ['title', 'parties', 'pages', 'language', 'added', 'source', 'ocr_quality', 'status', 'other'] as const;

/**
 * Phase B: the capped document list → which of them (by the handles the prompt listed), the
 * section, the answer shape. The handle enum makes an unknown document unrepresentable under
 * constrained decoding and invalid otherwise.
 */
export function phaseBSchema(handles: readonly string[]): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['document_ids', 'section_ordinal', 'answer_shape'],
    properties: {
      document_ids: { type: 'array', items: { type: 'string', enum: handles }, maxItems: Math.max(1, handles.length), uniqueItems: true },
      section_ordinal: { type: ['string', 'null'], pattern: '^[0-9A-Za-z]{1,6}$' },
      answer_shape: { type: 'string', enum: ANSWER_SHAPES },
      fact_kind: { type: ['string', 'null'], enum: [...FACT_KINDS, null] },
    },
  };
}

export interface PhaseB {
  readonly document_ids: readonly string[];
  readonly section_ordinal: string | null;
  readonly answer_shape: (typeof ANSWER_SHAPES)[number];
  readonly fact_kind?: (typeof FACT_KINDS)[number] | null;
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: readonly string[] };

/** Validates `value` against `schema`; errors read "/field: what is wrong". */
export function checkAgainst<T>(schema: JsonSchema, value: unknown): Checked<T> {
  if (value === undefined) return { ok: false, errors: ['no value'] };
  const result = new Validator(schema, '2020-12', false).validate(value);
  if (result.valid) return { ok: true, value: value as T };
  // The leaf errors say what is wrong; the wrapping "properties"/"allOf" errors only repeat them.
  const leaves = result.errors.filter((e) => !['properties', 'items', 'allOf', 'anyOf', '$ref'].includes(e.keyword));
  const errors = (leaves.length > 0 ? leaves : result.errors).map((e) => `${e.instanceLocation.replace(/^#/, '') || '/'}: ${e.error}`);
  return { ok: false, errors: [...new Set(errors)] };
}
