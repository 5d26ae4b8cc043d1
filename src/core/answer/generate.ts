/**
 * The model's answer: the prompt (numbered sources, the rules of the evidence regime, the reply
 * language, the recent turns) and the streamed generation, token by token, bounded by timeouts
 * and ended by the user's Stop. What the model writes is only text here: citations and quotes
 * are checked afterwards (citations.ts).
 */
import { isAbort } from '../errors';
import type { ChatMessage, ChatModel, ChatRequest } from '../ports';
import { languageName } from './messages';
import { boundedStream, type ModelTimeouts } from './model-calls';
import { formatSources } from './sources';
import type { AnswerShape, AnswerSource, ResolvedRegime } from '../answer-types';

export interface HistoryTurn {
  readonly question: string;
  readonly answer: string;
}

export interface AnswerPromptInput {
  readonly question: string;
  readonly language: string | null;
  readonly regime: ResolvedRegime;
  readonly sources: readonly AnswerSource[];
  readonly history: readonly HistoryTurn[];
  readonly shape: AnswerShape | null;
}

const SHAPES: Readonly<Record<AnswerShape, string>> = {
  short: 'Answer in one to three sentences.',
  list: 'Answer as a short list, one point per line.',
  table: 'Answer as a Markdown table when the sources allow it.',
  quote: 'Answer mainly by quoting the relevant words.',
  summary: 'Give a short structured summary.',
};

const RULES = [
  'Every statement taken from a source ends with its citation: the source number in square brackets, e.g. [2]. Cite only numbers from the list.',
  'To quote, copy the words exactly as they are in the source, between double quotation marks, followed by the citation. Never put a paraphrase between quotation marks.',
];

const REGIMES: Readonly<Record<ResolvedRegime, string>> = {
  grounded: 'Use only the sources. If they do not answer the question, say so plainly and stop; do not add outside knowledge or guesses.',
  creative:
    'You may add your own reasoning, drafting or general legal knowledge, but make clear which parts come from the sources (cited) and which are your own; never attribute your own words to a source.',
};

const MAX_HISTORY_TURNS = 2;
const MAX_HISTORY_ANSWER = 600;

export function answerPrompt(input: AnswerPromptInput): ChatRequest {
  const language = languageName(input.language) ?? 'the language of the question';
  const system = [
    "You are Casefile, a legal document assistant working on the user's own documents on their device.",
    input.sources.length > 0 ? 'Answer the question from the numbered sources below, passages of those documents.' : 'No passage of the documents was found for this question.',
    ...RULES,
    REGIMES[input.regime],
    input.shape ? SHAPES[input.shape] : 'Be concise: the answer first, then the supporting details.',
    `Reply in ${language}.`,
  ].join('\n');
  const history: ChatMessage[] = input.history.slice(-MAX_HISTORY_TURNS).flatMap((t) => [
    { role: 'user' as const, content: t.question },
    { role: 'assistant' as const, content: t.answer.length > MAX_HISTORY_ANSWER ? `${t.answer.slice(0, MAX_HISTORY_ANSWER)}…` : t.answer },
  ]);
  const user = input.sources.length > 0 ? `Sources:\n\n${formatSources(input.sources)}\n\nQuestion: ${input.question}` : `Question: ${input.question}`;
  return { messages: [{ role: 'system', content: system }, ...history, { role: 'user', content: user }], temperature: 0.1, maxTokens: 900 };
}

export interface Generation {
  readonly text: string;
  readonly tokens: number;
  readonly timeToFirstTokenMs: number | null;
  /** Milliseconds from the first token to the last. */
  readonly streamMs: number;
  /** The user stopped it; `text` is what was written until then. */
  readonly stopped: boolean;
  /** The model failed (error, timeout); `text` is what it wrote before. */
  readonly error: unknown;
}

/** Streams the answer, calling `onToken` for each piece; never throws (the result says how it ended). */
export async function generate(model: ChatModel, request: ChatRequest, timeouts: ModelTimeouts, signal: AbortSignal | undefined, onToken: (text: string) => void): Promise<Generation> {
  const started = performance.now();
  let first: number | null = null;
  let text = '';
  let deltas = 0;
  let counted: number | null = null;
  let error: unknown = null;
  try {
    for await (const delta of boundedStream(model, request, timeouts, signal)) {
      if (delta.usage?.completionTokens !== undefined) counted = delta.usage.completionTokens;
      if (!delta.text) continue;
      first ??= performance.now();
      deltas++;
      text += delta.text;
      onToken(delta.text);
    }
  } catch (e) {
    error = e;
  }
  const stopped = signal?.aborted === true || (error !== null && isAbort(error));
  return {
    text,
    tokens: counted ?? deltas,
    timeToFirstTokenMs: first === null ? null : first - started,
    streamMs: first === null ? 0 : performance.now() - first,
    stopped,
    error: stopped ? null : error,
  };
}
