import { sql } from 'kysely';

/**
 * The category a round counts under for points and the manual rebate, read from its game's row (`games`
 * under the alias given): the game's category, except Apsara's own lotteries — in-house games also
 * listed under LOTT — which count as lottery play, not as the in-house games' rng.
 */
export const playCategory = (alias: string) =>
  sql<string>`(case when ${sql.ref(`${alias}.game_type`)} = 'INHOUSE' and 'LOTT' = any(${sql.ref(`${alias}.also_types`)}) then 'LOTT' else ${sql.ref(`${alias}.game_type`)} end)`;
