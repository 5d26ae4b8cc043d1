/**
 * The playbook library: built-in and installed playbooks, each to use, edit, duplicate, export
 * as a file, share as a link, or delete (an edited built-in is restored); playbooks come in from
 * a file (picker or drag and drop) or a share link, and are shown before they are added.
 */
import { useStrings } from '../i18n/LanguageProvider';
import { useRovingFocus } from '../common/roving';
import { REVIEW, type ReviewStrings } from './review-strings';
import { usePlaybookWords } from './localized';
import { useRef, useState, type DragEvent } from 'react';
import { saveFile } from '../../app/browser/downloads';
import type { IncomingPlaybook, PlaybookEntry } from '../../app/review/playbook-library';
import { describeError } from '../../core/errors';
import type { Playbook } from '../../core/scan/playbook';
import { ConfirmDialog } from '../Dialogs';
import { useCasefile } from '../common/hooks';
import { IncomingPlaybookDialog } from './IncomingPlaybookDialog';
import { PlaybookEditor } from './PlaybookEditor';
import { usePlaybooks } from './review-hooks';
import { ShareBox } from './ShareBox';

function origin(e: PlaybookEntry, t: ReviewStrings): string {
  const o = t.origins;
  switch (e.origin) {
    case 'builtin':
      return o.builtin;
    case 'file':
      return e.builtin ? o.fileBuiltin : o.file;
    case 'link':
      return e.builtin ? o.linkBuiltin : o.link;
    case 'editor':
      return e.builtin ? o.editorBuiltin : o.editor;
  }
}

export function PlaybooksView({ current, onUse }: { current: string; onUse: (id: string) => void }) {
  const app = useCasefile();
  const { entries } = usePlaybooks();
  const t = useStrings(REVIEW);
  const words = usePlaybookWords();
  const list = useRovingFocus<HTMLUListElement>({ rows: ':scope > li' });
  const input = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<Playbook | null>(null);
  const [incoming, setIncoming] = useState<IncomingPlaybook | null>(null);
  const [share, setShare] = useState<{ id: string; link: string } | null>(null);
  const [removing, setRemoving] = useState<PlaybookEntry | null>(null);
  const [link, setLink] = useState('');
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fail = (e: unknown) => setError(describeError(e));
  const readFile = (file: File | undefined) => {
    setError(null);
    if (file) app.playbooks.readFile(file).then(setIncoming, fail);
  };
  const openLink = () => {
    setError(null);
    app.playbooks.readLink(link.trim()).then((x) => (x ? setIncoming(x) : setError(t.noPlaybookInLink)), fail);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    readFile(e.dataTransfer.files[0]);
  };

  if (editing) return <PlaybookEditor initial={editing} onClose={() => setEditing(null)} />;

  return (
    <div className="playbooks">
      <div
        className={`import-zone${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="playbook-drop"
      >
        <p>
          {t.dropPlaybook}{' '}
          <button type="button" className="small" onClick={() => input.current?.click()}>
            {t.importFile}
          </button>
        </p>
        <input ref={input} type="file" accept=".json,application/json" className="visually-hidden" tabIndex={-1} aria-label={t.choosePlaybookFile} data-testid="playbook-file" onChange={(e) => {
          readFile(e.target.files?.[0]);
          e.target.value = '';
        }} />
        <form
          className="link-row"
          onSubmit={(e) => {
            e.preventDefault();
            openLink();
          }}
        >
          <label htmlFor="playbook-link">{t.pasteLink}</label>
          <input id="playbook-link" value={link} placeholder="https://…#playbook=…" onChange={(e) => setLink(e.target.value)} />
          <button type="submit" className="small" disabled={!link.trim()}>
            {t.openLink}
          </button>
        </form>
        <p className="muted small-text">{t.playbooksAreData}</p>
      </div>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <ul className="playbook-list" aria-label={t.playbooks} ref={list}>
        {entries.map((e) => {
          const p = e.playbook;
          const shown = words(p);
          return (
            <li key={p.id} className={`playbook-card${p.id === current ? ' current' : ''}`} aria-label={shown.name}>
              <div className="playbook-main">
                <h4>{shown.name}</h4>
                <p className="muted small-text">
                  {t.playbookFacts(origin(e, t), p.id, p.version, p.rules.length, p.clauseTypes.length)}
                  {p.jurisdiction && ` · ${p.jurisdiction}`}
                  {p.author && t.by(p.author)}
                </p>
                <p className="playbook-description">{shown.description}</p>
              </div>
              <div className="actions">
                <button type="button" className="small primary" disabled={p.id === current} onClick={() => onUse(p.id)}>
                  {p.id === current ? t.inUse : t.useForReview}
                </button>
                <button type="button" className="small" onClick={() => setEditing(p)}>
                  {t.edit}
                </button>
                <button type="button" className="small" onClick={() => setEditing(app.playbooks.duplicate(p))}>
                  {t.duplicate}
                </button>
                <button type="button" className="small" onClick={() => saveFile({ ...app.playbooks.exportFile(p), data: app.playbooks.exportFile(p).text })}>
                  {t.exportFile}
                </button>
                <button type="button" className="small" onClick={() => app.playbooks.shareLink(p, window.location.href).then((l) => setShare({ id: p.id, link: l }), fail)}>
                  {t.shareLink}
                </button>
                {e.origin !== 'builtin' && (
                  <button type="button" className="small ghost danger" onClick={() => setRemoving(e)}>
                    {e.builtin ? t.restoreBuiltin : t.delete}
                  </button>
                )}
              </div>
              {share?.id === p.id && <ShareBox link={share.link} />}
            </li>
          );
        })}
      </ul>
      {incoming && <IncomingPlaybookDialog incoming={incoming} onClose={() => setIncoming(null)} onInstalled={(id) => onUse(id)} />}
      {removing && (
        <ConfirmDialog title={removing.builtin ? t.restoreTitle(removing.builtin.name) : t.deleteTitle(removing.playbook.name)} action={removing.builtin ? t.restoreBuiltin : t.deletePlaybook} onConfirm={() => void app.playbooks.remove(removing.playbook.id).catch(fail)} onClose={() => setRemoving(null)}>
          {removing.builtin ? t.restoreText(removing.playbook.version) : t.deleteText}
        </ConfirmDialog>
      )}
    </div>
  );
}
