import { useState } from 'react';
import { quickPickRange, rangeProblem, rangeRefused, rangeToQuery, type DayRange } from '../../../../lib/date-range';

/**
 * A page's day range: what the boxes show (`range`) and the last one that can be asked for
 * (`applied`), so a half-typed date keeps the previous results on screen. `refused` is a finished range
 * the call would turn down (reversed, too long): lists hide their old results under it rather than show
 * them as its. `query` is the half-open instant range the calls take, in the site's zone.
 */
export const useDayRange = (timeZone: string, maxDays: number | undefined, onApplied?: () => void) => {
  const [range, setRange] = useState<DayRange>(() => quickPickRange('last7', timeZone));
  const [applied, setApplied] = useState<DayRange>(range);
  const change = (next: DayRange) => {
    setRange(next);
    if (!rangeProblem(next, maxDays)) {
      setApplied(next);
      onApplied?.();
    }
  };
  return { range, applied, change, refused: rangeRefused(range, maxDays), query: rangeToQuery(applied, timeZone) };
};
