/**
 * Roving tabindex (WAI-ARIA Authoring Practices, "Keyboard Navigation Inside Components"): a
 * list of rows, each with its controls, is one Tab stop. Inside it ↑ and ↓ move to the same
 * control of the row above or below (its last one when that row has fewer), ← and → to the
 * previous or next control of the row, Home and End to the row's first and last control,
 * Ctrl+Home and Ctrl+End to the first control of the first row and the last of the last (the
 * grid keys of the practices; a list of one control a row reads as a plain list). The control
 * that had focus last keeps tabindex 0, so Tab and Shift+Tab come back to it; every other
 * control of the list has tabindex -1.
 *
 * The rows are found by a selector, their controls are whatever is focusable inside, at any
 * depth, except inside an element marked `data-roving-free` (a form being filled in: its
 * fields keep their own Tab order, and arrows there edit text). Works on the DOM the component
 * renders (a MutationObserver keeps it right as rows come and go), so a list of any component
 * gets it with one ref.
 */
import { useCallback, useRef, type RefCallback } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]';

export interface RovingOptions {
  /** Selector of a row among the container's descendants (e.g. ':scope > li', 'tr'). */
  readonly rows: string;
}

/** The controls of a row, in DOM order, outside free regions and not hidden. */
function controlsOf(row: Element): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[data-roving-free]') && !el.hasAttribute('data-roving-skip') && !el.closest('[hidden], details:not([open]) > :not(summary)') && el.getClientRects().length > 0);
}

function isTextField(el: Element): boolean {
  return el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type));
}

class RovingFocus {
  #container: HTMLElement | null = null;
  #observer: MutationObserver | null = null;
  #active: HTMLElement | null = null;

  constructor(private readonly rowSelector: string) {}

  attach(container: HTMLElement | null): void {
    if (this.#container === container) return;
    this.detach();
    if (!container) return;
    this.#container = container;
    container.addEventListener('keydown', this.#onKeyDown);
    container.addEventListener('focusin', this.#onFocusIn);
    this.#observer = new MutationObserver(() => this.refresh());
    this.#observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'open'] });
    this.refresh();
  }

  detach(): void {
    this.#container?.removeEventListener('keydown', this.#onKeyDown);
    this.#container?.removeEventListener('focusin', this.#onFocusIn);
    this.#observer?.disconnect();
    this.#observer = null;
    this.#container = null;
  }

  rows(): Element[] {
    return this.#container ? [...this.#container.querySelectorAll(this.rowSelector)].filter((r) => controlsOf(r).length > 0) : [];
  }

  /** One control of the list tabbable (the active one, else the first), the others not. */
  refresh(): void {
    const rows = this.rows();
    const all = rows.flatMap(controlsOf);
    if (all.length === 0) return;
    if (!this.#active || !all.includes(this.#active)) this.#active = all[0]!;
    for (const el of all) {
      const want = el === this.#active ? '0' : '-1';
      if (el.getAttribute('tabindex') !== want) el.setAttribute('tabindex', want);
    }
  }

  #onFocusIn = (e: FocusEvent): void => {
    const target = e.target as HTMLElement;
    if (!this.rows().some((r) => controlsOf(r).includes(target))) return;
    this.#active = target;
    this.refresh();
  };

  #onKeyDown = (e: KeyboardEvent): void => {
    if (e.altKey || e.metaKey || e.defaultPrevented) return;
    const target = e.target as HTMLElement;
    if (isTextField(target) || target.closest('[data-roving-free]')) return;
    const rows = this.rows();
    const r = rows.findIndex((row) => row.contains(target));
    if (r < 0) return;
    const controls = controlsOf(rows[r]!);
    const c = Math.max(0, controls.indexOf(target));
    const at = (row: number, column: number) => {
      const list = controlsOf(rows[row]!);
      return list[Math.min(column, list.length - 1)] ?? null;
    };
    let next: HTMLElement | null;
    switch (e.key) {
      case 'ArrowDown':
        next = r + 1 < rows.length ? at(r + 1, c) : null;
        break;
      case 'ArrowUp':
        next = r > 0 ? at(r - 1, c) : null;
        break;
      case 'ArrowRight':
        next = controls[c + 1] ?? null;
        break;
      case 'ArrowLeft':
        next = controls[c - 1] ?? null;
        break;
      case 'Home':
        next = e.ctrlKey ? at(0, 0) : (controls[0] ?? null);
        break;
      case 'End':
        next = e.ctrlKey ? at(rows.length - 1, Number.MAX_SAFE_INTEGER) : (controls[controls.length - 1] ?? null);
        break;
      default:
        return;
    }
    // At an edge the key does nothing (and does not scroll the page instead).
    e.preventDefault();
    if (!next) return;
    this.#active = next;
    this.refresh();
    next.focus();
  };
}

/** A ref for the list's container: its rows (by `rows` selector) become one Tab stop with arrow keys. */
export function useRovingFocus<T extends HTMLElement>(options: RovingOptions): RefCallback<T> {
  const roving = useRef<RovingFocus | null>(null);
  roving.current ??= new RovingFocus(options.rows);
  return useCallback((el: T | null) => roving.current!.attach(el), []);
}
