import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Icon } from '../../../../components/ui/icons/icons';
import { Tabs } from '../../../../components/ui/tabs/tabs';
import { useReducedMotion } from '../../../../lib/use-reduced-motion';
import { hiddenEnds, scrollToShow } from '../../logic/tab-scroll';

type Props<K extends string> = Parameters<typeof Tabs<K>>[0];

/** The width of the fade at an end that hides tabs: a tab brought into view clears it. */
const FADE_PX = 40;

const sameEnds = (a: { start: boolean; end: boolean }, b: { start: boolean; end: boolean }) => a.start === b.start && a.end === b.end;

/**
 * The shared tabs in the back office's look. On a phone the strip scrolls sideways: an end that hides
 * tabs fades out under a chevron (measured again as it scrolls and whenever it or a tab changes
 * size, a language switch included), and the chosen tab (from the address, e.g. ?section=points, or
 * picked with the arrow keys) is brought into view, clear of the fade, by scrolling the strip alone.
 */
export const TabStrip = <K extends string>(props: Omit<Props<K>, 'className'>) => {
  const box = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ start: false, end: false });
  const reduced = useReducedMotion();
  const first = useRef(true);
  const labels = props.items.map((i) => i.label).join('\u0001');
  const stripOf = () => box.current?.querySelector<HTMLElement>('[role="tablist"]') ?? null;

  useLayoutEffect(() => {
    const strip = stripOf();
    if (!strip) return;
    const measure = () => {
      const next = hiddenEnds(strip);
      setEnds((now) => (sameEnds(now, next) ? now : next));
    };
    measure();
    strip.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(strip);
    for (const tab of Array.from(strip.children)) observer?.observe(tab);
    return () => {
      strip.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [labels]);

  useEffect(() => {
    const strip = stripOf();
    const tab = strip?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!strip || !tab) return;
    const left = tab.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
    const target = scrollToShow(strip, { left, width: tab.offsetWidth }, FADE_PX);
    // The page opens on its tab at once; a later pick glides there (unless motion is turned down).
    if (target !== null) strip.scrollTo({ left: target, behavior: first.current || reduced ? 'auto' : 'smooth' });
    first.current = false;
  }, [props.value, labels, reduced]);

  return (
    <div ref={box} className={`bo-tabs-box${ends.start ? ' is-more-start' : ''}${ends.end ? ' is-more-end' : ''}`}>
      <Tabs {...props} className="bo-tabs" />
      <span className="bo-tabs-box__more bo-tabs-box__more--start" aria-hidden="true">
        <Icon name="chevronLeft" size={16} />
      </span>
      <span className="bo-tabs-box__more bo-tabs-box__more--end" aria-hidden="true">
        <Icon name="chevronRight" size={16} />
      </span>
    </div>
  );
};
