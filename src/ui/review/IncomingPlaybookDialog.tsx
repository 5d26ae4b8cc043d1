/**
 * A playbook from a file or a share link, validated but not installed: what it contains, how it
 * differs from the version installed now, and the question whether to add it. Its texts are
 * shown as text; nothing of it runs.
 */
import { useState } from 'react';
import type { IncomingPlaybook } from '../../app/review/playbook-library';
import { describeError } from '../../core/errors';
import type { ItemDiff } from '../../core/scan/share';
import { useCasefile } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { REVIEW, type ReviewStrings } from './review-strings';
import { useModalDialog } from '../common/modal';

function DiffList<T extends { readonly id: string }>({ title, diff, name, incoming, t }: { title: string; diff: ItemDiff<T>; name: (item: T) => string; incoming: readonly T[]; t: ReviewStrings }) {
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
            {t.added(name(x))}
          </li>
        ))}
        {diff.removed.map((x) => (
          <li key={`r-${x.id}`} className="diff-removed">
            {t.removed(name(x))}
          </li>
        ))}
        {diff.changed.map((c) => (
          <li key={`c-${c.id}`} className="diff-changed">
            {t.changed(nameOf(c.id), c.fields.join(', '))}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function IncomingPlaybookDialog({ incoming, onClose, onInstalled }: { incoming: IncomingPlaybook; onClose: () => void; onInstalled: (id: string) => void }) {
  const app = useCasefile();
  const dialog = useModalDialog();
  const t = useStrings(REVIEW);
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
      <h2 id="incoming-title">{t.addPlaybookTitle(p.name)}</h2>
      <p className="muted small-text">{t.checkedFrom(incoming.label)}</p>
      <dl className="incoming-facts">
        <dt>{t.idVersion}</dt>
        <dd>
          {p.id} · {p.version}
        </dd>
        {p.author && (
          <>
            <dt>{t.author}</dt>
            <dd>{p.author}</dd>
          </>
        )}
        {p.jurisdiction && (
          <>
            <dt>{t.jurisdiction}</dt>
            <dd>{p.jurisdiction}</dd>
          </>
        )}
        <dt>{t.contents}</dt>
        <dd>{t.contentsLine(p.rules.length, p.clauseTypes.length, p.language)}</dd>
      </dl>
      <p className="incoming-description">{p.description}</p>
      <details>
        <summary>{t.rules}</summary>
        <ul className="incoming-rules">
          {p.rules.map((r) => (
            <li key={r.id}>
              <span className={`severity severity-${r.severity}`}>{t.severities[r.severity]}</span> {r.title}
            </li>
          ))}
        </ul>
      </details>
      <section className="incoming-diff" aria-label={t.differences}>
        {!current && <p>{t.newPlaybook(p.id)}</p>}
        {current && diff?.identical && <p>{t.identical(current.playbook.version, t.originWords[current.origin] ?? current.origin)}</p>}
        {current && diff && !diff.identical && (
          <>
            <p>
              {t.youHave(current.playbook.name, diff.fromVersion, t.originWords[current.origin] ?? current.origin, diff.toVersion)} {current.builtin ? t.replacesBuiltin : t.replacesYours} {t.differences}:
            </p>
            {diff.metadata.length > 0 && <p>{t.detailsChanged(diff.metadata.join(', '))}</p>}
            <DiffList title={t.rules} diff={diff.rules} name={(r) => `${r.title} (${r.id})`} incoming={p.rules} t={t} />
            <DiffList title={t.clauseTypes} diff={diff.clauseTypes} name={(c) => `${c.name} (${c.id})`} incoming={p.clauseTypes} t={t} />
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
          {!current ? t.addPlaybook : current.origin === 'builtin' ? t.addThisVersion : t.replaceMine}
        </button>
        <button type="button" className="ghost" onClick={() => dialog.current?.close()}>
          {t.cancel}
        </button>
      </div>
    </dialog>
  );
}
