import {
  LOTTERY_BET_KINDS,
  LOTTERY_BET_KIND_NAMES,
  LOTTERY_DIGITS,
  LOTTERY_MAX_BET,
  LOTTERY_MAX_BETS,
  LOTTERY_MIN_BET,
  fromMinor,
  lotteryBetWins,
  lotteryPickHolds,
  toMinor,
  type LotteryBetInput,
  type LotteryBetKind,
  type LotteryGamesValue,
} from '@apsara/contracts';
import { parseAmount, validateAmount, wireAmount, type FieldProblem } from '../../../lib/field-rules';

/** One bet chosen on the board, before it is sent: position null for the sum kinds. */
export type Selection = { kind: LotteryBetKind; position: number | null; pick: string; amount: string };

/** A slip being put together: the bets and the draw they were chosen for (null: the next draw to open). */
export type SlipDraft = { drawNo: string | null; bets: Selection[] };

export const EMPTY_SLIP: SlipDraft = { drawNo: null, bets: [] };

/** What a bet pays per 1.00 staked, in hundredths (980 = 9.80), by kind. */
export type OddsTable = Record<LotteryBetKind, bigint>;

const DEFAULT_ODDS = Object.fromEntries(LOTTERY_BET_KIND_NAMES.map((k) => [k, BigInt(LOTTERY_BET_KINDS[k].odds)])) as OddsTable;

/** The odds the server publishes (money strings), falling back to the contract's for a kind it leaves out. */
export const oddsTable = (betKinds: LotteryGamesValue['betKinds'] | undefined): OddsTable => {
  const table = { ...DEFAULT_ODDS };
  for (const k of betKinds ?? []) {
    try {
      table[k.kind] = toMinor(k.odds);
    } catch {
      // A malformed figure keeps the contract's odds rather than breaking the board.
    }
  }
  return table;
};

/** Odds in hundredths as people read them: 980n → "9.80". */
export const oddsText = (hundredths: bigint) => fromMinor(hundredths);

/** One bet's identity on the board: the same pick twice is one bet. */
export const selectionKey = (s: Pick<Selection, 'kind' | 'position' | 'pick'>) => `${s.kind}:${s.position ?? 'sum'}:${s.pick}`;

export const hasSelection = (bets: readonly Selection[], s: Pick<Selection, 'kind' | 'position' | 'pick'>) => {
  const key = selectionKey(s);
  return bets.some((b) => selectionKey(b) === key);
};

/**
 * A board press: removes the bet when it is on the slip, else adds it with the chosen amount. A full
 * slip (LOTTERY_MAX_BETS) refuses a new bet and says so.
 */
export const toggleSelection = (bets: readonly Selection[], s: Selection, max = LOTTERY_MAX_BETS): { bets: Selection[]; refused: 'full' | null } => {
  const key = selectionKey(s);
  if (bets.some((b) => selectionKey(b) === key)) return { bets: bets.filter((b) => selectionKey(b) !== key), refused: null };
  if (bets.length >= max) return { bets: [...bets], refused: 'full' };
  return { bets: [...bets, s], refused: null };
};

/**
 * Why an amount cannot be staked: a text key (with its namespace) and the values it names. What every
 * money form says (lib/field-rules: required, not an amount, not above zero, too large…, in the member
 * namespace), then the game's own limits, in the lottery namespace with the limit as a wire amount.
 */
export type AmountProblem = FieldProblem;

/**
 * Why an amount typed for one bet cannot be sent, or null when it is fine: first the money forms' own
 * check (validateAmount: "-5" and "0" are "must be greater than zero", as on deposit and withdrawal),
 * then the site's limits for one bet (1.00–10000.00 by default).
 */
export const amountProblem = (value: string, min: string = LOTTERY_MIN_BET, max: string = LOTTERY_MAX_BET): AmountProblem | null => {
  const money = validateAmount(value);
  if (money) return { ...money, key: `member:${money.key}` };
  const minor = parseAmount(value)!;
  if (minor < toMinor(min)) return { key: 'lottery:amount.min', values: { min } };
  if (minor > toMinor(max)) return { key: 'lottery:amount.max', values: { max } };
  return null;
};

/** "5" → "5.00", "12.5" → "12.50", "1,000" → "1000.00": the two-place form the wire takes. Only for amounts amountProblem accepts. */
export const normalizeAmount = (value: string) => wireAmount(value);

/** What a winning bet of `stakeMinor` pays back (stake included), in minor units, floored like the server's. */
export const payoutMinor = (stakeMinor: bigint, oddsHundredths: bigint) => (stakeMinor * oddsHundredths) / 100n;

/** The stake of a bet whose amount can be sent, in minor units; 0 for one that cannot. */
export const stakeMinor = (amount: string) => (amountProblem(amount) === null ? parseAmount(amount)! : 0n);

const stakeOf = (s: Selection) => stakeMinor(s.amount);

/** Five digits adding up to `sum` (0–45), for asking the contract's rules about a sum bet. */
const digitsWithSum = (sum: number) => Array.from({ length: LOTTERY_DIGITS }, (_, i) => Math.max(0, Math.min(9, sum - 9 * i)));

/**
 * The most the slip can pay back on one result. Bets on one position exclude each other (7 and 8 there
 * cannot both win) while bets on different positions and on the sum can win together, so this is not
 * the sum of every bet's payout: it is the best result's. The result's payout is one part per position
 * (its digit) plus one for the sum, so a walk over the positions keeping the best total for each running
 * sum (0–45) finds the best of all 100 000 results exactly. Wins are judged by the contract's own rule.
 */
export const topPayoutMinor = (bets: readonly Selection[], odds: OddsTable): bigint => {
  const perDigit: bigint[][] = Array.from({ length: LOTTERY_DIGITS }, () => Array.from({ length: 10 }, () => 0n));
  const perSum: bigint[] = Array.from({ length: 9 * LOTTERY_DIGITS + 1 }, () => 0n);
  for (const bet of bets) {
    const pays = payoutMinor(stakeOf(bet), odds[bet.kind]);
    // A 5D slip's figure: a Vietnam bet (never on the same slip) has no place in it.
    if (pays === 0n || LOTTERY_BET_KINDS[bet.kind].family !== '5d') continue;
    if (bet.position === null) {
      perSum.forEach((_, sum) => {
        if (lotteryBetWins(bet, digitsWithSum(sum))) perSum[sum] += pays;
      });
    } else {
      const at = bet.position;
      for (let d = 0; d < 10; d++) {
        const digits = Array.from({ length: LOTTERY_DIGITS }, (_, i) => (i === at ? d : 0));
        if (lotteryBetWins(bet, digits)) perDigit[at]![d]! += pays;
      }
    }
  }
  // best[s]: the most the positions so far pay with their digits adding up to s (null: no such digits).
  let best: (bigint | null)[] = [0n];
  for (const row of perDigit) {
    const next: (bigint | null)[] = Array.from({ length: best.length + 9 }, () => null);
    best.forEach((value, sum) => {
      if (value === null) return;
      row.forEach((pays, d) => {
        const total = value + pays;
        const cur = next[sum + d];
        if (cur === null || cur === undefined || total > cur) next[sum + d] = total;
      });
    });
    best = next;
  }
  let top = 0n;
  best.forEach((value, sum) => {
    if (value !== null && value + perSum[sum]! > top) top = value + perSum[sum]!;
  });
  return top;
};

export type SlipTotals = { count: number; stakeMinor: bigint; topPayoutMinor: bigint; valid: boolean };

/** The slip's count, total stake, best possible payout, and whether every amount can be sent. */
export const slipTotals = (bets: readonly Selection[], odds: OddsTable, min?: string, max?: string): SlipTotals => ({
  count: bets.length,
  stakeMinor: bets.reduce((sum, b) => sum + stakeOf(b), 0n),
  topPayoutMinor: topPayoutMinor(bets, odds),
  valid: bets.length > 0 && bets.length <= LOTTERY_MAX_BETS && bets.every((b) => amountProblem(b.amount, min, max) === null),
});

/** The bets as the contract takes them: a position only for the positional kinds, amounts with two places. */
export const toBetInputs = (bets: readonly Selection[]): LotteryBetInput[] =>
  bets.map((b) => ({
    kind: b.kind,
    ...(b.position === null ? {} : { position: b.position }),
    pick: b.pick,
    amount: normalizeAmount(b.amount),
  }));

/** Sets every bet of the slip to one amount. */
export const withAmount = (bets: readonly Selection[], amount: string): Selection[] => bets.map((b) => ({ ...b, amount }));

/**
 * The server's field errors of a refused slip, by bet ("bets.3.amount" belongs to the fourth bet's
 * row); anything else stands above the Place button.
 */
export const slipFieldErrors = (fields: readonly { field: string; message: string }[]) => {
  const byBet: Record<number, string> = {};
  const rest: string[] = [];
  for (const f of fields) {
    const m = /^bets\.(\d+)(?:\.|$)/.exec(f.field);
    if (m) byBet[Number(m[1])] ??= f.message;
    else if (!rest.includes(f.message)) rest.push(f.message);
  }
  return { byBet, rest };
};

/** Whether a bet's pick holds a number the site has closed in this lottery (docs/lottery.md "Closing a number"). */
export const isClosedPick = (closed: readonly string[], pick: string) => closed.some((n) => lotteryPickHolds(pick, n));

/** Count of the slip's bets on one position (null: the sum), for the position tabs' badges. */
export const countOn = (bets: readonly Selection[], position: number | null) => bets.filter((b) => b.position === position).length;
