/**
 * The plan of a proposed flow, for the user to approve: what will run (the question, each of the
 * N documents, one at a time), the estimate, a playbook to choose for a scan (preselected when the
 * message named one), and Run / Cancel. A folder import asked for in the chat has no estimate: its
 * Run opens the folder picker — the same picker (or folder input) as the Documents panel's Open
 * folder, which needs this click — and the chosen folder is then imported by the flow. Nothing
 * runs before Run; Cancel records the refusal in the flow (its card then says so).
 */
import { useId, useRef, useState } from 'react';
import { folderAccessSupported } from '../../app/folder-sync';
import type { FolderChoice } from '../../app/flow-executors';
import type { FlowRecord } from '../../core/workspace/flows';
import { fold } from '../../core/workspace/parse';
import { duration } from '../../core/workspace/texts';
import { describeError } from '../../core/errors';
import { useSession } from '../hooks';
import { FolderInput } from '../FolderInput';
import { usePlaybooks } from '../review/review-hooks';

const MAX_LISTED = 12;

/** The library's playbook a message named ("the commercial playbook"), when one name holds its words. */
function namedPlaybook(named: unknown, entries: readonly { playbook: { id: string; name: string } }[]): string | null {
  if (typeof named !== 'string' || !named.trim()) return null;
  const words = fold(named).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const hits = entries.filter((e) => {
    const name = new Set(fold(e.playbook.name).split(/[^\p{L}\p{N}]+/u));
    return words.every((w) => name.has(w));
  });
  return hits.length === 1 ? hits[0]!.playbook.id : null;
}

function ImportPlan({ flow, busy, act }: { flow: FlowRecord; busy: boolean; act: (work: () => Promise<void>) => void }) {
  const session = useSession();
  const input = useRef<HTMLInputElement>(null);
  const approve = (choice: FolderChoice) => act(() => session.flows.approveImport(flow.id, choice));
  const run = () => {
    if (!folderAccessSupported()) {
      input.current?.click();
      return;
    }
    act(async () => {
      const handle = await session.folder.choose();
      if (handle) await session.flows.approveImport(flow.id, { kind: 'handle', handle });
      else throw new Error('No folder was chosen: nothing was imported. Choose Run to pick one, or Cancel.');
    });
  };
  return (
    <>
      <p className="flow-note">Run opens the folder picker; the folder&apos;s documents are then read and indexed in this workspace.</p>
      <FolderInput
        inputRef={input}
        label="Choose the folder to import"
        testId="approval-folder-input"
        onFiles={(files) => approve({ kind: 'files', name: files[0]?.webkitRelativePath.split('/')[0] ?? '', files })}
      />
      <p className="muted flow-note">Nothing runs until you choose Run.</p>
      <div className="actions">
        <button type="button" className="primary" disabled={busy} data-testid="approve" onClick={run}>
          Run
        </button>
        <button type="button" disabled={busy} data-testid="deny" onClick={() => act(() => session.flows.deny(flow.id))}>
          Cancel
        </button>
      </div>
    </>
  );
}

export function ApprovalCard({ flow }: { flow: FlowRecord }) {
  const { flows } = useSession();
  const library = usePlaybooks();
  // The user's choice, else the playbook the message named (once the library has loaded).
  const [chosen, setPlaybookId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const pickId = useId();
  const scan = flow.kind === 'scan';
  const n = flow.items.length;
  const perItem = n > 0 ? flow.estimateMs / n : 0;
  const playbookId = chosen ?? (scan ? namedPlaybook(flow.meta['playbook'], library.entries) : null) ?? '';

  const act = (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    work().catch((e: unknown) => {
      setProblem(describeError(e));
      setBusy(false);
    });
  };

  if (flow.kind === 'import') {
    const folder = typeof flow.meta['folder'] === 'string' ? flow.meta['folder'] : null;
    return (
      <section className="flow-card approval" aria-labelledby={titleId} data-testid="approval-card">
        <h3 id={titleId} className="flow-title">
          {folder ? `Import the folder ${folder}?` : 'Import a folder?'}
        </h3>
        <ImportPlan flow={flow} busy={busy} act={act} />
        {problem && (
          <p className="error-text" role="alert">
            {problem}
          </p>
        )}
      </section>
    );
  }

  return (
    <section className="flow-card approval" aria-labelledby={titleId} data-testid="approval-card">
      <h3 id={titleId} className="flow-title">
        {scan ? `Review ${n} ${n === 1 ? 'document' : 'documents'} against a playbook?` : `Ask ${n === 1 ? 'this document' : `each of ${n} documents`}?`}
      </h3>
      {!scan && (
        <p className="flow-question">
          <span className="muted">Question: </span>
          {flow.question}
        </p>
      )}
      <details className="flow-docs">
        <summary data-testid="approval-documents">
          {n} {n === 1 ? 'document' : 'documents'}, one at a time
        </summary>
        <ul>
          {flow.items.slice(0, MAX_LISTED).map((item) => (
            <li key={item.id}>{item.label}</li>
          ))}
          {n > MAX_LISTED && <li className="muted">… and {n - MAX_LISTED} more</li>}
        </ul>
      </details>
      <p className="flow-estimate" data-testid="approval-estimate">
        Estimated time: <strong>{duration(flow.estimateMs, 'en')}</strong>
        <span className="muted"> ({duration(perItem, 'en')} per document on this device)</span>
      </p>
      {scan && (
        <div className="flow-playbook">
          <label htmlFor={pickId}>Playbook</label>
          <select id={pickId} value={playbookId} onChange={(e) => setPlaybookId(e.target.value)} data-testid="approval-playbook">
            <option value="">Choose a playbook…</option>
            {library.entries.map((e) => (
              <option key={e.playbook.id} value={e.playbook.id}>
                {e.playbook.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="muted flow-note">Nothing runs until you choose Run.</p>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" disabled={busy || (scan && !playbookId)} data-testid="approve" onClick={() => act(() => flows.approve(flow.id, scan ? { playbookId } : {}))}>
          Run
        </button>
        <button type="button" disabled={busy} data-testid="deny" onClick={() => act(() => flows.deny(flow.id))}>
          Cancel
        </button>
      </div>
    </section>
  );
}
