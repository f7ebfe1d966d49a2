import { type Kysely, sql } from 'kysely';

/**
 * Member transfers through transfer-wallet vendors (docs/vendor-protocol.md "Transfer wallet"):
 * - `wallet_transfer_requests`: one row per member request key of GCS_walletTransfer while a vendor is
 *   connected. It binds the key to one request (a transfer to one vendor, or a recover-all), so the same
 *   key can never name a second vendor transaction; a recover-all keeps in `plan` the wallets and
 *   amounts it decided to sweep, so a repeat sweeps exactly those and nothing else.
 * - an index of each member's transfers per vendor: the balance sync asks whether one is pending or
 *   started while it read the vendor's balance, and vendor_transactions also holds every seamless bet.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE wallet_transfer_requests (
      id            bigserial PRIMARY KEY,
      merchant_id   bigint NOT NULL REFERENCES merchants(id),
      member_id     bigint NOT NULL REFERENCES members(id),
      client_key    text NOT NULL,
      kind          text NOT NULL CHECK (kind IN ('transfer', 'recover_all')),
      request_hash  text NOT NULL,
      plan          jsonb NOT NULL DEFAULT '{}',
      created_at    timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, member_id, client_key)
    );
    CREATE INDEX vendor_transactions_member_transfers ON vendor_transactions (member_id, vendor_code, id) WHERE kind IN ('transfer_in', 'transfer_out');
  `.execute(db);
};
