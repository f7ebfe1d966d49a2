import {
  fromMinor,
  isTrialType,
  LIST_PAGE_SIZE,
  POINT_SOURCE_OF_CATEGORY,
  REBATE_CATEGORIES,
  rebateOf,
  rebateRatesOf,
  toMinor,
  type RebateCategory,
  type RebateClaim,
  type RebateClaimsQuery,
  type RebateClaimsValue,
  type RebateLine,
  type RebateSummaryValue,
  type OpsRebateClaimsQuery,
  type OpsRebateClaimsValue,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { RebateLineRow } from '../../db/schema.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { MAIN_WALLET } from '../member/member.repository.js';
import type { Merchant } from '../merchant/merchant-config.js';
import { PROMOTION_EXPENSE } from '../promotions/promotions.service.js';
import type { AuthContext } from '../session/session.service.js';
import { allowRoles, type OperatorContext } from '../ops/ops.service.js';
import type { RebateRepository } from './rebate.repository.js';

const DAY = 86_400_000;
/** Who may read the site's collections in the back office. */
const READ_ROLES = ['admin', 'finance', 'support'] as const;

/** A game category's rebate category: each counts under one, as for points; a category we do not know counts under none. */
const categoryOf = (gameType: string): RebateCategory | undefined => {
  const c = POINT_SOURCE_OF_CATEGORY[gameType];
  return c && (REBATE_CATEGORIES as readonly string[]).includes(c) ? (c as RebateCategory) : undefined;
};

type Bets = { category: string; bets: bigint; rounds: number };

/** Bets per rebate category at the member's rates: each line's amount rounded down on its own. */
const linesOf = (sums: Bets[], rates: Record<RebateCategory, number>) => {
  const bets = new Map<RebateCategory, bigint>();
  let rounds = 0;
  for (const s of sums) {
    const c = categoryOf(s.category);
    if (!c) continue;
    bets.set(c, (bets.get(c) ?? 0n) + s.bets);
    rounds += s.rounds;
  }
  const lines = REBATE_CATEGORIES.filter((c) => bets.has(c)).map((c) => ({ category: c, bets: bets.get(c)!, rateBps: rates[c], amount: rebateOf(bets.get(c)!, rates[c]) }));
  return { lines, rounds, total: lines.reduce((s, l) => s + l.amount, 0n), bets: lines.reduce((s, l) => s + l.bets, 0n) };
};

const lineOut = (l: { category: RebateCategory; bets: bigint; rateBps: number; amount: bigint }): RebateLine => ({ category: l.category, bets: fromMinor(l.bets), rateBps: l.rateBps, amount: fromMinor(l.amount) });

const claimOut = (row: { id: bigint; amount: bigint; bets: bigint; rounds: number; lines: RebateLineRow[]; created_at: Date }): RebateClaim => ({
  id: row.id.toString(),
  amount: fromMinor(row.amount),
  bets: fromMinor(row.bets),
  rounds: row.rounds,
  lines: row.lines.map((l) => ({ category: l.category as RebateCategory, bets: fromMinor(BigInt(l.bets)), rateBps: l.rateBps, amount: fromMinor(BigInt(l.amount)) })),
  createdAt: row.created_at.toISOString(),
});

/**
 * Manual rebate (spec §2 member center, whitelabel flag MANPLAYREB3; docs/rebate.md). What a member
 * may collect is the bets of their closed rounds not yet collected, of the site's window, at the rate
 * of each round's category; a collection takes it all at once, in one transaction: the rounds are
 * marked with the collection and the amount is posted from the site's promotion expense to the
 * member's main wallet.
 */
export const rebateService = (deps: { repo: RebateRepository; ledger: LedgerService }) => {
  const { repo, ledger } = deps;

  const allowed = (merchant: Merchant, auth: AuthContext) => {
    if (!merchant.config.flags.MANPLAYREB3) throw new AppError('FUNCTION_NOT_ENABLED');
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
  };
  const since = (merchant: Merchant) => new Date(Date.now() - merchant.config.rebate.windowDays * DAY);
  /**
   * The rank whose rates a member of VIP level `level` is paid at: theirs while the site runs its VIP
   * programme and still has that rank, else 0 (the site's rates).
   */
  const rankOf = (merchant: Merchant, level: number) => {
    const vip = merchant.config.vip;
    return vip.enabled && level >= 1 && level <= vip.levels.length ? level : 0;
  };

  const summary = async (merchant: Merchant, auth: AuthContext): Promise<RebateSummaryValue> => {
    allowed(merchant, auth);
    const cfg = merchant.config.rebate;
    const [sums, last, level] = await Promise.all([repo.uncollectedByCategory(merchant.id, auth.memberId, since(merchant)), repo.lastClaimAt(merchant.id, auth.memberId), repo.vipLevelOf(repo.db, merchant.id, auth.memberId)]);
    const vipLevel = rankOf(merchant, level);
    const { lines, total } = linesOf(sums, rebateRatesOf(cfg, vipLevel));
    return {
      lines: lines.map(lineOut),
      total: fromMinor(total),
      // As the site writes amounts, whatever form it was stored in ("1" → "1.00").
      minClaim: fromMinor(toMinor(cfg.minClaim)),
      currencySymbol: merchant.currencySymbol,
      claimable: total > 0n && total >= toMinor(cfg.minClaim),
      lastClaimAt: last?.toISOString() ?? null,
      windowDays: cfg.windowDays,
      vipLevel,
    };
  };

  /**
   * Collects everything collectable now. The same key answers the same collection again (and moves
   * nothing); a member's collections wait for each other, so two at once never count a round twice.
   * Below the site's minimum: REBATE_BELOW_MINIMUM, nothing written.
   */
  const claim = async (merchant: Merchant, auth: AuthContext, key: string): Promise<RebateClaim> => {
    allowed(merchant, auth);
    const cfg = merchant.config.rebate;
    const done = await repo.byKey(repo.db, merchant.id, auth.memberId, key);
    if (done) return claimOut(done);
    // Accounts first: the embedded database has one connection, so nothing may wait for the pool inside the transaction.
    const [expense, main] = await Promise.all([ledger.houseAccount(merchant.id, PROMOTION_EXPENSE, merchant.currency), ledger.memberAccount(merchant.id, auth.memberId, MAIN_WALLET, merchant.currency)]);
    const row = await ledger.inTransaction(merchant.id, async (tx) => {
      const member = await repo.lockMember(tx, merchant.id, auth.memberId);
      if (!member) throw new AppError('NOT_FOUND');
      // The same key, made while this one waited for the member's lock.
      const made = await repo.byKey(tx, merchant.id, auth.memberId, key);
      if (made) return made;
      // Frozen after signing in: nothing more is paid.
      if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      const rounds = await repo.lockUncollected(tx, merchant.id, auth.memberId, since(merchant));
      const countedRounds = rounds.filter((r) => categoryOf(r.category));
      // The rank as of this transaction: the lines (and the amount) are at the rates the collection records.
      const rates = rebateRatesOf(cfg, rankOf(merchant, await repo.vipLevelOf(tx, merchant.id, auth.memberId)));
      const { lines, total, bets } = linesOf(countedRounds.map((r) => ({ category: r.category, bets: r.stake, rounds: 1 })), rates);
      const counted = countedRounds.map((r) => r.id);
      if (total <= 0n || total < toMinor(cfg.minClaim)) throw new AppError('REBATE_BELOW_MINIMUM', [`${merchant.currencySymbol}${fromMinor(toMinor(cfg.minClaim))}`]);
      const stored: RebateLineRow[] = lines.map((l) => ({ category: l.category, bets: l.bets.toString(), rateBps: l.rateBps, amount: l.amount.toString() }));
      const claimRow = await repo.insert(tx, { merchantId: merchant.id, memberId: auth.memberId, amount: total, bets, rounds: counted.length, lines: stored, key });
      await repo.markRounds(tx, merchant.id, claimRow.id, counted);
      const posting = await ledger.post(
        {
          merchantId: merchant.id,
          type: 'REBATE',
          idempotencyKey: `rebate:${claimRow.id}`,
          reference: `rebate:${claimRow.id}`,
          legs: [{ accountId: expense, amount: -total }, { accountId: main, amount: total }],
          metadata: { rounds: counted.length },
        },
        tx,
      );
      return repo.setPosting(tx, claimRow.id, posting.transactionId);
    });
    return claimOut(row);
  };

  const claims = async (merchant: Merchant, auth: AuthContext, query: RebateClaimsQuery): Promise<RebateClaimsValue> => {
    allowed(merchant, auth);
    const { items, total } = await repo.claims(merchant.id, auth.memberId, query.page);
    return { items: items.map(claimOut), page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  /**
   * The back office's list of the site's collections (whether or not the flag is on now: collections
   * made while it was stay paid), optionally one member's and a time range's, with what the whole list paid.
   */
  const opsClaims = async (actor: OperatorContext, query: OpsRebateClaimsQuery): Promise<OpsRebateClaimsValue> => {
    allowRoles(actor, READ_ROLES);
    const range = { from: query.from ? new Date(query.from) : undefined, to: query.to ? new Date(query.to) : undefined };
    const { items, total, sum } = await repo.siteClaims(actor.merchantId, { username: query.username || undefined, ...range }, query.page);
    return {
      items: items.map((row) => ({ ...claimOut(row), memberId: row.member_id.toString(), username: row.username })),
      page: query.page,
      pageSize: LIST_PAGE_SIZE,
      total,
      sum: { amount: fromMinor(sum.amount), bets: fromMinor(sum.bets), rounds: sum.rounds },
    };
  };

  return { summary, claim, claims, opsClaims };
};
export type RebateService = ReturnType<typeof rebateService>;
