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
 * gets it with one ref. A change touches only the controls it added or changed (a list of a
 * thousand documents re-rendering one row must not measure every control of every row); the
 * whole list is looked at again only when the control that holds the Tab stop went away, and
 * only the rows a key moves between are laid out to see which of their controls are shown.
 */
import { useCallback, useRef, type RefCallback } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]';

export interface RovingOptions {
  /** Selector of a row among the container's descendants (e.g. ':scope > li', 'tr'). */
  readonly rows: string;
}

/** The controls of a row the list manages (its tabindex), in DOM order: outside free regions. */
function managedOf(row: Element): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(managed);
}

function managed(el: HTMLElement): boolean {
  return !el.closest('[data-roving-free]') && !el.hasAttribute('data-roving-skip');
}

/**
 * The controls of a row one can move to, in DOM order: managed and shown. Measuring whether a
 * control is shown lays the row out, so this is asked of the rows a key moves between, never of
 * every row (with a thousand rows out of view and not laid out, that took seconds).
 */
function controlsOf(row: Element): HTMLElement[] {
  return managedOf(row).filter((el) => !el.closest('[hidden], details:not([open]) > :not(summary)') && el.getClientRects().length > 0);
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
    this.#observer = new MutationObserver((records) => this.#onMutations(records));
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

  /** Every row, controls or not (a row without controls is passed over by the keys). */
  rows(): Element[] {
    return this.#container ? [...this.#container.querySelectorAll(this.rowSelector)] : [];
  }

  /**
   * One control of the list tabbable (the active one, else the first shown), the others not.
   * Only the rows up to the first with a shown control are measured.
   */
  refresh(): void {
    const rows = this.rows();
    if (!this.#activeHolds()) {
      this.#active = null;
      for (const row of rows) {
        const first = controlsOf(row)[0];
        if (first) {
          this.#active = first;
          break;
        }
      }
    }
    if (!this.#active) return;
    for (const row of rows) for (const el of managedOf(row)) this.#mark(el);
  }

  /** The active control is still in the list and not hidden (checked without laying anything out). */
  #activeHolds(): boolean {
    const active = this.#active;
    return !!active && !!this.#container && active.isConnected && this.#container.contains(active) && !active.closest('[hidden], details:not([open]) > :not(summary)');
  }

  #mark(el: HTMLElement): void {
    const want = el === this.#active ? '0' : '-1';
    if (el.getAttribute('tabindex') !== want) el.setAttribute('tabindex', want);
  }

  /** Controls added or changed get tabindex -1 (0 for the active one); a lost active control makes the whole list looked at again. */
  #onMutations(records: readonly MutationRecord[]): void {
    const container = this.#container;
    if (!container) return;
    if (!this.#activeHolds()) {
      this.refresh();
      return;
    }
    const touched = new Set<Element>();
    for (const r of records) {
      if (r.type === 'attributes' && r.target instanceof Element) touched.add(r.target);
      for (const n of r.addedNodes) if (n instanceof Element) touched.add(n);
    }
    if (touched.size === 0) return;
    const rows = new Set(this.rows());
    const inRow = (el: Element) => {
      for (let a: Element | null = el; a && a !== container; a = a.parentElement) if (rows.has(a)) return true;
      return false;
    };
    for (const root of touched) {
      for (const el of root.matches(FOCUSABLE) ? [root, ...root.querySelectorAll(FOCUSABLE)] : root.querySelectorAll(FOCUSABLE)) {
        if (el instanceof HTMLElement && managed(el) && inRow(el)) this.#mark(el);
      }
    }
  }

  /** The row holding `el`, and its index among the rows. */
  #rowOf(el: Element, rows: readonly Element[]): number {
    return rows.findIndex((row) => row.contains(el));
  }

  #onFocusIn = (e: FocusEvent): void => {
    const target = e.target as HTMLElement;
    const rows = this.rows();
    const r = this.#rowOf(target, rows);
    if (r < 0 || !managedOf(rows[r]!).includes(target)) return;
    const before = this.#active;
    this.#active = target;
    if (before && before !== target) this.#mark(before);
    this.#mark(target);
  };

  /** The nearest row from `from` (stepping by `step`) with a control to move to, and its controls. */
  #nearest(rows: readonly Element[], from: number, step: 1 | -1): HTMLElement[] | null {
    for (let i = from; i >= 0 && i < rows.length; i += step) {
      const controls = controlsOf(rows[i]!);
      if (controls.length > 0) return controls;
    }
    return null;
  }

  #onKeyDown = (e: KeyboardEvent): void => {
    if (e.altKey || e.metaKey || e.defaultPrevented) return;
    const target = e.target as HTMLElement;
    if (isTextField(target) || target.closest('[data-roving-free]')) return;
    const rows = this.rows();
    const r = this.#rowOf(target, rows);
    if (r < 0) return;
    const controls = controlsOf(rows[r]!);
    if (controls.length === 0) return;
    const c = Math.max(0, controls.indexOf(target));
    const column = (list: HTMLElement[] | null, at: number) => (list ? (list[Math.min(at, list.length - 1)] ?? null) : null);
    let next: HTMLElement | null;
    switch (e.key) {
      case 'ArrowDown':
        next = column(this.#nearest(rows, r + 1, 1), c);
        break;
      case 'ArrowUp':
        next = column(this.#nearest(rows, r - 1, -1), c);
        break;
      case 'ArrowRight':
        next = controls[c + 1] ?? null;
        break;
      case 'ArrowLeft':
        next = controls[c - 1] ?? null;
        break;
      case 'Home':
        next = e.ctrlKey ? column(this.#nearest(rows, 0, 1), 0) : (controls[0] ?? null);
        break;
      case 'End':
        next = e.ctrlKey ? column(this.#nearest(rows, rows.length - 1, -1), Number.MAX_SAFE_INTEGER) : (controls[controls.length - 1] ?? null);
        break;
      default:
        return;
    }
    // At an edge the key does nothing (and does not scroll the page instead).
    e.preventDefault();
    if (!next) return;
    const before = this.#active;
    this.#active = next;
    if (before && before !== next) this.#mark(before);
    this.#mark(next);
    next.focus();
  };
}

/** A ref for the list's container: its rows (by `rows` selector) become one Tab stop with arrow keys. */
export function useRovingFocus<T extends HTMLElement>(options: RovingOptions): RefCallback<T> {
  const roving = useRef<RovingFocus | null>(null);
  roving.current ??= new RovingFocus(options.rows);
  return useCallback((el: T | null) => roving.current!.attach(el), []);
}
