import { FairStake, ReturnPath, type MinesGameValue, type SlotSpinView } from '@apsara/contracts';

/** Cells "reel:row" to highlight: the first `count` reels of each winning line, and paying scatters. */
export const winningCells = (spin: SlotSpinView, lines: readonly (readonly number[])[]) => {
  const cells = new Set<string>();
  for (const w of spin.lineWins) {
    const rows = lines[w.line - 1];
    if (!rows) continue;
    for (let reel = 0; reel < w.count; reel++) cells.add(`${reel}:${rows[reel]}`);
  }
  if (spin.scatterCount >= 3) spin.window.forEach((col, reel) => col.forEach((s, row) => s === 'SCATTER' && cells.add(`${reel}:${row}`)));
  return cells;
};

/** What cashing out pays now: stake × multiplier floored to cents, as the server computes it. */
export const cashoutAmount = (g: Pick<MinesGameValue, 'amount' | 'multiplier'>) => {
  const stake = BigInt(g.amount.replace('.', ''));
  const m = BigInt(g.multiplier.replace('.', ''));
  const minor = (stake * m) / 10000n;
  return `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
};

/**
 * A Dice or Mines stake the server takes: two places at most and within FAIR_MIN_STAKE–FAIR_MAX_STAKE.
 * Checked before the call, so a stake out of range shows the limits instead of the server's bare
 * "Some fields are invalid: amount".
 */
export const isFairStake = (amount: string) => FairStake.safeParse(amount).success;

/** "12.50" → true when above zero. */
export const isPositive = (amount: string) => /[1-9]/.test(amount);

/** The page an in-house game's "back" leads to (the launch URL's `back`): a page of this site, or null. */
export const backOf = (params: URLSearchParams) => {
  const back = params.get('back');
  return back && ReturnPath.safeParse(back).success ? back : null;
};
