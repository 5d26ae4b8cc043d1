/**
 * The open conversation's title and actions (new, rename, export as Markdown or Word, delete
 * with a timed Undo), and the list of the workspace's conversations to reopen (one Tab stop,
 * arrow keys inside: roving.ts). Exports are written in the app's language.
 */
import { APP } from '../app-strings';
import { useLanguage, useStrings } from '../i18n/LanguageProvider';
import { useRovingFocus } from '../common/roving';
import { useState } from 'react';
import type { ConversationRecord } from '../../core/answer/conversation';
import { describeError } from '../../core/errors';
import type { ExportFormat } from '../../app/ask/conversation-files';
import { TextDialog } from '../Dialogs';
import { downloadFile } from '../common/download';
import { useConversation, useSession } from '../common/hooks';

const when = (t: number) => new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ConversationBar() {
  const { conversation: service } = useSession();
  const view = useConversation();
  const t = useStrings(APP);
  const { lang } = useLanguage();
  const list = useRovingFocus<HTMLUListElement>({ rows: ':scope > li' });
  const [history, setHistory] = useState(false);
  const [renaming, setRenaming] = useState<ConversationRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = view.conversation;
  const fail = (e: unknown) => setError(describeError(e));

  const exportAs = (format: ExportFormat) => {
    if (!current) return;
    setError(null);
    service.exportConversation(current.id, format, lang).then(downloadFile, fail);
  };

  return (
    <div className="conversation-bar">
      <div className="conversation-head">
        <h2 id="ask-heading" className="conversation-title" data-testid="conversation-title" title={current?.title}>
          {current?.title ?? t.newConversation}
        </h2>
        <div className="actions conversation-actions">
          <button type="button" className="small" onClick={() => service.newConversation()} disabled={!current && view.turns.length === 0}>
            {t.newConversation}
          </button>
          <button type="button" className="small" aria-expanded={history} aria-controls="conversation-list" onClick={() => setHistory((h) => !h)} disabled={view.conversations.length === 0}>
            {t.history(view.conversations.length)}
          </button>
          {current && (
            <>
              <button type="button" className="small" onClick={() => exportAs('markdown')}>
                {t.exportMarkdown}
              </button>
              <button type="button" className="small" onClick={() => exportAs('docx')}>
                {t.exportWord}
              </button>
              <button type="button" className="small" onClick={() => setRenaming(current)}>
                {t.rename}
              </button>
              <button type="button" className="small danger" onClick={() => service.deleteConversation(current.id).catch(fail)}>
                {t.delete}
              </button>
            </>
          )}
        </div>
      </div>
      {history && view.conversations.length > 0 && (
        <ul id="conversation-list" className="conversation-list" aria-label={t.conversations} ref={list}>
          {view.conversations.map((c) => (
            <li key={c.id} className={c.id === current?.id ? 'current' : undefined} data-testid="conversation-item">
              <button
                type="button"
                className="conversation-open"
                aria-current={c.id === current?.id ? 'true' : undefined}
                onClick={() => {
                  setHistory(false);
                  service.openConversation(c.id).catch(fail);
                }}
              >
                <span className="conversation-name">{c.title}</span>
                <span className="muted small-text">
                  {t.questions(c.turns)} · {when(c.updatedAt)}
                </span>
              </button>
              <button type="button" className="ghost small" aria-label={t.renameItem(c.title)} onClick={() => setRenaming(c)}>
                {t.rename}
              </button>
              <button type="button" className="ghost small danger" aria-label={t.deleteItem(c.title)} onClick={() => service.deleteConversation(c.id).catch(fail)}>
                {t.delete}
              </button>
            </li>
          ))}
        </ul>
      )}
      {view.deleted && (
        <p className="undo-bar" role="status" data-testid="undo-delete">
          {t.deleted(view.deleted.title)}{' '}
          <button type="button" className="small" onClick={() => service.undoDelete().catch(fail)}>
            {t.undo}
          </button>
        </p>
      )}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {renaming && (
        <TextDialog
          title={t.renameConversation}
          label={t.name}
          initial={renaming.title.slice(0, 80)}
          action={t.rename}
          onSubmit={(title) => service.renameConversation(renaming.id, title).catch(fail)}
          onClose={() => setRenaming(null)}
        />
      )}
    </div>
  );
}
