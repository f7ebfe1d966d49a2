import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { LotteryGameCode } from '@apsara/contracts';
import { viewOf, type LotteryTab } from '../logic/view';

/**
 * The lobby or a lottery's tab, from the address (`?gameCode=FAST5D&tab=results`), so every view can
 * be linked to and a reload keeps it. Entering a game is a step (Back returns to the lobby); moving
 * between its tabs replaces the entry. `first`: the lottery a tab without a game opens (the page's first).
 */
export const useLotteryView = (first?: LotteryGameCode) => {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params, first);
  const openGame = useCallback(
    (game: LotteryGameCode | null, tab: LotteryTab = 'bet', replace = false) =>
      setParams(game ? { gameCode: game, ...(tab === 'bet' ? {} : { tab }) } : {}, { replace, preventScrollReset: true }),
    [setParams],
  );
  return { ...view, openGame };
};
