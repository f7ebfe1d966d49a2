import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { schedule, type JobLog } from './schedule.js';

/**
 * Tables that point at a member, in two groups (a test compares them with the database's foreign keys,
 * so a new table has to be placed in one). What a free-play account may leave behind by looking around,
 * deleted with it:
 */
export const FREEPLAY_LEFTOVERS = ['sessions', 'login_history', 'favorite_games', 'recent_games', 'game_sessions', 'inhouse_seeds', 'message_states', 'messages', 'password_reset_tokens', 'login_challenges'] as const;
/**
 * …and records of substance (money, play, documents, feedback). A trial account can make none of them
 * but feedback, which an operator may still have to read; an account that has any is kept, whatever its
 * age, and so is one with a downline or a wallet the ledger ever touched.
 */
export const MEMBER_RECORDS = ['deposits', 'withdrawals', 'bank_cards', 'game_rounds', 'vendor_transactions', 'inhouse_plays', 'inhouse_mines', 'wallet_transfer_requests', 'uploads', 'game_wallet_checks', 'inhouse_revealed_seeds', 'feedback', 'point_accounts', 'point_entries', 'point_orders', 'point_progress', 'promotion_claims', 'promotion_actions', 'lottery_slips', 'mission_claims', 'leaderboard_awards', 'vip_progress', 'vip_upgrades', 'chat_conversations', 'member_profiles', 'rebate_claims'] as const;

/** Free-play accounts removed per run (the next run takes the rest). */
const FREEPLAY_PURGE_BATCH = 500;

/**
 * Free-play accounts (spec §4 "free play": type 4, register method FREEPLAY) are reachable only through
 * their session, since their password is random and never shown. Once none of their sessions can be
 * used any more (each revoked or past its expiry) and the account is over a day old, nobody can sign in to
 * it again: it goes, with its leftovers and its empty wallets, in one transaction. The seeded demo trial
 * account (a known password) is not a free-play account and stays.
 */
const purgeFreePlay = async (db: Database) =>
  db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ id: bigint }>`
      select m.id from members m
      where m.type = 4 and m.register_method = 'FREEPLAY' and m.created_at < now() - interval '1 day'
        and not exists (select 1 from sessions s where s.member_id = m.id and s.revoked_at is null and s.expires_at > now())
        and not exists (select 1 from members c where c.parent_id = m.id)
        and not exists (select 1 from accounts a join ledger_entries e on e.account_id = a.id where a.member_id = m.id)
        and not exists (select 1 from accounts a join ledger_holds h on h.account_id = a.id where a.member_id = m.id)
        ${sql.join(
          MEMBER_RECORDS.map((t) => sql`and not exists (select 1 from ${sql.table(t)} r where r.member_id = m.id)`),
          sql` `,
        )}
      order by m.id
      limit ${FREEPLAY_PURGE_BATCH}
      for update of m skip locked`.execute(tx);
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return 0;
    for (const table of FREEPLAY_LEFTOVERS) await tx.deleteFrom(table).where('member_id', 'in', ids).execute();
    await tx.deleteFrom('accounts').where('member_id', 'in', ids).execute();
    const deleted = await tx.deleteFrom('members').where('id', 'in', ids).where('type', '=', 4).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });

/**
 * Deletes what has served its purpose: used or expired captchas, throttle counters nobody touched for
 * a day, member and operator sessions that ended over a week ago, game launches whose token expired
 * over 30 days ago (a vendor may still settle a round with an expired token, so launches are kept well
 * past their expiry; rounds and wallet calls never point at a launch, so nothing else goes with them),
 * free-play accounts nobody can sign in to any more (above), SMS codes and reset links a day past
 * their expiry, and the lottery limits' sums of draws settled over a day ago.
 * Every statement is idempotent, so it is safe for every API node to run it on its own timer.
 */
export const housekeeping = async (db: Database) => {
  const captchas = await db.deleteFrom('captchas').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`).executeTakeFirst();
  const throttles = await db
    .deleteFrom('auth_throttles')
    .where('updated_at', '<', sql<Date>`now() - interval '1 day'`)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .executeTakeFirst();
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', sql<Date>`now() - interval '7 days'`), eb('revoked_at', '<', sql<Date>`now() - interval '7 days'`)]))
    .executeTakeFirst();
  const operatorSessions = await db
    .deleteFrom('operator_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', sql<Date>`now() - interval '7 days'`), eb('revoked_at', '<', sql<Date>`now() - interval '7 days'`)]))
    .executeTakeFirst();
  const gameSessions = await db.deleteFrom('game_sessions').where('expires_at', '<', sql<Date>`now() - interval '30 days'`).executeTakeFirst();
  // SMS codes and reset links a day past their expiry can never be used (docs/verification.md); the outbox stays.
  const codes = await db.deleteFrom('verification_codes').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).executeTakeFirst();
  const resetLinks = await db.deleteFrom('password_reset_tokens').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).executeTakeFirst();
  // Login confirmations likewise (docs/two-factor.md); the sign-in history keeps what happened.
  const loginChallenges = await db.deleteFrom('login_challenges').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).executeTakeFirst();
  // What a settled draw's picks could have cost is no longer a limit on anything (docs/lottery.md "Limits").
  const lotteryExposure = await db
    .deleteFrom('lottery_exposure')
    .where('draw_id', 'in', (eb) => eb.selectFrom('lottery_draws').select('id').where('status', '=', 'settled').where('draw_at', '<', sql<Date>`now() - interval '1 day'`))
    .executeTakeFirst();
  const freePlayAccounts = await purgeFreePlay(db);
  return {
    freePlayAccounts,
    captchas: Number(captchas.numDeletedRows),
    throttles: Number(throttles.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    operatorSessions: Number(operatorSessions.numDeletedRows),
    gameSessions: Number(gameSessions.numDeletedRows),
    verificationCodes: Number(codes.numDeletedRows),
    resetLinks: Number(resetLinks.numDeletedRows),
    loginChallenges: Number(loginChallenges.numDeletedRows),
    lotteryExposure: Number(lotteryExposure.numDeletedRows),
  };
};

/** Runs `housekeeping` every 10 minutes (each delete is idempotent, so on every node). */
export const scheduleHousekeeping = (db: Database, log: JobLog, pattern = '0 */10 * * * *') =>
  schedule('housekeeping', pattern, async () => log.info({ deleted: await housekeeping(db) }, 'housekeeping'), log);
