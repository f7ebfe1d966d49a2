import { AGENT_TYPES, isAgentType } from '@apsara/contracts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { NewMember } from '../../db/schema.js';

export const MAIN_WALLET = 'MAIN';

/** The upline named for a new account is not (or no longer) an active agent of the site. */
export class UplineNotAgentError extends Error {
  constructor() {
    super('the upline is not an active agent');
  }
}

export const memberRepository = (db: Database) => {
  const createWithWallet = (member: NewMember, currency: string) =>
    db.transaction().execute(async (trx) => {
      // The upline is checked again under a KEY SHARE lock: an operator making the agent a player
      // (FOR UPDATE) either waits for this account and then counts it, or has already committed and
      // this account is refused, never placed under a player.
      if (member.parent_id != null) {
        const upline = await trx
          .selectFrom('members')
          .select(['type', 'status'])
          .where('merchant_id', '=', member.merchant_id)
          .where('id', '=', member.parent_id)
          .forKeyShare()
          .executeTakeFirst();
        if (!upline || !isAgentType(upline.type) || upline.status !== 'active') throw new UplineNotAgentError();
      }
      const row = await trx.insertInto('members').values(member).returningAll().executeTakeFirstOrThrow();
      await trx.insertInto('accounts').values({ merchant_id: row.merchant_id, member_id: row.id, kind: MAIN_WALLET, currency }).execute();
      return row;
    });

  return {
  findByUsername: (merchantId: bigint, username: string) =>
    db
      .selectFrom('members')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('username_lower', '=', username.toLowerCase())
      .executeTakeFirst(),

  findById: (merchantId: bigint, id: bigint) =>
    db.selectFrom('members').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst(),

  findAgentByAffiliateCode: (merchantId: bigint, code: string) =>
    db
      .selectFrom('members')
      .select(['id', 'username', 'nickname', 'type', 'status'])
      .where('merchant_id', '=', merchantId)
      .where((eb) => eb(eb.fn('lower', ['affiliate_code']), '=', code.toLowerCase()))
      .where('type', 'in', [...AGENT_TYPES])
      .where('status', '=', 'active')
      .executeTakeFirst(),

  /** Creates the member and its main wallet in one transaction; a duplicate username raises 23505. */
  create: (member: NewMember, currency: string) => createWithWallet(member, currency),

  /** A trial (type 4) account with its main wallet. */
  createTrial: (merchant: { id: bigint; currency: string }, username: string, passwordHash: string) =>
    createWithWallet({ merchant_id: merchant.id, username, type: 4, password_hash: passwordHash, nickname: username, register_method: 'FREEPLAY' }, merchant.currency),

  /** The main wallet's balance and the part of it on hold (zero for a member who has none yet). */
  mainBalance: async (merchantId: bigint, memberId: bigint) =>
    (await db
      .selectFrom('accounts')
      .select(['balance', 'held'])
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('kind', '=', MAIN_WALLET)
      .executeTakeFirst()) ?? { balance: 0n, held: 0n },

  recordLogin: (merchantId: bigint, memberId: bigint, ip: string, firstTime: boolean) =>
    db
      .updateTable('members')
      .set((eb) => ({
        last_login_at: new Date(),
        last_login_ip: ip,
        first_login_at: firstTime ? new Date() : eb.ref('first_login_at'),
      }))
      .where('merchant_id', '=', merchantId)
      .where('id', '=', memberId)
      .execute(),

  setPassword: (merchantId: bigint, memberId: bigint, passwordHash: string) =>
    db
      .updateTable('members')
      .set({ password_hash: passwordHash, password_changed_at: new Date(), must_change_password: false, updated_at: new Date() })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', memberId)
      .execute(),

  /** Moves the member's break to end no sooner than `until` (a shorter one never replaces a longer one); the end it now has. */
  excludeUntil: async (merchantId: bigint, memberId: bigint, until: Date) =>
    (
      await db
        .updateTable('members')
        .set({ excluded_until: sql<Date>`greatest(coalesce(excluded_until, ${until}), ${until})`, updated_at: new Date() })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .returning('excluded_until')
        .executeTakeFirstOrThrow()
    ).excluded_until!,

  setLanguage: (merchantId: bigint, memberId: bigint, language: string) =>
    db.updateTable('members').set({ language, updated_at: new Date() }).where('merchant_id', '=', merchantId).where('id', '=', memberId).execute(),
  };
};
export type MemberRepository = ReturnType<typeof memberRepository>;
