import { sql, type ExpressionBuilder } from 'kysely';
import { INHOUSE_VENDOR } from '@apsara/contracts';
import type { Database } from '../../db/database.js';
import type { DB, GameNames, LotterySlipBet } from '../../db/schema.js';
import { playersFilter, type Players } from '../agent/team.js';

export type RoundFilter = { category?: string; vendor?: string; from: Date; to: Date };

export type RoundRow = {
  id: bigint;
  /** Whose round it was. */
  username: string;
  roundRef: string;
  gameId: bigint;
  nodeId: bigint;
  gameCode: string;
  names: GameNames;
  vendor: string;
  vendorName: string;
  category: string;
  stake: bigint;
  payout: bigint;
  status: 'open' | 'closed';
  openedAt: Date;
  closedAt: Date | null;
  /** An in-house Dice or Mines round's provably-fair reference, picked out of its detail (null for any other round). */
  fairRef: Record<string, unknown> | null;
  /** The vendor's words for what was staked (one line per bet) and how the round ended. */
  description: string | null;
  result: string | null;
  /** An in-house Slot, Dice or Mines round's facts (bet-record.service words them as BetInhousePlay); null otherwise. */
  play: Record<string, unknown> | null;
  /** A lottery round's slip (its bets, and the draw's digits once settled); null for any other round. */
  lottery: { id: string; drawNo: string; bets: LotterySlipBet[]; result: number[] | null } | null;
};

export type Sums = { rounds: number; stake: bigint; payout: bigint };
/** Sums with the part of them still open: what the open rounds staked and (a round paid as it goes) paid so far. */
export type RecordSums = Sums & { open: Sums };
export type CategorySums = Sums & { category: string; status: 'open' | 'closed' };

// Sums of bigint columns are numeric in PostgreSQL (a string here); int8 keeps them bigint.
const sums = (eb: ExpressionBuilder<DB & { r: DB['game_rounds'] }, 'r'>) => [
  eb.fn.countAll<bigint>().as('rounds'),
  sql<bigint>`coalesce(sum(${eb.ref('r.stake')}), 0)::int8`.as('stake'),
  sql<bigint>`coalesce(sum(${eb.ref('r.payout')}), 0)::int8`.as('payout'),
];
const openSums = (eb: ExpressionBuilder<DB & { r: DB['game_rounds'] }, 'r'>) => [
  sql<bigint>`count(*) filter (where ${eb.ref('r.status')} = 'open')`.as('open_rounds'),
  sql<bigint>`coalesce(sum(${eb.ref('r.stake')}) filter (where ${eb.ref('r.status')} = 'open'), 0)::int8`.as('open_stake'),
  sql<bigint>`coalesce(sum(${eb.ref('r.payout')}) filter (where ${eb.ref('r.status')} = 'open'), 0)::int8`.as('open_payout'),
];

/**
 * Rounds read for the betting record and the profit report: a member's own, or those of an agent's
 * whole team (the agent center). Every query starts from `game_rounds` of one merchant and its
 * players, over an opened_at range (index game_rounds_member); the game and vendor rows are the shared
 * catalogue and only name what the round was.
 */
export const betRecordRepository = (db: Database) => {
  const rounds = (merchantId: bigint, who: Players, f: RoundFilter) => {
    let q = db
      .selectFrom('game_rounds as r')
      .innerJoin('games as g', 'g.id', 'r.game_id')
      .where('r.merchant_id', '=', merchantId)
      .where(playersFilter('r.member_id', merchantId, who))
      .where('r.opened_at', '>=', f.from)
      .where('r.opened_at', '<', f.to);
    // A category filter finds the rounds of every game listed under it (the slots lobby shows the
    // in-house slot too); sums per category still count each round once, under its game's own type.
    if (f.category) {
      const category = f.category;
      q = q.where((eb) => eb.or([eb('g.game_type', '=', category), sql<boolean>`${category} = any(g.also_types)`]));
    }
    if (f.vendor) q = q.where('r.vendor_code', '=', f.vendor);
    return q;
  };

  return {
    /** One page, newest first, and the sums of every round the filter matches. */
    page: async (merchantId: bigint, who: Players, f: RoundFilter, page: number, pageSize: number): Promise<{ items: RoundRow[]; totals: RecordSums }> => {
      const [rows, totals] = await Promise.all([
        rounds(merchantId, who, f)
          .innerJoin('game_vendors as v', 'v.code', 'r.vendor_code')
          .innerJoin('members as mb', 'mb.id', 'r.member_id')
          .select([
            'r.id',
            'mb.username',
            'r.round_ref',
            'r.game_id',
            'g.node_id',
            'g.game_code',
            'g.names',
            'r.vendor_code',
            'v.name as vendor_name',
            'g.game_type',
            'r.stake',
            'r.payout',
            'r.status',
            'r.opened_at',
            'r.closed_at',
            'r.description',
            'r.result',
            // A lottery round (LOT-<slip id>) names its slip: looked up by id, the slip of this member only.
            sql<RoundRow['lottery']>`case when r.vendor_code = ${INHOUSE_VENDOR} and r.round_ref ~ '^LOT-[0-9]{1,18}$' then (
              select jsonb_build_object('id', s.id::text, 'drawNo', d.draw_no, 'bets', s.bets,
                'result', case when s.status in ('won', 'lost') then to_jsonb(d.result) end)
              from lottery_slips s join lottery_draws d on d.id = s.draw_id
              where s.id = substring(r.round_ref from 5)::bigint and s.merchant_id = r.merchant_id and s.member_id = r.member_id) end`.as('lottery'),
            // Only what the verifier needs, and only for in-house Dice and Mines rounds: the rest of a
            // round's detail (a finished Mines game's cells, a slot's window) stays in the database.
            sql<Record<string, unknown> | null>`case when r.vendor_code = ${INHOUSE_VENDOR} and r.detail->>'game' in ('DICE', 'MINES') then jsonb_strip_nulls(jsonb_build_object(
              'game', r.detail->'game', 'serverSeedHash', r.detail->'serverSeedHash', 'clientSeed', r.detail->'clientSeed',
              'nonce', r.detail->'nonce', 'mines', r.detail->'mines')) end`.as('fair_ref'),
            // What was played in a settled in-house Slot, Dice or Mines round: the few facts the record words.
            // A Mines game still open is read from its game row: how many mines and safe tiles so far (never where the mines are).
            sql<Record<string, unknown> | null>`case when r.vendor_code = ${INHOUSE_VENDOR} and r.status = 'open' and r.round_ref ~ '^MINES-[0-9]{1,18}$' then (
              select jsonb_build_object('game', 'MINES', 'mines', g.mines, 'revealed', to_jsonb(g.revealed), 'outcome', 'open')
              from inhouse_mines g
              where g.id = substring(r.round_ref from 7)::bigint and g.merchant_id = r.merchant_id and g.member_id = r.member_id and g.status = 'open')
            when r.vendor_code = ${INHOUSE_VENDOR} and r.status = 'closed' and r.detail->>'game' in ('SLOT', 'DICE', 'MINES') then jsonb_strip_nulls(jsonb_build_object(
              'game', r.detail->'game',
              'lineWins', case when jsonb_typeof(r.detail->'lineWins') = 'array' then jsonb_array_length(r.detail->'lineWins') end,
              'scatterCount', r.detail->'scatterCount', 'freeSpins', r.detail->'freeSpins',
              'direction', r.detail->'direction', 'target', r.detail->'target', 'roll', r.detail->'roll',
              'mines', r.detail->'mines', 'revealed', r.detail->'revealed', 'mineCells', r.detail->'mineCells', 'outcome', r.detail->'outcome')) end`.as('play'),
          ])
          .orderBy('r.opened_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        rounds(merchantId, who, f).select((eb) => [...sums(eb), ...openSums(eb)]).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          username: r.username,
          roundRef: r.round_ref,
          gameId: r.game_id,
          nodeId: r.node_id,
          gameCode: r.game_code,
          names: r.names,
          vendor: r.vendor_code,
          vendorName: r.vendor_name,
          category: r.game_type,
          stake: r.stake,
          payout: r.payout,
          status: r.status,
          openedAt: r.opened_at,
          closedAt: r.closed_at,
          fairRef: r.fair_ref,
          play: r.play,
          description: r.description,
          result: r.result,
          lottery: r.lottery,
        })),
        totals: {
          rounds: Number(totals.rounds),
          stake: totals.stake,
          payout: totals.payout,
          open: { rounds: Number(totals.open_rounds), stake: totals.open_stake, payout: totals.open_payout },
        },
      };
    },

    /** Sums per category and round status over the range. */
    byCategory: async (merchantId: bigint, who: Players, f: Pick<RoundFilter, 'from' | 'to'>): Promise<CategorySums[]> => {
      const rows = await rounds(merchantId, who, f)
        .select((eb) => ['g.game_type', 'r.status', ...sums(eb)])
        .groupBy(['g.game_type', 'r.status'])
        .execute();
      return rows.map((r) => ({ category: r.game_type, status: r.status, rounds: Number(r.rounds), stake: r.stake, payout: r.payout }));
    },
  };
};
export type BetRecordRepository = ReturnType<typeof betRecordRepository>;
