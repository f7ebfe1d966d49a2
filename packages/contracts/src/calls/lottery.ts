import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { notAbove, PositiveMoneyAmount, toMinor } from '../money.js';
import { IdempotencyKey } from './ops.js';

/*
 * Apsara's own lotteries (spec §2 "/lottery", "Lottery draw results"; docs/lottery.md): five digits
 * drawn on a fixed schedule, each draw's result fixed by a server seed whose SHA-256 is published before
 * betting opens and revealed after the draw, so anyone can recompute it. Members bet on a slip of up to
 * 20 bets for the open draw; a slip is one round of the in-house vendor (one stake, one payout), settled
 * by the draw job once the result is in.
 */

/**
 * The kinds of lottery: `5d`, five digits; `vn`, a Vietnamese-style draw of 27 numbers in eight prize
 * tiers (VN_PRIZE_TIERS), bet on by their last two or three digits.
 */
export const LOTTERY_FAMILIES = ['5d', 'vn'] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];

/** The lotteries, their kind, their schedule, and the catalogue code each plays under (vendor APSARA). */
export const LOTTERY_GAMES = {
  FAST5D: { family: '5d', intervalSeconds: 60, names: { en: 'Apsara 1-minute 5D', km: 'អប្សរា 5D រៀងរាល់ ១ នាទី', cn: '仙女 1 分钟 5D' } },
  CLASSIC5D: { family: '5d', intervalSeconds: 300, names: { en: 'Angkor 5-minute 5D', km: 'អង្គរ 5D រៀងរាល់ ៥ នាទី', cn: '吴哥 5 分钟 5D' } },
  VN2M: { family: 'vn', intervalSeconds: 120, names: { en: 'Mekong 2-minute Vietnam lottery', km: 'ឆ្នោតវៀតណាមមេគង្គ រៀងរាល់ ២ នាទី', cn: '湄公 2 分钟越南彩' } },
} as const satisfies Record<string, { family: LotteryFamily; intervalSeconds: number; names: { en: string; km: string; cn: string } }>;
export type LotteryGameCode = keyof typeof LOTTERY_GAMES;
export const LOTTERY_GAME_CODES = Object.keys(LOTTERY_GAMES) as LotteryGameCode[];
export const lotteryFamilyOf = (game: LotteryGameCode): LotteryFamily => LOTTERY_GAMES[game].family;

/**
 * The prize tiers of a `vn` draw, in the order of the result's digits: the special prize (5 digits) first,
 * then the first to the seventh prize — 27 numbers, 107 digits, as the northern Vietnamese draw has them.
 */
export const VN_PRIZE_TIERS = [
  { tier: 'special', count: 1, digits: 5 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 2, digits: 5 },
  { tier: 'third', count: 6, digits: 5 },
  { tier: 'fourth', count: 4, digits: 4 },
  { tier: 'fifth', count: 6, digits: 4 },
  { tier: 'sixth', count: 3, digits: 3 },
  { tier: 'seventh', count: 4, digits: 2 },
] as const;
export type VnPrizeTier = (typeof VN_PRIZE_TIERS)[number]['tier'];
/** How many digits a draw of each kind of lottery has. */
export const LOTTERY_RESULT_DIGITS: Record<LotteryFamily, number> = { '5d': 5, vn: VN_PRIZE_TIERS.reduce((n, t) => n + t.count * t.digits, 0) };

/** A `vn` result as its tiers of numbers (each number a string: leading zeros count). */
export const vnPrizes = (digits: readonly number[]) => {
  let at = 0;
  return VN_PRIZE_TIERS.map(({ tier, count, digits: width }) => ({
    tier,
    numbers: Array.from({ length: count }, () => {
      const n = digits.slice(at, at + width).join('');
      at += width;
      return n;
    }),
  }));
};
/** The last two digits of every number of a `vn` result (27 of them): what a `lo2` or `xien2` bet is on. */
export const vnTails = (digits: readonly number[]) => vnPrizes(digits).flatMap((t) => t.numbers.map((n) => n.slice(-2)));
/** Betting on a draw closes this long before it is drawn; the next draw takes bets from that moment. */
export const LOTTERY_CLOSE_SECONDS = 5;
export const LOTTERY_DIGITS = 5;
export const LOTTERY_MAX_BETS = 20;
export const LOTTERY_MIN_BET = '1.00';
export const LOTTERY_MAX_BET = '10000.00';

/**
 * Kinds of bet and what each pays per unit staked, in hundredths (980 = 9.80 back for 1.00: the stake
 * and 8.80 more), for each hit. A `5d` bet (positions 0–4, left to right) hits once or not at all; its
 * picks are listed. A `vn` bet names its number(s) in `format` (`nn`, `nnn`, or two `nn` joined by a
 * comma, smaller first). Returns on average: every `5d` kind and `de2`/`cang3` 98 %; `lo2` 97.2 % (27
 * numbers, each ending in the pick 1 time in 100: 0.27 hits × 3.60); `xien2` 97.7 % (both numbers among
 * the 27 endings: 1 − 2 × 0.99^27 + 0.98^27 ≈ 0.05488, × 17.80).
 */
export const LOTTERY_BET_KINDS = {
  /** One position shows one digit (1 in 10). */
  digit: { family: '5d', odds: 980, picks: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], positional: true, format: null },
  /** One position is big (5–9) or small (0–4). */
  bigSmall: { family: '5d', odds: 196, picks: ['big', 'small'], positional: true, format: null },
  /** One position is odd or even. */
  oddEven: { family: '5d', odds: 196, picks: ['odd', 'even'], positional: true, format: null },
  /** The sum of the five digits (0–45) is big (23–45) or small (0–22). */
  sumBigSmall: { family: '5d', odds: 196, picks: ['big', 'small'], positional: false, format: null },
  /** The sum of the five digits is odd or even. */
  sumOddEven: { family: '5d', odds: 196, picks: ['odd', 'even'], positional: false, format: null },
  /** "Lô": a two-digit number, paid once for every one of the 27 numbers that ends in it. */
  lo2: { family: 'vn', odds: 360, picks: [], positional: false, format: 'nn' },
  /** "Đề": the last two digits of the special prize. */
  de2: { family: 'vn', odds: 9800, picks: [], positional: false, format: 'nn' },
  /** "3 càng": the last three digits of the special prize. */
  cang3: { family: 'vn', odds: 98000, picks: [], positional: false, format: 'nnn' },
  /** "Xiên 2": two different two-digit numbers, both among the 27 endings. */
  xien2: { family: 'vn', odds: 1780, picks: [], positional: false, format: 'nn,nn' },
} as const satisfies Record<string, { family: LotteryFamily; odds: number; picks: readonly string[]; positional: boolean; format: 'nn' | 'nnn' | 'nn,nn' | null }>;
export type LotteryBetKind = keyof typeof LOTTERY_BET_KINDS;
export const LOTTERY_BET_KIND_NAMES = Object.keys(LOTTERY_BET_KINDS) as LotteryBetKind[];
/** The kinds of bet a lottery of this family takes. */
export const lotteryKindsOf = (family: LotteryFamily) => LOTTERY_BET_KIND_NAMES.filter((k) => LOTTERY_BET_KINDS[k].family === family);

const PICK_FORMATS = { nn: /^\d{2}$/, nnn: /^\d{3}$/, 'nn,nn': /^(\d{2}),(\d{2})$/ } as const;
/** Whether `pick` is one this kind takes: one of its picks, or a number in its format (a pair: two different numbers, smaller first). */
export const lotteryPickValid = (kind: LotteryBetKind, pick: string) => {
  const rule = LOTTERY_BET_KINDS[kind];
  if (rule.format === null) return (rule.picks as readonly string[]).includes(pick);
  const m = PICK_FORMATS[rule.format].exec(pick);
  return !!m && (rule.format !== 'nn,nn' || m[1]! < m[2]!);
};

/**
 * Whether a bet's pick holds `number` (1–3 digits, as a pick writes it): the pick is that number in any
 * kind, or a Xiên pair has it on either side. The rule of a closed number, and of the risk page's search.
 */
export const lotteryPickHolds = (pick: string, number: string) => pick === number || pick.split(',').includes(number);

/** How many times a bet hits on `digits` (the result): 0 when it loses; only `lo2` can hit more than once. */
export const lotteryHits = (bet: { kind: LotteryBetKind; position: number | null; pick: string }, digits: readonly number[]): number => {
  const sum = digits.reduce((a, b) => a + b, 0);
  const at = bet.position === null ? -1 : digits[bet.position]!;
  const one = (hit: boolean) => (hit ? 1 : 0);
  switch (bet.kind) {
    case 'digit':
      return one(String(at) === bet.pick);
    case 'bigSmall':
      return one((at >= 5 ? 'big' : 'small') === bet.pick);
    case 'oddEven':
      return one((at % 2 === 1 ? 'odd' : 'even') === bet.pick);
    case 'sumBigSmall':
      return one((sum >= 23 ? 'big' : 'small') === bet.pick);
    case 'sumOddEven':
      return one((sum % 2 === 1 ? 'odd' : 'even') === bet.pick);
    case 'lo2':
      return vnTails(digits).filter((t) => t === bet.pick).length;
    case 'de2':
      return one(digits.slice(3, 5).join('') === bet.pick);
    case 'cang3':
      return one(digits.slice(2, 5).join('') === bet.pick);
    case 'xien2': {
      const tails = new Set(vnTails(digits));
      return one(bet.pick.split(',').every((n) => tails.has(n)));
    }
  }
};

/** Whether a bet wins on `digits`. */
export const lotteryBetWins = (bet: { kind: LotteryBetKind; position: number | null; pick: string }, digits: readonly number[]) => lotteryHits(bet, digits) > 0;

/** What a bet of `stakeMinor` at `odds` (hundredths) pays back for `hits` hits (stake included; 0 for none). */
export const lotteryPayout = (stakeMinor: bigint, odds: number, hits: number) => (stakeMinor * BigInt(odds) * BigInt(hits)) / 100n;

/** The most a lottery limit may be set to. */
export const LOTTERY_LIMIT_MAX = '1000000000.00';
/**
 * The site's lottery limits (config `lottery`; docs/lottery.md "Limits"): the most the site would pay
 * on one pick of one draw, every member's bets together, counted as stake × odds (one hit). A slip that
 * would take a pick past it is refused whole with LOTTERY_NUMBER_LIMIT. `maxPayoutPerNumber` holds for
 * every kind of bet, except a kind given a figure of its own in `byKind` (a Đề or 3 càng number, paid at
 * 98× or 980×, is usually held lower than a big/small).
 */
export const LotteryLimitsConfig = z
  .strictObject({
    maxPayoutPerNumber: PositiveMoneyAmount,
    byKind: z.partialRecord(z.enum(LOTTERY_BET_KIND_NAMES as [LotteryBetKind, ...LotteryBetKind[]]), PositiveMoneyAmount).optional(),
  })
  .superRefine((c, ctx) => {
    const above = `at most ${LOTTERY_LIMIT_MAX}`;
    if (!notAbove(c.maxPayoutPerNumber, LOTTERY_LIMIT_MAX)) ctx.addIssue({ code: 'custom', message: above, path: ['maxPayoutPerNumber'] });
    for (const [kind, amount] of Object.entries(c.byKind ?? {})) {
      if (amount !== undefined && !notAbove(amount, LOTTERY_LIMIT_MAX)) ctx.addIssue({ code: 'custom', message: above, path: ['byKind', kind] });
    }
  });
export type LotteryLimitsConfig = z.infer<typeof LotteryLimitsConfig>;
/** The limit one pick of this kind is held to. */
export const lotteryLimitOf = (c: LotteryLimitsConfig, kind: LotteryBetKind) => c.byKind?.[kind] ?? c.maxPayoutPerNumber;
/** As a site's config may hold it: this default until an operator sets their own. */
export const StoredLotteryLimits = z
  .preprocess((v) => {
    // A kind the code no longer has (renamed or dropped) must not stop the site's config from loading.
    if (!v || typeof v !== 'object' || !('byKind' in v) || !v.byKind || typeof v.byKind !== 'object') return v;
    const byKind = Object.fromEntries(Object.entries(v.byKind).filter(([k]) => (LOTTERY_BET_KIND_NAMES as string[]).includes(k)));
    return { ...v, byKind };
  }, LotteryLimitsConfig)
  .default(() => ({ maxPayoutPerNumber: '200000.00' }));

/** What one bet could cost the site if its pick comes up once: stake × odds. */
export const lotteryLiability = (stakeMinor: bigint, odds: number) => lotteryPayout(stakeMinor, odds, 1);

/** The most that may still be staked at `odds` on a pick that already carries `liabilityMinor`, under `capMinor`. */
export const lotteryStakeRoom = (capMinor: bigint, liabilityMinor: bigint, odds: number) => {
  const room = capMinor - liabilityMinor;
  return room <= 0n ? 0n : (room * 100n) / BigInt(odds);
};

/**
 * The result of a draw from its revealed seed: HMAC-SHA256(seed, "<game>:<drawNo>") read byte by byte,
 * bytes of 250 and above skipped (so every digit is equally likely), each remaining byte modulo 10, until
 * `count` digits (5 for a `5d` lottery, 107 for a `vn` one); while 32 bytes do not give them all, the HMAC
 * of the previous HMAC goes on.
 * `hmac` is injected so the browser (WebCrypto) and the server (node:crypto) share this rule.
 */
export const lotteryDigits = async (hmac: (key: string, message: Uint8Array | string) => Promise<Uint8Array>, seed: string, game: string, drawNo: string, count: number = LOTTERY_DIGITS) => {
  const digits: number[] = [];
  let block = await hmac(seed, `${game}:${drawNo}`);
  for (;;) {
    for (const byte of block) {
      if (byte >= 250) continue;
      digits.push(byte % 10);
      if (digits.length === count) return digits;
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
  family: z.enum(LOTTERY_FAMILIES),
  name: z.object({ en: z.string(), km: z.string(), cn: z.string() }),
  intervalSeconds: z.number().int(),
  /** The draw taking bets now (betting closes LOTTERY_CLOSE_SECONDS before it is drawn). */
  open: LotteryDraw,
  /** The latest draw with a result. */
  last: LotteryDraw.nullable(),
  /** Server time, so a page can count down without trusting the device clock. */
  serverTime: z.string(),
  /** Numbers the site takes no bets on in this lottery (closed by an operator; lotteryPickHolds says which picks they stop). */
  closed: z.array(z.string()),
});
export type LotteryGame = z.infer<typeof LotteryGame>;
export const LotteryGamesValue = z.object({
  items: z.array(LotteryGame),
  betKinds: z.array(
    z.object({
      kind: z.enum(LOTTERY_BET_KIND_NAMES as [LotteryBetKind, ...LotteryBetKind[]]),
      family: z.enum(LOTTERY_FAMILIES),
      /** Paid per 1.00 staked, for each hit. */
      odds: Money,
      picks: z.array(z.string()),
      positional: z.boolean(),
      /** How a `vn` bet names its number(s): "nn", "nnn" or "nn,nn"; null for a `5d` kind (its picks are listed). */
      format: z.enum(['nn', 'nnn', 'nn,nn']).nullable(),
    }),
  ),
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
    if (!lotteryPickValid(b.kind, b.pick)) {
      const message =
        rule.format === null ? `one of ${rule.picks.join(', ')}` : rule.format === 'nn,nn' ? 'two different two-digit numbers, smaller first, like 12,85' : `a ${rule.format.length}-digit number, like ${rule.format === 'nn' ? '07' : '512'}`;
      ctx.addIssue({ code: 'custom', path: ['pick'], message });
    }
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
}).superRefine((s, ctx) => {
  // A 5D lottery takes 5D bets, a Vietnam lottery its own.
  s.bets.forEach((b, i) => {
    if (LOTTERY_BET_KINDS[b.kind].family !== lotteryFamilyOf(s.gameCode)) ctx.addIssue({ code: 'custom', path: ['bets', i, 'kind'], message: 'not a bet this lottery takes' });
  });
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

/*
 * The spec's lottery menu calls (§7 "Games and lottery"), over the same draws:
 * - GET /lgw/vn/games/game_menu: the Vietnam lotteries with their open draw and their bet kinds (public);
 * - GET /lgw/vn/games/game_menu/recent: the Vietnam lotteries the member bet on, latest first (member);
 * - GET /lgw/vn/numeros/opened/game: the draw ("numero") each Vietnam lottery takes bets on now (public);
 * - GET /lotto/lgw/games/opened/numero: the open draw of every lottery, with what the member has staked on it (member).
 */
export const LotteryRecentGame = z.object({ gameCode: z.enum(LOTTERY_GAME_CODES as [LotteryGameCode, ...LotteryGameCode[]]), name: z.object({ en: z.string(), km: z.string(), cn: z.string() }), lastBetAt: z.string(), slips: z.number().int() });
export const LotteryRecentGamesResponse = ok(z.object({ items: z.array(LotteryRecentGame) }));
export const LotteryOpenDrawsResponse = ok(z.object({ items: z.array(LotteryDraw), serverTime: z.string() }));
export const LotteryMemberOpenDraw = z.object({ draw: LotteryDraw, family: z.enum(LOTTERY_FAMILIES), slips: z.number().int(), stake: Money });
export const LotteryMemberOpenDrawsResponse = ok(z.object({ items: z.array(LotteryMemberOpenDraw), serverTime: z.string() }));

/**
 * The back office's view of the lottery limits (GET /ops/lottery/exposure): the picks of draws not yet
 * settled, each with what it could cost the site (stake × odds, one hit), the limit it is held to, the
 * room left under it and its share of it in whole percent; the 50 nearest their limit (the largest
 * share first, then the heaviest).
 */
export const OpsLotteryExposureLine = z.object({
  drawId: z.string(),
  gameCode: z.enum(LOTTERY_GAME_CODES as [LotteryGameCode, ...LotteryGameCode[]]),
  drawNo: z.string(),
  closesAt: z.string(),
  /** open: still taking bets; closed: past its close, not drawn yet; drawn: drawn, being settled. */
  drawStatus: z.enum(['open', 'closed', 'drawn']),
  kind: z.enum(LOTTERY_BET_KIND_NAMES as [LotteryBetKind, ...LotteryBetKind[]]),
  position: z.number().int().nullable(),
  pick: z.string(),
  liability: Money,
  /** The limit this pick is held to: its kind's own, or the site's. */
  limit: Money,
  room: Money,
  percent: z.number().int().min(0).max(100),
  /** No bet can go on it any more: the room is less than the least bet at its odds (members are told it is full). */
  full: z.boolean(),
});
export type OpsLotteryExposureLine = z.infer<typeof OpsLotteryExposureLine>;

/**
 * GET /ops/lottery/exposure?game=&number= — narrows the view to one lottery and/or one number: the
 * picks that are that number in any kind, and the Xiên pairs holding it (digit picks of 5D are one
 * digit). `total` and `nearLimit` then count what the filter finds.
 */
export const OpsLotteryExposureQuery = z.object({
  game: z.enum(LOTTERY_GAME_CODES as [LotteryGameCode, ...LotteryGameCode[]]).optional(),
  number: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, { message: '1 to 3 digits' })
    .optional(),
});
export type OpsLotteryExposureQuery = z.infer<typeof OpsLotteryExposureQuery>;
export const OPS_LOTTERY_EXPOSURE_LINES = 50;
/** The share of its limit from which a pick counts as near it (`nearLimit`; the risk page flags it). */
export const LOTTERY_NEAR_LIMIT_PERCENT = 80;
export const OpsLotteryExposureValue = z.object({
  /** The site's limit, for every kind without one of its own. */
  limit: Money,
  /** Kinds held to a limit of their own. */
  byKind: z.partialRecord(z.enum(LOTTERY_BET_KIND_NAMES as [LotteryBetKind, ...LotteryBetKind[]]), Money),
  currency: z.string(),
  items: z.array(OpsLotteryExposureLine),
  /** Picks carrying anything on unsettled draws, of which `items` are the nearest their limit. */
  total: z.number().int(),
  /** Picks at or past 80 % of their limit. */
  nearLimit: z.number().int(),
});
export type OpsLotteryExposureValue = z.infer<typeof OpsLotteryExposureValue>;
export const OpsLotteryExposureResponse = ok(OpsLotteryExposureValue);

/*
 * Closed numbers (docs/lottery.md "Closing a number"): an operator stops new bets on one number of one
 * lottery, in every kind of bet that holds it, until it is opened again.
 */
/** At most this many numbers closed at once on one site. */
export const LOTTERY_CLOSED_NUMBERS_MAX = 300;
const LotteryCode = z.enum(LOTTERY_GAME_CODES as [LotteryGameCode, ...LotteryGameCode[]]);
export const OpsLotteryClosedNumber = z.object({
  id: z.string(),
  gameCode: LotteryCode,
  number: z.string(),
  reason: z.string().nullable(),
  /** The operator who closed it (null once that account is gone). */
  closedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type OpsLotteryClosedNumber = z.infer<typeof OpsLotteryClosedNumber>;
export const OpsLotteryClosedNumbersValue = z.object({ items: z.array(OpsLotteryClosedNumber) });
export type OpsLotteryClosedNumbersValue = z.infer<typeof OpsLotteryClosedNumbersValue>;
export const OpsLotteryClosedNumbersResponse = ok(OpsLotteryClosedNumbersValue);
/** The numbers a lottery's picks can be: one digit for 5D, two or three digits for a Vietnam lottery. */
const CLOSABLE_NUMBER: Record<LotteryFamily, { pattern: RegExp; rule: string }> = {
  '5d': { pattern: /^\d$/, rule: 'one digit for a 5D lottery' },
  vn: { pattern: /^\d{2,3}$/, rule: 'two or three digits for a Vietnam lottery' },
};
/** Whether `number` is one the lottery's picks can hold (a number that can match none would close nothing). */
export const lotteryClosableNumber = (game: LotteryGameCode, number: string) => CLOSABLE_NUMBER[lotteryFamilyOf(game)].pattern.test(number);

/** POST /ops/lottery/closed-numbers: close one number of one lottery. */
export const OpsLotteryCloseNumberBody = z
  .strictObject({
    gameCode: LotteryCode,
    number: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, { message: '1 to 3 digits' }),
    reason: z
      .string()
      .trim()
      .max(200)
      .transform((v) => v || null)
      .nullable()
      .default(null),
  })
  .superRefine((b, ctx) => {
    if (!lotteryClosableNumber(b.gameCode, b.number)) ctx.addIssue({ code: 'custom', path: ['number'], message: CLOSABLE_NUMBER[lotteryFamilyOf(b.gameCode)].rule });
  });
export type OpsLotteryCloseNumberBody = z.infer<typeof OpsLotteryCloseNumberBody>;
export const OpsLotteryClosedNumberResponse = ok(OpsLotteryClosedNumber);
export const OpsLotteryReopenedValue = z.object({ id: z.string(), reopened: z.literal(true) });
export const OpsLotteryReopenedResponse = ok(OpsLotteryReopenedValue);
