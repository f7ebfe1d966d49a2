import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

export type CodePurpose = 'login' | 'register' | 'reset';

/** SMS codes, e-mailed reset tokens, and members found by their mobile number; always within one merchant. */
export const verificationRepository = (db: Database) => ({
  addCode: async (c: { merchantId: bigint; destination: string; purpose: CodePurpose; codeHash: string; expiresAt: Date }) => {
    await db
      .insertInto('verification_codes')
      .values({ merchant_id: c.merchantId, channel: 'sms', destination: c.destination, purpose: c.purpose, code_hash: c.codeHash, expires_at: c.expiresAt })
      .execute();
  },

  /**
   * Counts one try against the newest code for this number and purpose, if it can still be tried
   * (not used, not expired, tries left), and returns it; a code that can't be tried returns
   * `dead`, no code at all `none`. The count is one statement, so parallel guesses can't share a try.
   */
  tryLatestCode: async (merchantId: bigint, destination: string, purpose: CodePurpose, maxAttempts: number) => {
    const latest = await db
      .selectFrom('verification_codes')
      .select(['id'])
      .where('merchant_id', '=', merchantId)
      .where('channel', '=', 'sms')
      .where('destination', '=', destination)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest) return { state: 'none' as const };
    const row = await db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('merchant_id', '=', merchantId)
      .where('id', '=', latest.id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where('expires_at', '>', new Date())
      .returning(['id', 'code_hash'])
      .executeTakeFirst();
    return row ? { state: 'live' as const, id: row.id, codeHash: row.code_hash } : { state: 'dead' as const };
  },

  /** Marks the code used; false when another request used it first. */
  consumeCode: async (merchantId: bigint, id: bigint) =>
    !!(await db
      .updateTable('verification_codes')
      .set({ consumed_at: new Date() })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst()),

  /**
   * The member of this merchant with this phone: the digits without leading zeros (as the index
   * members_mobile_key has them) under this dialing code, where an account stored without a code counts
   * as `defaultCode`'s. A phone shared by several accounts reaches the oldest one.
   */
  memberByMobile: (merchantId: bigint, dialingCode: string, defaultCode: string, key: string) =>
    db
      .selectFrom('members')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('mobile_num', 'is not', null)
      .where(sql<string>`ltrim(regexp_replace(mobile_num, '[^0-9]', '', 'g'), '0')`, '=', key)
      .where(sql<string>`coalesce(nullif(regexp_replace(coalesce(country_dialing_code, ''), '[^0-9]', '', 'g'), ''), ${defaultCode})`, '=', dialingCode)
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst(),

  /** A new reset link for the member; links sent before it stop working. */
  addResetToken: async (t: { merchantId: bigint; memberId: bigint; tokenHash: string; expiresAt: Date }) =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: new Date() })
        .where('merchant_id', '=', t.merchantId)
        .where('member_id', '=', t.memberId)
        .where('used_at', 'is', null)
        .execute();
      await trx.insertInto('password_reset_tokens').values({ merchant_id: t.merchantId, member_id: t.memberId, token_hash: t.tokenHash, expires_at: t.expiresAt }).execute();
    }),

  /** Uses the link once: the member it belongs to, or undefined when it is unknown, used or expired. */
  useResetToken: async (merchantId: bigint, tokenHash: string) =>
    (
      await db
        .updateTable('password_reset_tokens')
        .set({ used_at: new Date() })
        .where('merchant_id', '=', merchantId)
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('member_id')
        .executeTakeFirst()
    )?.member_id,
});
export type VerificationRepository = ReturnType<typeof verificationRepository>;
