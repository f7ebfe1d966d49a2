/*
 * A row of tabs that scrolls sideways on a narrow screen (docs/operators.md): which of its ends hide
 * tabs, for the fade that says "more this way", and how far to scroll to bring a tab into view.
 */

export type StripBox = { scrollLeft: number; scrollWidth: number; clientWidth: number };

/** Subpixel layouts leave a fraction of a pixel over at an end: that is no hidden tab. */
const SLACK_PX = 1;

/** Whether tabs lie beyond the start and beyond the end of what the strip shows. */
export const hiddenEnds = (strip: StripBox) => ({
  start: strip.scrollLeft > SLACK_PX,
  end: strip.scrollLeft + strip.clientWidth < strip.scrollWidth - SLACK_PX,
});

/**
 * The scroll position that shows a tab whole and clear of the edge fades (`margin` on each side),
 * moving as little as possible; null when it is in view already. `tab.left` is measured from the
 * start of the strip's content. A tab wider than the strip is shown from its start.
 */
export const scrollToShow = (strip: StripBox, tab: { left: number; width: number }, margin: number): number | null => {
  const most = Math.max(0, strip.scrollWidth - strip.clientWidth);
  const clamp = (x: number) => Math.min(most, Math.max(0, Math.round(x)));
  const fits = tab.width + 2 * margin <= strip.clientWidth;
  if (tab.left - margin < strip.scrollLeft || !fits) {
    const target = clamp(tab.left - margin);
    return Math.abs(target - strip.scrollLeft) < SLACK_PX ? null : target;
  }
  if (tab.left + tab.width + margin > strip.scrollLeft + strip.clientWidth) return clamp(tab.left + tab.width + margin - strip.clientWidth);
  return null;
};
