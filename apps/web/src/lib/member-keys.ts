import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/*
 * Query keys of the member center. All start with 'member', so logging out (which drops every
 * ['member', …] query) forgets them too. ['member', 'info'] is the header's member info, shared with
 * the auth feature by key: the same call is fetched once per session.
 */
export const MEMBER_KEYS = {
  info: ['member', 'info'] as const,
  funds: ['member', 'funds'] as const,
  /** Not under funds: invalidating balances after a movement must not ask every vendor again. */
  walletSync: ['member', 'wallet-sync'] as const,
  security: ['member', 'security'] as const,
  /** The profile (its full name is the security center's real name: saving one refreshes the other). */
  profile: ['member', 'profile'] as const,
  depositChannels: ['member', 'deposit', 'channels'] as const,
  deposits: ['member', 'deposits'] as const,
  withdrawSettings: ['member', 'withdraw', 'settings'] as const,
  withdrawals: ['member', 'withdrawals'] as const,
  transferTargets: ['member', 'transfer', 'targets'] as const,
  transactions: ['member', 'transactions'] as const,
  bets: ['member', 'bets'] as const,
  profit: ['member', 'profit'] as const,
  messages: ['member', 'messages'] as const,
  /** The bonuses promotions paid (bonusDetails): their turnover moves with every bet. */
  bonus: ['member', 'bonus'] as const,
  /** Invite friends: the member's code and figures, and the friends' pages (a reward is a balance event). */
  referral: ['member', 'referral'] as const,
  referralFriends: ['member', 'referral', 'friends'] as const,
  /** Manual rebate: what may be collected moves with every bet (a balance event); the collections' pages. */
  rebate: ['member', 'rebate'] as const,
  rebateClaims: ['member', 'rebate', 'claims'] as const,
  /** Missions: progress moves with every bet and deposit (a balance event), so the stream marks them stale. */
  missions: ['member', 'missions'] as const,
  /** The leaderboard, by `which` (current or previous period); kept apart from the missions so a claim does not reread it. */
  leaderboard: ['member', 'leaderboard'] as const,
};

/**
 * After money moves: every balance on screen is stale. The header balance (member info) refetches
 * here as well as through the live balance stream, which may lag or be down.
 */
export const useInvalidateMoney = () => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [MEMBER_KEYS.info, MEMBER_KEYS.funds, MEMBER_KEYS.withdrawSettings, MEMBER_KEYS.transferTargets, MEMBER_KEYS.transactions, MEMBER_KEYS.deposits, MEMBER_KEYS.withdrawals].map(
          // Exact for member info: the avatar's key starts with it and never changes with money.
          (queryKey) => queryClient.invalidateQueries({ queryKey, exact: queryKey === MEMBER_KEYS.info }),
        ),
      ),
    [queryClient],
  );
};
