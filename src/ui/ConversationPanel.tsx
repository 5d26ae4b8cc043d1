/**
 * The Ask screen: the question box with Ask and Stop and the documents the next question
 * searches, then the open conversation's turns, the latest first (its answer lands right under
 * the box; nothing floating covers the box). Everything it shows comes from the conversation
 * service; a cited passage opens in the source viewer.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { AnswerSource } from '../core/answer/types';
import type { DocumentRecord } from '../core/types';
import type { OpenSource } from './App';
import { AnswerAnnouncer } from './AnswerAnnouncer';
import { ConversationBar } from './ConversationBar';
import { documentNames } from './doc-labels';
import { useConversation, useLiveQuery, useSession, useWorkspace } from './hooks';
import { ModelInvitation } from './ModelInvitation';
import { ScopeBar } from './ScopeBar';
import { TurnCard, type TurnActions } from './TurnCard';
import './conversation.css';

export function ConversationPanel({ onOpen, onSetUpModel }: { onOpen: (source: OpenSource) => void; onSetUpModel: () => void }) {
  const session = useSession();
  const service = session.conversation;
  const ws = useWorkspace();
  const view = useConversation();
  const documents = useLiveQuery<DocumentRecord[]>(() => session.documents.list(), [ws.generation], []);
  const names = useMemo(() => documentNames(documents), [documents]);
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const composer = useRef<HTMLDivElement>(null);
  const latest = view.turns[view.turns.length - 1]?.id;

  // A new question (asked, or chosen from a turn further down) brings the box and its answer into view.
  useEffect(() => {
    if (latest) composer.current?.scrollIntoView?.({ block: 'nearest' });
  }, [latest]);

  // Stable, so a turn that did not change is not rendered again while another streams.
  const actions: TurnActions = useMemo(
    () => ({
      open: (source: AnswerSource, terms: readonly string[]) => {
        setProblem(null);
        service.passage(source.chunkId, source.documentId).then(
          (passage) => (passage ? onOpen({ passage, terms }) : setProblem(`${source.file} is no longer in this workspace.`)),
          () => setProblem(`${source.file} could not be opened.`),
        );
      },
      askAgain: (q) => void service.ask(q),
      searchWithout: (turnId, documentId) => void service.askWithout(turnId, documentId),
      chooseDocument: (turnId, documentId) => void service.chooseDocument(turnId, documentId),
      searchEverywhere: (turnId) => void service.askEverywhere(turnId),
    }),
    [service, onOpen],
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // A new question supersedes one still running: only the latest is answered.
    void service.ask(question);
    setQuestion('');
  };

  return (
    <section className="panel search conversation" aria-labelledby="ask-heading" data-searches={view.completed}>
      <ConversationBar />
      <ModelInvitation onSetUp={onSetUpModel} />
      {(view.notice ?? problem) && (
        <p role="alert" className="error-text">
          {view.notice ?? problem}
        </p>
      )}
      <div className="composer" ref={composer}>
        <ScopeBar filter={view.filter} followUp={view.followUp} documents={documents} names={names} onFilter={(ids) => service.setFilter(ids)} onClearFollowUp={() => service.clearFollowUp()} />
        <form className="ask" onSubmit={onSubmit} role="search">
          <label htmlFor="question">Ask a question or search your documents</label>
          <div className="ask-row">
            <input id="question" type="search" value={question} placeholder="e.g. What is the limitation of liability?" autoComplete="off" onChange={(e) => setQuestion(e.target.value)} />
            <button type="submit" className="primary" disabled={!question.trim()}>
              Ask
            </button>
            {view.busy && (
              <button type="button" className="danger" data-testid="stop" onClick={() => service.stop()}>
                Stop
              </button>
            )}
          </div>
        </form>
      </div>
      <AnswerAnnouncer turn={view.turns[view.turns.length - 1]} />
      {view.turns.length > 0 ? (
        <ol className="turns" aria-label="Questions and answers, latest first" reversed>
          {[...view.turns].reverse().map((t) => (
            <TurnCard key={t.id} turn={t} names={names} documents={documents} actions={actions} />
          ))}
        </ol>
      ) : (
        <div className="empty">
          <p>Ask about your documents: “What is the cap on liability in the Supply Agreement?”, “governing law”, “Section 12.2”, “§ 7”.</p>
          <p className="muted">Every answer cites the file, page and section it comes from. Click a citation to read it in place.</p>
        </div>
      )}
    </section>
  );
}
