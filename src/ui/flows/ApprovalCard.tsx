/**
 * The plan of a proposed flow, for the user to approve: what will run (the question, each of the
 * N documents, one at a time), the estimate, a playbook to choose for a scan (preselected when the
 * message named one), and Run / Cancel. A folder import asked for in the chat has no estimate: its
 * Run opens the folder picker — the same picker (or folder input) as the Documents panel's Open
 * folder, which needs this click — and the chosen folder is then imported by the flow. Nothing
 * runs before Run; Cancel records the refusal in the flow (its card then says so).
 */
import type { UiLang } from '../i18n/language';
import { FLOWS, type FlowStrings } from './flow-strings';
import { useId, useRef, useState } from 'react';
import { folderAccessSupported } from '../../app/imports/folder-sync';
import type { FolderChoice } from '../../app/ask/flow-executors';
import type { FlowRecord } from '../../core/workspace/flows';
import { fold } from '../../core/workspace/parse';
import { duration } from '../../core/workspace/texts';
import { describeError } from '../../core/errors';
import { useSession } from '../common/hooks';
import { FolderInput } from '../documents/FolderInput';
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

function ImportPlan({ flow, busy, act, t }: { flow: FlowRecord; busy: boolean; act: (work: () => Promise<void>) => void; t: FlowStrings }) {
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
      else throw new Error(t.noFolderChosen);
    });
  };
  return (
    <>
      <p className="flow-note">{t.importNote}</p>
      <FolderInput
        inputRef={input}
        label={t.chooseFolder}
        testId="approval-folder-input"
        onFiles={(files) => approve({ kind: 'files', name: files[0]?.webkitRelativePath.split('/')[0] ?? '', files })}
      />
      <p className="muted flow-note">{t.nothingRuns}</p>
      <div className="actions">
        <button type="button" className="primary" disabled={busy} data-testid="approve" onClick={run}>
          {t.run}
        </button>
        <button type="button" disabled={busy} data-testid="deny" onClick={() => act(() => session.flows.deny(flow.id))}>
          {t.cancel}
        </button>
      </div>
    </>
  );
}

export function ApprovalCard({ flow, lang }: { flow: FlowRecord; lang: UiLang }) {
  const { flows } = useSession();
  const t = FLOWS[lang];
  const library = usePlaybooks();
  // The user's choice, else the playbook the message named (once the library has loaded).
  const [chosen, setPlaybookId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const pickId = useId();
  const scan = flow.kind === 'scan';
  const n = flow.items.length;
  const perItem = n > 0 && flow.estimateMs !== null ? flow.estimateMs / n : null;
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
          {t.importFolder(folder)}
        </h3>
        <ImportPlan flow={flow} busy={busy} act={act} t={t} />
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
        {scan ? t.reviewAgainst(n) : t.askEach(n)}
      </h3>
      {!scan && (
        <p className="flow-question">
          <span className="muted">{t.question}</span>
          {flow.question}
        </p>
      )}
      <details className="flow-docs">
        <summary data-testid="approval-documents">
          {t.documentsOneAtATime(n)}
        </summary>
        <ul>
          {flow.items.slice(0, MAX_LISTED).map((item) => (
            <li key={item.id}>{item.label}</li>
          ))}
          {n > MAX_LISTED && <li className="muted">{t.andMore(n - MAX_LISTED)}</li>}
        </ul>
      </details>
      <p className="flow-estimate" data-testid="approval-estimate">
        {t.estimatedTime}
        {flow.estimateMs === null || perItem === null ? (
          <>
            <strong>{t.estimating}</strong>
            <span className="muted">{t.estimatingWhy}</span>
          </>
        ) : (
          <>
            <strong>{duration(flow.estimateMs, lang)}</strong>
            <span className="muted">{t.perDocument(duration(perItem, lang))}</span>
          </>
        )}
      </p>
      {scan && (
        <div className="flow-playbook">
          <label htmlFor={pickId}>{t.playbook}</label>
          <select id={pickId} value={playbookId} onChange={(e) => setPlaybookId(e.target.value)} data-testid="approval-playbook">
            <option value="">{t.choosePlaybook}</option>
            {library.entries.map((e) => (
              <option key={e.playbook.id} value={e.playbook.id}>
                {e.playbook.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="muted flow-note">{t.nothingRuns}</p>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" disabled={busy || (scan && !playbookId)} data-testid="approve" onClick={() => act(() => flows.approve(flow.id, scan ? { playbookId } : {}))}>
          {t.run}
        </button>
        <button type="button" disabled={busy} data-testid="deny" onClick={() => act(() => flows.deny(flow.id))}>
          {t.cancel}
        </button>
      </div>
    </section>
  );
}
