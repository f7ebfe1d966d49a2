import { sql } from 'kysely';
import type { ContractKind, ContractStatus } from '@apsara/contracts';
import type { Database } from '../../db/database.js';
import type { AgentContractsTable, StoredTier } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';

export type ContractRow = {
  id: bigint;
  merchant_id: bigint;
  kind: ContractKind;
  holder_id: bigint;
  upline_id: bigint | null;
  offered_by: bigint | null;
  period: AgentContractsTable['period'];
  tiers: StoredTier[];
  max_rate_bp: number;
  status: ContractStatus;
  termination_requested_by: 'upline' | 'holder' | null;
  end_reason: AgentContractsTable['end_reason'];
  created_at: Date;
  decided_at: Date | null;
  ended_at: Date | null;
};

export type ListedContract = ContractRow & { holder_name: string; upline_name: string | null };

type Ex = Database | Tx;

/** Agent contracts and their settlements; every statement is bound to one merchant. */
export const contractsRepository = (db: Database) => {
  const listed = (ex: Ex, merchantId: bigint) =>
    ex
      .selectFrom('agent_contracts as c')
      .innerJoin('members as h', 'h.id', 'c.holder_id')
      .leftJoin('members as u', 'u.id', 'c.upline_id')
      .selectAll('c')
      .select(['h.username as holder_name', 'u.username as upline_name'])
      .where('c.merchant_id', '=', merchantId);

  return {
    db,

    insert: (row: Omit<ContractRow, 'id' | 'status' | 'termination_requested_by' | 'end_reason' | 'created_at' | 'decided_at' | 'ended_at'>) =>
      db
        .insertInto('agent_contracts')
        .values({ ...row, tiers: JSON.stringify(row.tiers) })
        .returning('id')
        .executeTakeFirstOrThrow(),

    /** One contract with both sides' names, locked for update inside `tx`. */
    lock: (tx: Tx, merchantId: bigint, id: bigint) =>
      tx.selectFrom('agent_contracts').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst() as Promise<ContractRow | undefined>,

    find: (merchantId: bigint, id: bigint, ex: Ex = db) => listed(ex, merchantId).where('c.id', '=', id).executeTakeFirst() as Promise<ListedContract | undefined>,

    /** The holder's signed contract of a kind, if any. */
    activeOf: (merchantId: bigint, holderId: bigint, kind: ContractKind, ex: Ex = db) =>
      ex
        .selectFrom('agent_contracts')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('holder_id', '=', holderId)
        .where('kind', '=', kind)
        .where('status', '=', 'active')
        .executeTakeFirst() as Promise<ContractRow | undefined>,

    /** Contracts of a kind the agent gave that are signed or offered with a rate above `bp`. */
    givenAbove: (merchantId: bigint, uplineId: bigint, kind: ContractKind, bp: number, ex: Ex = db) =>
      listed(ex, merchantId)
        .where('c.upline_id', '=', uplineId)
        .where('c.kind', '=', kind)
        .where('c.status', 'in', ['active', 'offered'])
        .where('c.max_rate_bp', '>', bp)
        .orderBy('h.username')
        .execute() as Promise<ListedContract[]>,

    update: (tx: Tx, id: bigint, set: Partial<Pick<ContractRow, 'status' | 'termination_requested_by' | 'end_reason' | 'decided_at' | 'ended_at'>>) =>
      tx.updateTable('agent_contracts').set(set).where('id', '=', id).execute(),

    /** A page of the agent's contracts (held or given), newest first. */
    page: async (merchantId: bigint, who: { memberId: bigint; role?: 'received' | 'given' } | { site: true }, filter: { kind?: ContractKind; status?: ContractStatus }, page: number, pageSize: number) => {
      let q = listed(db, merchantId);
      if ('memberId' in who) {
        const id = who.memberId;
        q = who.role === 'received' ? q.where('c.holder_id', '=', id) : who.role === 'given' ? q.where('c.upline_id', '=', id) : q.where((eb) => eb.or([eb('c.holder_id', '=', id), eb('c.upline_id', '=', id)]));
      }
      if (filter.kind) q = q.where('c.kind', '=', filter.kind);
      if (filter.status) q = q.where('c.status', '=', filter.status);
      const [items, total] = await Promise.all([
        q.orderBy('c.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute() as Promise<ListedContract[]>,
        q.clearSelect().select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },

    /** What waits for the holder, per kind: an offer, a termination asked by the upline, a signed contract. */
    waiting: (merchantId: bigint, holderId: bigint) =>
      db
        .selectFrom('agent_contracts')
        .select(['kind', 'status', 'termination_requested_by'])
        .where('merchant_id', '=', merchantId)
        .where('holder_id', '=', holderId)
        .where('status', 'in', ['offered', 'active'])
        .execute(),

    settlementsPage: async (merchantId: bigint, who: { memberId: bigint } | { site: true }, contractId: bigint | undefined, page: number, pageSize: number) => {
      let q = db
        .selectFrom('agent_contract_settlements as s')
        .innerJoin('agent_contracts as c', 'c.id', 's.contract_id')
        .innerJoin('members as h', 'h.id', 'c.holder_id')
        .where('s.merchant_id', '=', merchantId);
      if ('memberId' in who) q = q.where((eb) => eb.or([eb('c.holder_id', '=', who.memberId), eb('c.upline_id', '=', who.memberId)]));
      if (contractId !== undefined) q = q.where('s.contract_id', '=', contractId);
      const [items, total] = await Promise.all([
        q.selectAll('s').select(['c.kind', 'h.username as holder_name']).orderBy('s.period_start', 'desc').orderBy('s.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
        q.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },

    /** Is `memberId` an agent of the merchant without an upline (the site's own agents)? */
    topAgent: (merchantId: bigint, username: string) =>
      db
        .selectFrom('members')
        .select(['id', 'type', 'parent_id', 'username'])
        .where('merchant_id', '=', merchantId)
        .where('username_lower', '=', username.toLowerCase())
        .executeTakeFirst(),

    /** A direct downline of `uplineId`, by username. */
    directDownline: (merchantId: bigint, uplineId: bigint, username: string) =>
      db
        .selectFrom('members')
        .select(['id', 'type', 'username'])
        .where('merchant_id', '=', merchantId)
        .where('parent_id', '=', uplineId)
        .where('username_lower', '=', username.toLowerCase())
        .executeTakeFirst(),

    /** Sums of settled periods ending in the range, per kind: paid to the agent, paid by them, left unpaid to them. */
    income: async (merchantId: bigint, agentId: bigint, range: { from: Date; to: Date }) => {
      const { rows } = await sql<{ kind: ContractKind; received: bigint; paid_out: bigint; unpaid: bigint }>`
        select c.kind,
               coalesce(sum(s.amount) filter (where c.holder_id = ${agentId} and s.status = 'paid'), 0)::int8 as received,
               coalesce(sum(s.amount) filter (where c.upline_id = ${agentId} and s.status = 'paid'), 0)::int8 as paid_out,
               coalesce(sum(s.amount) filter (where c.holder_id = ${agentId} and s.status = 'unpaid'), 0)::int8 as unpaid
          from agent_contract_settlements s join agent_contracts c on c.id = s.contract_id
         where s.merchant_id = ${merchantId} and (c.holder_id = ${agentId} or c.upline_id = ${agentId})
           and s.period_end > ${range.from} and s.period_end <= ${range.to}
         group by c.kind`.execute(db);
      return rows;
    },

    now: async (ex: Ex = db) => (await sql<{ now: Date }>`select now() as now`.execute(ex)).rows[0]!.now,
  };
};
export type ContractsRepository = ReturnType<typeof contractsRepository>;
