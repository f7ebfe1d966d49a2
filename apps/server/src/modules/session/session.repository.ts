import type { Database } from '../../db/database.js';

export type NewSession = {
  tokenHash: string;
  merchantId: bigint;
  memberId: bigint;
  loginType: string;
  mustChangePassword: boolean;
  firstTimeLogin: boolean;
  ip: string;
  userAgent: string | null;
  expiresAt: Date;
};

export const sessionRepository = (db: Database) => ({
  create: (s: NewSession) =>
    db
      .insertInto('sessions')
      .values({
        token_hash: s.tokenHash,
        merchant_id: s.merchantId,
        member_id: s.memberId,
        login_type: s.loginType,
        must_change_password: s.mustChangePassword,
        first_time_login: s.firstTimeLogin,
        ip: s.ip,
        user_agent: s.userAgent,
        last_seen_at: new Date(),
        expires_at: s.expiresAt,
      })
      .execute(),

  /** A live session of this merchant with its member; idle and absolute expiry both apply. */
  findLive: (tokenHash: string, merchantId: bigint, idleSince: Date) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select([
        's.id as sessionId',
        's.member_id as memberId',
        's.merchant_id as merchantId',
        's.last_seen_at as lastSeenAt',
        's.must_change_password as mustChangePassword',
        's.first_time_login as firstTimeLogin',
        's.login_type as loginType',
        'm.type',
        'm.username',
        'm.status',
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.merchant_id', '=', merchantId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', new Date())
      .where('s.last_seen_at', '>', idleSince)
      .executeTakeFirst(),

  touch: (merchantId: bigint, sessionId: bigint) =>
    db.updateTable('sessions').set({ last_seen_at: new Date() }).where('merchant_id', '=', merchantId).where('id', '=', sessionId).execute(),

  revokeByHash: (tokenHash: string, merchantId: bigint) =>
    db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('merchant_id', '=', merchantId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),

  revokeAllForMember: (merchantId: bigint, memberId: bigint) =>
    db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .execute(),

  /** Only a real account's name is kept: people type passwords into the username box. */
  logAttempt: (row: { merchantId: bigint; memberId: bigint | null; username: string | null; ip: string; userAgent: string | null; success: boolean; reason: string | null }) =>
    db
      .insertInto('login_history')
      .values({
        merchant_id: row.merchantId,
        member_id: row.memberId,
        username: row.username,
        ip: row.ip,
        user_agent: row.userAgent?.slice(0, 256) ?? null,
        success: row.success,
        reason: row.reason,
      })
      .execute(),
});
export type SessionRepository = ReturnType<typeof sessionRepository>;
