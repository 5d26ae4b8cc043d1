/**
 * Modal dialogs' shared behaviour: opened with showModal() when mounted (so the page behind is
 * inert and Escape cancels), and focus given back to what opened the dialog when it goes away,
 * whether closed by a button, Escape or the page. Optionally, Tab and Shift+Tab wrap inside the
 * dialog instead of leaving for the browser's own controls (the documents drawer).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), summary';

/** The element that had focus when the dialog was first rendered (its opener). */
function useOpener(): Element | null {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return opener;
}

export function useModalDialog(): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useOpener();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    };
  }, [opener]);
  return dialog;
}

/** A keydown handler that keeps Tab inside `container` (first ↔ last focusable element). */
export function trapTab(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]') && el.getClientRects().length > 0 && !el.classList.contains('visually-hidden'));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !e.currentTarget.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !e.currentTarget.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}
