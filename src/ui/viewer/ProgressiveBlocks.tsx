/**
 * Renders a long run of blocks a window at a time: the blocks around `anchor` first, more as
 * the reader scrolls near either end (sentinels watched in the scroll container), and never
 * more than MAX_WINDOW at once (the far end is dropped; the browser's scroll anchoring keeps
 * what is on screen in place). Each step adds a handful of blocks, so no step is a long task,
 * whatever the page's size. The sentinels say whether more blocks come before or after
 * (`data-more`), which paging with PageUp/PageDown reads.
 */
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';

const BEFORE = 2;
const AFTER = 10;
const STEP = 8;
const MAX_WINDOW = 64;

export interface ProgressiveBlocksProps {
  readonly count: number;
  /** The block shown first (the passage's, or the first or last when paging). */
  readonly anchor: number;
  /** The scrolling element (the viewer's body). */
  readonly root: HTMLElement | null;
  readonly renderBlock: (index: number) => ReactNode;
  /** Class of the element the blocks go in. */
  readonly className: string;
  /** Told which blocks are mounted, [lo, hi). */
  readonly onWindow?: (lo: number, hi: number) => void;
}

export function ProgressiveBlocks({ count, anchor, root, renderBlock, className, onWindow }: ProgressiveBlocksProps) {
  const [win, setWin] = useState(() => {
    const lo = Math.max(0, Math.min(anchor, count - 1) - BEFORE);
    return { lo, hi: Math.min(count, lo + BEFORE + AFTER) };
  });
  const top = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    onWindow?.(win.lo, win.hi);
  }, [win, onWindow]);

  // Observed anew after every change: a sentinel still in range extends the window again.
  useEffect(() => {
    if (!root || !top.current || !bottom.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          if (e.target === bottom.current) {
            setWin((w) => {
              if (w.hi >= count) return w;
              const hi = Math.min(count, w.hi + STEP);
              return { lo: Math.max(w.lo, hi - MAX_WINDOW), hi };
            });
          } else {
            setWin((w) => {
              if (w.lo <= 0) return w;
              const lo = Math.max(0, w.lo - STEP);
              return { lo, hi: Math.min(w.hi, lo + MAX_WINDOW) };
            });
          }
        }
      },
      { root, rootMargin: '600px 0px' },
    );
    observer.observe(top.current);
    observer.observe(bottom.current);
    return () => observer.disconnect();
  }, [root, count, win]);

  const blocks: ReactNode[] = [];
  for (let i = win.lo; i < win.hi; i++) blocks.push(<Fragment key={i}>{renderBlock(i)}</Fragment>);
  return (
    <>
      <div ref={top} className="blocks-sentinel" data-edge="start" data-more={win.lo > 0 ? 'true' : 'false'} />
      <div className={className}>{blocks}</div>
      <div ref={bottom} className="blocks-sentinel" data-edge="end" data-more={win.hi < count ? 'true' : 'false'} />
    </>
  );
}
