import type { Database } from '../../db/database.js';

export type WalletRequestKind = 'transfer' | 'recover_all';

/** Member request keys of GCS_walletTransfer while a vendor is connected (table wallet_transfer_requests). */
export const walletRequestsRepository = (db: Database) => {
  const find = (memberId: bigint, clientKey: string) =>
    db.selectFrom('wallet_transfer_requests').selectAll().where('member_id', '=', memberId).where('client_key', '=', clientKey).executeTakeFirst();

  /**
   * Binds a key to a request. The first caller inserts it (`created`); anyone else, at the same moment or
   * later, gets the row that won, to compare with their own request.
   */
  const claim = async (r: { merchantId: bigint; memberId: bigint; clientKey: string; kind: WalletRequestKind; requestHash: string; plan?: Record<string, unknown> }) => {
    const inserted = await db
      .insertInto('wallet_transfer_requests')
      .values({ merchant_id: r.merchantId, member_id: r.memberId, client_key: r.clientKey, kind: r.kind, request_hash: r.requestHash, plan: JSON.stringify(r.plan ?? {}) })
      .onConflict((oc) => oc.columns(['member_id', 'client_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted, created: true };
    const row = await find(r.memberId, r.clientKey);
    if (!row) throw new Error('wallet request key vanished after a conflict');
    return { row, created: false };
  };

  return { find, claim };
};
export type WalletRequestsRepository = ReturnType<typeof walletRequestsRepository>;
