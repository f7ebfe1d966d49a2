import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { notAbove, PositiveMoneyAmount } from '../money.js';

/*
 * Invite friends (spec §2 side menu "invite friends", member center "referral"; the registration field
 * referralCode of §3). A member shares a personal invitation code (a link with ?ref=CODE, or its QR
 * code); a friend who registers with it is the member's referral, and once the friend's credited
 * deposits reach the site's minimum, the member is paid the site's reward, once per friend, through the
 * ledger. Agents' affiliate codes (the agent tree) are a different thing and stay as they are.
 */

/** Invitation codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
/** What a register form may send as referralCode when the referral program is on (case-insensitive). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;

const DEFAULT_REFERRAL = { enabled: false, reward: '10.00', minDeposit: '50.00', minBets: '50.00' };

/** The merchant's referral settings (merchant config `referral`). */
export const ReferralConfig = z
  .object({
    enabled: z.boolean().default(DEFAULT_REFERRAL.enabled),
    /** Paid to the inviting member once per friend. */
    reward: PositiveMoneyAmount.default(DEFAULT_REFERRAL.reward),
    /** The friend's credited deposits, in all, that earn the reward… */
    minDeposit: PositiveMoneyAmount.default(DEFAULT_REFERRAL.minDeposit),
    /** …and the bets the friend must have placed too: money parked and taken out again earns nothing. */
    minBets: PositiveMoneyAmount.default(DEFAULT_REFERRAL.minBets),
  })
  .refine((c) => notAbove(c.reward, '1000000.00'), { message: 'reward too large', path: ['reward'] })
  .default(() => ({ ...DEFAULT_REFERRAL }));
export type ReferralConfig = z.infer<typeof ReferralConfig>;

const Money = z.string().describe('a decimal string with two places, e.g. "1234.50"');

/** GET /wps/referral — the member's code, the site's terms and how the member's invitations stand. */
export const ReferralSummaryValue = z.object({
  enabled: z.boolean(),
  /** The member's invitation code; null while the site's program is off. */
  code: z.string().nullable(),
  reward: Money,
  minDeposit: Money,
  minBets: Money,
  currencySymbol: z.string(),
  /** Friends who registered with the code, those who reached the deposit, and what the member earned. */
  invited: z.number().int(),
  qualified: z.number().int(),
  earned: Money,
});
export type ReferralSummaryValue = z.infer<typeof ReferralSummaryValue>;
export const ReferralSummaryResponse = ok(ReferralSummaryValue);

/** One invited friend, as the inviting member may see them: a masked name, no amounts of theirs. */
export const ReferralFriend = z.object({
  username: z.string(),
  joinedAt: z.string(),
  /** Whether the friend's deposits reached the minimum (and the reward was paid). */
  qualified: z.boolean(),
  reward: Money.nullable(),
  rewardedAt: z.string().nullable(),
});
export type ReferralFriend = z.infer<typeof ReferralFriend>;

/** GET /wps/referral/friends — newest first, 20 a page. */
export const ReferralFriendsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type ReferralFriendsQuery = z.infer<typeof ReferralFriendsQuery>;
export const ReferralFriendsValue = z.object({ items: z.array(ReferralFriend), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type ReferralFriendsValue = z.infer<typeof ReferralFriendsValue>;
export const ReferralFriendsResponse = ok(ReferralFriendsValue);

/** A friend's name as the inviting member sees it: at most the first two and the last character, stars between. */
export const maskUsername = (name: string) => {
  const chars = [...name];
  if (chars.length <= 3) return `${chars[0] ?? ''}**`;
  if (chars.length <= 5) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join('')}${'*'.repeat(Math.min(4, chars.length - 3))}${chars[chars.length - 1]}`;
};
