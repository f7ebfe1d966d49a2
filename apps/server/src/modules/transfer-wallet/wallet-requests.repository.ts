import type { Database } from '../../db/database.js';

export type WalletRequestKind = 'transfer' | 'recover_all';

/** Member request keys of GCS_walletTransfer while a vendor is connected (table wallet_transfer_requests). */
export const walletRequestsRepository = (db: Database) => {
  const find = (merchantId: bigint, memberId: bigint, clientKey: string) =>
    db
      .selectFrom('wallet_transfer_requests')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('client_key', '=', clientKey)
      .executeTakeFirst();

  /**
   * Binds a key to a request. The first caller inserts it (`created`); anyone else, at the same moment or
   * later, gets the row that won, to compare with their own request.
   */
  const claim = async (r: { merchantId: bigint; memberId: bigint; clientKey: string; kind: WalletRequestKind; requestHash: string; plan?: Record<string, unknown> }) => {
    const inserted = await db
      .insertInto('wallet_transfer_requests')
      .values({ merchant_id: r.merchantId, member_id: r.memberId, client_key: r.clientKey, kind: r.kind, request_hash: r.requestHash, plan: JSON.stringify(r.plan ?? {}) })
      .onConflict((oc) => oc.columns(['merchant_id', 'member_id', 'client_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted, created: true };
    const row = await find(r.merchantId, r.memberId, r.clientKey);
    if (!row) throw new Error('wallet request key vanished after a conflict');
    return { row, created: false };
  };

  /**
   * Rewrites a request's plan under a row lock: `merge` gets the plan as stored now (another request with
   * the same key may have written to it meanwhile) and returns the new one.
   */
  const updatePlan = (merchantId: bigint, id: bigint, merge: (stored: Record<string, unknown>) => Record<string, unknown>) =>
    db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('wallet_transfer_requests').select('plan').where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      const plan = merge(row.plan as Record<string, unknown>);
      await tx.updateTable('wallet_transfer_requests').set({ plan: JSON.stringify(plan) }).where('merchant_id', '=', merchantId).where('id', '=', id).execute();
      return plan;
    });

  return { find, claim, updatePlan };
};
export type WalletRequestsRepository = ReturnType<typeof walletRequestsRepository>;
