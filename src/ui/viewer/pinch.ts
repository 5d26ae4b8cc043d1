/**
 * Two-finger pinch zoom on the viewer's page area (touch screens). While the fingers move, the
 * page is scaled by CSS (the `--pinch` property: no redraw per frame); when they lift, the zoom
 * is committed once (a PDF page is drawn again at that scale). The area has `touch-action:
 * pan-x pan-y`, so the browser scrolls it with one finger and leaves two-finger zoom to us (the
 * rest of the page is not zoomed).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 3;

const clamp = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

/** The zoom a pinch from `startDistance` to `distance` leads to, from `zoom`, within the limits. */
function pinchZoom(zoom: number, startDistance: number, distance: number): number {
  if (!(startDistance > 0) || !(distance > 0)) return zoom;
  return clamp(zoom * (distance / startDistance));
}

export function usePinchZoom(el: HTMLElement | null, zoom: number, onZoom: (zoom: number) => void): void {
  const current = useRef({ zoom, onZoom });
  // The listeners read the latest zoom and callback without being added again.
  useLayoutEffect(() => {
    current.current = { zoom, onZoom };
  });
  useEffect(() => {
    if (!el) return;
    const points = new Map<number, { x: number; y: number }>();
    let start: { distance: number; zoom: number } | null = null;
    let next: number | null = null;
    const distance = () => {
      const [a, b] = [...points.values()];
      return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    };
    const down = (e: PointerEvent) => {
      if (e.pointerType !== 'touch') return;
      points.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (points.size === 2) start = { distance: distance(), zoom: current.current.zoom };
    };
    const move = (e: PointerEvent) => {
      if (!points.has(e.pointerId)) return;
      points.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (!start || points.size !== 2) return;
      next = pinchZoom(start.zoom, start.distance, distance());
      el.style.setProperty('--pinch', String(next / start.zoom));
      e.preventDefault();
    };
    const up = (e: PointerEvent) => {
      if (!points.delete(e.pointerId) || !start || points.size >= 2) return;
      const zoom = next ?? start.zoom;
      start = null;
      next = null;
      el.style.removeProperty('--pinch');
      if (zoom !== current.current.zoom) current.current.onZoom(zoom);
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move, { passive: false });
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
    };
  }, [el]);
}
