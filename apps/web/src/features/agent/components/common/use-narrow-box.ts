import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether a box is narrower than `px`, measured before the first paint and again whenever the box
 * changes size. A table uses it to turn its rows into cards when its columns do not fit: the box is
 * narrow for different reasons (a phone; the page menu beside the page), so the box is measured, not
 * the window. A box not laid out (hidden) measures 0 and counts as wide.
 */
export const useNarrowBox = (ref: RefObject<HTMLElement | null>, px: number): boolean => {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setNarrow(box.clientWidth > 0 && box.clientWidth < px);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref, px]);
  return narrow;
};
