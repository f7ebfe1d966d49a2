import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { seedDemo } from '../src/db/seed.js';

/**
 * Migration 0028 on a database that already has play: progress is filled from the rounds settled and
 * the deposits credited before it (real members only), those rounds are marked counted, and a round
 * still open is counted once it closes, through the queue, never twice.
 */
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory' });
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const to = await migrator.migrateTo('0027-missions');
  expect(to.error).toBeUndefined();
  await seedDemo(handle.db, undefined, { migratedTo: '0027-missions' });
});
afterAll(async () => {
  await handle?.close();
});

describe('migration 0028 (VIP ranks) on a database with play', () => {
  it('fills progress from what already happened and counts an open round once it closes', async () => {
    const db = handle.db;
    const member = async (username: string) => (await sql<{ id: bigint; merchant_id: bigint }>`select id, merchant_id from members where username = ${username}`.execute(db)).rows[0]!;
    const demo = await member('demo01');
    const trial = await member('trial01');
    const game = (await sql<{ id: bigint }>`select id from games limit 1`.execute(db)).rows[0]!;
    const round = (who: { id: bigint; merchant_id: bigint }, ref: string, stake: number, status: 'open' | 'closed') =>
      sql`insert into game_rounds (merchant_id, member_id, vendor_code, game_id, round_ref, stake, payout, status, closed_at)
          values (${who.merchant_id}, ${who.id}, 'AG', ${game.id}, ${ref}, ${stake}, 0, ${status}, ${status === 'closed' ? new Date() : null})`.execute(db);
    await round(demo, 'm28-1', 70_000, 'closed');
    await round(demo, 'm28-2', 40_000, 'closed');
    await round(demo, 'm28-3', 25_000, 'open');
    await round(trial, 'm28-4', 90_000, 'closed');
    await sql`insert into deposits (merchant_id, member_id, channel_id, type, amount, currency, reference, status, idempotency_key, reviewed_at)
              values (${demo.merchant_id}, ${demo.id}, 'bank-transfer', 'BANK_TRANSFER', 15000, 'USD', 'ABA 150', 'approved', 'm28-dep', now()),
                     (${demo.merchant_id}, ${demo.id}, 'bank-transfer', 'BANK_TRANSFER', 99900, 'USD', 'ABA 999', 'rejected', 'm28-dep-2', now())`.execute(db);

    expect(await migrateToLatest(db)).toContain('0028-vip');

    const progress = (await sql<{ member_id: bigint; bets: bigint; deposits: bigint; level: number }>`select member_id, bets, deposits, level from vip_progress`.execute(db)).rows;
    expect(progress).toEqual([{ member_id: demo.id, bets: 110_000n, deposits: 15_000n, level: 0 }]);
    const flags = (await sql<{ round_ref: string; vip_counted: boolean }>`select round_ref, vip_counted from game_rounds where round_ref like 'm28-%' order by round_ref`.execute(db)).rows;
    expect(flags).toEqual([
      { round_ref: 'm28-1', vip_counted: true },
      { round_ref: 'm28-2', vip_counted: true },
      { round_ref: 'm28-3', vip_counted: false },
      { round_ref: 'm28-4', vip_counted: true },
    ]);
    // A round made after the migration starts uncounted.
    await round(demo, 'm28-5', 1_000, 'open');
    expect((await sql<{ vip_counted: boolean }>`select vip_counted from game_rounds where round_ref = 'm28-5'`.execute(db)).rows[0]!.vip_counted).toBe(false);

    // The open round closes: queued once, counted once, even if reopened and closed again.
    await sql`update game_rounds set status = 'closed', closed_at = now() where round_ref = 'm28-3'`.execute(db);
    const queued = async () => Number((await sql<{ n: bigint }>`select count(*)::int8 as n from vip_queue where kind = 'round'`.execute(db)).rows[0]!.n);
    expect(await queued()).toBe(1);
  });
});
