import { type Kysely, sql } from 'kysely';

/**
 * game_wallet_checks: for each member's transfer-vendor wallet, when it was last compared with what
 * the vendor holds, and how the reconciliation job's last check of it ended. Play at a vendor reaches
 * our books only when the wallet is synced (a transfer, a launch, the wallets page); the job syncs
 * the wallets nobody synced for a while, oldest first, so the house's GAME:<code> accounts stay current.
 *
 * - `checked_at`: the last sync of the wallet (any of them), or the job's claim of it;
 * - `asked_at`: when the vendor was asked for the balance the books were last brought to. A sync whose
 *   question is older than that answers `raced` and posts nothing: of two syncs crossing, the older
 *   answer must not undo the newer one;
 * - `claimed_at`: the job's last claim; `result`, `result_claimed_at`, `finished_at`: how its last
 *   finished check ended, the claim it belonged to, and when (operators list them; they stay while
 *   the next check runs).
 *
 * A table of its own rather than columns on `accounts`: accounts are locked and updated by every
 * posting, and the job must not add a write to that row or an index to that table.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE game_wallet_checks (
      account_id  bigint PRIMARY KEY REFERENCES accounts(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id   bigint NOT NULL REFERENCES members(id),
      vendor_code text NOT NULL,
      checked_at  timestamptz NOT NULL,
      asked_at    timestamptz,
      claimed_at  timestamptz,
      result      text CHECK (result IN ('synced', 'pending', 'raced', 'unavailable', 'player_unknown', 'error')),
      result_claimed_at timestamptz,
      finished_at timestamptz
    );
    CREATE INDEX game_wallet_checks_result ON game_wallet_checks (merchant_id, result, result_claimed_at DESC);
  `.execute(db);
};
