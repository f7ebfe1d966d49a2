import { z } from 'zod';
import { PositiveMoneyAmount } from '../money.js';
import { floats } from './hmac-floats.js';
import { BP_SCALE, MULTIPLIER_SCALE, assertHouseEdgeBp, formatMultiplier, payoutMinor } from './multiplier.js';
import { FairClientSeed, FairNonce, FairServerSeed, FairServerSeedHash, verifyCommitment } from './seeds.js';

/**
 * Dice. One float f gives roll = floor(f × 10 001) / 100, one of the 10 001 values 0.00 … 100.00.
 * Rolls and targets are handled as integer hundredths (5027 = 50.27) so no comparison is ever made
 * on a float. "under T" wins when roll < T, "over T" when roll > T; a roll equal to T loses both.
 *
 * The win chance is exact over the 10 001 outcomes: under T wins on 100·T of them, over T on
 * 10 000 − 100·T, so the multiplier (1 − edge) × 10 001 / wins returns exactly 1 − edge per unit
 * staked before the 4-decimal floor. (Reading f as k / 2³² makes each outcome 429 453 or 429 454 of
 * the 2³² values of k, which moves any win chance by under 1 / 2³²: negligible beside that floor.)
 */
export const DICE_OUTCOMES = 10_001;
/** Largest roll in hundredths (100.00). */
export const DICE_MAX_ROLL = 10_000;
/** Declared house edge of Dice: 1.00 % (return to player 99 %). */
export const DICE_HOUSE_EDGE_BP = 100;
/** Targets allowed in either direction, in hundredths: 1.00 … 99.00 (win chance 0.9999 % … 98.9901 %). */
export const DICE_TARGET_MIN = 100;
export const DICE_TARGET_MAX = 9_900;

export const DICE_DIRECTIONS = ['under', 'over'] as const;
export type DiceDirection = (typeof DICE_DIRECTIONS)[number];
/** A bet, with the target in hundredths. */
export type DiceBet = { target: number; direction: DiceDirection };

const assertTarget = (target: number): void => {
  if (!Number.isInteger(target) || target < DICE_TARGET_MIN || target > DICE_TARGET_MAX) {
    throw new RangeError(`target must be an integer number of hundredths in ${DICE_TARGET_MIN}..${DICE_TARGET_MAX}`);
  }
};

/** float in [0, 1) → roll in hundredths, 0 … 10 000. */
export const diceRoll = (float: number): number => {
  if (!(float >= 0 && float < 1)) throw new RangeError('float must be in [0, 1)');
  return Math.floor(float * DICE_OUTCOMES);
};

/** Hundredths → "50.27"; the display and wire form of rolls and targets. */
export const formatHundredths = (hundredths: number): string =>
  `${Math.floor(hundredths / 100)}.${(hundredths % 100).toString().padStart(2, '0')}`;

/** "50.27" → 5027. Throws RangeError unless it is a plain decimal with at most two places. */
export const parseHundredths = (text: string): number => {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError('must be a decimal with at most two places, e.g. 49.50');
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};

/** How many of the 10 001 rolls win this bet. */
export const diceWinningOutcomes = ({ target, direction }: DiceBet): number => {
  assertTarget(target);
  return direction === 'under' ? target : DICE_MAX_ROLL - target;
};

export const diceWins = (roll: number, { target, direction }: DiceBet): boolean =>
  direction === 'under' ? roll < target : roll > target;

/** Win chance in percent with four places, floored so it never overstates: under 50.00 → "49.9950". */
export const diceWinChancePercent = (bet: DiceBet): string =>
  formatMultiplier((BigInt(diceWinningOutcomes(bet)) * 100n * MULTIPLIER_SCALE) / BigInt(DICE_OUTCOMES));

/** floor((1 − edge) × 10 001 / wins), scaled by 10 000: under 50.00 at 1 % → 19801n (1.9801×). */
export const diceMultiplierScaled = (bet: DiceBet, edgeBp = DICE_HOUSE_EDGE_BP): bigint => {
  assertHouseEdgeBp(edgeBp);
  return (BigInt(BP_SCALE - edgeBp) * BigInt(DICE_OUTCOMES)) / BigInt(diceWinningOutcomes(bet));
};

export type DiceResult = { float: number; roll: number; win: boolean; multiplierScaled: bigint; payoutMinor: bigint };

/** Settles a bet from its float: the payout (stake × multiplier, floored) on a win, 0 on a loss. */
export const settleDice = (float: number, bet: DiceBet, stakeMinor: bigint, edgeBp = DICE_HOUSE_EDGE_BP): DiceResult => {
  const roll = diceRoll(float);
  const multiplierScaled = diceMultiplierScaled(bet, edgeBp);
  const win = diceWins(roll, bet);
  return { float, roll, win, multiplierScaled, payoutMinor: win ? payoutMinor(stakeMinor, multiplierScaled) : 0n };
};

/** Plays (or replays) one Dice bet: float 0 of HMAC(serverSeed, `clientSeed:nonce:0`). */
export const playDice = async (
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  bet: DiceBet,
  stakeMinor: bigint,
  edgeBp = DICE_HOUSE_EDGE_BP,
): Promise<DiceResult> => {
  const [float] = await floats(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 1);
  return settleDice(float, bet, stakeMinor, edgeBp);
};

/**
 * The verifier: recomputes a past round from the revealed seeds and, when the hash shown before play
 * is given, checks the seed against it. `commitmentOk` is null when no hash was given.
 */
export const verifyDiceRound = async (input: {
  serverSeed: string;
  serverSeedHash?: string;
  clientSeed: string;
  nonce: number;
  bet: DiceBet;
  stakeMinor?: bigint;
  edgeBp?: number;
}): Promise<DiceResult & { commitmentOk: boolean | null }> => ({
  ...(await playDice(input, input.bet, input.stakeMinor ?? 0n, input.edgeBp)),
  commitmentOk: input.serverSeedHash === undefined ? null : await verifyCommitment(input.serverSeed, input.serverSeedHash),
});

// ---- wire schemas -------------------------------------------------------------------------------

const targetInRange = (v: string) => {
  try {
    const h = parseHundredths(v);
    return h >= DICE_TARGET_MIN && h <= DICE_TARGET_MAX;
  } catch {
    return false;
  }
};

/** A target as a decimal string with at most two places, 1.00 … 99.00 (e.g. "49.50"). */
export const DiceTarget = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: 'must be a decimal with at most two places, e.g. 49.50' })
  .refine(targetInRange, { message: `must be between ${formatHundredths(DICE_TARGET_MIN)} and ${formatHundredths(DICE_TARGET_MAX)}` });
export const DiceDirectionSchema = z.enum(DICE_DIRECTIONS);

/** The player's bet as sent to the server; the route adds its idempotency key. */
export const DiceBetInput = z.strictObject({ amount: PositiveMoneyAmount, target: DiceTarget, direction: DiceDirectionSchema });
export type DiceBetInput = z.infer<typeof DiceBetInput>;

/** One settled round as shown to the player and in history; every field is needed to verify it later. */
export const DiceRoundValue = z.object({
  serverSeedHash: FairServerSeedHash,
  clientSeed: FairClientSeed,
  nonce: FairNonce,
  target: z.string(),
  direction: DiceDirectionSchema,
  roll: z.string().describe('0.00 … 100.00'),
  win: z.boolean(),
  multiplier: z.string().describe('four decimals, e.g. "1.9801"'),
  amount: z.string(),
  payout: z.string().describe('two decimals; 0.00 on a loss'),
});
export type DiceRoundValue = z.infer<typeof DiceRoundValue>;

/** The verifier page's form. */
export const DiceVerifyInput = z.strictObject({
  serverSeed: FairServerSeed,
  serverSeedHash: FairServerSeedHash.optional(),
  clientSeed: FairClientSeed,
  nonce: FairNonce,
  target: DiceTarget,
  direction: DiceDirectionSchema,
});
export type DiceVerifyInput = z.infer<typeof DiceVerifyInput>;
