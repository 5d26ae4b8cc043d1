/**
 * One turn of the conversation: the question, the documents it searched (removable chips), and
 * what came back, each outcome rendered its own way — an answer with its checked citations and
 * sources; "no passage clearly answers this" with the reasons and the closest passages labelled
 * as such; the candidate documents to choose from; a creative answer flagged as going beyond the
 * documents; workspace and capability replies (a document table with its pages, a proposed flow's
 * card: approval, progress, findings); an error; a stopped turn — or, while it runs, its
 * status and the answer as it streams. Labels follow the turn's language (the app's when the
 * app does not speak it).
 */
import { memo } from 'react';
import type { AnswerSource, TurnRecord } from '../../core/answer-types';
import type { DocumentRecord } from '../../core/types';
import { staleness, type TurnView } from '../../app/ask/turn-view';
import { verificationSummary } from '../../export/conversation-parts';
import { turnLanguage, type UiLang } from '../i18n/language';
import { useLanguage } from '../i18n/LanguageProvider';
import { AnswerText } from './AnswerText';
import { otherNames, quotedList, shownParties, type DocumentNames } from '../documents/doc-labels';
import { DocumentTable, isDocumentTable } from '../flows/DocumentTable';
import { FlowCard } from '../flows/FlowCard';
import { usedSources } from '../../core/answer/sources';
import { SourceList } from './SourceList';
import { TurnTrace } from './TurnTrace';
import { turnStrings, type TurnStrings } from './turn-strings';

export interface TurnActions {
  /**
   * Opens a source in the viewer, the turn's query terms marked, and `focus`, the words the
   * answer quotes from it, marked within the passage.
   */
  readonly open: (source: AnswerSource, terms: readonly string[], query?: string, focus?: string) => void;
  readonly askAgain: (question: string) => void;
  readonly searchWithout: (turnId: string, documentId: string) => void;
  readonly chooseDocument: (turnId: string, documentId: string) => void;
  /**
   * Asks a turn's question again over every document: after "No document here matches …", a
   * follow-up that other documents answer, or a scope the question's language chose, removed.
   */
  readonly searchEverywhere: (turnId: string) => void;
}

type Kind = 'running' | 'stopped' | 'passages' | TurnRecord['state'];

function kindOf(turn: TurnView): Kind {
  const r = turn.record;
  if (turn.running || !r) return 'running';
  if (r.stopped) return 'stopped';
  if (turn.passagesOnly && r.state === 'answered') return 'passages';
  return r.state;
}

function ScopeLine({ turn, names, searchable, s, lang, actions }: { turn: TurnView; names: DocumentNames; searchable: number; s: TurnStrings; lang: UiLang; actions: TurnActions }) {
  const scope = turn.record?.scope;
  if (!scope) return null;
  const everything = scope.documentIds.length === 0 || (scope.source === 'user' && scope.documentIds.length >= searchable && searchable > 1);
  const language = scope.source === 'language' && scope.language ? (new Intl.DisplayNames([lang], { type: 'language' }).of(scope.language) ?? scope.language) : null;
  return (
    <div className="scope-line" data-testid="turn-scope" data-source={scope.source}>
      <span className="scope-label">{s.searchingIn}</span>
      {everything ? (
        <span className="chip chip-all">{s.allDocuments}</span>
      ) : language ? (
        // The question's language chose the documents: one chip for them, and a way to widen.
        <span className="chip" data-testid="scope-chip" title={scope.documentIds.map((id) => names(id) ?? id).join(', ')}>
          <span className="chip-name">{s.inLanguage(language)}</span>
          <button type="button" className="chip-remove" data-testid="scope-chip-remove" aria-label={s.searchAll} title={s.searchAll} onClick={() => actions.searchEverywhere(turn.id)}>
            ×
          </button>
        </span>
      ) : (
        scope.documentIds.map((id) => {
          const name = names(id) ?? turn.sources.find((x) => x.documentId === id)?.title ?? id;
          return (
            <span key={id} className="chip" data-testid="scope-chip">
              <span className="chip-name" title={name}>
                {name}
              </span>
              <button type="button" className="chip-remove" data-testid="scope-chip-remove" aria-label={s.searchWithout(name)} title={s.searchWithout(name)} onClick={() => actions.searchWithout(turn.id, id)}>
                ×
              </button>
            </span>
          );
        })
      )}
    </div>
  );
}

/** A button per document the question could mean: its title and parties, and its file. */
function CandidateButtons({ turnId, candidates, labelledBy, actions }: { turnId: string; candidates: TurnRecord['candidates']; labelledBy: string; actions: TurnActions }) {
  if (candidates.length === 0) return null;
  return (
    <div className="candidates" role="group" aria-labelledby={labelledBy}>
      {candidates.map((c) => {
        const parties = shownParties(c);
        return (
          <button key={c.id} type="button" className="candidate" data-testid="candidate" onClick={() => actions.chooseDocument(turnId, c.id)}>
            <span className="candidate-title">{c.title ?? c.name}</span>
            {parties.length > 0 ? <span className="candidate-parties">{parties.join(' / ')}</span> : c.aliases.length > 0 && <span className="candidate-parties">{otherNames(c.aliases)}</span>}
            <span className="candidate-file muted">{c.name}</span>
          </button>
        );
      })}
    </div>
  );
}

function Verification({ record, lang }: { record: TurnRecord; lang: UiLang }) {
  const answer = record.answer;
  if (!answer || answer.verification.citations + answer.verification.quotes === 0) return null;
  return (
    <p className={`verification ${answer.verification.ok ? 'verification-ok' : 'verification-warn'}`} data-testid="verification">
      {answer.verification.ok ? '✓ ' : '⚠ '}
      {verificationSummary(answer, lang)}
    </p>
  );
}

function Writer({ record, s }: { record: TurnRecord; s: TurnStrings }) {
  const who = record.writer === 'model' ? s.writtenBy(record.trace.model?.id ?? s.aLanguageModel) : record.writer === 'extractive' ? s.extractive : null;
  if (!who && !record.fallback) return null;
  return (
    <p className="writer muted" data-testid="writer">
      {who}
      {record.fallback ? ` · ${s.modelNotUsed(record.fallback)}` : ''}
    </p>
  );
}

/** Rendered again only when its turn, the documents or their names change. */
export const TurnCard = memo(function TurnCard({ turn, names, documents, actions }: { turn: TurnView; names: DocumentNames; documents: readonly DocumentRecord[]; actions: TurnActions }) {
  const record = turn.record;
  const kind = kindOf(turn);
  const app = useLanguage().lang;
  const language = record?.language ?? turn.plan?.replyLanguage ?? null;
  const s = turnStrings(language, app);
  /** The turn's language among the app's (the trace, verification and flows have only those). */
  const lang = turnLanguage(language, app);
  const terms = turn.retrieval?.terms ?? [];
  const searchable = documents.filter((d) => d.status === 'ready' || d.status === 'degraded').length;
  // The words the answer quotes from a source are marked within it in the viewer.
  const open = (source: AnswerSource) => actions.open(source, terms, turn.question, record?.answer?.quotes.find((q) => q.foundIn === source.n && q.status !== 'not_found')?.text);
  const cite = (n: number) => {
    const source = turn.sources.find((x) => x.n === n);
    if (source) open(source);
  };
  const stale = record ? staleness(record, documents) : null;
  const scopeName = record?.scope && record.scope.documentIds.length > 0 ? quotedList(record.scope.documentIds.map((id) => names(id) ?? id), lang) : null;

  return (
    <li className={`turn turn-${kind}`} data-testid="turn" data-state={kind} lang={record?.language ?? undefined} aria-busy={turn.running}>
      <p className="turn-question" data-testid="turn-question">
        {turn.question}
      </p>
      {kind !== 'clarification' && <ScopeLine turn={turn} names={names} searchable={searchable} s={s} lang={lang} actions={actions} />}

      {kind === 'running' && (
        <>
          <p className="turn-status muted" data-testid="turn-status" role="status">
            {turn.status ?? s.working}
          </p>
          {turn.draft && (
            <p className="draft" data-testid="draft">
              {turn.draft}
            </p>
          )}
        </>
      )}

      {record && kind === 'insufficient' && (
        <div className="insufficient">
          <p className="insufficient-title" data-testid="insufficient">
            {s.insufficient(scopeName)}
          </p>
          {record.sufficiency && record.sufficiency.reasons.length > 0 && (
            <ul className="reasons" aria-label={s.why} data-testid="reasons">
              {record.sufficiency.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
          {record.elsewhere && record.elsewhere.length > 0 && (
            <p className="elsewhere" data-testid="elsewhere">
              {s.elsewhere(quotedList(record.elsewhere.map((id) => names(id) ?? id), lang))}{' '}
              <button type="button" className="search-all" data-testid="search-all" aria-label={s.searchAllDocumentsFor} onClick={() => actions.searchEverywhere(turn.id)}>
                {s.searchAllDocuments}
              </button>
            </p>
          )}
          <SourceList sources={turn.sources} terms={terms} heading={s.closestHeading} closestLabel={s.closest} lang={lang} query={turn.question} onOpen={open} />
        </div>
      )}

      {record && kind === 'clarification' && (
        <div className="clarification" data-clarification={record.clarification?.kind ?? 'ambiguous'}>
          {record.clarification?.kind === 'not_found' ? (
            <>
              {record.answer && (
                <div className="clarification-question" data-testid="no-document-matches" id={`which-${turn.id}`}>
                  <AnswerText answer={record.answer} onCite={cite} />
                </div>
              )}
              {record.candidates.length > 0 && <p className="muted clarification-closest">{s.closestDocuments}</p>}
              <CandidateButtons turnId={turn.id} candidates={record.candidates} labelledBy={`which-${turn.id}`} actions={actions} />
              <button type="button" className="search-all" data-testid="search-all" aria-label={s.searchAllDocumentsFor} onClick={() => actions.searchEverywhere(turn.id)}>
                {s.searchAllDocuments}
              </button>
            </>
          ) : record.candidates.length > 0 ? (
            <>
              <p className="clarification-question" id={`which-${turn.id}`}>
                {s.whichDocument}
              </p>
              <CandidateButtons turnId={turn.id} candidates={record.candidates} labelledBy={`which-${turn.id}`} actions={actions} />
            </>
          ) : (
            record.answer && <AnswerText answer={record.answer} onCite={cite} />
          )}
        </div>
      )}

      {record && (kind === 'answered' || kind === 'creative' || kind === 'stopped') && (
        <div className="answer" data-testid="answer">
          {kind === 'stopped' && <span className="badge badge-stopped">{s.stopped}</span>}
          {kind === 'creative' && (
            <p className="creative-note" role="note">
              {s.beyondDocuments}
            </p>
          )}
          <Writer record={record} s={s} />
          {record.answer && record.answer.text.trim() && <AnswerText answer={record.answer} onCite={cite} />}
          <Verification record={record} lang={lang} />
        </div>
      )}

      {record && kind === 'inventory' && isDocumentTable(record.workspace) ? (
        <DocumentTable answer={record.workspace} language={record.language} lang={lang} />
      ) : record && kind === 'action' && record.action?.flowId ? (
        <FlowCard flowId={record.action.flowId} lang={lang} doc={(id) => documents.find((d) => d.id === id)} onOpen={(source) => actions.open(source, [])} />
      ) : (
        record &&
        (kind === 'capability' || kind === 'inventory' || kind === 'action') &&
        record.answer && (
          <div className="app-reply">
            <AnswerText answer={record.answer} onCite={cite} />
          </div>
        )
      )}

      {record && kind === 'error' && (
        <p className="error-text" role="alert" data-testid="turn-error">
          {record.error?.message ?? s.couldNotAnswer}
        </p>
      )}

      {kind !== 'insufficient' && kind !== 'clarification' && (
        <SourceList sources={turn.sources} terms={terms} heading={s.sources} context={contextOf(record, s)} lang={lang} query={turn.question} onOpen={open} />
      )}

      {record && (kind === 'error' || kind === 'stopped' || stale) && (
        <p className={stale ? 'stale' : 'turn-retry'} data-testid={stale ? 'stale' : undefined}>
          {stale && <span>{s.changedSince} </span>}
          <button type="button" className="small" onClick={() => actions.askAgain(turn.question)}>
            {s.askAgain}
          </button>
        </p>
      )}

      {record && <TurnTrace turn={record} retrieval={turn.retrieval} lang={lang} />}
    </li>
  );
});

/** An answered turn's sources its answer neither quotes nor cites, labelled as context (none while it is written, or when the answer uses none of them). */
function contextOf(record: TurnRecord | null | undefined, s: { readonly context: string; readonly contextTitle: string }) {
  if (!record?.answer || (record.state !== 'answered' && record.state !== 'creative')) return undefined;
  const used = usedSources(record.answer);
  if (used.size === 0) return undefined;
  return { unused: new Set(record.sources.map((x) => x.n).filter((n) => !used.has(n))), label: s.context, title: s.contextTitle };
}
