import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Tx } from '../ledger/ledger.repository.js';
import type { OperatorRow } from '../../db/schema.js';
import type { OperatorRole } from '@apsara/contracts';

export type NewOperator = { merchantId: bigint; username: string; passwordHash: string; role: OperatorRole };

/** Operators and their sessions. Every query is scoped to a merchant. */
export const opsRepository = (db: Database) => ({
  db,
  /** The merchant unknown hosts resolve to: where the bootstrap operator belongs. */
  defaultMerchant: () => db.selectFrom('merchants').select(['id', 'code']).where('is_default', '=', true).executeTakeFirst(),

  findByUsername: (merchantId: bigint, username: string): Promise<OperatorRow | undefined> =>
    db.selectFrom('operators').selectAll().where('merchant_id', '=', merchantId).where('username_lower', '=', username.toLowerCase()).executeTakeFirst(),

  findById: (merchantId: bigint, id: bigint, ex: Database | Tx = db): Promise<OperatorRow | undefined> =>
    ex.selectFrom('operators').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst(),

  countForMerchant: async (merchantId: bigint) =>
    Number((await db.selectFrom('operators').select((eb) => eb.fn.countAll<string>().as('n')).where('merchant_id', '=', merchantId).executeTakeFirstOrThrow()).n),

  /** Creates an operator; undefined when the username is taken on this merchant (two nodes bootstrapping at once). */
  create: async (o: NewOperator, ex: Database | Tx = db) =>
    (
      await ex
        .insertInto('operators')
        .values({ merchant_id: o.merchantId, username: o.username, password_hash: o.passwordHash, role: o.role })
        .onConflict((oc) => oc.columns(['merchant_id', 'username_lower']).doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id,

  recordLogin: (merchantId: bigint, id: bigint, ip: string) =>
    db.updateTable('operators').set({ last_login_at: new Date(), last_login_ip: ip }).where('merchant_id', '=', merchantId).where('id', '=', id).execute(),

  createSession: (s: { tokenHash: string; merchantId: bigint; operatorId: bigint; ip: string; userAgent: string | null; expiresAt: Date }) =>
    db
      .insertInto('operator_sessions')
      .values({ token_hash: s.tokenHash, merchant_id: s.merchantId, operator_id: s.operatorId, ip: s.ip, user_agent: s.userAgent, last_seen_at: new Date(), expires_at: s.expiresAt })
      .execute(),

  /** A live session of this merchant with its operator; idle and absolute expiry both apply. */
  findLiveSession: (tokenHash: string, merchantId: bigint, idleSince: Date) =>
    db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select(['s.id as sessionId', 's.operator_id as operatorId', 's.merchant_id as merchantId', 's.last_seen_at as lastSeenAt', 'o.username', 'o.role', 'o.status'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.merchant_id', '=', merchantId)
      .where('o.merchant_id', '=', merchantId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', new Date())
      .where('s.last_seen_at', '>', idleSince)
      .executeTakeFirst(),

  touchSession: (merchantId: bigint, sessionId: bigint) =>
    db.updateTable('operator_sessions').set({ last_seen_at: new Date() }).where('merchant_id', '=', merchantId).where('id', '=', sessionId).execute(),

  /** The site's operators, by username. */
  list: (merchantId: bigint): Promise<OperatorRow[]> => db.selectFrom('operators').selectAll().where('merchant_id', '=', merchantId).orderBy('username_lower').execute(),

  /**
   * The site's operators locked, in id order: a change that could leave no active admin reads them
   * all under lock, so two admins demoting each other at once cannot both succeed.
   */
  lockAll: (tx: Tx, merchantId: bigint): Promise<OperatorRow[]> => tx.selectFrom('operators').selectAll().where('merchant_id', '=', merchantId).orderBy('id').forUpdate().execute(),

  /** The operator's own row, read under a share lock: an admin's change is made only while they are still an active admin. */
  lockActor: (tx: Tx, merchantId: bigint, id: bigint): Promise<OperatorRow | undefined> =>
    tx.selectFrom('operators').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forShare().executeTakeFirst(),

  update: (tx: Tx, merchantId: bigint, id: bigint, patch: { role?: OperatorRow['role']; status?: OperatorRow['status']; passwordHash?: string }) =>
    tx
      .updateTable('operators')
      .set({
        ...(patch.role === undefined ? {} : { role: patch.role }),
        ...(patch.status === undefined ? {} : { status: patch.status }),
        ...(patch.passwordHash === undefined ? {} : { password_hash: patch.passwordHash }),
      })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),

  /** Ends an operator's live sessions (all, or all but `keep`); returns how many. */
  revokeAll: async (tx: Tx | Database, merchantId: bigint, operatorId: bigint, keep?: bigint) =>
    Number(
      (
        await tx
          .updateTable('operator_sessions')
          .set({ revoked_at: sql<Date>`now()` })
          .where('merchant_id', '=', merchantId)
          .where('operator_id', '=', operatorId)
          .where('revoked_at', 'is', null)
          .$if(keep !== undefined, (q) => q.where('id', '<>', keep!))
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  revokeSession: (merchantId: bigint, sessionId: bigint) =>
    db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('merchant_id', '=', merchantId).where('id', '=', sessionId).where('revoked_at', 'is', null).execute(),
});
export type OpsRepository = ReturnType<typeof opsRepository>;
