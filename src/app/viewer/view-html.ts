/**
 * The last gate before a formatted view's HTML (src/parsers/html-view.ts, built from a document
 * the user imported) enters the page: every block is sanitised with DOMPurify to the view's
 * own small vocabulary (its tags, `class` with its fmt-* names only, colspan/rowspan,
 * data-label), whatever the parse worker produced. No style attributes (the CSP forbids them),
 * no links, no URLs of any kind. DOMPurify is loaded on first use (its own chunk).
 */
import type { DOMPurify } from 'dompurify';
import { VIEW_ATTRIBUTES, VIEW_CLASSES, VIEW_TAGS } from '../../parsers/html-view';

const ALLOWED_CLASSES = new Set<string>(VIEW_CLASSES);
let purifier: Promise<DOMPurify> | undefined;

/** DOMPurify with the view's rules, loaded once. */
export function loadSanitizer(): Promise<DOMPurify> {
  return (purifier ??= import('dompurify').then(({ default: purify }) => {
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      if (data.attrName === 'class') data.attrValue = data.attrValue.split(/\s+/).filter((c) => ALLOWED_CLASSES.has(c)).join(' ');
      else if (data.attrName === 'colspan' || data.attrName === 'rowspan') data.keepAttr = /^\d{1,3}$/.test(data.attrValue);
    });
    return purify;
  }));
}

/** One block of a formatted view as a document fragment, sanitised. */
export function sanitizeBlock(purify: DOMPurify, html: string): DocumentFragment {
  return purify.sanitize(html, {
    ALLOWED_TAGS: [...VIEW_TAGS],
    ALLOWED_ATTR: [...VIEW_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
}
