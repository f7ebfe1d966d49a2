/**
 * While a dialog is on top, everything else on the page is hidden from assistive technology and made
 * inert (the aria-modal contract, for browsers and tools that do not honour aria-modal). Counted per
 * element so stacked dialogs can hide and unhide in any order.
 */
const counts = new WeakMap<Element, number>();
const SKIP = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE', 'NOSCRIPT']);

export const hideOthers = (keep: Element): (() => void) => {
  const hidden: Element[] = [];
  Array.from(document.body.children).forEach((el) => {
    if (el === keep || el.contains(keep) || SKIP.has(el.tagName)) return;
    const n = counts.get(el) ?? 0;
    if (n === 0) {
      el.setAttribute('aria-hidden', 'true');
      el.setAttribute('inert', '');
    }
    counts.set(el, n + 1);
    hidden.push(el);
  });
  return () => {
    hidden.forEach((el) => {
      const n = (counts.get(el) ?? 1) - 1;
      counts.set(el, n);
      if (n === 0) {
        el.removeAttribute('aria-hidden');
        el.removeAttribute('inert');
      }
    });
  };
};
