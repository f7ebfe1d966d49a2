import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, InhouseMinesStatus } from '../../db/schema.js';

export type Db = Kysely<DB>;
export type ITx = Transaction<DB>;

export type SeedRow = {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  next_server_seed: string;
  next_server_seed_hash: string;
};

const seedColumns = ['server_seed', 'server_seed_hash', 'client_seed', 'nonce', 'next_server_seed', 'next_server_seed_hash'] as const;

/** The only place the in-house games touch the query builder. */
export const inhouseRepository = (db: Db) => ({
  db,
  transaction: <T>(work: (tx: ITx) => Promise<T>) => db.transaction().execute(work),

  gameId: async (gameCode: string) =>
    (await db.selectFrom('games').select('id').where('vendor_code', '=', 'APSARA').where('game_code', '=', gameCode).executeTakeFirst())?.id,

  seeds: (ex: Db | ITx, merchantId: bigint, memberId: bigint, lock = false) => {
    const q = ex.selectFrom('inhouse_seeds').select(seedColumns).where('merchant_id', '=', merchantId).where('member_id', '=', memberId);
    return (lock ? q.forUpdate() : q).executeTakeFirst();
  },

  /** First seeds of a member; a concurrent first call keeps whichever row landed first. */
  insertSeeds: (merchantId: bigint, memberId: bigint, s: SeedRow) =>
    db.insertInto('inhouse_seeds').values({ merchant_id: merchantId, member_id: memberId, ...s }).onConflict((oc) => oc.columns(['merchant_id', 'member_id']).doNothing()).execute(),

  replaceSeeds: (tx: ITx, merchantId: bigint, memberId: bigint, s: SeedRow) =>
    tx.updateTable('inhouse_seeds').set({ ...s, updated_at: new Date() }).where('merchant_id', '=', merchantId).where('member_id', '=', memberId).execute(),

  /** Keeps a retired pair that was bet with (the caller skips pairs with no bets). */
  keepRevealed: (tx: ITx, merchantId: bigint, memberId: bigint, p: { server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }) =>
    tx.insertInto('inhouse_revealed_seeds').values({ merchant_id: merchantId, member_id: memberId, ...p }).execute(),

  /** A member's retired pairs, newest first, a page of `pageSize`; `serverSeedHash` narrows to one. */
  revealedPage: async (merchantId: bigint, memberId: bigint, filter: { serverSeedHash?: string }, page: number, pageSize: number) => {
    let q = db.selectFrom('inhouse_revealed_seeds').where('merchant_id', '=', merchantId).where('member_id', '=', memberId);
    if (filter.serverSeedHash) q = q.where('server_seed_hash', '=', filter.serverSeedHash);
    const [items, total] = await Promise.all([
      q.select(['server_seed', 'server_seed_hash', 'client_seed', 'nonce', 'revealed_at']).orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  },

  /** The nonce of this bet, taken atomically: the row's nonce moves on by one. */
  takeNonce: (tx: ITx, merchantId: bigint, memberId: bigint) =>
    tx
      .updateTable('inhouse_seeds')
      .set((eb) => ({ nonce: eb('nonce', '+', 1) }))
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .returning(['server_seed', 'server_seed_hash', 'client_seed', sql<number>`nonce - 1`.as('nonce')])
      .executeTakeFirstOrThrow(),

  /** Claims (member, key) for a play; undefined when it was claimed before (the first claim is then committed). */
  claimPlay: async (tx: ITx, p: { merchantId: bigint; memberId: bigint; key: string; game: string; hash: string }) =>
    (
      await tx
        .insertInto('inhouse_plays')
        .values({ merchant_id: p.merchantId, member_id: p.memberId, idempotency_key: p.key, game: p.game, request_hash: p.hash, outcome: '{}' })
        .onConflict((oc) => oc.columns(['merchant_id', 'member_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id,

  findPlay: (tx: ITx, merchantId: bigint, memberId: bigint, key: string) =>
    tx.selectFrom('inhouse_plays').select(['id', 'game', 'request_hash', 'outcome']).where('merchant_id', '=', merchantId).where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirstOrThrow(),

  setOutcome: (tx: ITx, id: bigint, outcome: Record<string, unknown>) =>
    tx.updateTable('inhouse_plays').set({ outcome: JSON.stringify(outcome) }).where('id', '=', id).execute(),

  openMines: (ex: Db | ITx, merchantId: bigint, memberId: bigint) =>
    ex.selectFrom('inhouse_mines').selectAll().where('merchant_id', '=', merchantId).where('member_id', '=', memberId).where('status', 'in', ['pending', 'open']).executeTakeFirst(),

  insertMines: async (tx: ITx, g: { merchantId: bigint; memberId: bigint; stake: bigint; mines: number; mineCells: number[]; serverSeedHash: string; clientSeed: string; nonce: number }) =>
    (
      await tx
        .insertInto('inhouse_mines')
        .values({
          merchant_id: g.merchantId,
          member_id: g.memberId,
          stake: g.stake,
          mines: g.mines,
          mine_cells: JSON.stringify(g.mineCells),
          server_seed_hash: g.serverSeedHash,
          client_seed: g.clientSeed,
          nonce: g.nonce,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  mines: (ex: Db | ITx, merchantId: bigint, memberId: bigint, id: bigint, lock = false) => {
    const q = ex.selectFrom('inhouse_mines').selectAll().where('merchant_id', '=', merchantId).where('member_id', '=', memberId).where('id', '=', id);
    return (lock ? q.forUpdate() : q).executeTakeFirst();
  },

  updateMines: (ex: Db | ITx, id: bigint, u: { status?: InhouseMinesStatus; revealed?: number[]; payout?: bigint; ended?: boolean }) =>
    ex
      .updateTable('inhouse_mines')
      .set({
        ...(u.status ? { status: u.status } : {}),
        ...(u.revealed ? { revealed: JSON.stringify(u.revealed) } : {}),
        ...(u.payout !== undefined ? { payout: u.payout } : {}),
        ...(u.ended ? { ended_at: new Date() } : {}),
      })
      .where('id', '=', id)
      .execute(),
});
export type InhouseRepository = ReturnType<typeof inhouseRepository>;
