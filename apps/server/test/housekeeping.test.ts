import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FREEPLAY_LEFTOVERS, MEMBER_RECORDS, housekeeping } from '../src/jobs/housekeeping.js';
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

  describe('free-play accounts nobody can sign in to any more', () => {
    const db = () => h.database.db;
    /** A free-play account through the API: a random password, a session, a login record and a wallet. */
    const freePlay = async () => {
      const v = (await h.call({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} })).json().value;
      const info = (await h.call({ method: 'GET', url: '/wps/member/info', token: v.token })).json().value;
      return { id: BigInt(info.id), token: v.token as string };
    };
    const rowsOf = async (t: string, id: bigint) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)} where member_id = ${id}`.execute(db())).rows[0].n;
    /** Moves the account's birth and its sessions into the past, as if `days` had gone by. */
    const age = async (id: bigint, days: number, sessionsEnded = true) => {
      await sql`update members set created_at = now() - make_interval(days => ${days}) where id = ${id}`.execute(db());
      if (sessionsEnded) await sql`update sessions set expires_at = now() - interval '1 minute' where member_id = ${id}`.execute(db());
    };
    const exists = async (id: bigint) => (await db().selectFrom('members').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

    it('go with their sessions, login records and empty wallet once no session of theirs can be used and a day has passed', async () => {
      const gone = await freePlay();
      const live = await freePlay();
      const young = await freePlay();
      await age(gone.id, 2);
      await age(live.id, 2, false);
      await age(young.id, 0);
      const seeded = await db().selectFrom('members').select(['id', 'type']).where('username', '=', 'trial01').executeTakeFirstOrThrow();
      expect(seeded.type).toBe(4);
      await sql`update members set created_at = now() - interval '400 days' where id = ${seeded.id}`.execute(db());

      // Someone typed its name into the login box once: a login record that points at it.
      const { merchant_id } = await db().selectFrom('members').select('merchant_id').where('id', '=', gone.id).executeTakeFirstOrThrow();
      await db().insertInto('login_history').values({ merchant_id, member_id: gone.id, username: 'guest', ip: '127.0.0.1', user_agent: null, success: false, reason: 'PASSWORD_WRONG' }).execute();
      // Its own sign-in (free play opened its session) and that one.
      expect([await rowsOf('sessions', gone.id), await rowsOf('accounts', gone.id), await rowsOf('login_history', gone.id)]).toEqual([1, 1, 2]);
      const before = Number((await sql<{ n: number }>`select count(*)::int as n from members`.execute(db())).rows[0].n);
      expect((await housekeeping(db())).freePlayAccounts).toBe(1);
      expect(await exists(gone.id)).toBe(false);
      for (const t of [...FREEPLAY_LEFTOVERS, 'accounts']) expect(await rowsOf(t, gone.id), t).toBe(0);
      // A session still usable, an account under a day old, and the seeded demo trial account stay.
      expect([await exists(live.id), await exists(young.id), await exists(seeded.id)]).toEqual([true, true, true]);
      expect((await h.call({ method: 'GET', url: '/wps/member/info', token: live.token })).statusCode).toBe(200);
      expect(Number((await sql<{ n: number }>`select count(*)::int as n from members`.execute(db())).rows[0].n)).toBe(before - 1);
      expect((await housekeeping(db())).freePlayAccounts).toBe(0);
    });

    it('keep one that has anything of substance, whatever its age', async () => {
      const kept = await freePlay();
      await age(kept.id, 10);
      const { merchant_id } = await db().selectFrom('members').select('merchant_id').where('id', '=', kept.id).executeTakeFirstOrThrow();
      const game = await db().selectFrom('games').select(['id', 'vendor_code']).orderBy('id').executeTakeFirstOrThrow();
      await db().insertInto('game_rounds').values({ merchant_id, member_id: kept.id, vendor_code: game.vendor_code, game_id: game.id, round_ref: 'hk-kept-1', stake: 0n, payout: 0n, status: 'open' } as never).execute();
      expect((await housekeeping(db())).freePlayAccounts).toBe(0);
      expect(await exists(kept.id)).toBe(true);
    });

    it('every table that points at a member is either deleted with a free-play account or keeps it', async () => {
      const { rows } = await sql<{ t: string; c: string }>`
        select conrelid::regclass::text as t, a.attname as c
        from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
        where k.contype = 'f' and k.confrelid = 'members'::regclass`.execute(db());
      const pointing = rows.map((r) => `${r.t.replace(/^.*\./, '')}.${r.c}`).sort();
      // Contracts name agents only (modules/agent/contracts.service.ts), never a free-play account; invite
      // friends names registered members only (a trial account has no code and is never registered with one).
      const placed = [...FREEPLAY_LEFTOVERS, ...MEMBER_RECORDS, 'accounts']
        .map((t) => `${t}.member_id`)
        .concat('members.parent_id', 'agent_contracts.holder_id', 'agent_contracts.upline_id', 'members.referred_by', 'referral_rewards.referrer_id', 'referral_rewards.friend_id')
        .sort();
      expect(pointing).toEqual(placed);
    });
  });
});
