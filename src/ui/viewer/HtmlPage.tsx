/**
 * A Word or HTML page as formatted text: the blocks of the page's formatted view (built from the
 * original in the parse worker), each sanitised with DOMPurify as it is mounted, a few at a
 * time (ProgressiveBlocks); the passage is found in the mounted text and wrapped in marks.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { DOMPurify } from 'dompurify';
import type { HtmlViewPage } from '../../app/viewer/originals';
import { loadSanitizer, sanitizeBlock } from '../../app/viewer/view-html';
import { blockAt, blockStart } from '../../core/view/text-blocks';
import { markPassage } from './highlight';
import { ProgressiveBlocks } from './ProgressiveBlocks';

export interface HtmlPageProps {
  readonly page: HtmlViewPage;
  /** The passage's stored text on this page and where it starts (0..1 of the page), or null. */
  readonly passage: { readonly text: string; readonly hint: number } | null;
  /** Words to mark within the passage (a flag's marked words) and where they start (0..1 of the page). */
  readonly focus?: { readonly text: string; readonly hint: number } | null;
  readonly root: HTMLElement | null;
  readonly landAt: 'passage' | 'top' | 'bottom';
  readonly onLanded: (target: HTMLElement | null, coverage: number | null) => void;
}

function useSanitizer(): DOMPurify | null {
  const [purify, setPurify] = useState<DOMPurify | null>(null);
  useEffect(() => {
    let live = true;
    void loadSanitizer().then((p) => live && setPurify(() => p));
    return () => {
      live = false;
    };
  }, []);
  return purify;
}

export function HtmlPage({ page, passage, focus = null, root, landAt, onLanded }: HtmlPageProps) {
  const purify = useSanitizer();
  const container = useRef<HTMLDivElement>(null);
  const count = page.blockEnds.length;
  const totalText = page.textEnds.at(-1) ?? 0;
  const at = passage ? passage.hint * totalText : 0;
  const anchor = landAt === 'passage' && passage ? blockAt(page.textEnds, at) : landAt === 'bottom' ? count - 1 : 0;

  const renderBlock = useCallback(
    (i: number) => (purify ? <HtmlBlock key={i} html={page.html.slice(blockStart(page.blockEnds, i), page.blockEnds[i])} purify={purify} /> : null),
    [page, purify],
  );

  // Mark the passage once, in the blocks first mounted (they are around it), then land.
  const landed = useRef(false);
  const onWindow = useCallback(
    (lo: number, hi: number) => {
      if (landed.current || !purify || !container.current) return;
      landed.current = true;
      if (!passage) {
        onLanded(null, null);
        return;
      }
      const from = blockStart(page.textEnds, lo);
      const to = page.textEnds[hi - 1] ?? from;
      const within = (share: number) => (to > from ? (share * totalText - from) / (to - from) : 0);
      const { marks, coverage } = markPassage(container.current, passage.text, within(passage.hint));
      const focused = focus ? markPassage(container.current, focus.text, within(focus.hint), 'focus-mark').marks : [];
      onLanded(landAt === 'passage' ? (focused[0] ?? marks[0] ?? null) : null, coverage);
    },
    [purify, passage, focus, page, totalText, landAt, onLanded],
  );

  if (count === 0) return <p className="muted">This part has no text.</p>;
  return (
    <div ref={container} className="html-page" data-testid="html-page">
      {purify && <ProgressiveBlocks count={count} anchor={anchor} root={root} renderBlock={renderBlock} className="html-blocks" onWindow={onWindow} />}
    </div>
  );
}

/** One block, sanitised into its element (React does not manage what is inside). */
const HtmlBlock = memo(function HtmlBlock({ html, purify }: { html: string; purify: DOMPurify }) {
  const ref = useCallback((el: HTMLDivElement | null) => el?.replaceChildren(sanitizeBlock(purify, html)), [html, purify]);
  return <div className="html-block" ref={ref} />;
});
