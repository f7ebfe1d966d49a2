import {
  BET_RECORD_DEFAULT_DAYS,
  BET_RECORD_MAX_DAYS,
  BetFairRef,
  BetInhousePlay,
  lotteryHits,
  lotterySlipNumber,
  type BetLotterySlip,
  type LotteryBetKind,
  GAME_CATEGORIES,
  LIST_PAGE_SIZE,
  fromMinor,
  type BetRecordTotals,
  type BetTotals,
  type GameCategoryCode,
  type Lang,
  type MemBetQuery,
  type MemBetValue,
  type MemProfitQuery,
  type MemProfitValue,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuthContext } from '../session/session.service.js';
import type { Players } from '../agent/team.js';
import type { BetRecordRepository, RecordSums, RoundRow, Sums } from './bet-record.repository.js';
import { ROUND_TEXT_SEPARATOR } from '../game-wallet/game-wallet.repository.js';

const DAY_MS = 86_400_000;

const HOUR_MS = 3_600_000;

/** A lottery round's slip as the record shows it: each bet, and whether it won once the draw is settled. */
const lotterySlipOf = (slip: NonNullable<RoundRow['lottery']>): BetLotterySlip => ({
  number: lotterySlipNumber(slip.id),
  drawNo: slip.drawNo,
  bets: slip.bets.map((b) => ({
    kind: b.kind as LotteryBetKind,
    position: b.position,
    pick: b.pick,
    amount: b.amount,
    won: slip.result && slip.result.length ? lotteryHits({ kind: b.kind as LotteryBetKind, position: b.position, pick: b.pick }, slip.result) > 0 : null,
  })),
});

/** The verifier's reference the repository picked out of a Dice or Mines round (null for any other round), checked. */
const fairRefOf = (picked: Record<string, unknown> | null): BetFairRef | null => (picked ? (BetFairRef.safeParse(picked).data ?? null) : null);

/**
 * An in-house round's play from the facts the repository picked: a Mines game's safe tiles are the
 * cells turned that were not mines (while it is open, every cell turned). A round whose detail does not read as one (an older shape) has none.
 */
const playOf = (picked: Record<string, unknown> | null): BetInhousePlay | null => {
  if (!picked) return null;
  if (picked.game === 'MINES') {
    const mines = new Set(Array.isArray(picked.mineCells) ? picked.mineCells : []);
    const revealed = Array.isArray(picked.revealed) ? picked.revealed : [];
    return BetInhousePlay.safeParse({ game: 'MINES', mines: picked.mines, safe: revealed.filter((c) => !mines.has(c)).length, outcome: picked.outcome }).data ?? null;
  }
  return BetInhousePlay.safeParse(picked).data ?? null;
};

const RANGE_TEXT: Record<'order' | 'span', Record<Lang, string>> = {
  order: { en: 'must be later than from', cn: '须晚于开始时间', km: 'ត្រូវតែក្រោយពេលចាប់ផ្តើម' },
  span: { en: `the range may cover at most ${BET_RECORD_MAX_DAYS} days`, cn: `查询范围最多${BET_RECORD_MAX_DAYS}天`, km: `ចន្លោះពេលអាចមានយ៉ាងច្រើន ${BET_RECORD_MAX_DAYS} ថ្ងៃ` },
};

const rangeError = (field: 'from' | 'to', problem: 'order' | 'span', lang: Lang) => {
  const message = RANGE_TEXT[problem][lang];
  return new AppError('VALIDATION_FAILED', [`${field}: ${message}`], { fields: [{ field, rule: problem === 'order' ? 'after' : 'maxDays', message }] });
};

/**
 * The range a query asks for, defaults filled in: `to` is now, `from` 7 days before `to`. `from` must be
 * before `to`, and the two at most BET_RECORD_MAX_DAYS apart (a member's whole history in one
 * answer would be one unbounded scan).
 */
export const resolveRange = (query: { from?: string; to?: string }, lang: Lang, now: Date = new Date()) => {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - BET_RECORD_DEFAULT_DAYS * DAY_MS);
  if (from >= to) throw rangeError('to', 'order', lang);
  // Calendar days, as the member center counts them: in a zone with daylight saving a range of 90 local
  // days that crosses the autumn change is one hour longer, so an hour of slack is allowed.
  if (to.getTime() - from.getTime() > BET_RECORD_MAX_DAYS * DAY_MS + HOUR_MS) throw rangeError('from', 'span', lang);
  return { from, to };
};

const totalsOf = (s: Sums): BetTotals => ({ rounds: s.rounds, stake: fromMinor(s.stake), payout: fromMinor(s.payout), profit: fromMinor(s.payout - s.stake) });

/** The betting record's sums: the win/loss of the settled rounds only, and what the open ones staked. */
const recordTotalsOf = (s: RecordSums): BetRecordTotals => ({
  rounds: s.rounds,
  stake: fromMinor(s.stake),
  payout: fromMinor(s.payout),
  profit: fromMinor(s.payout - s.open.payout - (s.stake - s.open.stake)),
  open: { rounds: s.open.rounds, stake: fromMinor(s.open.stake) },
});

const addSums = (a: Sums, b: Sums): Sums => ({ rounds: a.rounds + b.rounds, stake: a.stake + b.stake, payout: a.payout + b.payout });
const ZERO: Sums = { rounds: 0, stake: 0n, payout: 0n };
/** One round as sums, its own part of them open while it is. */
const roundSums = (r: Pick<RoundRow, 'stake' | 'payout' | 'status'>): RecordSums => {
  const own = { rounds: 1, stake: r.stake, payout: r.payout };
  return { ...own, open: r.status === 'open' ? own : ZERO };
};
const addRecordSums = (a: RecordSums, b: RecordSums): RecordSums => ({ ...addSums(a, b), open: addSums(a.open, b.open) });

const categoryOf = (gameType: string): GameCategoryCode => {
  // The catalogue stores only the codes of GAME_CATEGORIES; anything else is a broken row, not a category.
  if (!(GAME_CATEGORIES as readonly string[]).includes(gameType)) throw new Error(`game_type ${gameType} is not a category`);
  return gameType as GameCategoryCode;
};

/**
 * The member's betting record (personalHistoryCopy) and profit report (personalProfit). Reading one's own
 * play is allowed to every signed-in account, trial ones included (they simply have none), as with the
 * account record. `rounds` also reads an agent's team, for the agent center, which checks who may.
 */
export const betRecordService = (deps: { repo: BetRecordRepository; now?: () => Date }) => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** A page of rounds, newest first, with whose each was: a member's own, or an agent's team's. */
  const rounds = async (merchant: Merchant, who: Players, query: MemBetQuery, ctx: { lang: Lang; namesLang: Lang }) => {
    const range = resolveRange(query, ctx.lang, now());
    const { items, totals } = await repo.page(merchant.id, who, { ...range, category: query.category, vendor: query.vendor }, query.page, LIST_PAGE_SIZE);
    const pageSums = items.map(roundSums).reduce(addRecordSums, { ...ZERO, open: ZERO });
    return {
      items: items.map((r) => ({
        username: r.username,
        roundId: r.id.toString(),
        roundRef: r.roundRef,
        gameId: r.gameId.toString(),
        nodeId: Number(r.nodeId),
        gameCode: r.gameCode,
        gameName: r.names[ctx.namesLang] ?? r.names.en,
        vendor: r.vendor,
        vendorName: r.vendorName,
        category: categoryOf(r.category),
        stake: fromMinor(r.stake),
        payout: fromMinor(r.payout),
        profit: r.status === 'open' ? null : fromMinor(r.payout - r.stake),
        status: r.status,
        openedAt: r.openedAt.toISOString(),
        closedAt: r.closedAt?.toISOString() ?? null,
        fair: fairRefOf(r.fairRef),
        play: playOf(r.play),
        description: r.description?.split(ROUND_TEXT_SEPARATOR) ?? [],
        result: r.result,
        lottery: r.lottery ? lotterySlipOf(r.lottery) : null,
      })),
      page: query.page,
      pageSize: LIST_PAGE_SIZE,
      total: totals.rounds,
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      pageTotals: recordTotalsOf(pageSums),
      totals: recordTotalsOf(totals),
    };
  };

  /** The member's own betting record. */
  const record = async (merchant: Merchant, auth: AuthContext, query: MemBetQuery, ctx: { lang: Lang; namesLang: Lang }): Promise<MemBetValue> => {
    const value = await rounds(merchant, { memberId: auth.memberId }, query, ctx);
    return { ...value, items: value.items.map(({ username: _own, ...item }) => item) };
  };

  /** Settled play by category (closed rounds), a grand total, and what is still open. */
  const profit = async (merchant: Merchant, auth: AuthContext, query: MemProfitQuery, ctx: { lang: Lang }): Promise<MemProfitValue> => {
    const range = resolveRange(query, ctx.lang, now());
    const rows = await repo.byCategory(merchant.id, { memberId: auth.memberId }, range);
    const closed = new Map<GameCategoryCode, Sums>();
    let pending = ZERO;
    for (const r of rows) {
      const category = categoryOf(r.category);
      if (r.status === 'open') pending = addSums(pending, r);
      else closed.set(category, addSums(closed.get(category) ?? ZERO, r));
    }
    const total = [...closed.values()].reduce(addSums, ZERO);
    // No module pays bonuses or promotions yet; when one does, its credits in the range go here.
    const bonus = 0n;
    return {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      categories: GAME_CATEGORIES.filter((c) => closed.has(c)).map((c) => ({ category: c, ...totalsOf(closed.get(c)!) })),
      total: totalsOf(total),
      pending: { rounds: pending.rounds, stake: fromMinor(pending.stake) },
      bonus: fromMinor(bonus),
      net: fromMinor(total.payout - total.stake + bonus),
    };
  };

  return { record, rounds, profit };
};
export type BetRecordService = ReturnType<typeof betRecordService>;
