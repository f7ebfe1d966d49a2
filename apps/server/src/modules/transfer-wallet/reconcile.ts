import { fromMinor } from '@apsara/contracts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Tx } from '../ledger/ledger.repository.js';
import type { SyncResult, TransferWalletService } from './transfer-wallet.service.js';

export type CheckResult = SyncResult | 'error';
export const CHECK_RESULTS = ['synced', 'pending', 'raced', 'unavailable', 'player_unknown', 'error'] as const satisfies readonly CheckResult[];

type Log = { warn: (o: object, m: string) => void; error: (o: object, m: string) => void };
const silent: Log = { warn: () => {}, error: () => {} };

/** `claim`: the claim's time as PostgreSQL wrote it (text: a Date would lose its microseconds). */
type Claimed = { account_id: bigint; merchant_id: bigint; member_id: bigint; vendor_code: string; currency: string; claim: string };

/**
 * Reconciliation of idle game wallets (docs/vendor-protocol.md "Balances and drift"). A member's
 * `VENDOR:<code>` wallet shows play at the vendor only once it is synced, which happens when the
 * member transfers, launches a game or opens the wallets page. A member who plays away their money at
 * a vendor and never comes back would leave it in our books for ever, and the house's GAME:<code>
 * result with it. Each run takes the game wallets that hold money by our books, of vendors their
 * merchant offers, that nobody compared with the vendor for `staleMs` (`checked_at`: every sync
 * moves it), oldest first, and syncs each (the same sync, with its rules: nothing is believed while a
 * transfer of that member with that vendor is unsettled or races it, or when a later sync won).
 *
 * Several nodes may run it at once: a wallet is claimed by moving its `checked_at` to now in one
 * statement, and a claim made by another node since the candidates were read is seen by the conflict
 * clause, so each wallet is asked about by one node per period.
 */
export const gameWalletReconciler = (deps: {
  db: Database;
  transfers: Pick<TransferWalletService, 'syncFromVendor'>;
  /** The transfer vendors each merchant offers now (its config's `transferVendors`). */
  offered: () => Promise<{ merchantId: bigint; vendorCode: string }[]>;
  log?: Log;
}) => {
  const { db, transfers } = deps;
  const log = deps.log ?? silent;

  /** Claims up to `limit` due wallets for this runner (`ex`: the database, or a test's transaction). */
  const claim = async (ex: Database | Tx, staleMs: number, limit: number): Promise<Claimed[]> => {
    const offered = await deps.offered();
    if (offered.length === 0) return [];
    const stale = sql`now() - make_interval(secs => ${staleMs / 1000}::float8)`;
    // Only wallets that hold money by our books: one with nothing in it has nothing at the vendor to
    // play with. A sequential read of accounts, every few minutes, on purpose: an index that names the
    // balance would cost every posting its HOT update.
    const { rows } = await sql<Claimed>`
      with claimed as (
        insert into game_wallet_checks as c (account_id, merchant_id, member_id, vendor_code, checked_at, claimed_at)
        select a.id, a.merchant_id, a.member_id, substr(a.kind, 8), now(), now()
          from accounts a left join game_wallet_checks g on g.account_id = a.id
         where a.member_id is not null and a.kind like 'VENDOR:%' and a.balance > 0
           and (a.merchant_id, a.kind) in (select * from unnest(${offered.map((o) => o.merchantId.toString())}::int8[], ${offered.map((o) => `VENDOR:${o.vendorCode}`)}::text[]))
           and (g.checked_at is null or g.checked_at < ${stale})
         order by g.checked_at nulls first, a.id
         limit ${limit}
        on conflict (account_id) do update set checked_at = excluded.checked_at, claimed_at = excluded.claimed_at
         where c.checked_at < ${stale}
        returning c.account_id, c.merchant_id, c.member_id, c.vendor_code, c.claimed_at::text as claim
      )
      select claimed.*, a.currency from claimed join accounts a on a.id = claimed.account_id order by claimed.account_id`.execute(ex);
    return rows;
  };

  const checkOne = async (w: Claimed): Promise<CheckResult> => {
    let result: CheckResult;
    try {
      result = await transfers.syncFromVendor({ merchantId: w.merchant_id, memberId: w.member_id, currency: w.currency, vendorCode: w.vendor_code }, w.account_id);
    } catch (err) {
      log.error({ err, merchantId: w.merchant_id.toString(), memberId: w.member_id.toString(), vendor: w.vendor_code }, 'game wallet reconciliation: this wallet could not be synced, it is tried again next period');
      result = 'error';
    }
    // Only this claim's check: one that outlived its period does not overwrite a newer claim's result.
    await db
      .updateTable('game_wallet_checks')
      .set({ result, result_claimed_at: sql`claimed_at`, finished_at: new Date() })
      .where('merchant_id', '=', w.merchant_id)
      .where('account_id', '=', w.account_id)
      .where(sql<boolean>`claimed_at = ${w.claim}::timestamptz`)
      .execute();
    return result;
  };

  /**
   * One run: claims up to `limit` wallets not compared with their vendor for `staleMs` and syncs them,
   * `parallel` at a time (each is one call to its vendor). Returns how many ended each way.
   */
  const run = async (opts: { staleMs: number; limit: number; parallel: number }) => {
    const wallets = await claim(db, opts.staleMs, opts.limit);
    const counts: Partial<Record<CheckResult, number>> = {};
    for (let i = 0; i < wallets.length; i += opts.parallel) {
      const results = await Promise.all(wallets.slice(i, i + opts.parallel).map(checkOne));
      for (const r of results) counts[r] = (counts[r] ?? 0) + 1;
    }
    return { checked: wallets.length, ...counts };
  };

  /** The last check of the merchant's game wallets that ended `result`, newest first (operators). */
  const list = async (merchantId: bigint, result: CheckResult, page: number, pageSize: number) => {
    const rows = await db
      .selectFrom('game_wallet_checks as c')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .innerJoin('accounts as a', 'a.id', 'c.account_id')
      .select(['c.vendor_code', 'c.result_claimed_at', 'c.finished_at', 'c.result', 'c.member_id', 'm.username', 'a.balance', 'a.held', 'a.currency'])
      .where('c.merchant_id', '=', merchantId)
      .where('m.merchant_id', '=', merchantId)
      .where('c.result', '=', result)
      .orderBy('c.result_claimed_at', 'desc')
      .orderBy('c.account_id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return rows.map((r) => ({
      vendor: r.vendor_code,
      memberId: r.member_id.toString(),
      username: r.username,
      balance: fromMinor(r.balance),
      held: fromMinor(r.held),
      currency: r.currency,
      result: r.result as CheckResult,
      checkedAt: r.result_claimed_at!.toISOString(),
      finishedAt: r.finished_at?.toISOString() ?? null,
    }));
  };

  return { run, list, claim };
};
export type GameWalletReconciler = ReturnType<typeof gameWalletReconciler>;
