import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { PositiveMoneyAmount, toMinor } from '../money.js';
import { IdempotencyKey } from './ops.js';

/*
 * Apsara's own lotteries (spec §2 "/lottery", "Lottery draw results"; docs/lottery.md): five digits
 * drawn on a fixed schedule, each draw's result fixed by a server seed whose SHA-256 is published before
 * betting opens and revealed after the draw, so anyone can recompute it. Members bet on a slip of up to
 * 20 bets for the open draw; a slip is one round of the in-house vendor (one stake, one payout), settled
 * by the draw job once the result is in.
 */

/** The lotteries, their schedule, and the catalogue code each plays under (vendor APSARA). */
export const LOTTERY_GAMES = {
  FAST5D: { intervalSeconds: 60, names: { en: 'Apsara 1-minute 5D', km: 'អប្សរា 5D រៀងរាល់ ១ នាទី', cn: '仙女 1 分钟 5D' } },
  CLASSIC5D: { intervalSeconds: 300, names: { en: 'Angkor 5-minute 5D', km: 'អង្គរ 5D រៀងរាល់ ៥ នាទី', cn: '吴哥 5 分钟 5D' } },
} as const;
export type LotteryGameCode = keyof typeof LOTTERY_GAMES;
export const LOTTERY_GAME_CODES = Object.keys(LOTTERY_GAMES) as LotteryGameCode[];
/** Betting on a draw closes this long before it is drawn; the next draw takes bets from that moment. */
export const LOTTERY_CLOSE_SECONDS = 5;
export const LOTTERY_DIGITS = 5;
export const LOTTERY_MAX_BETS = 20;
export const LOTTERY_MIN_BET = '1.00';
export const LOTTERY_MAX_BET = '10000.00';

/**
 * Kinds of bet on a 5-digit result (positions 0–4, left to right) and what each pays per unit staked,
 * in hundredths (980 = 9.80 back for 1.00: the stake and 8.80 more). Every kind returns 98 % on average.
 */
export const LOTTERY_BET_KINDS = {
  /** One position shows one digit (1 in 10). */
  digit: { odds: 980, picks: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], positional: true },
  /** One position is big (5–9) or small (0–4). */
  bigSmall: { odds: 196, picks: ['big', 'small'], positional: true },
  /** One position is odd or even. */
  oddEven: { odds: 196, picks: ['odd', 'even'], positional: true },
  /** The sum of the five digits (0–45) is big (23–45) or small (0–22). */
  sumBigSmall: { odds: 196, picks: ['big', 'small'], positional: false },
  /** The sum of the five digits is odd or even. */
  sumOddEven: { odds: 196, picks: ['odd', 'even'], positional: false },
} as const;
export type LotteryBetKind = keyof typeof LOTTERY_BET_KINDS;
export const LOTTERY_BET_KIND_NAMES = Object.keys(LOTTERY_BET_KINDS) as LotteryBetKind[];

/** Whether a bet wins on `digits` (the result, five numbers 0–9). */
export const lotteryBetWins = (bet: { kind: LotteryBetKind; position: number | null; pick: string }, digits: readonly number[]) => {
  const sum = digits.reduce((a, b) => a + b, 0);
  const at = bet.position === null ? -1 : digits[bet.position]!;
  switch (bet.kind) {
    case 'digit':
      return String(at) === bet.pick;
    case 'bigSmall':
      return (at >= 5 ? 'big' : 'small') === bet.pick;
    case 'oddEven':
      return (at % 2 === 1 ? 'odd' : 'even') === bet.pick;
    case 'sumBigSmall':
      return (sum >= 23 ? 'big' : 'small') === bet.pick;
    case 'sumOddEven':
      return (sum % 2 === 1 ? 'odd' : 'even') === bet.pick;
  }
};

/** What a winning bet of `stakeMinor` pays back (stake included). */
export const lotteryPayout = (kind: LotteryBetKind, stakeMinor: bigint) => (stakeMinor * BigInt(LOTTERY_BET_KINDS[kind].odds)) / 100n;

/**
 * The result of a draw from its revealed seed: HMAC-SHA256(seed, "<game>:<drawNo>") read byte by byte,
 * bytes of 250 and above skipped (so every digit is equally likely), each remaining byte modulo 10, until
 * five digits; should 32 bytes not give five (practically never), the HMAC of the previous HMAC goes on.
 * `hmac` is injected so the browser (WebCrypto) and the server (node:crypto) share this rule.
 */
export const lotteryDigits = async (hmac: (key: string, message: Uint8Array | string) => Promise<Uint8Array>, seed: string, game: string, drawNo: string) => {
  const digits: number[] = [];
  let block = await hmac(seed, `${game}:${drawNo}`);
  for (;;) {
    for (const byte of block) {
      if (byte >= 250) continue;
      digits.push(byte % 10);
      if (digits.length === LOTTERY_DIGITS) return digits;
    }
    block = await hmac(seed, block);
  }
};

const Money = z.string().describe('a decimal string with two places, e.g. "1234.50"');

export const LotteryDraw = z.object({
  gameCode: z.enum(LOTTERY_GAME_CODES as [LotteryGameCode, ...LotteryGameCode[]]),
  /** The draw's number: the UTC day and its place in the day, e.g. "20261128-0097". */
  drawNo: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  drawAt: z.string(),
  /** SHA-256 of the server seed, published before betting opens. */
  seedHash: z.string(),
  /** The seed and the five digits, once drawn; null before. */
  seed: z.string().nullable(),
  result: z.array(z.number().int()).nullable(),
  status: z.enum(['open', 'drawn', 'settled']),
});
export type LotteryDraw = z.infer<typeof LotteryDraw>;

/** GET /wps/lottery/games — the lotteries, each with its open draw and its latest result (public). */
export const LotteryGame = z.object({
  code: z.enum(LOTTERY_GAME_CODES as [LotteryGameCode, ...LotteryGameCode[]]),
  name: z.object({ en: z.string(), km: z.string(), cn: z.string() }),
  intervalSeconds: z.number().int(),
  /** The draw taking bets now (betting closes LOTTERY_CLOSE_SECONDS before it is drawn). */
  open: LotteryDraw,
  /** The latest draw with a result. */
  last: LotteryDraw.nullable(),
  /** Server time, so a page can count down without trusting the device clock. */
  serverTime: z.string(),
});
export type LotteryGame = z.infer<typeof LotteryGame>;
export const LotteryGamesValue = z.object({
  items: z.array(LotteryGame),
  betKinds: z.array(z.object({ kind: z.enum(LOTTERY_BET_KIND_NAMES as [LotteryBetKind, ...LotteryBetKind[]]), odds: Money, picks: z.array(z.string()), positional: z.boolean() })),
  minBet: Money,
  maxBet: Money,
  maxBets: z.number().int(),
  currencySymbol: z.string(),
});
export type LotteryGamesValue = z.infer<typeof LotteryGamesValue>;
export const LotteryGamesResponse = ok(LotteryGamesValue);

/** GET /wps/lottery/draws — drawn results of one lottery, newest first, 20 a page (public). */
export const LotteryDrawsQuery = z.object({ gameCode: z.enum(LOTTERY_GAME_CODES as [LotteryGameCode, ...LotteryGameCode[]]), page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type LotteryDrawsQuery = z.infer<typeof LotteryDrawsQuery>;
export const LotteryDrawsValue = z.object({ items: z.array(LotteryDraw), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type LotteryDrawsValue = z.infer<typeof LotteryDrawsValue>;
export const LotteryDrawsResponse = ok(LotteryDrawsValue);

const BetAmount = PositiveMoneyAmount.refine((v) => !/^\d+(\.\d{1,2})?$/.test(v) || (toMinor(v) >= toMinor(LOTTERY_MIN_BET) && toMinor(v) <= toMinor(LOTTERY_MAX_BET)), {
  message: `between ${LOTTERY_MIN_BET} and ${LOTTERY_MAX_BET}`,
});

export const LotteryBetInput = z
  .strictObject({
    kind: z.enum(LOTTERY_BET_KIND_NAMES as [LotteryBetKind, ...LotteryBetKind[]]),
    /** 0–4 for the positional kinds; absent for the sum kinds. */
    position: z.number().int().min(0).max(LOTTERY_DIGITS - 1).optional(),
    pick: z.string().max(8),
    amount: BetAmount,
  })
  .superRefine((b, ctx) => {
    const rule = LOTTERY_BET_KINDS[b.kind];
    if (!(rule.picks as readonly string[]).includes(b.pick)) ctx.addIssue({ code: 'custom', path: ['pick'], message: `one of ${rule.picks.join(', ')}` });
    if (rule.positional && b.position === undefined) ctx.addIssue({ code: 'custom', path: ['position'], message: 'required for this kind' });
    if (!rule.positional && b.position !== undefined) ctx.addIssue({ code: 'custom', path: ['position'], message: 'not taken by this kind' });
  });
export type LotteryBetInput = z.infer<typeof LotteryBetInput>;

/** POST /wps/lottery/bets — a slip for the open draw of one lottery. */
export const LotterySlipBody = z.strictObject({
  gameCode: z.enum(LOTTERY_GAME_CODES as [LotteryGameCode, ...LotteryGameCode[]]),
  /** The draw the member saw open; refused once it has closed (no silent move to the next draw). */
  drawNo: z.string().regex(/^\d{8}-\d{4}$/, { message: 'a draw number like 20261128-0097' }),
  bets: z.array(LotteryBetInput).min(1).max(LOTTERY_MAX_BETS),
  idempotencyKey: IdempotencyKey,
});
export type LotterySlipBody = z.infer<typeof LotterySlipBody>;

export const LotterySlip = z.object({
  id: z.string(),
  /** The number members quote: "LT" and the id, zero-padded to eight digits. */
  number: z.string(),
  gameCode: z.enum(LOTTERY_GAME_CODES as [LotteryGameCode, ...LotteryGameCode[]]),
  drawNo: z.string(),
  drawAt: z.string(),
  bets: z.array(z.object({ kind: z.enum(LOTTERY_BET_KIND_NAMES as [LotteryBetKind, ...LotteryBetKind[]]), position: z.number().int().nullable(), pick: z.string(), amount: Money, odds: Money, won: z.boolean().nullable(), payout: Money })),
  stake: Money,
  /** What the slip paid back (stakes of winning bets included); "0.00" until settled or when nothing won. */
  payout: Money,
  status: z.enum(['pending', 'won', 'lost']),
  result: z.array(z.number().int()).nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotterySlip = z.infer<typeof LotterySlip>;
export const LotterySlipValue = LotterySlip.extend({ balance: Money, replayed: z.boolean() });
export type LotterySlipValue = z.infer<typeof LotterySlipValue>;
export const LotterySlipResponse = ok(LotterySlipValue);

/** GET /wps/lottery/bets — the member's slips, newest first, 20 a page. */
export const LotterySlipsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1), gameCode: z.enum(LOTTERY_GAME_CODES as [LotteryGameCode, ...LotteryGameCode[]]).optional() });
export type LotterySlipsQuery = z.infer<typeof LotterySlipsQuery>;
export const LotterySlipsValue = z.object({ items: z.array(LotterySlip), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type LotterySlipsValue = z.infer<typeof LotterySlipsValue>;
export const LotterySlipsResponse = ok(LotterySlipsValue);

export const lotterySlipNumber = (id: bigint | string) => `LT${id.toString().padStart(8, '0')}`;
