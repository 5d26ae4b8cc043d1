/**
 * A PDF page as printed: pdf.js draws it on a canvas with its text layer on top (the app's
 * pdf-view.ts), and the passage is highlighted over its words: over the text-layer spans that
 * hold it, or, on a page read by OCR, over the word boxes OCR reported.
 */
import { useEffect, useRef, useState } from 'react';
import type { PdfOriginal } from '../../app/viewer/originals';
import { describeError, isAbort } from '../../core/errors';
import type { PageLayout } from '../../core/types';
import { textLayerHighlight, wordBoxHighlight, type Highlight } from './highlight';
import { HighlightLayer } from './HighlightLayer';

export interface PdfPageProps {
  readonly pdf: PdfOriginal;
  readonly page: number;
  /** Width available for the page at zoom 1 (CSS pixels). */
  readonly fitWidth: number;
  readonly zoom: number;
  readonly passage: { readonly text: string; readonly hint: number } | null;
  /** Words to mark within the passage (a flag's marked words) and where they start (0..1 of the page). */
  readonly focus?: { readonly text: string; readonly hint: number } | null;
  /** OCR word boxes, when the page was read by OCR. */
  readonly layout: PageLayout | null;
  readonly onLanded: (target: HTMLElement | null, coverage: number | null) => void;
  readonly label: string;
}

export function PdfPage({ pdf, page, fitWidth, zoom, passage, focus = null, layout, onLanded, label }: PdfPageProps) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ page: number; width: number; height: number } | null>(null);
  /** The highlight of the last drawing (null: no passage on this page), once the page is drawn. */
  const [drawn, setDrawn] = useState<{ highlight: Highlight | null; focus: Highlight | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const base = size?.page === page ? size : null;
  const scale = base ? (Math.max(200, fitWidth) / base.width) * zoom : null;
  const passageText = passage?.text ?? null;
  const hint = passage?.hint ?? 0;
  const focusText = focus?.text ?? null;
  const focusHint = focus?.hint ?? 0;

  useEffect(() => {
    let live = true;
    pdf.pageSize(page).then(
      (s) => live && setSize({ page, ...s }),
      (e: unknown) => live && setError(describeError(e)),
    );
    return () => {
      live = false;
    };
  }, [pdf, page]);

  useEffect(() => {
    if (!scale || !canvas.current || !textLayer.current || !frame.current) return;
    const abort = new AbortController();
    const target = { canvas: canvas.current, textLayer: textLayer.current };
    const box = frame.current;
    pdf.render(page, target, scale, abort.signal).then(
      (rendered) => {
        if (abort.signal.aborted) return;
        const mark = (text: string, at: number) => (layout ? wordBoxHighlight(layout, text, at) : textLayerHighlight(box, rendered.spans, text, at));
        if (passageText === null) setDrawn({ highlight: null, focus: null });
        else setDrawn({ highlight: mark(passageText, hint), focus: focusText === null ? null : mark(focusText, focusHint) });
      },
      (e: unknown) => {
        if (!isAbort(e)) setError(describeError(e));
      },
    );
    return () => abort.abort();
  }, [pdf, page, scale, passageText, hint, focusText, focusHint, layout]);

  useEffect(() => {
    if (drawn) onLanded(frame.current?.querySelector<HTMLElement>('.focus-rect') ?? frame.current?.querySelector<HTMLElement>('.highlight-rect') ?? null, drawn.highlight?.coverage ?? null);
  }, [drawn, onLanded]);

  if (error) return <p className="error-text">{error}</p>;
  const width = base && scale ? base.width * scale : undefined;
  const height = base && scale ? base.height * scale : undefined;
  return (
    <div ref={frame} className="page-frame pdf-page" data-testid="pdf-page" data-drawn={drawn ? 'true' : 'false'} style={width ? { width, height } : undefined}>
      <canvas ref={canvas} className="page-canvas" style={width ? { width, height } : undefined} role="img" aria-label={label} />
      <div ref={textLayer} className="textLayer" />
      {drawn?.highlight && <HighlightLayer highlight={drawn.highlight} />}
      {drawn?.focus && <HighlightLayer highlight={drawn.focus} focus />}
    </div>
  );
}
