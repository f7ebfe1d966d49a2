import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import './member.css';

/** Below this width of its own box a record table shows one card per row (the widest tables' need). */
export const CARDS_BELOW_PX = 760;

/**
 * The box of a record table. Its rows turn into cards when the box is narrower than `cardsBelow`, the
 * width the table's columns need: each table says its own, because the box is narrow for different
 * reasons (a phone, a tablet with the side menu beside the page, the menus beside the page at 1280 px)
 * and a five-column list still fits where an eight-column one does not. Measured before the first
 * paint and again whenever the box changes size; the box's width never depends on its table, so
 * switching cannot feed back into the measure.
 */
export const TableWrap = ({ cardsBelow = CARDS_BELOW_PX, busy, boxRef, children }: { cardsBelow?: number; busy?: boolean; boxRef?: RefObject<HTMLDivElement | null>; children: ReactNode }) => {
  const own = useRef<HTMLDivElement>(null);
  const ref = boxRef ?? own;
  const [cards, setCards] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    // A box not laid out (hidden) measures 0: it stays a table until it is shown and measured again.
    const measure = () => setCards(box.clientWidth > 0 && box.clientWidth < cardsBelow);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [cardsBelow]);
  return (
    <div ref={ref} className={cards ? 'mc-table-wrap mc-table-wrap--cards' : 'mc-table-wrap'} aria-busy={busy}>
      {children}
    </div>
  );
};
