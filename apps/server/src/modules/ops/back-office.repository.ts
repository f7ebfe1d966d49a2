import { ACCOUNT_TYPE, AGENT_TYPES, LIST_PAGE_SIZE, type OpsMemberQuery } from '@apsara/contracts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { MAIN_WALLET } from '../member/member.repository.js';

/** The back office's reads of members: every query is scoped to the operator's merchant. */
export const backOfficeRepository = (db: Database) => {
  const rows = (q: Database | Tx = db) =>
    q
      .selectFrom('members as m')
      .leftJoin('members as p', 'p.id', 'm.parent_id')
      .leftJoin('accounts as a', (j) => j.onRef('a.member_id', '=', 'm.id').on('a.kind', '=', MAIN_WALLET))
      .leftJoin('vip_progress as v', 'v.member_id', 'm.id')
      .select([
        'm.id',
        'm.merchant_id',
        'm.username',
        'm.nickname',
        'm.type',
        'm.status',
        'p.username as parent',
        'm.created_at',
        'm.last_login_at',
        sql<bigint>`coalesce(a.balance, 0)`.as('balance'),
        sql<bigint>`coalesce(a.held, 0)`.as('held'),
        sql<number>`coalesce(v.level, 0)`.as('vip_level'),
      ]);

  const page = async (merchantId: bigint, query: OpsMemberQuery) => {
    let base = db.selectFrom('members as m').where('m.merchant_id', '=', merchantId);
    const q = query.q?.trim();
    if (q) {
      const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) => {
        const byName = eb('m.username_lower', 'like', like);
        return /^[1-9]\d{0,17}$/.test(q) ? eb.or([byName, eb('m.id', '=', BigInt(q))]) : byName;
      });
    }
    if (query.status) base = base.where('m.status', '=', query.status);
    if (query.kind === 'trial') base = base.where('m.type', '=', ACCOUNT_TYPE.TRIAL);
    if (query.kind === 'agent') base = base.where('m.type', 'in', [...AGENT_TYPES]);
    if (query.kind === 'member') base = base.where('m.type', 'not in', [...AGENT_TYPES, ACCOUNT_TYPE.TRIAL]);
    const [ids, total] = await Promise.all([
      base.select('m.id').orderBy('m.id', 'desc').limit(LIST_PAGE_SIZE).offset((query.page - 1) * LIST_PAGE_SIZE).execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = ids.length === 0 ? [] : await rows().where('m.merchant_id', '=', merchantId).where('m.id', 'in', ids.map((r) => r.id)).orderBy('m.id', 'desc').execute();
    return { items, total: total.n };
  };

  const one = (merchantId: bigint, id: bigint, q: Database | Tx = db) =>
    rows(q)
      .leftJoin('members as r', 'r.id', 'm.referred_by')
      .select(['m.payee_name', 'm.email', 'm.mobile_num', 'm.country_dialing_code', 'm.language', 'm.affiliate_code', 'r.username as referred_by'])
      .where('m.merchant_id', '=', merchantId)
      .where('m.id', '=', id)
      .executeTakeFirst();

  /** Lifetime figures and wallets of one member of the site. */
  const figures = async (merchantId: bigint, id: bigint) => {
    const { rows: r } = await sql<{ deposits: string; withdrawals: string; bets: string; payouts: string; downlines: number; points: string }>`
      select (select coalesce(sum(amount), 0) from deposits where merchant_id = ${merchantId} and member_id = ${id} and status = 'approved')::text as deposits,
             (select coalesce(sum(amount), 0) from withdrawals where merchant_id = ${merchantId} and member_id = ${id} and status = 'paid')::text as withdrawals,
             (select coalesce(sum(stake), 0) from game_rounds where merchant_id = ${merchantId} and member_id = ${id})::text as bets,
             (select coalesce(sum(payout), 0) from game_rounds where merchant_id = ${merchantId} and member_id = ${id} and status = 'closed')::text as payouts,
             (select count(*)::int from members where merchant_id = ${merchantId} and parent_id = ${id}) as downlines,
             (select coalesce(balance, 0) from point_accounts where merchant_id = ${merchantId} and member_id = ${id})::text as points`.execute(db);
    const wallets = await db.selectFrom('accounts').select(['kind', 'balance', 'held']).where('merchant_id', '=', merchantId).where('member_id', '=', id).orderBy('kind').execute();
    return { ...r[0]!, wallets };
  };

  /**
   * Locks a member of the site for a change of status or kind. FOR UPDATE also waits for (and then
   * sees) an account being opened under them: the new row's upline key takes a KEY SHARE lock on it.
   */
  const lockMember = (tx: Tx, merchantId: bigint, id: bigint) =>
    tx.selectFrom('members').select(['id', 'status', 'type', 'username', 'affiliate_code']).where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst();

  /** What keeps an agent an agent: their direct downlines, and contracts they hold or gave that are offered or in force. */
  const agentTies = async (tx: Tx, merchantId: bigint, id: bigint) => {
    const { rows: r } = await sql<{ downlines: number; contracts: number }>`
      select (select count(*)::int from members where merchant_id = ${merchantId} and parent_id = ${id}) as downlines,
             (select count(*)::int from agent_contracts
               where merchant_id = ${merchantId} and (holder_id = ${id} or upline_id = ${id}) and status in ('offered', 'active')) as contracts`.execute(tx);
    return r[0]!;
  };

  /** A member's account type, and the invitation code they hold (kept when an agent becomes a player again). */
  const setKind = (tx: Tx, merchantId: bigint, id: bigint, type: number, affiliateCode: string | null) =>
    tx.updateTable('members').set({ type, affiliate_code: affiliateCode, updated_at: new Date() }).where('merchant_id', '=', merchantId).where('id', '=', id).execute();

  const setStatus = (tx: Tx, id: bigint, status: string) => tx.updateTable('members').set({ status, updated_at: new Date() }).where('id', '=', id).execute();

  /** A password the member must replace at their next sign-in (an operator's reset). */
  const setTemporaryPassword = (tx: Tx, merchantId: bigint, id: bigint, passwordHash: string) =>
    tx
      .updateTable('members')
      .set({ password_hash: passwordHash, must_change_password: true, password_changed_at: new Date(), updated_at: new Date() })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();

  const revokeSessions = (tx: Tx, merchantId: bigint, id: bigint) =>
    tx.updateTable('sessions').set({ revoked_at: new Date() }).where('merchant_id', '=', merchantId).where('member_id', '=', id).where('revoked_at', 'is', null).execute();

  /** The merchant's stored config (as written, without defaults), locked for a change. */
  const lockConfig = async (tx: Tx, merchantId: bigint) =>
    (await tx.selectFrom('merchants').select('config').where('id', '=', merchantId).forUpdate().executeTakeFirstOrThrow()).config as Record<string, unknown>;

  const saveConfig = (tx: Tx, merchantId: bigint, config: Record<string, unknown>) => tx.updateTable('merchants').set({ config: JSON.stringify(config) }).where('id', '=', merchantId).execute();

  return { db, page, one, figures, lockMember, agentTies, setKind, setStatus, setTemporaryPassword, revokeSessions, lockConfig, saveConfig };
};
export type BackOfficeRepository = ReturnType<typeof backOfficeRepository>;
