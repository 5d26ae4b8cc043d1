/** The passage's highlight rectangles over a drawn page (percent of the page box: zoom-proof). */
import type { Highlight } from './highlight';

export function HighlightLayer({ highlight }: { highlight: Highlight }) {
  return (
    <div className="highlight-layer" aria-hidden="true">
      {highlight.rects.map((r, i) => (
        <div key={i} className="highlight-rect" data-testid="highlight" style={{ left: `${r.left}%`, top: `${r.top}%`, width: `${r.width}%`, height: `${r.height}%` }} />
      ))}
    </div>
  );
}
