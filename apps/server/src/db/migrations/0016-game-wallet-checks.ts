import { type Kysely, sql } from 'kysely';

/**
 * game_wallet_checks: when each member's transfer-vendor wallet was last compared with what the vendor
 * holds by the reconciliation job, and what came of it. Play at a vendor reaches our books only when
 * the wallet is synced (a transfer, a launch, the wallets page); the job syncs the wallets of members
 * who do not come back, oldest check first, so the house's GAME:<code> accounts stay current.
 *
 * A table of its own rather than a column on `accounts`: accounts are locked and updated by every
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
      result      text CHECK (result IN ('synced', 'pending', 'raced', 'unavailable', 'player_unknown', 'error')),
      finished_at timestamptz
    );
    CREATE INDEX game_wallet_checks_result ON game_wallet_checks (merchant_id, result, checked_at DESC);
  `.execute(db);
};
