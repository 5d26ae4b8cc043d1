/**
 * The "Text" view: the page's stored text (what was indexed and what citations point into),
 * rendered a few blocks at a time (ProgressiveBlocks), with the passage marked and the
 * question's terms highlighted in it. A page too large to come whole from the index worker is
 * read block by block as the window moves. Each block is its own block box (blocks end at line
 * breaks), so adding one lays out that block, not the whole page's text.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { PageView } from '../../app/workers/index-client';
import type { Range } from '../../core/search/highlight';
import { reflowLines } from '../../core/view/reflow';
import { blockAt, blockStart } from '../../core/view/text-blocks';
import { Highlighted } from '../ask/Highlighted';
import { useSession } from '../common/hooks';
import { ProgressiveBlocks } from './ProgressiveBlocks';

/** Blocks kept in memory beyond the mounted window (a large page's text is read per window). */
const KEEP = 48;

export interface TextPageProps {
  readonly documentId: string;
  readonly view: PageView;
  readonly range: Range | null;
  /** Words marked within the passage (a flag's marked words), as offsets into the page's text. */
  readonly focus?: Range | null;
  readonly terms: readonly string[];
  /** The question as typed (which words of a stem to mark). */
  readonly query?: string | undefined;
  readonly language: string | null;
  readonly root: HTMLElement | null;
  /** Where the reader lands: on the passage, or at the top or bottom of the page. */
  readonly landAt: 'passage' | 'top' | 'bottom';
  /** Called with the passage's first element once it is on screen (or null when there is none). */
  readonly onLanded: (target: HTMLElement | null) => void;
  /** A narrow screen: the printed lines of a paragraph joined (core/view/reflow.ts). */
  readonly reflow?: boolean;
}

export function TextPage({ documentId, view, range, focus = null, terms, query, language, root, landAt, onLanded, reflow = false }: TextPageProps) {
  const { index } = useSession();
  const ends = view.blockEnds;
  const [texts, setTexts] = useState<ReadonlyMap<number, string>>(new Map());
  const container = useRef<HTMLDivElement>(null);
  const anchor = landAt === 'passage' && range ? blockAt(ends, range.start) : landAt === 'bottom' ? ends.length - 1 : 0;

  const textOf = useCallback(
    (i: number): string | undefined => {
      const text = view.text !== null ? view.text.slice(blockStart(ends, i), ends[i]) : texts.get(i);
      return text !== undefined && reflow ? reflowLines(text) : text;
    },
    [view.text, ends, texts, reflow],
  );

  const onWindow = useCallback(
    (lo: number, hi: number) => {
      if (view.text !== null) return;
      let from = lo;
      while (from < hi && texts.has(from)) from++;
      let to = hi;
      while (to > from && texts.has(to - 1)) to--;
      if (from >= to) return;
      index.pageText(documentId, view.page, blockStart(ends, from), ends[to - 1]!).then(
        (text) =>
          setTexts((old) => {
            const next = new Map([...old].filter(([k]) => k >= lo - KEEP && k < hi + KEEP));
            const base = blockStart(ends, from);
            for (let i = from; i < to; i++) next.set(i, text.slice(blockStart(ends, i) - base, ends[i]! - base));
            return next;
          }),
        () => undefined,
      );
    },
    [index, documentId, view.page, view.text, ends, texts],
  );

  // Land once the first blocks are on screen (and, for a large page, once their text came).
  const landed = useRef(false);
  const anchorText = textOf(anchor);
  useEffect(() => {
    if (landed.current || anchorText === undefined) return;
    landed.current = true;
    onLanded(landAt === 'passage' ? (container.current?.querySelector<HTMLElement>('.focus-mark') ?? container.current?.querySelector<HTMLElement>('.passage') ?? null) : null);
  }, [anchorText, landAt, onLanded]);

  const renderBlock = useCallback(
    (i: number) => <TextBlock key={i} index={i} start={blockStart(ends, i)} text={textOf(i)} range={range} focus={focus} terms={terms} query={query} language={language} />,
    [ends, textOf, range, focus, terms, query, language],
  );

  return (
    <div ref={container} className="text-page" data-testid="text-page">
      <ProgressiveBlocks count={ends.length} anchor={anchor} root={root} renderBlock={renderBlock} className="page-text" onWindow={onWindow} />
    </div>
  );
}

interface TextBlockProps {
  readonly index: number;
  readonly start: number;
  readonly text: string | undefined;
  readonly range: Range | null;
  readonly focus: Range | null;
  readonly terms: readonly string[];
  readonly query: string | undefined;
  readonly language: string | null;
}

const TextBlock = memo(function TextBlock({ index, start, text, range, focus, terms, query, language }: TextBlockProps) {
  if (text === undefined) {
    return (
      <div className="text-block block-loading" data-block={index}>
        …
      </div>
    );
  }
  const end = start + text.length;
  if (!range || range.end <= start || range.start >= end) {
    return (
      <div className="text-block" data-block={index}>
        {text}
      </div>
    );
  }
  const a = Math.max(0, range.start - start);
  const b = Math.min(text.length, range.end - start);
  // The marked words, clipped to this block's part of the passage.
  const fa = focus ? Math.min(b, Math.max(a, focus.start - start)) : b;
  const fb = focus ? Math.max(fa, Math.min(b, focus.end - start)) : b;
  const words = (from: number, to: number) => (to > from ? <Highlighted text={text.slice(from, to)} terms={terms} language={language} query={query} /> : null);
  return (
    <div className="text-block" data-block={index}>
      {text.slice(0, a)}
      <span className="passage" data-testid="passage">
        {words(a, fa)}
        {fb > fa && (
          <mark className="focus-mark" data-testid="passage-focus">
            {words(fa, fb)}
          </mark>
        )}
        {words(fb, b)}
      </span>
      {text.slice(b)}
    </div>
  );
});
