import { LOTTERY_GAME_CODES, type LotteryGameCode } from '@apsara/contracts';

/** The game view's tabs, in order; `?tab=` names one, so each can be linked to. */
export const LOTTERY_TABS = ['bet', 'mine', 'results', 'rules'] as const;
export type LotteryTab = (typeof LOTTERY_TABS)[number];

/** A lottery's code from the address (`?gameCode=FAST5D`; any case), or null when it names none of ours. */
export const gameOf = (param: string | null): LotteryGameCode | null => {
  const code = (param ?? '').trim().toUpperCase();
  return (LOTTERY_GAME_CODES as readonly string[]).includes(code) ? (code as LotteryGameCode) : null;
};

export const tabOf = (param: string | null): LotteryTab => LOTTERY_TABS.find((t) => t === param) ?? 'bet';

/**
 * What the address asks for: the lobby (no game, no tab), or one lottery's view at one tab. A tab
 * without a game (a link to the results or the rules) opens `first` there: the page's first lottery.
 */
export const viewOf = (params: URLSearchParams, first: LotteryGameCode = LOTTERY_GAME_CODES[0]!): { game: LotteryGameCode | null; tab: LotteryTab } => {
  const game = gameOf(params.get('gameCode'));
  const tabParam = params.get('tab');
  const tab = tabOf(tabParam);
  if (!game && tabParam && tab !== 'bet') return { game: first, tab };
  return { game, tab };
};
