/**
 * The Ask screen: the question box (Composer) with Ask and Stop and the documents the next
 * question searches, first in the page's order and at the top of the conversation column; then
 * the open conversation's turns, the latest first (its answer lands right under the box; nothing
 * floating covers the box). Everything it shows comes from the conversation service; a cited
 * passage opens in the source viewer.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { AnswerSource } from '../../core/answer-types';
import type { OpenSource } from '../viewer/open-source';
import { AnswerAnnouncer } from './AnswerAnnouncer';
import { APP } from '../app-strings';
import { ConversationBar } from './ConversationBar';
import { documentNames } from '../documents/doc-labels';
import { useConversation, useDocumentList, useSession } from '../common/hooks';
import { useStrings } from '../i18n/LanguageProvider';
import { ModelInvitation } from '../settings/ModelInvitation';
import { ScopeBar } from './ScopeBar';
import { TurnCard, type TurnActions } from './TurnCard';
import './conversation.css';

/** The question box, Ask / Stop, and (below them) what the next question searches. */
export function Composer() {
  const session = useSession();
  const service = session.conversation;
  const view = useConversation();
  const t = useStrings(APP);
  const documents = useDocumentList();
  const names = useMemo(() => documentNames(documents), [documents]);
  const [question, setQuestion] = useState('');
  const composer = useRef<HTMLDivElement>(null);
  const latest = view.turns[view.turns.length - 1]?.id;

  // A new question (asked, or chosen from a turn further down) brings the box and its answer into view.
  useEffect(() => {
    if (latest) composer.current?.scrollIntoView?.({ block: 'nearest' });
  }, [latest]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // A new question supersedes one still running: only the latest is answered.
    void service.ask(question);
    setQuestion('');
  };

  return (
    <div className="composer panel" ref={composer} data-testid="composer">
      <form className="ask" onSubmit={onSubmit} role="search">
        <label htmlFor="question">{t.questionLabel}</label>
        <div className="ask-row">
          <input id="question" type="search" value={question} placeholder={t.questionPlaceholder} autoComplete="off" onChange={(e) => setQuestion(e.target.value)} />
          <button type="submit" className="primary" disabled={!question.trim()}>
            {t.askButton}
          </button>
          {view.busy && (
            <button type="button" className="danger" data-testid="stop" onClick={() => service.stop()}>
              {t.stop}
            </button>
          )}
        </div>
      </form>
      <ScopeBar filter={view.filter} followUp={view.followUp} documents={documents} names={names} onFilter={(ids) => service.setFilter(ids)} onClearFollowUp={() => service.clearFollowUp()} />
    </div>
  );
}

export function ConversationPanel({ onOpen, onSetUpModel }: { onOpen: (source: OpenSource) => void; onSetUpModel: () => void }) {
  const session = useSession();
  const service = session.conversation;
  const view = useConversation();
  const t = useStrings(APP);
  const documents = useDocumentList();
  const names = useMemo(() => documentNames(documents), [documents]);
  const [problem, setProblem] = useState<string | null>(null);

  // Stable, so a turn that did not change is not rendered again while another streams.
  const actions: TurnActions = useMemo(
    () => ({
      open: (source: AnswerSource, terms: readonly string[], query?: string, focus?: string) => {
        setProblem(null);
        service.passage(source.chunkId, source.documentId).then(
          (passage) => (passage ? onOpen({ passage, terms, ...(query ? { query } : {}), ...(focus ? { focus } : {}) }) : setProblem(t.noLongerHere(source.file))),
          () => setProblem(t.couldNotOpen(source.file)),
        );
      },
      askAgain: (q) => void service.ask(q),
      searchWithout: (turnId, documentId) => void service.askWithout(turnId, documentId),
      searchEverywhere: (turnId) => void service.searchEverywhere(turnId),
      chooseDocument: (turnId, documentId) => void service.chooseDocument(turnId, documentId),
    }),
    [service, onOpen, t],
  );

  return (
    <section className="panel search conversation" aria-labelledby="ask-heading" data-searches={view.completed}>
      <ConversationBar />
      <ModelInvitation onSetUp={onSetUpModel} />
      {(view.notice ?? problem) && (
        <p role="alert" className="error-text">
          {view.notice ?? problem}
        </p>
      )}
      <AnswerAnnouncer turn={view.turns[view.turns.length - 1]} />
      {view.turns.length > 0 ? (
        <ol className="turns" aria-label={t.turnsLabel} reversed>
          {[...view.turns].reverse().map((turn) => (
            <TurnCard key={turn.id} turn={turn} names={names} documents={documents} actions={actions} />
          ))}
        </ol>
      ) : (
        <div className="empty">
          <p>{t.emptyExamples}</p>
          <p className="muted">{t.emptyCites}</p>
        </div>
      )}
    </section>
  );
}
