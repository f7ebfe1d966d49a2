import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

export type NewLoginChallenge = {
  merchantId: bigint;
  memberId: bigint;
  idHash: string;
  ip: string;
  userAgent: string | null;
  portal: 'member' | 'agent';
  flaggedPassword: boolean;
  channel: 'sms' | 'email';
  destination: string;
  codeHash: string;
  expiresAt: Date;
};

/** A challenge that may still be answered, as a try or a resend sees it. */
export type LiveChallenge = {
  id: bigint;
  memberId: bigint;
  portal: 'member' | 'agent';
  flaggedPassword: boolean;
  channel: 'sms' | 'email';
  destination: string;
  codeHash: string;
  attempts: number;
  sends: number;
  lastSentAt: Date;
};

const LIVE_COLUMNS = [
  'id',
  'member_id as memberId',
  'portal',
  'flagged_password as flaggedPassword',
  'channel',
  'destination',
  'code_hash as codeHash',
  'attempts',
  'sends',
  'last_sent_at as lastSentAt',
] as const;

/**
 * Sign-ins from a new address waiting for their code (docs/two-factor.md), and the sign-in history
 * that decides whether an address is new. Always within one merchant; a challenge is only ever found
 * by the hash of its id together with the address it was made for.
 */
export const loginChallengeRepository = (db: Database) => ({
  /** How many successful sign-ins the member has, and how many of them came from `ip`. */
  signInsFrom: async (merchantId: bigint, memberId: bigint, ip: string) => {
    const row = await db
      .selectFrom('login_history')
      .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where ip = ${ip})`.as('here')])
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('success', '=', true)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), here: Number(row.here) };
  },

  add: async (c: NewLoginChallenge) => {
    await db
      .insertInto('login_challenges')
      .values({
        merchant_id: c.merchantId,
        member_id: c.memberId,
        id_hash: c.idHash,
        ip: c.ip,
        user_agent: c.userAgent?.slice(0, 256) ?? null,
        portal: c.portal,
        flagged_password: c.flaggedPassword,
        channel: c.channel,
        destination: c.destination,
        code_hash: c.codeHash,
        expires_at: c.expiresAt,
      })
      .execute();
  },

  /**
   * Counts one try against the challenge, if it can still be tried (this merchant, this address, not
   * used, not expired, tries left), and returns it. One statement, so parallel guesses can't share a try.
   */
  tryChallenge: (merchantId: bigint, idHash: string, ip: string, maxAttempts: number): Promise<LiveChallenge | undefined> =>
    db
      .updateTable('login_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('merchant_id', '=', merchantId)
      .where('id_hash', '=', idHash)
      .where('ip', '=', ip)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where('expires_at', '>', new Date())
      .returning(LIVE_COLUMNS)
      .executeTakeFirst(),

  /** The challenge, if it may still be answered; nothing is counted (for a resend). */
  findLive: (merchantId: bigint, idHash: string, ip: string, maxAttempts: number): Promise<LiveChallenge | undefined> =>
    db
      .selectFrom('login_challenges')
      .select(LIVE_COLUMNS)
      .where('merchant_id', '=', merchantId)
      .where('id_hash', '=', idHash)
      .where('ip', '=', ip)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where('expires_at', '>', new Date())
      .executeTakeFirst(),

  /** Marks the challenge used; false when another request used it first. */
  consume: async (merchantId: bigint, id: bigint) =>
    !!(await db
      .updateTable('login_challenges')
      .set({ consumed_at: new Date() })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst()),

  /**
   * A new code for a live challenge: fresh tries and minutes, one more send. False when it was used,
   * or another resend got there first (`sends` must still be what the caller saw).
   */
  replaceCode: async (merchantId: bigint, id: bigint, seenSends: number, codeHash: string, expiresAt: Date) =>
    !!(await db
      .updateTable('login_challenges')
      .set((eb) => ({ code_hash: codeHash, expires_at: expiresAt, attempts: 0, sends: eb('sends', '+', 1), last_sent_at: new Date() }))
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('sends', '=', seenSends)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst()),
});
export type LoginChallengeRepository = ReturnType<typeof loginChallengeRepository>;
