/**
 * The source viewer: a cited passage on its page. "Original" shows the page as the document
 * has it (a PDF page drawn by pdf.js, a scan or photo, a Word or HTML page formatted) with the
 * passage highlighted on it; "Text" shows the text Casefile extracted and indexed. It opens on
 * the passage's page, scrolled to the highlight; when the original cannot be shown (folder
 * disconnected, file moved or changed, stored copy gone, password-protected PDF) it says why
 * and shows the text.
 *
 * Keyboard: ← / → page; PageDown / PageUp scroll the page and go on to the next / previous one
 * at its end; + / − zoom; Escape closes and returns focus to what opened the viewer. The page
 * area is a focusable region named after the page and the view.
 *
 * Which view a citation opens in: on a wide screen the original, as printed; on a phone (≤ 700 px)
 * the text, reflowed at a readable size with the passage marked — a printed page fitted to a
 * 390 px screen sets 10-point type at about 5 CSS pixels, unreadable without zooming. Every
 * citation opens in that default (a choice made in one viewing is kept while it stays open, not
 * for the next citation). On a phone the original is one tap away, fitted to the width, with
 * the passage's text under the page; two fingers (or + / −) zoom it.
 */
import { useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import type { OriginalView } from '../../app/viewer/originals';
import type { OpenSource } from './open-source';
import { hasPrintedPages, pageLabel, pagerLabel, sectionLabel } from '../common/format';
import { useSession } from '../common/hooks';
import { useLanguage } from '../i18n/LanguageProvider';
import { focusInPassage } from '../../core/view/focus';
import { reflowLines } from '../../core/view/reflow';
import { useNarrow } from '../common/narrow';
import { usePinchZoom } from './pinch';
import { VIEWER, type ViewerStrings } from './viewer-strings';
import { passageRangeOnPage, useOriginal, usePageView, usePassageText } from './data';
import { HtmlPage } from './HtmlPage';
import { PdfPage } from './PdfPage';
import { PicturePage } from './PicturePage';
import { TextPage } from './TextPage';
import './viewer.css';

type Mode = 'original' | 'text';
type Landing = 'passage' | 'top' | 'bottom';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

/** Why the original cannot be shown, or null when it can (or is still opening). */
function unavailable(original: OriginalView | null, pages: number, t: ViewerStrings): string | null {
  if (!original) return null;
  if (original.kind === 'unavailable') return original.reason;
  if (original.kind === 'html' && original.view.pages.length !== pages) return t.htmlMismatch;
  return null;
}

/** Scrolls `root` so that `target` sits a third of the way down it. */
function scrollToTarget(root: HTMLElement, target: HTMLElement): void {
  const top = target.getBoundingClientRect().top - root.getBoundingClientRect().top + root.scrollTop;
  const left = target.getBoundingClientRect().left - root.getBoundingClientRect().left + root.scrollLeft;
  root.scrollTo({ top: Math.max(0, top - root.clientHeight / 3), left: Math.max(0, left - 24) });
}

/** Scrolls `root` to its top or bottom. */
function scrollToEdge(root: HTMLElement, edge: 'top' | 'bottom'): void {
  root.scrollTo({ top: edge === 'top' ? 0 : root.scrollHeight });
}

/** The element's content width, kept up to date. */
function useContentWidth(el: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!el) return;
    const measure = () => setWidth(el.clientWidth - 32);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return width;
}

export function SourceViewer({ source, onClose }: { source: OpenSource; onClose: () => void }) {
  const session = useSession();
  const { lang } = useLanguage();
  const t = VIEWER[lang];
  const narrow = useNarrow();
  const { passage, terms, query } = source;
  const { chunk, document: doc } = passage;
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const [page, setPage] = useState(chunk.pageStart);
  const [landAt, setLandAt] = useState<Landing>('passage');
  // Each citation opens in the screen's readable default (see the module comment).
  const [mode, setMode] = useState<Mode>(() => (narrow ? 'text' : 'original'));
  const [zoom, setZoom] = useState(1);
  const [note, setNote] = useState<string | null>(null);
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const fitWidth = useContentWidth(body);

  const original = useOriginal(doc.id);
  const missing = unavailable(original, doc.pages, t);
  const hasOriginal = original !== null && original.kind !== 'text' && original.kind !== 'unavailable' && missing === null;
  const view: Mode = mode === 'original' && (original === null || hasOriginal) ? 'original' : 'text';
  const pageData = usePageView(doc.id, page);
  const stored = pageData.state === 'ready' ? pageData.value : null;
  const range = stored ? passageRangeOnPage(chunk, page, stored.length) : null;
  const passageText = usePassageText(doc.id, stored, range);
  const located = passageText !== null && range && stored ? { text: passageText, hint: stored.length > 0 ? range.start / stored.length : 0 } : null;
  // A flag's marked words within the passage on this page: offsets into the passage's text there.
  const within = located && source.focus ? focusInPassage(located.text, source.focus) : null;
  const focusRange = within && range ? { start: range.start + within.start, end: range.start + within.end } : null;
  const focused = within && located && stored ? { text: located.text.slice(within.start, within.end), hint: stored.length > 0 ? focusRange!.start / stored.length : 0 } : null;

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  useEffect(() => {
    body?.focus({ preventScroll: true });
  }, [body]);
  // Focus goes back to what opened the viewer (or the question box if that is gone, or when
  // the reader chose to search in this document).
  const focusAfterClose = useRef<'opener' | 'question'>('opener');
  useEffect(
    () => () => {
      const target = focusAfterClose.current === 'opener' && opener?.isConnected ? opener : document.getElementById('question');
      target?.focus();
    },
    [opener],
  );

  /** Set when the reader scrolls: a page that finishes drawing later must not move them. */
  const moved = useRef(false);
  const go = useCallback(
    (n: number, land: Landing = 'top') => {
      if (n < 1 || n > doc.pages) return;
      moved.current = false;
      setPage(n);
      setLandAt(land);
      setNote(null);
    },
    [doc.pages],
  );
  const choose = (m: Mode) => {
    moved.current = false;
    setMode(m);
    setLandAt(page >= chunk.pageStart && page <= chunk.pageEnd ? 'passage' : 'top');
  };

  // The first time each page shows in each view, land where the reader is headed.
  const landedKey = useRef('');
  const onLanded = useCallback(
    (target: HTMLElement | null, coverage: number | null) => {
      const key = `${page}:${view}:${landAt}`;
      if (landedKey.current === key || !body) return;
      landedKey.current = key;
      if (moved.current) {
        // The reader has already moved on this page: leave them where they are.
      } else if (landAt === 'passage' && target) scrollToTarget(body, target);
      else scrollToEdge(body, landAt === 'bottom' ? 'bottom' : 'top');
      if (coverage === 0) setNote(t.notFoundOnPage);
      else if (coverage !== null && coverage < 0.8) setNote(t.approximate);
      else setNote(null);
    },
    [page, view, landAt, body, t],
  );

  /** PageDown / PageUp: scroll, and at the end of the page go on to the next / previous one. */
  const scrollOrPage = (dir: 1 | -1) => {
    // A page still being laid out has no height yet: it would read as "at the end" and skip a page.
    if (!body || body.querySelector('[data-drawn="false"]')) return;
    moved.current = true;
    const more = body.querySelector(`.blocks-sentinel[data-edge="${dir > 0 ? 'end' : 'start'}"][data-more="true"]`) !== null;
    const atEdge = dir > 0 ? body.scrollTop + body.clientHeight >= body.scrollHeight - 2 : body.scrollTop <= 1;
    if (!atEdge || more) body.scrollBy({ top: dir * Math.max(40, body.clientHeight * 0.9) });
    else go(page + dir, dir > 0 ? 'top' : 'bottom');
  };
  const zoomBy = (dir: 1 | -1) => {
    // From a pinched zoom between two steps, the next step in that direction.
    const i = dir > 0 ? ZOOMS.findIndex((z) => z > zoom + 1e-9) : ZOOMS.findLastIndex((z) => z < zoom - 1e-9);
    if (i >= 0) setZoom(ZOOMS[i]!);
  };
  usePinchZoom(body, zoom, setZoom);
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || (e.target as HTMLElement).closest('input, select, textarea')) return;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => go(page - 1),
      ArrowRight: () => go(page + 1),
      PageDown: () => scrollOrPage(1),
      PageUp: () => scrollOrPage(-1),
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
    };
    const action = actions[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  const notice = missing !== null && mode === 'original' ? t.originalMissing(missing) : view === 'original' ? note : null;
  const onPassagePages = page >= chunk.pageStart && page <= chunk.pageEnd;
  const here = pageLabel({ pageStart: page, pageEnd: page }, doc, lang);
  const section = sectionLabel(chunk);
  const pager = pagerLabel(page, doc, lang);
  const parts = !hasPrintedPages(doc);
  const label = `${doc.name}, ${pager}`;

  let content: ReactNode;
  if (pageData.state === 'loading') content = <p className="muted">{t.loadingPage}</p>;
  else if (pageData.state === 'failed' || !stored) content = <p className="error-text">{pageData.state === 'failed' ? pageData.error : t.notAvailable(pager)}</p>;
  else if (view === 'original' && original === null) content = <p className="muted">{t.openingOriginal}</p>;
  else if (view === 'original' && original?.kind === 'pdf') {
    content = <PdfPage key={page} pdf={original.pdf} page={page} fitWidth={fitWidth} zoom={zoom} passage={located} focus={focused} layout={stored.ocr ? stored.layout : null} onLanded={onLanded} label={t.asPrinted(label)} />;
  } else if (view === 'original' && original?.kind === 'image') {
    content = <PicturePage url={original.url} fitWidth={fitWidth} zoom={zoom} passage={located} focus={focused} layout={stored.layout} onLanded={onLanded} label={t.asScanned(label)} />;
  } else if (view === 'original' && original?.kind === 'html') {
    content = <HtmlPage key={`${page}:${landAt}`} page={original.view.pages[page - 1]!} passage={located} focus={focused} root={body} landAt={landAt} onLanded={onLanded} />;
  } else {
    content = <TextPage key={`${page}:${landAt}`} documentId={doc.id} view={stored} range={range} focus={focusRange} terms={terms} query={query} language={doc.language} root={body} landAt={landAt} onLanded={(el) => onLanded(el, null)} reflow={narrow} />;
  }

  return (
    <dialog ref={dialog} className="viewer" aria-labelledby="viewer-title" aria-describedby="viewer-subtitle" onClose={onClose} onKeyDown={onKeyDown}>
      <header className="viewer-head">
        <div className="viewer-title">
          <h2 id="viewer-title">{doc.name}</h2>
          <p id="viewer-subtitle" className="muted" data-testid="viewer-subtitle">
            {[here, onPassagePages ? section : ''].filter(Boolean).join(' · ') || doc.title}
            {!onPassagePages && (
              <>
                {' · '}
                <button type="button" className="link" onClick={() => go(chunk.pageStart, 'passage')}>
                  {t.backToPassage(pageLabel(chunk, doc, lang) || t.itsPart)}
                </button>
              </>
            )}
          </p>
        </div>
        <button
          type="button"
          className="small viewer-search-in"
          onClick={() => {
            session.conversation.setFilter([doc.id]);
            focusAfterClose.current = 'question';
            dialog.current?.close();
          }}
        >
          {t.searchIn}
        </button>
        <button type="button" className="ghost viewer-close" onClick={() => dialog.current?.close()} aria-label={t.closeViewer}>
          {t.close}
        </button>
        <div className="viewer-tools">
          {original?.kind !== 'text' && (
            <div className="segmented" role="group" aria-label={t.view}>
              <button type="button" aria-pressed={view === 'original'} disabled={!hasOriginal && original !== null} onClick={() => choose('original')}>
                {t.original}
              </button>
              <button type="button" aria-pressed={view === 'text'} onClick={() => choose('text')}>
                {t.text}
              </button>
            </div>
          )}
          <div className="zoom" role="group" aria-label={t.zoom}>
            <button type="button" onClick={() => zoomBy(-1)} disabled={zoom <= ZOOMS[0] + 1e-9} aria-label={t.zoomOut}>
              −
            </button>
            <output aria-live="polite" aria-label={t.zoomLevel}>{Math.round(zoom * 100)}%</output>
            <button type="button" onClick={() => zoomBy(1)} disabled={zoom >= ZOOMS[ZOOMS.length - 1]! - 1e-9} aria-label={t.zoomIn}>
              +
            </button>
          </div>
          <nav className="pager" aria-label={t.pages}>
            <button type="button" onClick={() => go(page - 1)} disabled={page <= 1} aria-label={parts ? t.previousPart : t.previousPage}>
              <span aria-hidden="true">‹</span>
              <span className="pager-word"> {t.previous}</span>
            </button>
            <span aria-live="polite" data-testid="viewer-pager">
              {pager}
            </span>
            <button type="button" onClick={() => go(page + 1)} disabled={page >= doc.pages} aria-label={parts ? t.nextPart : t.nextPage}>
              <span className="pager-word">{t.next} </span>
              <span aria-hidden="true">›</span>
            </button>
          </nav>
        </div>
      </header>
      {(notice !== null) && (
        <p className="viewer-note" role="status" data-testid="viewer-note">
          {notice}
        </p>
      )}
      <div
        ref={setBody}
        className={`viewer-body viewer-${view}`}
        role="region"
        tabIndex={0}
        aria-label={view === 'original' ? t.regionOriginal(pager) : t.regionText(pager)}
        data-testid="viewer-page"
        data-view={view}
        style={{ '--viewer-zoom': zoom } as CSSProperties}
        onWheel={() => (moved.current = true)}
        onTouchMove={() => (moved.current = true)}
      >
        {content}
        {narrow && view === 'original' && onPassagePages && located && (
          // On a phone the page is fitted to the width: its passage, readable, under it.
          <aside className="viewer-passage" data-testid="viewer-passage" aria-label={t.passageHere}>
            <h3>{t.passageHere}</h3>
            <p>
              {within ? (
                <>
                  {reflowLines(located.text.slice(0, within.start))}
                  <mark className="focus-mark" data-testid="viewer-passage-focus">
                    {reflowLines(located.text.slice(within.start, within.end))}
                  </mark>
                  {reflowLines(located.text.slice(within.end))}
                </>
              ) : (
                reflowLines(located.text)
              )}
            </p>
          </aside>
        )}
      </div>
    </dialog>
  );
}
