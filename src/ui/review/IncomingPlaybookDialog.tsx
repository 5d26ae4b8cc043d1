/**
 * A playbook from a file or a share link, validated but not installed: what it contains, how it
 * differs from the version installed now, and the question whether to add it. Its texts are
 * shown as text; nothing of it runs.
 */
import { useState } from 'react';
import type { IncomingPlaybook } from '../../app/playbook-library';
import { describeError } from '../../core/errors';
import type { ItemDiff } from '../../core/scan/share';
import { useCasefile } from '../hooks';
import { plural, SEVERITY_LABEL } from './labels';
import { useModalDialog } from '../modal';

const ORIGIN: Record<string, string> = { builtin: 'built in', file: 'imported from a file', link: 'opened from a link', editor: 'edited here' };

function DiffList<T extends { readonly id: string }>({ title, diff, name, incoming }: { title: string; diff: ItemDiff<T>; name: (item: T) => string; incoming: readonly T[] }) {
  if (diff.added.length + diff.removed.length + diff.changed.length === 0) return null;
  const nameOf = (id: string) => {
    const item = incoming.find((x) => x.id === id);
    return item ? name(item) : id;
  };
  return (
    <div className="diff-group">
      <h4>{title}</h4>
      <ul>
        {diff.added.map((x) => (
          <li key={`a-${x.id}`} className="diff-added">
            Added: {name(x)}
          </li>
        ))}
        {diff.removed.map((x) => (
          <li key={`r-${x.id}`} className="diff-removed">
            Removed: {name(x)}
          </li>
        ))}
        {diff.changed.map((c) => (
          <li key={`c-${c.id}`} className="diff-changed">
            Changed: {nameOf(c.id)} — {c.fields.join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function IncomingPlaybookDialog({ incoming, onClose, onInstalled }: { incoming: IncomingPlaybook; onClose: () => void; onInstalled: (id: string) => void }) {
  const app = useCasefile();
  const dialog = useModalDialog();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { playbook: p, diff, current } = incoming;
  const add = () => {
    setBusy(true);
    app.playbooks.install(p, incoming.from).then(
      () => {
        dialog.current?.close();
        onInstalled(p.id);
      },
      (e: unknown) => {
        setBusy(false);
        setError(describeError(e));
      },
    );
  };
  return (
    <dialog ref={dialog} className="incoming" aria-labelledby="incoming-title" onClose={onClose} onCancel={onClose}>
      <h2 id="incoming-title">Add the playbook “{p.name}”?</h2>
      <p className="muted small-text">
        From {incoming.label}. It was checked: valid, its patterns run in linear time, its texts are shown as plain text. Nothing is added until you confirm.
      </p>
      <dl className="incoming-facts">
        <dt>Id and version</dt>
        <dd>
          {p.id} · {p.version}
        </dd>
        {p.author && (
          <>
            <dt>Author</dt>
            <dd>{p.author}</dd>
          </>
        )}
        {p.jurisdiction && (
          <>
            <dt>Jurisdiction</dt>
            <dd>{p.jurisdiction}</dd>
          </>
        )}
        <dt>Contents</dt>
        <dd>
          {plural(p.rules.length, 'rule')}, {plural(p.clauseTypes.length, 'clause type')}, language {p.language}
        </dd>
      </dl>
      <p className="incoming-description">{p.description}</p>
      <details>
        <summary>Rules</summary>
        <ul className="incoming-rules">
          {p.rules.map((r) => (
            <li key={r.id}>
              <span className={`severity severity-${r.severity}`}>{SEVERITY_LABEL[r.severity]}</span> {r.title}
            </li>
          ))}
        </ul>
      </details>
      <section className="incoming-diff" aria-label="Differences">
        {!current && <p>No playbook with the id “{p.id}” is installed: this adds a new one.</p>}
        {current && diff?.identical && <p>Identical to the version you have ({current.playbook.version}, {ORIGIN[current.origin]}).</p>}
        {current && diff && !diff.identical && (
          <>
            <p>
              You have “{current.playbook.name}” {diff.fromVersion} ({ORIGIN[current.origin]}); this is {diff.toVersion}.{' '}
              {current.builtin ? 'Adding it takes the place of the built-in version, which you can restore at any time.' : 'Adding it replaces yours.'} Differences:
            </p>
            {diff.metadata.length > 0 && <p>Details changed: {diff.metadata.join(', ')}.</p>}
            <DiffList title="Rules" diff={diff.rules} name={(r) => `${r.title} (${r.id})`} incoming={p.rules} />
            <DiffList title="Clause types" diff={diff.clauseTypes} name={(t) => `${t.name} (${t.id})`} incoming={p.clauseTypes} />
          </>
        )}
      </section>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" onClick={add} disabled={busy || diff?.identical === true}>
          {!current ? 'Add playbook' : current.origin === 'builtin' ? 'Add this version' : 'Replace my version'}
        </button>
        <button type="button" className="ghost" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
