/**
 * Wallet transfers go between the main wallet and one game wallet (GCS_walletTransfer): exactly one
 * side is MAIN. Picking a side keeps the pair legal by moving the other side.
 */
export const MAIN = 'MAIN';

export type Pair = { from: string; to: string };

/** A new `from` (or `to`): the other side becomes MAIN when both would be game wallets, or swaps when equal. */
export const pickSide = (pair: Pair, side: 'from' | 'to', code: string, firstGame: string): Pair => {
  const other = side === 'from' ? 'to' : 'from';
  const next = { ...pair, [side]: code };
  if (next[other] === code) next[other] = pair[side];
  if (next.from !== MAIN && next.to !== MAIN) next[other] = MAIN;
  if (next.from === MAIN && next.to === MAIN) next[other] = firstGame;
  return next;
};

export const swap = (pair: Pair): Pair => ({ from: pair.to, to: pair.from });

export const isLegalPair = (pair: Pair) => pair.from !== pair.to && (pair.from === MAIN) !== (pair.to === MAIN);

/**
 * After `pickSide`: the side the form moved by itself (the other side went to MAIN or to a game wallet
 * so the pair stays legal), or null when nothing moved or the member simply took what the other side
 * held (a swap, which needs no word).
 */
export const movedSide = (before: Pair, side: 'from' | 'to', code: string, after: Pair): 'from' | 'to' | null => {
  const other = side === 'from' ? 'to' : 'from';
  return after[other] !== before[other] && code !== before[other] ? other : null;
};
