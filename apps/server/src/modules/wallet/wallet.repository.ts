import type { Database } from '../../db/database.js';

export const walletRepository = (db: Database) => ({
  memberAccounts: (merchantId: bigint, memberId: bigint) =>
    db
      .selectFrom('accounts')
      .select(['kind', 'balance', 'held'])
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .execute(),
});
export type WalletRepository = ReturnType<typeof walletRepository>;
