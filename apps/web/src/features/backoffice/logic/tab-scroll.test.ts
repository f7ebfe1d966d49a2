import { describe, expect, it } from 'vitest';
import { hiddenEnds, scrollToShow } from './tab-scroll';

// A 320 px strip over 1000 px of tabs (thirteen settings sections on a phone).
const strip = (scrollLeft: number) => ({ scrollLeft, scrollWidth: 1000, clientWidth: 320 });

describe('a sideways row of tabs', () => {
  it('hints at more tabs only at the ends that hide some', () => {
    expect(hiddenEnds(strip(0))).toEqual({ start: false, end: true });
    expect(hiddenEnds(strip(300))).toEqual({ start: true, end: true });
    expect(hiddenEnds(strip(680))).toEqual({ start: true, end: false });
    // Everything fits: no hint at all.
    expect(hiddenEnds({ scrollLeft: 0, scrollWidth: 300, clientWidth: 320 })).toEqual({ start: false, end: false });
  });

  it('takes a subpixel left over at an end for none', () => {
    expect(hiddenEnds({ scrollLeft: 679.5, scrollWidth: 1000, clientWidth: 320 })).toEqual({ start: true, end: false });
    expect(hiddenEnds({ scrollLeft: 0.6, scrollWidth: 1000, clientWidth: 320 }).start).toBe(false);
  });

  it('scrolls a tab beyond the end into view, clear of the fade, as little as it can', () => {
    // The tab at 600–700 px: its right edge plus the 32 px fade at the strip's right edge.
    expect(scrollToShow(strip(0), { left: 600, width: 100 }, 32)).toBe(412);
    // The last tab: as far as the strip goes.
    expect(scrollToShow(strip(0), { left: 900, width: 100 }, 32)).toBe(680);
  });

  it('scrolls back to a tab before the start', () => {
    expect(scrollToShow(strip(500), { left: 200, width: 100 }, 32)).toBe(168);
    expect(scrollToShow(strip(500), { left: 0, width: 100 }, 32)).toBe(0);
  });

  it('leaves the strip alone when the tab is in view', () => {
    expect(scrollToShow(strip(0), { left: 0, width: 100 }, 32)).toBeNull();
    expect(scrollToShow(strip(300), { left: 400, width: 100 }, 32)).toBeNull();
  });

  it('shows a tab wider than the strip from its start', () => {
    expect(scrollToShow(strip(0), { left: 500, width: 400 }, 32)).toBe(468);
  });
});
