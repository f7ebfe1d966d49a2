import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  LotteryDrawsValue,
  LotteryGamesValue,
  LotterySlipValue,
  LotterySlipsValue,
  type LotteryGameCode,
  type LotterySlipBody,
} from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { clockOffset, nextGamesRefreshMs, nextSlipsRefreshMs, serverNow } from '../logic/clock';

/*
 * Query keys of the lotteries. The games and the draws are public and shared by everyone on the
 * device; the member's slips start with 'member', so signing out (which drops every ['member', …]
 * query) forgets them.
 */
export const LOTTERY_KEYS = {
  games: ['lottery', 'games'] as const,
  draws: ['lottery', 'draws'] as const,
  drawsOf: (gameCode: LotteryGameCode, page: number) => ['lottery', 'draws', gameCode, page] as const,
  slips: ['member', 'lottery', 'slips'] as const,
  slipsOf: (filter: SlipFilter) => ['member', 'lottery', 'slips', filter] as const,
};

/** The server's clock offset as of one games answer (see logic/clock). */
export const offsetOf = (data: LotteryGamesValue | undefined, receivedAt: number) => {
  const serverTime = data?.items[0]?.serverTime;
  return serverTime ? clockOffset(serverTime, receivedAt) : 0;
};

/**
 * GET /wps/lottery/games (public) — the lotteries, each with its open draw and latest result. Read
 * again right after the earliest draw time, then every second and a half until the result is in and
 * the next draw is open, so a countdown's end brings the new result without a reload.
 */
export const useLotteryGames = () =>
  useQuery({
    queryKey: LOTTERY_KEYS.games,
    queryFn: ({ signal }) => apiValue('/wps/lottery/games', { value: LotteryGamesValue, signal }),
    staleTime: 5_000,
    refetchInterval: (q) => {
      const data = q.state.data;
      if (!data) return false;
      const now = serverNow(offsetOf(data, q.state.dataUpdatedAt));
      return nextGamesRefreshMs(data.items, now);
    },
  });

/** GET /wps/lottery/draws?gameCode=&page= (public) — drawn results, newest first, 20 a page. */
export const useLotteryDraws = (gameCode: LotteryGameCode, page: number) =>
  useQuery({
    queryKey: LOTTERY_KEYS.drawsOf(gameCode, page),
    queryFn: ({ signal }) => apiValue('/wps/lottery/draws', { query: { gameCode, page }, value: LotteryDrawsValue, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export type SlipFilter = { page: number; gameCode?: LotteryGameCode };

/**
 * GET /wps/lottery/bets?page=&gameCode= — the member's slips, newest first, 20 a page. While one is
 * pending it is read again just after its draw, then every two seconds until it is settled.
 */
export const useLotterySlips = (filter: SlipFilter, enabled: boolean, offset: number) =>
  useQuery({
    queryKey: LOTTERY_KEYS.slipsOf(filter),
    queryFn: ({ signal }) => apiValue('/wps/lottery/bets', { query: filter, value: LotterySlipsValue, signal }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data ? nextSlipsRefreshMs(q.state.data.items, serverNow(offset)) : false),
  });

/** POST /wps/lottery/bets — one slip for the open draw; the stake leaves the main wallet at once. */
export const placeSlip = (body: LotterySlipBody) => apiValue('/wps/lottery/bets', { method: 'POST', body, value: LotterySlipValue });
