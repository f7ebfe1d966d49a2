import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  fromMinor,
  lotteryStakeRoom,
  isTrialType,
  LIST_PAGE_SIZE,
  LOTTERY_BET_KIND_NAMES,
  LOTTERY_BET_KINDS,
  LOTTERY_CLOSE_SECONDS,
  LOTTERY_GAME_CODES,
  LOTTERY_GAMES,
  LOTTERY_MAX_BET,
  LOTTERY_MAX_BETS,
  LOTTERY_MIN_BET,
  LOTTERY_RESULT_DIGITS,
  lotteryDigits,
  lotteryFamilyOf,
  lotteryHits,
  lotteryPayout,
  lotterySlipNumber,
  toMinor,
  type ErrorCode,
  type LotteryBetKind,
  type LotteryDraw,
  type LotteryFamily,
  type LotteryDrawsQuery,
  type LotteryDrawsValue,
  type LotteryGameCode,
  type LotteryGamesValue,
  type LotterySlip,
  type LotterySlipBody,
  type LotterySlipsQuery,
  type LotterySlipsValue,
  type LotterySlipValue,
  type OpsLotteryExposureQuery,
  type OpsLotteryExposureValue,
  type VendorErrorCode,
  OPS_LOTTERY_EXPOSURE_LINES,
  LOTTERY_NEAR_LIMIT_PERCENT,
  LOTTERY_CLOSED_NUMBERS_MAX,
  lotteryLimitOf,
  lotteryPickHolds,
  type OpsLotteryCloseNumberBody,
  type OpsLotteryClosedNumber,
  type OpsLotteryClosedNumbersValue,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { LotterySlipBet } from '../../db/schema.js';
import type { GameWalletService, PlayerRef } from '../game-wallet/game-wallet.service.js';
import { walletRefusal } from '../game-wallet/refusal.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuthContext } from '../session/session.service.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import { ClosedNumbers, OverLimit, type DrawRow, type LotteryRepository, type SlipRow, type SlipView } from './lottery.repository.js';

/** Lottery slips are rounds of the in-house vendor. */
const VENDOR = 'APSARA';
const DAY_MS = 86_400_000;

const hmacNode = async (key: string, message: Uint8Array | string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
/** The digits a seed gives a draw of `game` (the rule in packages/contracts/src/calls/lottery.ts, shared with the browser). */
export const drawDigits = (seed: string, game: string, drawNo: string) => lotteryDigits(hmacNode, seed, game, drawNo, LOTTERY_RESULT_DIGITS[lotteryFamilyOf(game as LotteryGameCode)]);

/** The draw of `game` at `drawAt`: its number (UTC day and place in the day) and its betting window. */
export const drawTimes = (game: LotteryGameCode, drawAt: Date) => {
  const interval = LOTTERY_GAMES[game].intervalSeconds * 1000;
  const dayStart = Math.floor(drawAt.getTime() / DAY_MS) * DAY_MS;
  const day = new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '');
  const place = Math.floor((drawAt.getTime() - dayStart) / interval);
  return {
    drawNo: `${day}-${String(place).padStart(4, '0')}`,
    // Bets move to the next draw the moment one closes: there is always a draw taking bets.
    opensAt: new Date(drawAt.getTime() - interval - LOTTERY_CLOSE_SECONDS * 1000),
    closesAt: new Date(drawAt.getTime() - LOTTERY_CLOSE_SECONDS * 1000),
    drawAt,
  };
};

/** The draws due after `now`: the next `count` multiples of the game's interval. */
export const upcomingDraws = (game: LotteryGameCode, now: Date, count: number) => {
  const interval = LOTTERY_GAMES[game].intervalSeconds * 1000;
  const first = (Math.floor(now.getTime() / interval) + 1) * interval;
  return Array.from({ length: count }, (_, i) => drawTimes(game, new Date(first + i * interval)));
};

/** A wallet refusal as the portal's error; a stake the draw job gave up first answers as a closed draw. */
const refusal = (code: VendorErrorCode): AppError =>
  code === 'BET_ROLLED_BACK' || code === 'ROUND_CLOSED' ? new AppError('LOTTERY_DRAW_CLOSED') : walletRefusal(code);

/** What a bet of the slip pays back on `digits`: at the odds stored with it when placed, for each hit (0 when it lost). */
const betPayout = (b: LotterySlipBet, digits: readonly number[]) => lotteryPayout(toMinor(b.amount), b.odds, lotteryHits({ kind: b.kind as LotteryBetKind, position: b.position, pick: b.pick }, digits));
/** Draw results stay in the public list this long. */
const RESULTS_DAYS = 7;

const drawDto = (d: DrawRow): LotteryDraw => ({
  gameCode: d.game_code as LotteryGameCode,
  drawNo: d.draw_no,
  opensAt: d.opens_at.toISOString(),
  closesAt: d.closes_at.toISOString(),
  drawAt: d.draw_at.toISOString(),
  seedHash: d.seed_hash,
  // The seed stays secret until the draw: it decides the result.
  seed: d.status === 'open' ? null : d.seed,
  result: d.status === 'open' ? null : (d.result ?? null),
  status: d.status,
});

const slipDto = (s: SlipView): LotterySlip => {
  const settled = s.status === 'won' || s.status === 'lost';
  const result = s.result && s.result.length ? s.result : null;
  return {
    id: s.id.toString(),
    number: lotterySlipNumber(s.id),
    gameCode: s.game_code as LotteryGameCode,
    drawNo: s.draw_no,
    drawAt: s.draw_at.toISOString(),
    bets: s.bets.map((b) => {
      const payout = settled && result ? betPayout(b, result) : 0n;
      return {
        kind: b.kind as LotteryBetKind,
        position: b.position,
        pick: b.pick,
        amount: b.amount,
        odds: fromMinor(BigInt(b.odds)),
        won: settled && result ? payout > 0n : null,
        payout: fromMinor(payout),
      };
    }),
    stake: fromMinor(s.stake),
    payout: fromMinor(s.payout),
    status: s.status === 'won' || s.status === 'lost' ? s.status : 'pending',
    result: settled ? result : null,
    createdAt: s.created_at.toISOString(),
    settledAt: s.settled_at?.toISOString() ?? null,
  };
};

/**
 * Apsara's lotteries (docs/lottery.md). Draws are made ahead by every node (one row per draw), drawn
 * from their committed seed when due, and their slips settled through the game wallet with
 * transaction ids derived from the slip, so a node that stops halfway leaves work the next run
 * finishes exactly as it would have, and two nodes doing the same slip pay it once.
 */
export const lotteryService = (deps: { repo: LotteryRepository; wallet: GameWalletService; audit: AuditRepository }) => {
  const { repo, wallet, audit } = deps;
  const gameIds = new Map<string, bigint>();

  const playerOf = async (merchantId: bigint, memberId: bigint, game: string): Promise<PlayerRef> => {
    let gameId = gameIds.get(game);
    if (gameId === undefined) {
      gameId = await repo.gameId(game);
      if (gameId === undefined) throw new AppError('NOT_FOUND');
      gameIds.set(game, gameId);
    }
    return { merchantId, memberId, gameId };
  };

  /** Makes sure each lottery has its next draws, with their seeds committed. */
  const ensureDraws = async (now = new Date()) => {
    for (const game of LOTTERY_GAME_CODES) {
      const coming = upcomingDraws(game, now, 3);
      const have = await repo.existingDraws(game, coming.map((t) => t.drawNo));
      for (const t of coming.filter((c) => !have.has(c.drawNo))) {
        const seed = randomBytes(32).toString('hex');
        await repo.addDraw({ gameCode: game, ...t, seed, seedHash: createHash('sha256').update(seed).digest('hex') });
      }
    }
  };

  const openDraw = async (game: LotteryGameCode) => {
    const found = await repo.openDraw(game);
    if (found) return found;
    await ensureDraws();
    const made = await repo.openDraw(game);
    if (!made) throw new Error('no lottery draw takes bets after ensuring them');
    return made;
  };

  /** The lotteries (all of them, or those of `codes`) with their open and latest draws, and the bet kinds. */
  const games = async (merchant: Merchant, codes: readonly LotteryGameCode[] = LOTTERY_GAME_CODES): Promise<LotteryGamesValue> => {
    const now = new Date();
    const closedRows = await repo.closedNumbers(merchant.id);
    const closedIn = (code: string) => closedRows.filter((r) => r.game_code === code).map((r) => r.number);
    const items = await Promise.all(
      codes.map(async (code) => {
        const [open, last] = await Promise.all([openDraw(code), repo.lastDrawn(code)]);
        return {
          code,
          family: LOTTERY_GAMES[code].family,
          name: { ...LOTTERY_GAMES[code].names },
          intervalSeconds: LOTTERY_GAMES[code].intervalSeconds,
          open: drawDto(open),
          last: last ? drawDto(last) : null,
          serverTime: now.toISOString(),
          closed: closedIn(code),
        };
      }),
    );
    return {
      items,
      betKinds: LOTTERY_BET_KIND_NAMES.map((kind) => {
        const k = LOTTERY_BET_KINDS[kind];
        return { kind, family: k.family, odds: fromMinor(BigInt(k.odds)), picks: [...k.picks], positional: k.positional, format: k.format };
      }),
      minBet: LOTTERY_MIN_BET,
      maxBet: LOTTERY_MAX_BET,
      maxBets: LOTTERY_MAX_BETS,
      currencySymbol: merchant.currencySymbol,
    };
  };

  const codesOf = (family: LotteryFamily) => LOTTERY_GAME_CODES.filter((c) => LOTTERY_GAMES[c].family === family);

  /** GET /lgw/vn/games/game_menu: the games answer for the Vietnam lotteries only (their draws read, no other), with their bet kinds. */
  const vnMenu = async (merchant: Merchant): Promise<LotteryGamesValue> => {
    const vn = await games(merchant, codesOf('vn'));
    return { ...vn, betKinds: vn.betKinds.filter((k) => k.family === 'vn') };
  };

  /** GET /lgw/vn/games/game_menu/recent: the Vietnam lotteries the member bet on, latest first. */
  const vnRecent = async (merchant: Merchant, auth: AuthContext) => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const rows = await repo.recentGames(merchant.id, auth.memberId, codesOf('vn'));
    return { items: rows.map((r) => ({ gameCode: r.gameCode as LotteryGameCode, name: { ...LOTTERY_GAMES[r.gameCode as LotteryGameCode].names }, lastBetAt: r.lastAt.toISOString(), slips: r.slips })) };
  };

  /** GET /lgw/vn/numeros/opened/game: the draw each Vietnam lottery takes bets on now. */
  const vnOpenDraws = async () => ({ items: (await Promise.all(codesOf('vn').map(openDraw))).map(drawDto), serverTime: new Date().toISOString() });

  /** GET /lotto/lgw/games/opened/numero: every lottery's open draw, with the member's slips and stake on it. */
  const memberOpenDraws = async (merchant: Merchant, auth: AuthContext) => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const open = await Promise.all(LOTTERY_GAME_CODES.map(openDraw));
    const mine = await repo.stakesOn(merchant.id, auth.memberId, open.map((d) => d.id));
    return {
      items: open.map((d) => {
        const m = mine.get(d.id.toString());
        return { draw: drawDto(d), family: lotteryFamilyOf(d.game_code as LotteryGameCode), slips: m?.slips ?? 0, stake: fromMinor(m?.stake ?? 0n) };
      }),
      serverTime: new Date().toISOString(),
    };
  };

  const draws = async (query: LotteryDrawsQuery): Promise<LotteryDrawsValue> => {
    const { items, total } = await repo.drawnPage(query.gameCode, query.page, RESULTS_DAYS);
    return { items: items.map(drawDto), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  const answer = async (merchantId: bigint, slipId: bigint, balance: string, replayed: boolean): Promise<LotterySlipValue> => {
    const view = await repo.findSlip(merchantId, slipId);
    if (!view) throw new Error('lottery slip vanished');
    return { ...slipDto(view), balance, replayed };
  };

  /** The error a void slip answers with (a closed draw names its number). */
  const voided = async (merchantId: bigint, slip: SlipRow) => {
    const code = slip.void_code as ErrorCode;
    if (code !== 'LOTTERY_DRAW_CLOSED') return new AppError(code);
    return new AppError(code, [(await repo.findSlip(merchantId, slip.id))?.draw_no ?? '']);
  };

  /**
   * Takes a slip's stake through the wallet (its transaction id is the slip's, so a resend or a racing
   * copy re-drives the same call and the wallet answers it once). A refusal voids the slip with the
   * reason its resends answer with.
   */
  const drive = async (merchantId: bigint, slip: SlipRow, game: string, replayed: boolean): Promise<LotterySlipValue> => {
    const player = await playerOf(merchantId, slip.member_id, game);
    if (slip.status === 'void') throw await voided(merchantId, slip);
    if (slip.status !== 'placing') {
      if (slip.status === 'voiding') throw await voided(merchantId, { ...slip, void_code: 'LOTTERY_DRAW_CLOSED' });
      const b = await wallet.balance({ vendorCode: VENDOR, player });
      return answer(merchantId, slip.id, b.status === 'OK' ? b.balance : '0.00', true);
    }
    // A stake is only ever taken while its draw takes bets: a slip left unstaked past the close (its first
    // request stopped) is the draw job's to give up, and no resend can stake it once a result may be known.
    if (!(await repo.takesBets(slip.draw_id))) throw await voided(merchantId, { ...slip, void_code: 'LOTTERY_DRAW_CLOSED' });
    const r = await wallet.bet({ vendorCode: VENDOR, player, transactionId: `LOT:${slip.id}:bet`, roundId: `LOT-${slip.id}`, amount: slip.stake, gameCode: game });
    if (r.status !== 'OK') {
      const e = refusal(r.code);
      await repo.moveSlip(slip.id, 'placing', { status: 'void', void_code: e.code });
      throw e;
    }
    if (!(await repo.moveSlip(slip.id, 'placing', { status: 'pending' }))) {
      // The draw job took the slip up first (this request stalled past the draw): it gives the stake back.
      const now = await repo.slipByKey(slip.member_id, slip.idempotency_key);
      if (now?.status !== 'pending') throw await voided(merchantId, { ...slip, void_code: 'LOTTERY_DRAW_CLOSED' });
    }
    return answer(merchantId, slip.id, r.balance, replayed);
  };

  /** The cap (minor units) one pick of a kind is held to on this site. */
  const capOf = (merchant: Merchant) => (kind: LotteryBetKind) => toMinor(lotteryLimitOf(merchant.config.lottery, kind));

  /**
   * The refusal of a slip that would take picks past their limit (the site's, or their kind's own):
   * each such bet named on its field, with the most that may still go on its pick at its odds
   * (`data.limits`, for the slip to say by each bet). Picks that take less than the least bet are "full" (room 0.00: no bet could go on
   * them); otherwise the message gives the first pick's room, with the site's currency.
   */
  const overLimit = (merchant: Merchant, bets: LotterySlipBet[], e: OverLimit) => {
    const least = toMinor(LOTTERY_MIN_BET);
    const limits = e.over.map(({ line, carried }) => {
      const room = lotteryStakeRoom(capOf(merchant)(line.kind as LotteryBetKind), carried, line.odds);
      return {
        index: bets.findIndex((b) => b.kind === line.kind && (b.position ?? -1) === line.position && b.pick === line.pick),
        pick: line.pick,
        room: fromMinor(room < least ? 0n : room),
      };
    });
    const fields = limits.map((l) => ({ field: `bets.${l.index}.amount`, rule: 'limit', message: '' }));
    const open = limits.find((l) => toMinor(l.room) > 0n);
    if (!open) return new AppError('LOTTERY_NUMBER_FULL', [limits.map((l) => l.pick).join(', ')], { fields, data: { limits } });
    return new AppError('LOTTERY_NUMBER_LIMIT', [open.pick, `${merchant.currencySymbol}${open.room}`], { fields, data: { limits } });
  };

  /**
   * Refuses a slip holding a number the site closed in this lottery (409 LOTTERY_NUMBER_CLOSED): each
   * such bet named on its field, `data.closed` listing `{index, pick}`; nothing is written. Read first
   * here, and again inside the slip's own transaction (ClosedNumbers), so a number closed while a slip
   * is on its way stops it unless the slip's transaction had already looked.
   */
  const refuseClosedNumbers = async (merchant: Merchant, gameCode: string, bets: LotterySlipBet[]) => {
    const refusal = closedRefusal(bets, (await repo.closedNumbers(merchant.id, gameCode)).map((r) => r.number));
    if (refusal) throw refusal;
  };
  /** The refusal of a slip holding any of these closed numbers, or null when it holds none. */
  const closedRefusal = (bets: LotterySlipBet[], numbers: string[]) => {
    const closed = bets.flatMap((b, index) => (numbers.some((n) => lotteryPickHolds(b.pick, n)) ? [{ index, pick: b.pick }] : []));
    if (!closed.length) return null;
    const fields = closed.map((c) => ({ field: `bets.${c.index}.pick`, rule: 'closed', message: '' }));
    const named = numbers.filter((n) => closed.some((c) => lotteryPickHolds(c.pick, n)));
    return new AppError('LOTTERY_NUMBER_CLOSED', [named.join(', ')], { fields, data: { closed } });
  };

  /** POST /wps/lottery/bets: a slip of bets on the open draw of one lottery. */
  const place = async (merchant: Merchant, auth: AuthContext, body: LotterySlipBody): Promise<LotterySlipValue> => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const bets: LotterySlipBet[] = body.bets.map((b) => ({ kind: b.kind, position: b.position ?? null, pick: b.pick, amount: fromMinor(toMinor(b.amount)), odds: LOTTERY_BET_KINDS[b.kind].odds }));
    const hash = createHash('sha256').update(JSON.stringify({ game: body.gameCode, drawNo: body.drawNo, bets })).digest('hex');
    const again = async (slip: SlipRow) => {
      if (slip.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return drive(merchant.id, slip, body.gameCode, true);
    };
    const earlier = await repo.slipByKey(auth.memberId, body.idempotencyKey);
    if (earlier) return again(earlier);

    const closed = () => new AppError('LOTTERY_DRAW_CLOSED', [body.drawNo]);
    // An operator's catalogue switch stops new slips at once (slips already staked are still drawn and paid).
    const status = await repo.gameStatus(body.gameCode);
    if (status === 'disabled') throw new AppError('NOT_FOUND');
    if (status === 'maintenance') throw new AppError('LOTTERY_MAINTENANCE');
    const draw = await repo.drawByNo(body.gameCode, body.drawNo);
    if (!draw) throw closed();
    await refuseClosedNumbers(merchant, body.gameCode, bets);
    const stake = bets.reduce((sum, b) => sum + toMinor(b.amount), 0n);
    await playerOf(merchant.id, auth.memberId, body.gameCode);
    // Written only if the draw takes bets at that very moment by the database's clock, the one the draw job reads.
    const slip = await repo.insertSlip({ merchantId: merchant.id, memberId: auth.memberId, drawId: draw.id, gameCode: body.gameCode, bets, stake, key: body.idempotencyKey, hash }, capOf(merchant)).catch((e: unknown) => {
      if (e instanceof ClosedNumbers) throw closedRefusal(bets, e.numbers) ?? e;
      throw e instanceof OverLimit ? overLimit(merchant, bets, e) : e;
    });
    if (!slip) {
      const raced = await repo.slipByKey(auth.memberId, body.idempotencyKey);
      if (!raced) throw closed();
      return again(raced);
    }
    return drive(merchant.id, slip, body.gameCode, false);
  };

  const slips = async (merchant: Merchant, auth: AuthContext, query: LotterySlipsQuery): Promise<LotterySlipsValue> => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const { items, total } = await repo.slipPage(merchant.id, auth.memberId, query.gameCode, query.page);
    return { items: items.map(slipDto), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  /**
   * The back office's view of the limits: the picks of draws not yet settled nearest their kind's
   * figure. Read by admin, finance and support (it changes nothing).
   */
  const opsExposure = async (actor: OperatorContext, merchant: Merchant, only: OpsLotteryExposureQuery = {}): Promise<OpsLotteryExposureValue> => {
    allowRoles(actor, ['admin', 'finance', 'support']);
    const limits = merchant.config.lottery;
    const byKind = Object.fromEntries(Object.entries(limits.byKind ?? {}).map(([k, v]) => [k, toMinor(v)])) as Partial<Record<LotteryBetKind, bigint>>;
    const { items, total, near } = await repo.exposureTop(actor.merchantId, OPS_LOTTERY_EXPOSURE_LINES, { all: toMinor(limits.maxPayoutPerNumber), byKind }, LOTTERY_NEAR_LIMIT_PERCENT, only);
    const now = Date.now();
    return {
      limit: fromMinor(toMinor(limits.maxPayoutPerNumber)),
      byKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, fromMinor(v)])),
      currency: merchant.currency,
      total,
      nearLimit: near,
      items: items.map((r) => {
        const cap = capOf(merchant)(r.kind as LotteryBetKind);
        return {
        drawId: r.draw_id.toString(),
        gameCode: r.game_code as LotteryGameCode,
        drawNo: r.draw_no,
        closesAt: r.closes_at.toISOString(),
        // A draw stays 'open' in its row until the job draws it: past its close it takes no bets.
        drawStatus: r.status !== 'open' ? ('drawn' as const) : r.closes_at.getTime() <= now ? ('closed' as const) : ('open' as const),
        kind: r.kind as LotteryBetKind,
        position: r.position < 0 ? null : r.position,
        pick: r.pick,
        liability: fromMinor(r.liability),
        limit: fromMinor(cap),
        room: fromMinor(r.liability >= cap ? 0n : cap - r.liability),
        // A limit lowered below what a pick already carries shows it full, not past 100.
        percent: cap === 0n ? 100 : Number(r.liability >= cap ? 100n : (r.liability * 100n) / cap),
        // The same rule as the slip's: less room than the least bet at the pick's odds is full.
        full: lotteryStakeRoom(cap, r.liability, LOTTERY_BET_KINDS[r.kind as LotteryBetKind].odds) < toMinor(LOTTERY_MIN_BET),
        };
      }),
    };
  };

  // ---- closed numbers (back office) ----

  const closedDto = (r: { id: bigint; game_code: string; number: string; reason: string | null; created_at: Date; username?: string | null }): OpsLotteryClosedNumber => ({
    id: r.id.toString(),
    gameCode: r.game_code as LotteryGameCode,
    number: r.number,
    reason: r.reason,
    closedBy: r.username ?? null,
    createdAt: r.created_at.toISOString(),
  });
  /** What the audit log keeps of a closed number. */
  const closedAudit = (r: { game_code: string; number: string; reason: string | null }) => ({ gameCode: r.game_code, number: r.number, reason: r.reason });

  /** GET /ops/lottery/closed-numbers: every number the site has closed; admin, finance and support. */
  const opsClosedNumbers = async (actor: OperatorContext): Promise<OpsLotteryClosedNumbersValue> => {
    allowRoles(actor, ['admin', 'finance', 'support']);
    return { items: (await repo.closedNumbers(actor.merchantId)).map(closedDto) };
  };

  /** POST /ops/lottery/closed-numbers: closes a number of one lottery; audited; admin. */
  const opsCloseNumber = async (actor: OperatorContext, body: OpsLotteryCloseNumberBody, client: Client): Promise<OpsLotteryClosedNumber> => {
    allowRoles(actor, ['admin']);
    const row = await repo.db.transaction().execute(async (tx) => {
      await repo.lockSite(tx, actor.merchantId);
      if ((await repo.closedCount(tx, actor.merchantId)) >= LOTTERY_CLOSED_NUMBERS_MAX) throw new AppError('LOTTERY_CLOSED_NUMBERS_FULL', [LOTTERY_CLOSED_NUMBERS_MAX]);
      const made = await repo.closeNumber(tx, { merchantId: actor.merchantId, gameCode: body.gameCode, number: body.number, reason: body.reason, operatorId: actor.operatorId });
      if (!made) throw new AppError('LOTTERY_NUMBER_ALREADY_CLOSED', [body.number]);
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'lottery.number_close', targetType: 'lottery_number', targetId: `${made.game_code}:${made.number}`, after: closedAudit(made), ip: client.ip }, tx);
      return made;
    });
    return closedDto({ ...row, username: actor.username });
  };

  /** DELETE /ops/lottery/closed-numbers/:id: takes bets on the number again; audited; admin. */
  const opsReopenNumber = async (actor: OperatorContext, idText: string, client: Client) => {
    allowRoles(actor, ['admin']);
    await repo.db.transaction().execute(async (tx) => {
      await repo.lockSite(tx, actor.merchantId);
      const gone = await repo.reopenNumber(tx, actor.merchantId, BigInt(idText));
      if (!gone) throw new AppError('LOTTERY_CLOSED_NUMBER_NOT_FOUND');
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'lottery.number_reopen', targetType: 'lottery_number', targetId: `${gone.game_code}:${gone.number}`, before: closedAudit(gone), ip: client.ip }, tx);
    });
    return { id: idText, reopened: true as const };
  };

  // ---- the draw job ----

  /**
   * Gives up a slip whose stake was never confirmed before its draw came: claimed first (placing →
   * voiding, so a late request can no longer confirm it), then rolled back through the wallet, which
   * returns the stake if it was taken and bars it if not, then void.
   */
  const giveUp = async (s: SlipRow, game: string) => {
    if (s.status === 'placing' && !(await repo.moveSlip(s.id, 'placing', { status: 'voiding' }))) return false;
    const player = await playerOf(s.merchant_id, s.member_id, game);
    const roundId = `LOT-${s.id}`;
    const rb = await wallet.rollback({ vendorCode: VENDOR, player, transactionId: `LOT:${s.id}:void`, roundId, referenceTransactionId: `LOT:${s.id}:bet` });
    // BET_NOT_FOUND: no stake was taken, and none can be now (the wallet bars the bet's id).
    if (rb.status !== 'OK' && rb.code !== 'BET_NOT_FOUND' && rb.code !== 'ALREADY_ROLLED_BACK') return false;
    if (rb.status === 'OK') await wallet.endRound({ vendorCode: VENDOR, player, roundId });
    return repo.moveSlip(s.id, 'voiding', { status: 'void', void_code: 'LOTTERY_DRAW_CLOSED', settled_at: new Date() });
  };

  /**
   * Draws every due draw from its committed seed, after giving up its unstaked slips, so no stake can be
   * confirmed once a result exists. Returns how many this node drew and how many slips it could not give up.
   */
  const drawDue = async () => {
    let drawn = 0;
    let failed = 0;
    for (const d of await repo.dueToDraw()) {
      for (const s of await repo.unstaked(d.id)) if (!(await giveUp(s, d.game_code))) failed++;
      if (await repo.setResult(d.id, await drawDigits(d.seed, d.game_code, d.draw_no))) drawn++;
    }
    return { drawn, failed };
  };

  /** Pays a staked slip of a drawn draw what won (0.00 for nothing), ending its round, then marks it. */
  const settleSlip = async (s: SlipRow & { game_code: string; draw_no: string; result: number[] | null }) => {
    const player = await playerOf(s.merchant_id, s.member_id, s.game_code);
    const digits = s.result!;
    const payout = s.bets.reduce((sum, b) => sum + betPayout(b, digits), 0n);
    const w = await wallet.win({ vendorCode: VENDOR, player, transactionId: `LOT:${s.id}:win`, roundId: `LOT-${s.id}`, amount: payout, endRound: true, detail: { game: s.game_code, drawNo: s.draw_no, result: digits } });
    if (w.status !== 'OK') return false;
    await repo.moveSlip(s.id, 'pending', { status: payout > 0n ? 'won' : 'lost', payout, settled_at: new Date() });
    return true;
  };

  /** Settles staked slips of drawn draws, oldest first, then marks settled the draws with none waiting. */
  const settleDue = async (batch = 500) => {
    let settled = 0;
    let failed = 0;
    for (const s of await repo.toSettle(batch)) {
      if (await settleSlip(s)) settled++;
      else failed++;
    }
    await repo.closeDraws();
    return { settled, failed };
  };

  /** One run of the job: the coming draws made, the due ones drawn, their slips settled. */
  const tick = async () => {
    await ensureDraws();
    const d = await drawDue();
    const s = await settleDue();
    return { drawn: d.drawn, settled: s.settled, failed: d.failed + s.failed };
  };

  return { games, vnMenu, vnRecent, vnOpenDraws, memberOpenDraws, draws, place, slips, opsExposure, opsClosedNumbers, opsCloseNumber, opsReopenNumber, ensureDraws, drawDue, settleDue, tick };
};
export type LotteryService = ReturnType<typeof lotteryService>;
