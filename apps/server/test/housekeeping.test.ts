import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { housekeeping } from '../src/jobs/housekeeping.js';
import { gameWalletRepository } from '../src/modules/game-wallet/game-wallet.repository.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('housekeeping', () => {
  it('deletes game launches whose token expired over 30 days ago and keeps the rest', async () => {
    const db = h.database.db;
    const member = await db.selectFrom('members').select(['id', 'merchant_id']).where('username', '=', 'demo01').executeTakeFirstOrThrow();
    const game = await db.selectFrom('games').select(['id', 'vendor_code']).orderBy('id').executeTakeFirstOrThrow();
    const repo = gameWalletRepository(db);
    const day = 86_400_000;
    const launch = (tokenHash: string, expiresAgoDays: number) =>
      repo.createSession({ tokenHash, merchantId: member.merchant_id, memberId: member.id, vendorCode: game.vendor_code, gameId: game.id, expiresAt: new Date(Date.now() - expiresAgoDays * day) });
    await launch('hk-old', 31);
    await launch('hk-recent', 29);
    await launch('hk-live', -1);

    const first = await housekeeping(db);
    expect(first.gameSessions).toBe(1);
    const left = await db.selectFrom('game_sessions').select('token_hash').where('token_hash', 'like', 'hk-%').orderBy('token_hash').execute();
    expect(left.map((r) => r.token_hash)).toEqual(['hk-live', 'hk-recent']);

    // Idempotent: a second pass (another node's timer) finds nothing more to do.
    expect((await housekeeping(db)).gameSessions).toBe(0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from game_sessions where token_hash like 'hk-%'`.execute(db);
    expect(rows[0].n).toBe(2);
  });
});
