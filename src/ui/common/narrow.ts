/**
 * The narrow layout's switch: at most 700 CSS pixels wide (a phone, a split screen), the
 * question comes first and the documents move into a drawer; the workspace actions fold into a
 * menu. The same width as the `max-width: 700px` rules in styles.css.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 700px)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const m = media();
      m?.addEventListener('change', cb);
      return () => m?.removeEventListener('change', cb);
    },
    () => media()?.matches ?? false,
  );
}
