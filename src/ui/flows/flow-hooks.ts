/** Hooks over the workspace's flows: one flow's live view (read from the store when first shown). */
import { useEffect, useSyncExternalStore } from 'react';
import type { FlowsView, FlowView } from '../../app/ask/flow-service';
import { useSession } from '../common/hooks';

export function useFlows(): FlowsView {
  const { flows } = useSession();
  return useSyncExternalStore(
    (cb) => flows.subscribe(cb),
    () => flows.view,
  );
}

/** A flow as its card shows it; null until it is read (or when it no longer exists). */
export function useFlow(flowId: string): FlowView | null {
  const { flows } = useSession();
  const view = useFlows();
  const known = view.flows[flowId] ?? null;
  useEffect(() => {
    if (!known) void flows.load(flowId);
  }, [flows, flowId, known]);
  return known;
}
