/**
 * The Review view: contract review with a playbook. Choose the playbook and documents and scan;
 * then the flags by severity with their evidence and review, the portfolio grid of the scanned
 * documents, and the playbook library with its editor.
 */
import { useStrings } from '../i18n/LanguageProvider';
import { useRovingFocus } from '../common/roving';
import { REVIEW } from './review-strings';
import { usePlaybookName } from './localized';
import { useState } from 'react';
import type { DocumentReview } from '../../app/review/review-service';
import type { OpenSource } from '../viewer/open-source';
import { useLiveQuery, useSession, useWorkspace } from '../common/hooks';
import { FlagsView, type FlagFocus } from './FlagsView';
import { PlaybooksView } from './PlaybooksView';
import { PortfolioView } from './PortfolioView';
import { ReviewerDialog, ReviewerGate } from './ReviewerGate';
import { usePlaybooks, useReviewer } from './review-hooks';
import { ScanPanel } from './ScanPanel';
import './review.css';

type Tab = 'flags' | 'portfolio' | 'playbooks';

const TABS: readonly Tab[] = ['flags', 'portfolio', 'playbooks'];

export function ReviewView({ active, onOpen }: { active: boolean; onOpen: (source: OpenSource) => void }) {
  const session = useSession();
  const ws = useWorkspace();
  const { entries } = usePlaybooks();
  const reviewer = useReviewer();
  const t = useStrings(REVIEW);
  const playbookName = usePlaybookName();
  const tabs = useRovingFocus<HTMLDivElement>({ rows: '[role=tablist]' });
  const [playbookId, setPlaybookId] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('flags');
  const [focus, setFocus] = useState<FlagFocus>({ documentId: null, clauseType: null });
  const [naming, setNaming] = useState(false);
  const entry = entries.find((e) => e.playbook.id === playbookId) ?? entries[0];
  const playbook = entry?.playbook ?? null;
  const reviews = useLiveQuery<DocumentReview[]>(() => (playbook ? session.reviews.documentReviews(playbook) : Promise.resolve([])), [ws.generation, playbook], []);

  return (
    <ReviewerGate>
      <section className="panel review" aria-labelledby="review-heading">
        <div className="review-head">
          <h2 id="review-heading">{t.contractReview}</h2>
          <label className="playbook-choice">
            {t.playbook}
            <select value={playbook?.id ?? ''} onChange={(e) => setPlaybookId(e.target.value)}>
              {entries.map((e) => (
                <option key={e.playbook.id} value={e.playbook.id}>
                  {playbookName(e.playbook)} ({e.playbook.version})
                </option>
              ))}
            </select>
          </label>
          <span className="reviewer small-text">
            {reviewer.name ? t.reviewingAs(reviewer.name) : t.noReviewer}
            <button type="button" className="ghost small" onClick={() => setNaming(true)}>
              {reviewer.name ? t.change : t.setName}
            </button>
          </span>
        </div>
        {playbook && tab !== 'playbooks' && <ScanPanel playbook={playbook} />}
        <div ref={tabs}>
          <div className="tabs review-tabs" role="tablist" aria-label={t.review}>
            {TABS.map((id) => (
              <button key={id} type="button" role="tab" id={`review-tab-${id}`} aria-selected={tab === id} aria-controls={`review-panel-${id}`} onClick={() => setTab(id)}>
                {t.tabs[id]}
                {id === 'flags' && reviews.length > 0 && t.openCount(reviews.reduce((n, r) => n + r.summary.byStatus.open + r.summary.byStatus.escalated, 0))}
              </button>
            ))}
          </div>
        </div>
        <div role="tabpanel" id={`review-panel-${tab}`} aria-labelledby={`review-tab-${tab}`} className="review-panel">
          {playbook && tab === 'flags' && <FlagsView playbook={playbook} reviews={reviews} focus={focus} printable={active} onFocus={setFocus} onOpen={onOpen} />}
          {playbook && tab === 'portfolio' && (
            <PortfolioView
              playbook={playbook}
              onOpen={onOpen}
              onJump={(documentId, clauseType) => {
                setFocus({ documentId, clauseType });
                setTab('flags');
              }}
            />
          )}
          {tab === 'playbooks' && (
            <PlaybooksView
              current={playbook?.id ?? ''}
              onUse={(id) => {
                setPlaybookId(id);
                setTab('flags');
              }}
            />
          )}
        </div>
      </section>
      {naming && <ReviewerDialog onClose={() => setNaming(false)} onSaved={() => setNaming(false)} />}
    </ReviewerGate>
  );
}
