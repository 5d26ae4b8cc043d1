/**
 * Why a language-model provider cannot answer, in one short clause for people (the state line of
 * the answer UI and Settings). The providers' own messages are complete — module first, the
 * cause, then what to do (the CORS advice for four servers) — which is right for the place that
 * explains, too long for a status line: this keeps the first sentence without the module name.
 */
import type { ProviderStatus } from '../models/chat/providers';

const MODULE = /^(endpoint|webllm|transformers|models|[a-z-]+ worker): /;

/** The first sentence of a provider's message, without its module name and final period. */
export function shortReason(message: string): string {
  const plain = message.replace(MODULE, '');
  const end = plain.search(/[.?!](\s+[A-Z]|$)/);
  const first = end >= 0 ? plain.slice(0, end) : plain;
  return first.length > 240 ? `${first.slice(0, 239)}…` : first;
}

/** Why a provider with this status cannot answer ("it is not set up (no server address and model set)"). */
export function reasonOf(status: ProviderStatus): string {
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
