/**
 * JSON from a language model: the instruction that asks for it (every provider says it in the
 * prompt, even where decoding is also constrained by the schema) and the parse of what came back.
 * The parse only finds and reads the JSON value (non-JSON output rejects with InputError); checking it against the schema is the caller's
 * job (CONVENTIONS #18: plans are parsed and rejected, never repaired).
 */
import { InputError } from '../../core/errors';
import type { ChatMessage, ChatRequest, JsonSchema } from '../../core/ports';
import type { ChatFailureContext } from './failures';

function jsonInstruction(schema: JsonSchema): string {
  return `Reply with one JSON value only: no prose, no code fences. It must conform to this JSON Schema:\n${JSON.stringify(schema)}`;
}

/** The request with the JSON instruction appended to its system message (or as a first one). */
export function withJsonInstruction(request: ChatRequest, schema: JsonSchema): ChatRequest {
  const instruction = jsonInstruction(schema);
  const [first, ...rest] = request.messages;
  const messages: ChatMessage[] =
    first?.role === 'system' ? [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest] : [{ role: 'system', content: instruction }, ...request.messages];
  return { ...request, messages };
}

/** Reasoning blocks some models (Qwen3, DeepSeek-R1) write before the answer. */
const THINKING = /<think>[\s\S]*?<\/think>/g;
const FENCE = /^```(?:json)?\s*([\s\S]*?)\s*```$/;

function candidates(text: string): string[] {
  const plain = text.replace(THINKING, '').trim();
  const out = [plain];
  const fenced = FENCE.exec(plain);
  if (fenced?.[1]) out.push(fenced[1]);
  // The outermost object or array, when the model wrapped it in words.
  for (const [open, close] of [['{', '}'], ['[', ']']] as const) {
    const start = plain.indexOf(open);
    const end = plain.lastIndexOf(close);
    if (start >= 0 && end > start) out.push(plain.slice(start, end + 1));
  }
  return out;
}

/**
 * The JSON value in a model's reply. When there is none: InputError (`input/invalid`, details
 * reason 'bad-output') — not a ModelError, because the provider worked; the ChatModel port's
 * contract, so the answer layer turns it into needs_clarification instead of a provider fallback.
 */
export function parseJsonOutput(text: string, ctx: ChatFailureContext): unknown {
  for (const candidate of candidates(text)) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next reading
    }
  }
  const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  throw new InputError(`${ctx.provider}: ${ctx.modelId} did not reply with JSON: "${shown}"`, { reason: 'bad-output', provider: ctx.provider, modelId: ctx.modelId, output: text.slice(0, 2000) });
}
