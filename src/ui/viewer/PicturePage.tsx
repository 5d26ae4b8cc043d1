/**
 * An image original (a scan saved as PNG or JPEG) as it is, with the passage highlighted over
 * the word boxes OCR reported for it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PageLayout } from '../../core/types';
import { wordBoxHighlight } from './highlight';
import { HighlightLayer } from './HighlightLayer';

export interface PicturePageProps {
  readonly url: string;
  readonly fitWidth: number;
  readonly zoom: number;
  readonly passage: { readonly text: string; readonly hint: number } | null;
  /** Words to mark within the passage (a flag's marked words) and where they start (0..1 of the page). */
  readonly focus?: { readonly text: string; readonly hint: number } | null;
  readonly layout: PageLayout | null;
  readonly onLanded: (target: HTMLElement | null, coverage: number | null) => void;
  readonly label: string;
}

export function PicturePage({ url, fitWidth, zoom, passage, focus = null, layout, onLanded, label }: PicturePageProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const size = natural ?? (layout ? { width: layout.width, height: layout.height } : null);
  const scale = size ? (Math.max(200, fitWidth) / size.width) * zoom : 1;
  const width = size ? size.width * scale : undefined;
  const height = size ? size.height * scale : undefined;
  const text = passage?.text ?? null;
  const hint = passage?.hint ?? 0;
  const highlight = useMemo(() => (text !== null && layout ? wordBoxHighlight(layout, text, hint) : null), [text, hint, layout]);
  const focusText = focus?.text ?? null;
  const focusHint = focus?.hint ?? 0;
  const marked = useMemo(() => (text !== null && focusText !== null && layout ? wordBoxHighlight(layout, focusText, focusHint) : null), [text, focusText, focusHint, layout]);

  useEffect(() => {
    if (natural) onLanded(frame.current?.querySelector<HTMLElement>('.focus-rect') ?? frame.current?.querySelector<HTMLElement>('.highlight-rect') ?? null, highlight?.coverage ?? null);
  }, [natural, highlight, onLanded]);

  return (
    <div ref={frame} className="page-frame picture-page" data-testid="picture-page" style={width ? { width, height } : undefined}>
      <img className="page-picture" src={url} alt={label} decoding="async" onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })} />
      {highlight && natural && <HighlightLayer highlight={highlight} />}
      {marked && natural && <HighlightLayer highlight={marked} focus />}
    </div>
  );
}
