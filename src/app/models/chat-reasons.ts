/**
 * The words of a workspace's language-model state (ChatState: what the answer UI and Settings
 * show): who answers, or why none can, in one sentence. The providers' own messages are complete
 * — module first, the cause, then what to do (the CORS advice for four servers) — which is right
 * for the place that explains, too long for a status line: this keeps their first sentence
 * without the module name.
 */
import type { ProviderChoice, ProviderId, ProviderRow, ProviderStatus } from '../../models/chat/providers';
import type { ChatState } from './chat-access';
import type { ChatLoadProgress } from '../workers/chat-worker';

const MODULE = /^(endpoint|webllm|transformers|models|[a-z-]+ worker): /;

/** The first sentence of a provider's message, without its module name and final period. */
export function shortReason(message: string): string {
  const plain = message.replace(MODULE, '');
  const end = plain.search(/[.?!](\s+[A-Z]|$)/);
  const first = end >= 0 ? plain.slice(0, end) : plain;
  return first.length > 240 ? `${first.slice(0, 239)}…` : first;
}

/** Why a provider with this status cannot answer ("it is not set up (no server address and model set)"). */
function reasonOf(status: ProviderStatus): string {
  switch (status.kind) {
    case 'ready':
      return 'it is ready';
    case 'checking':
      return 'its connection is being checked';
    case 'not-configured':
      return `it is not set up (${shortReason(status.message)})`;
    case 'no-webgpu':
    case 'not-downloaded':
    case 'error':
      return shortReason(status.message);
  }
}

/** A provider's whole message for the place that explains it: without the module name, as a sentence. */
export function plainMessage(message: string): string {
  const plain = message.replace(MODULE, '');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

/** The providers as a sentence names them; `LABEL` at its start. */
const NAME: Readonly<Record<ProviderId, string>> = { webllm: 'WebLLM', transformers: 'the CPU model', endpoint: 'the local server', none: 'none' };
const LABEL = (id: ProviderId): string => NAME[id].charAt(0).toUpperCase() + NAME[id].slice(1);

export interface StateFacts {
  readonly choice: ProviderChoice;
  readonly rows: readonly ProviderRow[];
  /** The provider that answers (activeProvider). */
  readonly active: ProviderId;
  /** Set while the active provider's model loads: its progress (null before the first report). */
  readonly loading?: ChatLoadProgress | null | undefined;
  /** A provider 'auto' passed over because it failed, with its message. */
  readonly skipped: { readonly provider: ProviderId; readonly message: string } | null;
}

export function chatState({ choice, rows, active, loading, skipped }: StateFacts): ChatState {
  const skippedNote = skipped ? `${LABEL(skipped.provider)} failed: ${shortReason(skipped.message)}` : null;
  const cannot = (id: ProviderId) => `${LABEL(id)} cannot answer: ${reasonOf(rows.find((r) => r.id === id)!.status)}. Answers quote the passages until it can.`;
  if (active === 'none') {
    const message =
      choice === 'none'
        ? 'No language model for this workspace (chosen in Settings → Models): answers quote the passages that answer the question.'
        : choice === 'auto'
          ? `No language model is ready${skippedNote ? ` (${skippedNote})` : ''}: answers quote the passages that answer the question. Set one up in Settings → Models.`
          : cannot(choice);
    return { provider: 'none', model: null, status: 'unavailable', message };
  }
  const row = rows.find((r) => r.id === active)!;
  if (loading !== undefined) {
    const what = loading?.phase === 'downloading' ? 'Downloading' : 'Loading';
    return { provider: active, model: row.model, status: 'loading', message: `${what} ${row.model ?? NAME[active]}…${loading ? ` ${Math.floor(loading.percent)}%` : ''}` };
  }
  if (row.status.kind === 'ready') return { provider: active, model: row.model, status: 'ready', message: skippedNote ? `${skippedNote}; ${NAME[active]} answers instead.` : null };
  return { provider: active, model: row.model, status: 'unavailable', message: cannot(active) };
}
