import type { Database } from '../../db/database.js';
import type { Tx } from '../ledger/ledger.repository.js';

export type NewBankCard = { merchantId: bigint; memberId: bigint; bankName: string; accountName: string; accountNumber: string };

/** A member's bank cards. Removing one keeps the row (old withdrawals point at it) and frees the slot. */
export const bankCardRepository = (db: Database) => ({
  db,
  listActive: (merchantId: bigint, memberId: bigint, ex: Database | Tx = db) =>
    ex
      .selectFrom('bank_cards')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('removed_at', 'is', null)
      .orderBy('id')
      .execute(),

  findActive: (merchantId: bigint, memberId: bigint, id: bigint, ex: Database | Tx = db) =>
    ex
      .selectFrom('bank_cards')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst(),

  /** Serialises card changes of one member (the count limit holds under parallel requests). */
  lockMember: (tx: Tx, merchantId: bigint, memberId: bigint) =>
    tx.selectFrom('members').select('id').where('merchant_id', '=', merchantId).where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst(),

  insert: (tx: Tx, c: NewBankCard) =>
    tx
      .insertInto('bank_cards')
      .values({ merchant_id: c.merchantId, member_id: c.memberId, bank_name: c.bankName, account_name: c.accountName, account_number: c.accountNumber })
      .returningAll()
      .executeTakeFirstOrThrow(),

  remove: (tx: Tx, id: bigint) => tx.updateTable('bank_cards').set({ removed_at: new Date() }).where('id', '=', id).where('removed_at', 'is', null).execute(),

  /** Withdrawals on this card that still hold money. */
  openWithdrawals: async (tx: Tx, cardId: bigint) =>
    Number(
      (
        await tx
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('bank_card_id', '=', cardId)
          .where('status', 'in', ['pending', 'approved'])
          .executeTakeFirstOrThrow()
      ).n,
    ),
});
export type BankCardRepository = ReturnType<typeof bankCardRepository>;
