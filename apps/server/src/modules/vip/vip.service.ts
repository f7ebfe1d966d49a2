import { fromMinor, isTrialType, toMinor, vipLabel, type VipConfig, type VipValue } from '@apsara/contracts';
import type { LedgerService } from '../ledger/ledger.service.js';
import { MAIN_WALLET } from '../member/member.repository.js';
import type { Merchant } from '../merchant/merchant-config.js';
import { allowRoles, type OperatorContext } from '../ops/ops.service.js';
import { PROMOTION_EXPENSE } from '../promotions/promotions.service.js';
import type { AuthContext } from '../session/session.service.js';
import type { Thresholds, VipRepository } from './vip.repository.js';

/** Queue items counted per transaction, and transactions per run (the next run takes the rest). */
const DRAIN_BATCH = 1000;
const DRAIN_BATCHES = 20;
/** Members raised, and bonuses paid, per site and run. */
const RAISE_BATCH = 500;
const PAY_BATCH = 200;
const PAY_ROUNDS = 5;
const READ_ROLES = ['admin', 'finance', 'support'] as const;

const thresholds = (cfg: VipConfig): Thresholds => cfg.levels.map((l) => ({ minBets: toMinor(l.minBets), minDeposits: toMinor(l.minDeposits), bonus: toMinor(l.upgradeBonus) }));
const gap = (need: bigint, have: bigint) => fromMinor(need > have ? need - have : 0n);

/**
 * VIP ranks (docs/vip.md). A member's progress (bets of settled rounds, credited deposits) is counted
 * by a job from an outbox the database fills; a member whose progress reaches a higher rank is raised
 * in one transaction that records every rank passed; each rank's bonus is then paid once, a
 * VIP_UPGRADE_BONUS posting from the site's promotion expense under the key `vip:<member>:<rank>`.
 */
export const vipService = (deps: { repo: VipRepository; ledger: LedgerService; merchants: () => Promise<Merchant[]>; notify?: (merchantId: bigint, memberId: bigint) => void }) => {
  const { repo, ledger, notify = () => {} } = deps;

  const levelsOf = (merchant: Merchant) =>
    merchant.config.vip.levels.map((l, i) => ({ level: i + 1, label: vipLabel(i + 1)!, minBets: fromMinor(toMinor(l.minBets)), minDeposits: fromMinor(toMinor(l.minDeposits)), upgradeBonus: fromMinor(toMinor(l.upgradeBonus)) }));

  /** The ranks (public) and, for a signed-in real member, where they stand. */
  const view = async (merchant: Merchant, auth: AuthContext | null): Promise<VipValue> => {
    const cfg = merchant.config.vip;
    const base = { enabled: cfg.enabled, currencySymbol: merchant.currencySymbol, levels: cfg.enabled ? levelsOf(merchant) : [] };
    if (!auth || isTrialType(auth.type) || !cfg.enabled) return { ...base, me: null };
    const [progress, upgrades] = await Promise.all([repo.progressOf(merchant.id, auth.memberId), repo.upgradesOf(merchant.id, auth.memberId)]);
    const level = Math.min(progress?.level ?? 0, cfg.levels.length);
    const bets = progress?.bets ?? 0n;
    const deposits = progress?.deposits ?? 0n;
    const nextCfg = cfg.levels[level];
    return {
      ...base,
      me: {
        level,
        label: vipLabel(level),
        bets: fromMinor(bets),
        deposits: fromMinor(deposits),
        next: nextCfg
          ? { level: level + 1, label: vipLabel(level + 1)!, betsToGo: gap(toMinor(nextCfg.minBets), bets), depositsToGo: gap(toMinor(nextCfg.minDeposits), deposits), upgradeBonus: fromMinor(toMinor(nextCfg.upgradeBonus)) }
          : null,
        upgrades: upgrades.map((u) => ({ level: u.level, label: vipLabel(u.level)!, bonus: fromMinor(u.bonus), reachedAt: u.reached_at.toISOString(), paidAt: u.paid_at?.toISOString() ?? null })),
      },
    };
  };

  /** Member info's VIP flags (spec §3): none on sites without ranks, and for trial accounts. */
  const flags = async (merchant: Merchant, memberId: bigint, type: number) => {
    const cfg = merchant.config.vip;
    if (!cfg.enabled || isTrialType(type)) return { hasVip: false, label: null, rankLevel: 0 };
    const level = Math.min(await repo.levelOf(merchant.id, memberId), cfg.levels.length);
    return { hasVip: level > 0, label: vipLabel(level), rankLevel: level };
  };

  /** Counts the queue into progress. Safe on several nodes (items are taken with skip locked). */
  const count = async () => {
    let items = 0;
    for (let i = 0; i < DRAIN_BATCHES; i++) {
      const taken = await repo.db.transaction().execute((tx) => repo.drain(tx, DRAIN_BATCH));
      items += taken;
      if (taken < DRAIN_BATCH) break;
    }
    return items;
  };

  /**
   * Raises every active member whose progress reaches a higher rank on a site with ranks on; returns
   * how many ranks were recorded. A frozen or closed member who would rise stays due, so they are
   * raised once reopened.
   */
  const raise = async (merchant: Merchant) => {
    const cfg = merchant.config.vip;
    if (!cfg.enabled || cfg.levels.length === 0) return 0;
    const levels = thresholds(cfg);
    const key = JSON.stringify(levels.map((l) => [l.minBets.toString(), l.minDeposits.toString()]));
    // Thresholds other than those every row was last checked against (by any node; none yet on a new
    // site) are checked against every row once; otherwise only rows whose progress changed are read.
    const full = (await repo.checkedAgainst(merchant.id)) !== key;
    let ranks = 0;
    let after = 0n;
    for (;;) {
      const rows = await repo.dueForRaise(merchant.id, levels, after, RAISE_BATCH, full);
      const checked = [];
      for (const r of rows) {
        if (r.reached > r.level) {
          if (!r.active) continue;
          const passed = await repo.db.transaction().execute((tx) => repo.raise(tx, merchant.id, r.memberId, r.reached, levels));
          if (passed === null) continue;
          ranks += passed.length;
          if (passed.length > 0) notify(merchant.id, r.memberId);
        }
        checked.push(r);
      }
      await repo.markChecked(merchant.id, checked);
      if (rows.length < RAISE_BATCH) break;
      after = rows.at(-1)!.memberId;
    }
    if (full) await repo.markAllChecked(merchant.id, key);
    return ranks;
  };

  /**
   * Pays a site's bonuses of ranks reached, one transaction each. One that fails is passed over for the
   * rest of the run (the next run tries it again), so it never holds up the others.
   */
  const pay = async (merchant: Merchant) => {
    let paid = 0;
    let failed = 0;
    let after = 0n;
    for (let round = 0; round < PAY_ROUNDS; round++) {
      const due = await repo.unpaid(merchant.id, after, PAY_BATCH);
      for (const u of due) {
        after = u.id;
        try {
          // Accounts first: the embedded database has one connection, so nothing may wait for the pool inside the transaction.
          const [expense, main] = await Promise.all([ledger.houseAccount(merchant.id, PROMOTION_EXPENSE, merchant.currency), ledger.memberAccount(merchant.id, u.member_id, MAIN_WALLET, merchant.currency)]);
          const done = await ledger.inTransaction(merchant.id, async (tx) => {
            if (!(await repo.lockUnpaid(tx, u.id)) || !(await repo.isActive(tx, merchant.id, u.member_id))) return false;
            const key = `vip:${u.member_id}:${u.level}`;
            const posting = await ledger.post(
              { merchantId: merchant.id, type: 'VIP_UPGRADE_BONUS', idempotencyKey: key, reference: key, legs: [{ accountId: expense, amount: -u.bonus }, { accountId: main, amount: u.bonus }], metadata: { level: u.level } },
              tx,
            );
            await repo.markPaid(tx, u.id, posting.transactionId);
            return true;
          });
          if (done) paid++;
        } catch {
          failed++;
        }
      }
      if (due.length < PAY_BATCH) break;
    }
    return { paid, failed };
  };

  /** One run of the job: count the queue, then for each site raise and pay; a site that fails waits for the next run alone. */
  const runDue = async (log?: (e: unknown, merchant: string) => void) => {
    const items = await count();
    let ranks = 0;
    let paid = 0;
    let failed = 0;
    for (const merchant of await deps.merchants()) {
      try {
        ranks += await raise(merchant);
        const p = await pay(merchant);
        paid += p.paid;
        failed += p.failed;
      } catch (e) {
        failed++;
        log?.(e, merchant.code);
      }
    }
    return { items, ranks, paid, failed };
  };

  const opsUpgrades = async (actor: OperatorContext) => {
    allowRoles(actor, READ_ROLES);
    const rows = await repo.recent(actor.merchantId, 200);
    return {
      items: rows.map((u) => ({ memberId: u.member_id.toString(), username: u.username, level: u.level, label: vipLabel(u.level)!, bonus: fromMinor(u.bonus), reachedAt: u.reached_at.toISOString(), paidAt: u.paid_at?.toISOString() ?? null })),
    };
  };

  return { view, flags, runDue, opsUpgrades };
};
export type VipService = ReturnType<typeof vipService>;
