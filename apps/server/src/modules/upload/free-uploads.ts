import type { Tx } from '../ledger/ledger.repository.js';

/**
 * Which of these uploads are the member's own and serve no form yet: not a deposit receipt, a
 * withdrawal proof or a promotion application's image. An upload serves one form only; the forms'
 * own unique constraints make that hold when two forms claim one upload at the same moment.
 */
export const freeUploads = async (tx: Tx, merchantId: bigint, memberId: bigint, ids: string[]) =>
  ids.length === 0
    ? []
    : (
        await tx
          .selectFrom('uploads as u')
          .select('u.id')
          .where('u.merchant_id', '=', merchantId)
          .where('u.member_id', '=', memberId)
          .where('u.id', 'in', ids)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('deposits as d').select('d.id').whereRef('d.receipt_id', '=', 'u.id'))))
          .where((eb) => eb.not(eb.exists(eb.selectFrom('withdrawal_proofs as w').select('w.upload_id').whereRef('w.upload_id', '=', 'u.id'))))
          .where((eb) => eb.not(eb.exists(eb.selectFrom('promotion_claim_images as i').select('i.upload_id').whereRef('i.upload_id', '=', 'u.id'))))
          .execute()
      ).map((r) => r.id);
