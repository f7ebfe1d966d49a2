import type { GameWalletReconciler } from '../modules/transfer-wallet/reconcile.js';
import { schedule, type JobLog } from './schedule.js';

/** A wallet holding money is compared with its vendor at least this often, members or no members. */
export const RECONCILE_STALE_MS = 60 * 60_000;

/**
 * Every five minutes, on every node: game wallets with transfer vendors that hold money and that no
 * sync (the member's own, or this job's) compared with their vendor for an hour are synced, 200 a run
 * and 4 vendor calls at a time (a backlog of 2,400 wallets an hour per node). Each wallet is claimed in the database first (modules/
 * transfer-wallet/reconcile.ts), so nodes never ask about the same wallet in one period.
 */
export const scheduleGameWalletReconcile = (reconciler: Pick<GameWalletReconciler, 'run'>, log: JobLog & { warn: JobLog['info'] }, pattern = '0 */5 * * * *') =>
  schedule('game wallet reconciliation', pattern, async () => {
    const r = await reconciler.run({ staleMs: RECONCILE_STALE_MS, limit: 200, parallel: 4 });
    if (r.checked === 0) return;
    // A vendor that does not know a player whose wallet holds money is an operator's matter.
    if (r.player_unknown || r.error) log.warn(r, 'game wallets reconciled; some need an operator (GET /ops/game-wallet-checks)');
    else log.info(r, 'game wallets reconciled');
  }, log);
