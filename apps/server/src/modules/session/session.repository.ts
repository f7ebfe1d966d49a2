import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { batcher } from '../../lib/batcher.js';

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

/** A live session with its member, as the bearer check needs it. */
export type LiveSession = {
  sessionId: bigint;
  memberId: bigint;
  merchantId: bigint;
  lastSeenAt: Date;
  mustChangePassword: boolean;
  firstTimeLogin: boolean;
  loginType: string;
  type: number;
  username: string;
  status: string;
};
type LiveAsk = { tokenHash: string; merchantId: bigint; idleSince: Date };

/**
 * Many bearer checks in one query: the sessions of the requests that arrived together. Each ask keeps
 * its own merchant and idle limit; idle and absolute expiry both apply, as for one.
 */
const findLiveMany = (db: Database) => async (asks: LiveAsk[]): Promise<(LiveSession | undefined)[]> => {
  // By token hash alone in SQL (its unique index, whatever the plan cache decides); each ask's own
  // merchant and idle limit are then applied to its row.
  const { rows } = await sql<LiveSession & { tokenHash: string }>`
    select s.token_hash as "tokenHash", s.id as "sessionId", s.member_id as "memberId", s.merchant_id as "merchantId", s.last_seen_at as "lastSeenAt",
           s.must_change_password as "mustChangePassword", s.first_time_login as "firstTimeLogin", s.login_type as "loginType",
           m.type, m.username, m.status
      from sessions s join members m on m.id = s.member_id
     where s.token_hash = any(${asks.map((a) => a.tokenHash)}::text[])
       and s.merchant_id = any(${[...new Set(asks.map((a) => a.merchantId.toString()))]}::int8[])
       and s.revoked_at is null and s.expires_at > ${new Date()}`.execute(db);
  const byHash = new Map(rows.map(({ tokenHash, ...row }) => [tokenHash, row]));
  return asks.map((a) => {
    const row = byHash.get(a.tokenHash);
    return row && row.merchantId === a.merchantId && row.lastSeenAt > a.idleSince ? row : undefined;
  });
};

/** `batch`: bearer checks of concurrent requests share one query (lib/batcher.ts); for PostgreSQL servers. */
export type SessionRepositoryOptions = { batch?: { maxBatch: number; maxInFlight: number } };

export const sessionRepository = (db: Database, options: SessionRepositoryOptions = {}) => {
  const batched = options.batch ? batcher<LiveAsk, LiveSession | undefined>({ name: 'session-lookup', run: findLiveMany(db), ...options.batch }) : undefined;
  return {
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
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id),

    /** A live session of this merchant with its member; idle and absolute expiry both apply. */
    findLive: (tokenHash: string, merchantId: bigint, idleSince: Date): Promise<LiveSession | undefined> =>
      batched ? batched({ tokenHash, merchantId, idleSince }) : db
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
    logAttempt: (row: { merchantId: bigint; memberId: bigint | null; username: string | null; ip: string; userAgent: string | null; success: boolean; reason: string | null; sessionId?: bigint }) =>
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
          session_id: row.sessionId ?? null,
        })
        .execute(),
  };
};
export type SessionRepository = ReturnType<typeof sessionRepository>;
