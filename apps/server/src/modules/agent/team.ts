import { sql, type RawBuilder } from 'kysely';

/** How deep a team is followed: far beyond any real agent tree, and a stop should bad data ever form a loop. */
export const MAX_TEAM_DEPTH = 32;

/**
 * Whose records a query reads: one member's own, or an agent's whole team (every account under
 * them, at every level; the agent themself not included).
 */
export type Players = { memberId: bigint } | { teamOf: bigint };

/**
 * The members of an agent's team, as a recursive query usable in `member_id in (…)`: level 1 is the
 * agent's direct downlines (members_parent index), each further level their downlines. Only members of
 * the agent's own merchant are ever followed.
 */
export const teamIds = (merchantId: bigint, agentId: bigint): RawBuilder<bigint> =>
  sql<bigint>`(with recursive team(id, depth) as (
      select m.id, 1 from members m where m.parent_id = ${agentId} and m.merchant_id = ${merchantId}
      union all
      select m.id, t.depth + 1 from members m join team t on m.parent_id = t.id
       where m.merchant_id = ${merchantId} and t.depth < ${MAX_TEAM_DEPTH}
    ) select id from team)`;

/** `member_id` (of the given column) belongs to these players. */
export const playersFilter = (column: string, merchantId: bigint, who: Players): RawBuilder<boolean> =>
  'memberId' in who ? sql<boolean>`${sql.ref(column)} = ${who.memberId}` : sql<boolean>`${sql.ref(column)} in ${teamIds(merchantId, who.teamOf)}`;
