import { z } from 'zod';
import { LISTED_LANGUAGES } from '../constants.js';
import { ok } from '../envelope.js';
import { DICE_DIRECTIONS } from '../fair/dice.js';
import { GameCategory } from './games.js';
import { LOTTERY_BET_KIND_NAMES, type LotteryBetKind } from './lottery.js';

/*
 * The member's own game play, read from the rounds the game wallet keeps (one row per round, written by
 * the seamless wallet and the in-house games): the betting record (personalHistoryCopy) and the profit
 * and loss report (personalProfit). A round belongs to the day its first bet was placed.
 */

/** The longest date range either call accepts, in days; longer ranges are refused, not cut. */
export const BET_RECORD_MAX_DAYS = 90;
/** The range used when the caller gives none: the last 7 days up to now. */
export const BET_RECORD_DEFAULT_DAYS = 7;

const Money = z.string().describe('minor units as a decimal string with two places, e.g. "1234.50"');
const SignedMoney = z.string().describe('signed, two places: "-12.50" is a loss, "30.00" a win');
const Instant = z.iso.datetime({ offset: true });
const VendorCode = z.string().regex(/^[A-Z0-9]{2,12}$/, { message: '2-12 capital letters or digits' });

/** Both calls: `from` inclusive, `to` exclusive; `from` before `to`, at most BET_RECORD_MAX_DAYS apart. */
const Range = {
  from: Instant.optional().describe('inclusive; default: `to` minus 7 days'),
  to: Instant.optional().describe('exclusive; default: now'),
  /** Language of game names (the ~40 listed; those without names read EN). Without it: the request's language. */
  language: z.enum(LISTED_LANGUAGES).optional(),
  lang: z.string().max(16).optional(),
};

export const ROUND_STATUSES = ['open', 'closed'] as const;

/** Sums over a set of rounds. `profit` is payout − stake: the member's win (positive) or loss (negative). */
export const BetTotals = z.object({ rounds: z.number().int(), stake: Money, payout: Money, profit: SignedMoney });
export type BetTotals = z.infer<typeof BetTotals>;
/**
 * The betting record's sums: rounds, stake and payout of every round counted, `profit` of the settled
 * ones only (an open round's result is not known yet, so its stake is not a loss); `open` is the rounds
 * among them still open and what they staked.
 */
export const BetRecordTotals = BetTotals.extend({ open: z.object({ rounds: z.number().int(), stake: Money }) });
export type BetRecordTotals = z.infer<typeof BetRecordTotals>;

/** GET /wps/relay/ODSFE2_MemBetDet — the betting record: the member's rounds, newest first, 20 a page. */
export const MemBetQuery = z.strictObject({
  category: GameCategory.optional(),
  vendor: VendorCode.optional(),
  ...Range,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type MemBetQuery = z.infer<typeof MemBetQuery>;
export const BetFairRef = z.object({
  game: z.enum(['DICE', 'MINES']),
  serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/),
  clientSeed: z.string().min(1).max(64),
  nonce: z.number().int().min(0),
  /** Mines: how many mines the game had. */
  mines: z.number().int().optional(),
});
export type BetFairRef = z.infer<typeof BetFairRef>;
/** A lottery round's slip, for the betting record to say what was bet (the words are the reader's own language's). */
export const BetLotterySlip = z.object({
  /** The number members quote ("LT00000042"). */
  number: z.string(),
  drawNo: z.string(),
  bets: z.array(
    z.object({
      kind: z.enum(LOTTERY_BET_KIND_NAMES as [LotteryBetKind, ...LotteryBetKind[]]),
      position: z.number().int().nullable(),
      pick: z.string(),
      amount: Money,
      /** Null until the draw is settled. */
      won: z.boolean().nullable(),
    }),
  ),
});
export type BetLotterySlip = z.infer<typeof BetLotterySlip>;
/**
 * What was played in a round of the site's own Slot, Dice or Mines, for the betting record to word in the
 * reader's language ("Roll over 50.00 · rolled 37.21"): a settled round's, and a Mines game's still open.
 */
export const BetInhousePlay = z.discriminatedUnion('game', [
  /** Winning lines and suns of the base spin, and the free spins it won. */
  z.object({ game: z.literal('SLOT'), lineWins: z.number().int(), scatterCount: z.number().int(), freeSpins: z.number().int() }),
  z.object({ game: z.literal('DICE'), direction: z.enum(DICE_DIRECTIONS), target: z.string(), roll: z.string() }),
  /** `safe`: the safe tiles turned; `cashed`, `lost` (a mine was hit) or `open` (the game goes on). */
  z.object({ game: z.literal('MINES'), mines: z.number().int(), safe: z.number().int(), outcome: z.enum(['open', 'cashed', 'lost']) }),
]);
export type BetInhousePlay = z.infer<typeof BetInhousePlay>;
export const MemBetItem = z.object({
  /** Our id of the round. */
  roundId: z.string(),
  /** The game's own round number, as the game showed it (a vendor's roundId, "SLOT-12" for the in-house slot). */
  roundRef: z.string(),
  gameId: z.string(),
  nodeId: z.number().int(),
  gameCode: z.string(),
  gameName: z.string(),
  vendor: z.string(),
  /** The vendor's display name. */
  vendorName: z.string(),
  category: GameCategory,
  stake: Money,
  payout: Money,
  /** payout − stake once the round is settled; null while it is open. */
  profit: SignedMoney.nullable(),
  /** open: the round may still take bets and wins; its payout is not final. */
  status: z.enum(ROUND_STATUSES),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /**
   * An in-house Dice or Mines round: what the verifier needs besides the server seed, which the member
   * reveals by rotating seeds. Null for every other round.
   */
  fair: BetFairRef.nullable(),
  /** What was staked, in the vendor's words: the lines of the round's bets, a line an earlier bet gave not repeated (empty when the vendor said nothing). */
  description: z.array(z.string()),
  /** How the round ended, in the vendor's words (the last a win or endRound gave); null when the vendor said nothing. */
  result: z.string().nullable(),
  /** A round of the site's own lotteries: its slip. Null for every other round. */
  lottery: BetLotterySlip.nullable(),
  /** A round of the site's own Slot, Dice or Mines: what was played (of Mines, so far while open). Null for every other round. */
  play: BetInhousePlay.nullable(),
});
export type MemBetItem = z.infer<typeof MemBetItem>;
export const MemBetValue = z.object({
  items: z.array(MemBetItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Rounds matching the filter (all pages). */
  total: z.number().int(),
  /** The range the answer covers (defaults filled in). */
  from: z.string(),
  to: z.string(),
  /** Sums of the rows on this page. */
  pageTotals: BetRecordTotals,
  /** Sums of every round matching the filter. */
  totals: BetRecordTotals,
});
export type MemBetValue = z.infer<typeof MemBetValue>;
export const MemBetResponse = ok(MemBetValue);

/** GET /wps/relay/ODSFE2_MemProfit — personalProfit: settled play by category, with a grand total. */
export const MemProfitQuery = z.strictObject({ ...Range });
export type MemProfitQuery = z.infer<typeof MemProfitQuery>;
export const MemProfitRow = BetTotals.extend({ category: GameCategory });
export type MemProfitRow = z.infer<typeof MemProfitRow>;
export const MemProfitValue = z.object({
  from: z.string(),
  to: z.string(),
  /** Closed rounds only, one row per category the member played in the range, in menu order. */
  categories: z.array(MemProfitRow),
  /** All closed rounds of the range; `stake` is the valid bet. */
  total: BetTotals,
  /** Rounds still open in the range: their stake is taken, their result not known yet. */
  pending: z.object({ rounds: z.number().int(), stake: Money }),
  /** Bonuses and promotions paid in the range. None are paid yet by any module: always "0.00" for now. */
  bonus: Money,
  /** total.profit + bonus. */
  net: SignedMoney,
});
export type MemProfitValue = z.infer<typeof MemProfitValue>;
export const MemProfitResponse = ok(MemProfitValue);
