/**
 * The open conversation's title and actions (new, rename, export as Markdown or Word, delete
 * with a timed Undo), and the list of the workspace's conversations to reopen.
 */
import { useState } from 'react';
import type { ConversationRecord } from '../core/answer/conversation';
import { describeError } from '../core/errors';
import type { ExportFormat } from '../app/conversation-files';
import { TextDialog } from './Dialogs';
import { downloadFile } from './download';
import { useConversation, useSession } from './hooks';

const when = (t: number) => new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ConversationBar() {
  const { conversation: service } = useSession();
  const view = useConversation();
  const [history, setHistory] = useState(false);
  const [renaming, setRenaming] = useState<ConversationRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = view.conversation;
  const fail = (e: unknown) => setError(describeError(e));

  const exportAs = (format: ExportFormat) => {
    if (!current) return;
    setError(null);
    service.exportConversation(current.id, format).then(downloadFile, fail);
  };

  return (
    <div className="conversation-bar">
      <div className="conversation-head">
        <h2 id="ask-heading" className="conversation-title" data-testid="conversation-title" title={current?.title}>
          {current?.title ?? 'New conversation'}
        </h2>
        <div className="actions conversation-actions">
          <button type="button" className="small" onClick={() => service.newConversation()} disabled={!current && view.turns.length === 0}>
            New conversation
          </button>
          <button type="button" className="small" aria-expanded={history} aria-controls="conversation-list" onClick={() => setHistory((h) => !h)} disabled={view.conversations.length === 0}>
            History ({view.conversations.length})
          </button>
          {current && (
            <>
              <button type="button" className="small" onClick={() => exportAs('markdown')}>
                Export Markdown
              </button>
              <button type="button" className="small" onClick={() => exportAs('docx')}>
                Export Word
              </button>
              <button type="button" className="small" onClick={() => setRenaming(current)}>
                Rename
              </button>
              <button type="button" className="small danger" onClick={() => service.deleteConversation(current.id).catch(fail)}>
                Delete
              </button>
            </>
          )}
        </div>
      </div>
      {history && view.conversations.length > 0 && (
        <ul id="conversation-list" className="conversation-list" aria-label="Conversations">
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
                  {c.turns === 1 ? '1 question' : `${c.turns} questions`} · {when(c.updatedAt)}
                </span>
              </button>
              <button type="button" className="ghost small" aria-label={`Rename ${c.title}`} onClick={() => setRenaming(c)}>
                Rename
              </button>
              <button type="button" className="ghost small danger" aria-label={`Delete ${c.title}`} onClick={() => service.deleteConversation(c.id).catch(fail)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {view.deleted && (
        <p className="undo-bar" role="status" data-testid="undo-delete">
          Deleted “{view.deleted.title}”.{' '}
          <button type="button" className="small" onClick={() => service.undoDelete().catch(fail)}>
            Undo
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
          title="Rename conversation"
          label="Name"
          initial={renaming.title.slice(0, 80)}
          action="Rename"
          onSubmit={(title) => service.renameConversation(renaming.id, title).catch(fail)}
          onClose={() => setRenaming(null)}
        />
      )}
    </div>
  );
}
