/**
 * Highlight rectangles over a drawn page (percent of the page box: zoom-proof): the passage's,
 * or, over them, the words to mark within it (a flag's marked words: `focus`).
 */
import type { Highlight } from './highlight';

export function HighlightLayer({ highlight, focus = false }: { highlight: Highlight; focus?: boolean }) {
  return (
    <div className="highlight-layer" aria-hidden="true">
      {highlight.rects.map((r, i) => (
        <div key={i} className={focus ? 'highlight-rect focus-rect' : 'highlight-rect'} data-testid={focus ? 'highlight-focus' : 'highlight'} style={{ left: `${r.left}%`, top: `${r.top}%`, width: `${r.width}%`, height: `${r.height}%` }} />
      ))}
    </div>
  );
}
