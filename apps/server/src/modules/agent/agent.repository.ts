import { sql } from 'kysely';
import { AGENT_TYPES } from '@apsara/contracts';
import type { Database } from '../../db/database.js';
import { MAIN_WALLET } from '../member/member.repository.js';
import { MAX_TEAM_DEPTH } from './team.js';

type Range = { from: Date; to: Date };
type DownlineFilter = { username?: string; scope: 'direct' | 'all'; kind?: 'member' | 'agent' };

export type DownlineRow = {
  id: bigint;
  username: string;
  nickname: string | null;
  type: number;
  level: number;
  upline: string;
  status: string;
  balance: bigint;
  team_size: number;
  created_at: Date;
  last_login_at: Date | null;
};

export type ProfitRow = {
  id: bigint;
  username: string;
  type: number;
  accounts: number;
  deposits: bigint;
  withdrawals: bigint;
  rounds: number;
  stake: bigint;
  payout: bigint;
};

const agentTypes = sql.join(AGENT_TYPES.map((t) => sql.lit(t)));

/**
 * The agent's team with each account's level and the direct downline it descends from (`root`):
 * level 1 is the agent's own downlines. Written as a CTE named `team`, to head a statement.
 */
const teamCte = (merchantId: bigint, agentId: bigint) => sql`with recursive team(id, level, root) as (
    select m.id, 1, m.id from members m where m.parent_id = ${agentId} and m.merchant_id = ${merchantId}
    union all
    select m.id, t.level + 1, t.root from members m join team t on m.parent_id = t.id
     where m.merchant_id = ${merchantId} and t.level < ${MAX_TEAM_DEPTH}
  )`;

/** The team's deposits credited and withdrawals paid in the range: postings on their main wallets (after `teamCte`). */
const teamMoneyEntries = (merchantId: bigint, range: Range) => sql`from ledger_entries e
    join accounts a on a.id = e.account_id
    join ledger_transactions x on x.id = e.transaction_id
   where a.merchant_id = ${merchantId} and a.kind = ${MAIN_WALLET} and a.member_id in (select id from team)
     and x.type in ('DEPOSIT', 'WITHDRAWAL') and e.created_at >= ${range.from} and e.created_at < ${range.to}`;

/** The team's rounds opened in the range (after `teamCte`). */
const teamRounds = (merchantId: bigint, range: Range) => sql`from game_rounds r
   where r.merchant_id = ${merchantId} and r.member_id in (select id from team)
     and r.opened_at >= ${range.from} and r.opened_at < ${range.to}`;

/** Escapes LIKE's wildcards so a username part is matched as typed. */
const likePart = (part: string) => `%${part.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What the agent center reads and writes about an agent's team. Every statement is bound to the
 * agent's merchant and starts from the agent's own downlines (members_parent), so nothing outside
 * the team can be reached.
 */
export const agentRepository = (db: Database) => ({
  /** Where a username sits in the agent's team: its id and level, or nothing when it is not in it. */
  findInTeam: async (merchantId: bigint, agentId: bigint, username: string) => {
    const { rows } = await sql<{ id: bigint; level: number }>`
      with recursive chain(id, parent_id, level) as (
        select m.id, m.parent_id, 0 from members m where m.merchant_id = ${merchantId} and m.username_lower = ${username.toLowerCase()}
        union all
        select c.id, p.parent_id, c.level + 1 from chain c join members p on p.id = c.parent_id
         where p.merchant_id = ${merchantId} and c.level < ${MAX_TEAM_DEPTH}
      )
      select id, level + 1 as level from chain where parent_id = ${agentId} limit 1`.execute(db);
    return rows[0];
  },

  overview: async (merchantId: bigint, agentId: bigint, range: Range) => {
    const { rows } = await sql<{
      total: number;
      direct: number;
      agents: number;
      joined: number;
      balance: bigint;
      deposit_count: number;
      deposit_amount: bigint;
      withdrawal_count: number;
      withdrawal_amount: bigint;
      active: number;
      rounds: number;
      stake: bigint;
      payout: bigint;
    }>`${teamCte(merchantId, agentId)},
      people as (
        select count(*)::int as total,
               count(*) filter (where t.level = 1)::int as direct,
               count(*) filter (where m.type in (${agentTypes}))::int as agents,
               count(*) filter (where m.created_at >= ${range.from} and m.created_at < ${range.to})::int as joined
          from team t join members m on m.id = t.id
      ),
      wallets as (
        select coalesce(sum(a.balance), 0)::int8 as balance
          from accounts a where a.merchant_id = ${merchantId} and a.kind = ${MAIN_WALLET} and a.member_id in (select id from team)
      ),
      money as (
        select count(*) filter (where x.type = 'DEPOSIT')::int as deposit_count,
               coalesce(sum(e.amount) filter (where x.type = 'DEPOSIT'), 0)::int8 as deposit_amount,
               count(*) filter (where x.type = 'WITHDRAWAL')::int as withdrawal_count,
               coalesce(-sum(e.amount) filter (where x.type = 'WITHDRAWAL'), 0)::int8 as withdrawal_amount
          ${teamMoneyEntries(merchantId, range)}
      ),
      play as (
        -- Active: who played at all; the figures: settled rounds only (an open round's result is not known).
        select count(distinct r.member_id)::int as active, count(*) filter (where r.status = 'closed')::int as rounds,
               coalesce(sum(r.stake) filter (where r.status = 'closed'), 0)::int8 as stake,
               coalesce(sum(r.payout) filter (where r.status = 'closed'), 0)::int8 as payout
          ${teamRounds(merchantId, range)}
      )
      select * from people, wallets, money, play`.execute(db);
    return rows[0]!;
  },

  /** A page of the team (level 1 only, or every level), newest first, with the count of all that match. */
  downlines: async (merchantId: bigint, agentId: bigint, filter: DownlineFilter, page: number, pageSize: number) => {
    const conditions = [sql`true`];
    if (filter.scope === 'direct') conditions.push(sql`t.level = 1`);
    if (filter.kind === 'agent') conditions.push(sql`m.type in (${agentTypes})`);
    if (filter.kind === 'member') conditions.push(sql`m.type not in (${agentTypes})`);
    if (filter.username) conditions.push(sql`m.username_lower like ${likePart(filter.username)}`);
    const where = sql.join(conditions, sql` and `);
    const [{ rows }, { rows: counted }] = await Promise.all([
      sql<DownlineRow>`${teamCte(merchantId, agentId)}
        select m.id, m.username, m.nickname, m.type, t.level, p.username as upline, m.status,
               coalesce(a.balance, 0)::int8 as balance, m.created_at, m.last_login_at,
               case when m.type in (${agentTypes}) then (
                 with recursive sub(id, depth) as (
                   select c.id, 1 from members c where c.parent_id = m.id and c.merchant_id = ${merchantId}
                   union all
                   select c.id, s.depth + 1 from members c join sub s on c.parent_id = s.id
                    where c.merchant_id = ${merchantId} and s.depth < ${MAX_TEAM_DEPTH}
                 ) select count(*) from sub) else 0 end::int as team_size
          from team t
          join members m on m.id = t.id
          join members p on p.id = m.parent_id
          left join accounts a on a.member_id = m.id and a.merchant_id = ${merchantId} and a.kind = ${MAIN_WALLET}
         where ${where}
         order by m.created_at desc, m.id desc
         limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db),
      sql<{ n: number }>`${teamCte(merchantId, agentId)}
        select count(*)::int as n from team t join members m on m.id = t.id where ${where}`.execute(db),
    ]);
    return { items: rows, total: counted[0]?.n ?? 0 };
  },

  /**
   * One row per direct downline: the downline with everyone under them. Deposits credited, withdrawals
   * paid and rounds opened in the range and settled. Every direct downline has a row, active or not.
   */
  profitByDownline: async (merchantId: bigint, agentId: bigint, range: Range): Promise<ProfitRow[]> => {
    const { rows } = await sql<ProfitRow>`${teamCte(merchantId, agentId)},
      money as (
        select a.member_id,
               coalesce(sum(e.amount) filter (where x.type = 'DEPOSIT'), 0)::int8 as deposits,
               coalesce(-sum(e.amount) filter (where x.type = 'WITHDRAWAL'), 0)::int8 as withdrawals
          ${teamMoneyEntries(merchantId, range)}
         group by a.member_id
      ),
      play as (
        select r.member_id, count(*)::int as rounds, sum(r.stake)::int8 as stake, sum(r.payout)::int8 as payout
          ${teamRounds(merchantId, range)} and r.status = 'closed'
         group by r.member_id
      )
      select d.id, d.username, d.type, count(*)::int as accounts,
             coalesce(sum(money.deposits), 0)::int8 as deposits, coalesce(sum(money.withdrawals), 0)::int8 as withdrawals,
             coalesce(sum(play.rounds), 0)::int as rounds, coalesce(sum(play.stake), 0)::int8 as stake,
             coalesce(sum(play.payout), 0)::int8 as payout
        from team t
        join members d on d.id = t.root
        left join money on money.member_id = t.id
        left join play on play.member_id = t.id
       group by d.id, d.username, d.type`.execute(db);
    return rows;
  },
});
export type AgentRepository = ReturnType<typeof agentRepository>;
