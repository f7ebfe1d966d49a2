import { z } from 'zod';
import { CONTRACT_KINDS } from './agent-contracts.js';
import { MISSION_METRICS, MISSION_PERIODS } from './missions.js';
import { ok } from '../envelope.js';
import { TRANSFER_SKIP_REASONS } from '../errors.js';
import { PositiveMoneyAmount } from '../money.js';
import { IdempotencyKey } from './ops.js';

const Money = z.string().describe('minor units as a decimal string with two places, e.g. "1234.50"');
const WalletCode = z.string().regex(/^(MAIN|[A-Z0-9]{2,12})$/, { message: 'MAIN or a vendor code' });

/** GET /wps/v2/wallets/balance — the main wallet. */
export const WalletBalanceValue = z.object({ balance: Money, held: Money, available: Money, currency: z.string(), currencySymbol: z.string() });
export const WalletBalanceResponse = ok(WalletBalanceValue);

export const WalletEntry = z.object({ code: z.string(), name: z.string(), balance: Money, held: Money });

/** GET /wps/member/info/funds/consolidated and GCS_merchantWallet — main plus every vendor wallet. */
export const ConsolidatedFundsValue = z.object({ total: Money, currency: z.string(), currencySymbol: z.string(), wallets: z.array(WalletEntry) });
export const ConsolidatedFundsResponse = ok(ConsolidatedFundsValue);

/** POST /wps/relay/GCS_walletTransfer — main ↔ one vendor wallet, or recover all back to main. */
export const WalletTransferBody = z.union([
  z.strictObject({ from: WalletCode, to: WalletCode, amount: PositiveMoneyAmount, idempotencyKey: IdempotencyKey }),
  z.strictObject({ recoverAll: z.literal(true), idempotencyKey: IdempotencyKey }),
]);
export type WalletTransferBody = z.infer<typeof WalletTransferBody>;
/**
 * One movement of a transfer. With a transfer-wallet vendor connected it also carries `status` and
 * `transactionId` (our id of it at the vendor); `pending` means the vendor has not confirmed it yet: the
 * amount has left the source wallet in our books and is settled by the retry job (resend the same
 * request to see where it stands). Without a vendor connection every movement is final and they are absent.
 */
export const WalletMovement = z.object({
  from: z.string(),
  to: z.string(),
  amount: Money,
  status: z.enum(['ok', 'pending']).optional(),
  transactionId: z.string().optional(),
});
export const WalletTransferValue = z.object({
  moved: z.array(WalletMovement),
  replayed: z.boolean(),
  wallets: z.array(WalletEntry),
  /** `pending` when any movement is still unconfirmed by its vendor; then `code` VENDOR_TRANSFER_PENDING and `message` say so. */
  status: z.enum(['ok', 'pending']),
  code: z.literal('VENDOR_TRANSFER_PENDING').optional(),
  message: z.string().optional(),
  /**
   * Recover all, vendor connected: game wallets that were not swept, and why (TRANSFER_SKIP_REASONS, codes
   * of the error catalogue) — VENDOR_UNAVAILABLE (no answer to the balance call), TRANSFER_PENDING (a
   * transfer with that vendor is not settled yet), VENDOR_PLAYER_UNKNOWN (the vendor has no record of the
   * player while our game wallet holds money), INSUFFICIENT_FUNDS, VENDOR_TRANSFER_REFUSED or
   * VENDOR_TRANSFER_FAILED.
   */
  skipped: z.array(z.object({ code: z.string(), reason: z.enum(TRANSFER_SKIP_REASONS) })).optional(),
});
export const WalletTransferResponse = ok(WalletTransferValue);

/**
 * POST /wps/v2/wallets/sync — every game wallet the member has used is brought to what its vendor holds
 * (play at the vendor since the last sync), then all wallets are listed as GCS_merchantWallet lists them.
 * `unsynced`: wallets whose vendor could not be believed now (same reasons as a recover-all's skips);
 * they show the last known balance.
 */
export const WalletSyncValue = ConsolidatedFundsValue.extend({
  unsynced: z.array(z.object({ code: z.string(), reason: z.enum(TRANSFER_SKIP_REASONS) })),
});
export const WalletSyncResponse = ok(WalletSyncValue);

/** Kinds of movement a member sees in the account record (transactionHistory). */
export const TRANSACTION_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL',
  'ADJUSTMENT',
  'WALLET_TRANSFER',
  'WALLET_RECOVER',
  'MEMBER_TRANSFER',
  'GAME_BET',
  'GAME_WIN',
  'GAME_ROLLBACK',
  // Transfer-wallet vendors, when connected (docs/vendor-protocol.md "Transfer wallet").
  'VENDOR_TRANSFER_IN',
  'VENDOR_TRANSFER_OUT',
  'VENDOR_TRANSFER_REVERSAL',
  'VENDOR_GAME_RESULT',
  // Agent contracts (docs/agent-contracts.md): paid to the holder, from their upline or the site.
  'AGENT_SALARY',
  'AGENT_DIVIDEND',
  // Points mall (docs/points-mall.md): cash converted into points, and the cash part of goods redeemed.
  'POINTS_PURCHASE',
  'POINTS_REDEMPTION',
  // Promotions (docs/promotions.md): a bonus paid from the site's promotion expense.
  'PROMOTION_BONUS',
  // Invite friends (docs/referral.md): paid to the member who invited, once per friend.
  'REFERRAL_REWARD',
  // Missions and the leaderboard (docs/missions.md): a mission's reward, and a leaderboard prize.
  'MISSION_REWARD',
  'LEADERBOARD_PRIZE',
  // VIP ranks (docs/vip.md): the bonus of a rank reached.
  'VIP_UPGRADE_BONUS',
  // Manual rebate (docs/rebate.md): a share of the bets, collected by the member.
  'REBATE',
] as const;

/**
 * The account record's type filter, as a member thinks of it: money to a game wallet is one kind
 * whether the game wallet is our own account (`WALLET_TRANSFER`) or held by a connected vendor
 * (`VENDOR_TRANSFER_IN`), and likewise back. Each choice lists the ledger types it shows, in the
 * order the page offers them; `type` also takes any single ledger type.
 */
export const TRANSACTION_FILTERS = {
  DEPOSIT: ['DEPOSIT'],
  WITHDRAWAL: ['WITHDRAWAL'],
  TO_GAME_WALLET: ['WALLET_TRANSFER', 'VENDOR_TRANSFER_IN'],
  FROM_GAME_WALLET: ['WALLET_RECOVER', 'VENDOR_TRANSFER_OUT', 'VENDOR_TRANSFER_REVERSAL'],
  MEMBER_TRANSFER: ['MEMBER_TRANSFER'],
  GAME_BET: ['GAME_BET'],
  GAME_WIN: ['GAME_WIN'],
  GAME_ROLLBACK: ['GAME_ROLLBACK'],
  VENDOR_GAME_RESULT: ['VENDOR_GAME_RESULT'],
  ADJUSTMENT: ['ADJUSTMENT'],
  AGENT_SALARY: ['AGENT_SALARY'],
  AGENT_DIVIDEND: ['AGENT_DIVIDEND'],
  POINTS_MALL: ['POINTS_PURCHASE', 'POINTS_REDEMPTION'],
  PROMOTION_BONUS: ['PROMOTION_BONUS'],
  REFERRAL_REWARD: ['REFERRAL_REWARD'],
  MISSIONS: ['MISSION_REWARD', 'LEADERBOARD_PRIZE'],
  VIP_UPGRADE_BONUS: ['VIP_UPGRADE_BONUS'],
  REBATE: ['REBATE'],
} as const satisfies Record<string, readonly (typeof TRANSACTION_TYPES)[number][]>;
export type TransactionFilter = keyof typeof TRANSACTION_FILTERS;
export const TRANSACTION_FILTER_KEYS = Object.keys(TRANSACTION_FILTERS) as TransactionFilter[];
/** The ledger types a `type` of the account record stands for. */
export const typesOfFilter = (type: NonNullable<MemTransQuery['type']>): readonly string[] =>
  type in TRANSACTION_FILTERS ? TRANSACTION_FILTERS[type as TransactionFilter] : [type];

/** What `type` takes: every ledger type, and the filter choices that are not one (the rest share their type's name). */
const TRANSACTION_TYPE_CHOICES = [...TRANSACTION_TYPES, 'TO_GAME_WALLET', 'FROM_GAME_WALLET', 'POINTS_MALL', 'MISSIONS'] as const;
// Does not compile when a choice of TRANSACTION_FILTERS is missing from the list above.
TRANSACTION_FILTER_KEYS satisfies readonly (typeof TRANSACTION_TYPE_CHOICES)[number][];

/** GET /wps/relay/ODSFE2_MemTransDet — the member's own money movements, newest first, 20 a page. */
export const MemTransQuery = z.strictObject({
  type: z.enum(TRANSACTION_TYPE_CHOICES).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type MemTransQuery = z.infer<typeof MemTransQuery>;
/**
 * What a movement was, in a form the page can put into words in the member's language (the raw
 * `reference` is the ledger's own and stays for support):
 * - deposit / withdrawal: the request's number (a withdrawal's is null before it is paid);
 * - adjustment: a balance correction by the site's staff;
 * - wallet: a transfer between the member's wallets; recoverAll: every game wallet swept back to main;
 * - member: money sent `to` or received `from` another member (upline or direct downline);
 * - round: a bet, win or refund of one game round at a vendor;
 * - vendor: money moved to or from a vendor's own wallet, with the vendor's transaction number;
 * - vendorResult: the net result of play at a transfer-wallet vendor, read from its balance;
 * - contract: pay under an agent contract, received or paid to a downline agent;
 * - other: anything else (the reference says what).
 */
export const MemTransDetail = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('deposit'), id: z.string() }),
  z.object({ kind: z.literal('withdrawal'), id: z.string().nullable() }),
  z.object({ kind: z.literal('adjustment') }),
  z.object({ kind: z.literal('wallet'), from: z.string(), to: z.string() }),
  z.object({ kind: z.literal('recoverAll') }),
  z.object({ kind: z.literal('member'), direction: z.enum(['to', 'from']), username: z.string() }),
  z.object({ kind: z.literal('round'), vendor: z.string(), roundId: z.string() }),
  z.object({ kind: z.literal('vendor'), vendor: z.string(), transactionId: z.string() }),
  z.object({ kind: z.literal('vendorResult'), vendor: z.string() }),
  /** Pay under an agent contract: received by its holder, or paid by the upline to their downline agent. */
  z.object({ kind: z.literal('contract'), contractKind: z.enum(CONTRACT_KINDS), direction: z.enum(['received', 'paid']) }),
  /** A promotion bonus, by the number of its record (bonusDetails). */
  z.object({ kind: z.literal('promotion'), number: z.string() }),
  /** A reward for a friend the member invited, by the friend's masked name. */
  z.object({ kind: z.literal('referral'), friend: z.string() }),
  /** A mission's reward: what it asked, of which period (docs/missions.md). */
  z.object({ kind: z.literal('mission'), period: z.enum(MISSION_PERIODS), metric: z.enum(MISSION_METRICS), target: z.string() }),
  /** A leaderboard prize: the rank, in the day or week (`schedule`) starting on `period` (YYYY-MM-DD). */
  z.object({ kind: z.literal('leaderboard'), rank: z.number().int(), schedule: z.enum(MISSION_PERIODS), period: z.string() }),
  /** The bonus of a VIP rank reached. */
  z.object({ kind: z.literal('vip'), level: z.number().int() }),
  /** A manual rebate collected, by how many rounds it counted. */
  z.object({ kind: z.literal('rebate'), rounds: z.number().int() }),
  z.object({ kind: z.literal('other') }),
]);
export type MemTransDetail = z.infer<typeof MemTransDetail>;
export const MemTransItem = z.object({
  transactionId: z.string(),
  type: z.string(),
  wallet: z.string(),
  amount: Money,
  balanceAfter: Money,
  reference: z.string().nullable(),
  detail: MemTransDetail,
  createdAt: z.string(),
});
export const MemTransValue = z.object({ items: z.array(MemTransItem), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export const MemTransResponse = ok(MemTransValue);

/**
 * transferUpline: a member sends money to their own upline agent; an agent sends money to one of
 * their own direct downlines. GET /wps/v2/transfers/member tells the page who may receive.
 */
export const MemberTransferTargetsValue = z.object({
  upline: z.object({ username: z.string() }).nullable(),
  /** True for agents: they may send to any direct downline, named by username. */
  toDownline: z.boolean(),
  downlineCount: z.number().int(),
  available: Money,
  hasPaymentPassword: z.boolean(),
  currency: z.string(),
  currencySymbol: z.string(),
});
export type MemberTransferTargetsValue = z.infer<typeof MemberTransferTargetsValue>;
export const MemberTransferTargetsResponse = ok(MemberTransferTargetsValue);

/** POST /wps/v2/transfers/member */
export const MemberTransferBody = z.strictObject({
  toUsername: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9_]+$/, { message: 'a username' }),
  amount: PositiveMoneyAmount,
  paymentPassword: z.string().min(1).max(32),
  idempotencyKey: IdempotencyKey,
});
export type MemberTransferBody = z.infer<typeof MemberTransferBody>;
export const MemberTransferValue = z.object({
  transactionId: z.string(),
  toUsername: z.string(),
  direction: z.enum(['upline', 'downline']),
  amount: Money,
  balanceAfter: Money,
  replayed: z.boolean(),
});
export type MemberTransferValue = z.infer<typeof MemberTransferValue>;
export const MemberTransferResponse = ok(MemberTransferValue);
