import { z } from 'zod';
import { LIST_PAGE_SIZE } from '../constants.js';
import { ok } from '../envelope.js';
import { MoneyAmount, PositiveMoneyAmount, toMinor } from '../money.js';
import { DiceDirectionSchema, DiceTarget } from '../fair/dice.js';
import { MinesCell, MinesCount } from '../fair/mines.js';
import { FairClientSeed, FairNonce, FairRevealedSeedPair, FairSeedsValue, FairServerSeedHash } from '../fair/seeds.js';

/**
 * In-house games of the vendor APSARA (docs/inhouse-games.md): Angkor Treasures (slot), Dice and Mines.
 * Calls under /wps/inhouse/…, signed in with the member's own session token. Every play carries an
 * idempotency key: a resent play returns the round it made the first time and moves no more money.
 */
export const INHOUSE_VENDOR = 'APSARA';
export const INHOUSE_GAMES = ['SLOT', 'DICE', 'MINES'] as const;
export type InhouseGame = (typeof INHOUSE_GAMES)[number];

/** The slot plays 25 fixed lines, so the total bet is a multiple of 25 minor units (0.25). */
export const SLOT_BET_STEP_MINOR = 25n;
export const SLOT_MIN_BET = '0.25';
export const SLOT_MAX_BET = '500.00';
/** Bet choices the portal offers (any multiple of 0.25 in range is accepted). */
export const SLOT_BET_CHOICES = ['0.25', '0.50', '1.00', '2.50', '5.00', '10.00', '25.00', '50.00', '100.00'] as const;
/** Stake limits of Dice and Mines. */
export const FAIR_MIN_STAKE = '0.10';
export const FAIR_MAX_STAKE = '5000.00';

export const PlayKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'must be 8-64 characters: letters, digits, _ or -' });

const inRange = (min: string, max: string) => (v: string) => {
  try {
    const m = toMinor(v);
    return m >= toMinor(min) && m <= toMinor(max);
  } catch {
    return false;
  }
};
const stepOf = (step: bigint) => (v: string) => {
  try {
    return toMinor(v) % step === 0n;
  } catch {
    return false;
  }
};

export const SlotBet = MoneyAmount.refine(inRange(SLOT_MIN_BET, SLOT_MAX_BET), { message: `must be between ${SLOT_MIN_BET} and ${SLOT_MAX_BET}` }).refine(stepOf(SLOT_BET_STEP_MINOR), {
  message: 'must be a multiple of 0.25',
});
export const FairStake = PositiveMoneyAmount.refine(inRange(FAIR_MIN_STAKE, FAIR_MAX_STAKE), { message: `must be between ${FAIR_MIN_STAKE} and ${FAIR_MAX_STAKE}` });

// ---- slot ---------------------------------------------------------------------------------------

export const SlotSymbolName = z.enum(['TEN', 'J', 'Q', 'K', 'A', 'LOTUS', 'ELEPHANT', 'NAGA', 'APSARA', 'WILD', 'SCATTER']);
export type SlotSymbolName = z.infer<typeof SlotSymbolName>;

export const SlotSpinBody = z.strictObject({ bet: SlotBet, idempotencyKey: PlayKey });
export type SlotSpinBody = z.infer<typeof SlotSpinBody>;

export const SlotLineWinValue = z.object({
  /** 1-based, as the paytable numbers lines. */
  line: z.number().int(),
  symbol: SlotSymbolName,
  count: z.number().int(),
  win: z.string(),
});
export const SlotSpinView = z.object({
  /** window[reel][row], row 0 at the top. */
  window: z.array(z.array(SlotSymbolName)),
  lineWins: z.array(SlotLineWinValue),
  scatterCount: z.number().int(),
  scatterWin: z.string(),
  freeSpinsAwarded: z.number().int(),
  multiplier: z.number().int(),
  win: z.string(),
});
export type SlotSpinView = z.infer<typeof SlotSpinView>;
export const SlotSpinValue = z.object({
  roundId: z.string(),
  bet: z.string(),
  base: SlotSpinView,
  freeSpins: z.array(SlotSpinView),
  freeSpinsWin: z.string(),
  totalWin: z.string(),
  balance: z.string().describe('available balance after the round'),
});
export type SlotSpinValue = z.infer<typeof SlotSpinValue>;
export const SlotSpinResponse = ok(SlotSpinValue);

export const SlotInfoValue = z.object({
  name: z.string(),
  reels: z.number().int(),
  rows: z.number().int(),
  /** Per line, the row (0 top) it crosses on each reel. */
  lines: z.array(z.array(z.number().int())),
  paytable: z.array(z.object({ symbol: SlotSymbolName, pays: z.array(z.number().int()).describe('line-bet multiples for 3, 4, 5 of a kind') })),
  scatterPays: z.array(z.object({ count: z.number().int(), pays: z.number().int().describe('multiple of the total bet'), freeSpins: z.number().int() })),
  freeSpinMultiplier: z.number().int(),
  wild: SlotSymbolName,
  scatter: SlotSymbolName,
  rtp: z.string().describe('declared return to player, percent with 4 decimals'),
  minBet: z.string(),
  maxBet: z.string(),
  betStep: z.string(),
  betChoices: z.array(z.string()),
});
export type SlotInfoValue = z.infer<typeof SlotInfoValue>;
export const SlotInfoResponse = ok(SlotInfoValue);

// ---- seeds --------------------------------------------------------------------------------------

export const FairSeedsResponse = ok(FairSeedsValue);
export const FairRotateValue = z.object({ revealed: FairRevealedSeedPair, seeds: FairSeedsValue });
export type FairRotateValue = z.infer<typeof FairRotateValue>;
export const FairRotateResponse = ok(FairRotateValue);

/** GET /wps/inhouse/fair/revealed: the member's retired pairs, newest first; `serverSeedHash` finds one. */
export const FairRevealedQuery = z.object({
  serverSeedHash: FairServerSeedHash.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type FairRevealedQuery = z.infer<typeof FairRevealedQuery>;
export const FairRevealedItem = FairRevealedSeedPair.extend({ revealedAt: z.string() });
export type FairRevealedItem = z.infer<typeof FairRevealedItem>;
export const FairRevealedListValue = z.object({ items: z.array(FairRevealedItem), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type FairRevealedListValue = z.infer<typeof FairRevealedListValue>;
export const FairRevealedListResponse = ok(FairRevealedListValue);

// ---- dice ---------------------------------------------------------------------------------------

export const DiceRollBody = z.strictObject({ amount: FairStake, target: DiceTarget, direction: DiceDirectionSchema, idempotencyKey: PlayKey });
export type DiceRollBody = z.infer<typeof DiceRollBody>;
export const DiceRollValue = z.object({
  roundId: z.string(),
  serverSeedHash: FairServerSeedHash,
  clientSeed: FairClientSeed,
  nonce: FairNonce,
  target: z.string(),
  direction: DiceDirectionSchema,
  roll: z.string(),
  win: z.boolean(),
  multiplier: z.string(),
  chance: z.string().describe('win chance in percent, 4 decimals'),
  amount: z.string(),
  payout: z.string(),
  balance: z.string(),
});
export type DiceRollValue = z.infer<typeof DiceRollValue>;
export const DiceRollResponse = ok(DiceRollValue);

// ---- mines --------------------------------------------------------------------------------------

export const MinesStartBody = z.strictObject({ amount: FairStake, mines: MinesCount, idempotencyKey: PlayKey });
export type MinesStartBody = z.infer<typeof MinesStartBody>;
export const MinesGameId = z.string().regex(/^\d{1,18}$/, { message: 'a game id' });
export const MinesRevealBody = z.strictObject({ gameId: MinesGameId, cell: MinesCell });
export type MinesRevealBody = z.infer<typeof MinesRevealBody>;
export const MinesCashoutBody = z.strictObject({ gameId: MinesGameId });
export type MinesCashoutBody = z.infer<typeof MinesCashoutBody>;

export const MinesGameValue = z.object({
  gameId: z.string(),
  roundId: z.string(),
  status: z.enum(['open', 'lost', 'cashed']),
  amount: z.string(),
  mines: z.number().int(),
  /** Cells opened so far, in order. */
  revealed: z.array(z.number().int()),
  safeReveals: z.number().int(),
  /** Current cash-out multiplier (1.0000 before the first reveal; 0 once lost). */
  multiplier: z.string(),
  /** Multiplier after the next safe reveal, when there is one. */
  nextMultiplier: z.string().nullable(),
  payout: z.string(),
  /** Only when the game has ended. */
  mineCells: z.array(z.number().int()).nullable(),
  serverSeedHash: FairServerSeedHash,
  clientSeed: FairClientSeed,
  nonce: FairNonce,
  balance: z.string().nullable(),
});
export type MinesGameValue = z.infer<typeof MinesGameValue>;
export const MinesGameResponse = ok(MinesGameValue);
export const MinesCurrentResponse = ok(MinesGameValue.nullable());
