import type { Database } from './database.js';

type DemoMission = { code: string; period: 'daily' | 'weekly'; metric: 'bets' | 'rounds' | 'wins' | 'deposits'; target: bigint; reward: bigint };

/**
 * The demo missions: something for a short visit every day, and a reason to come back in the week.
 * Money in cents. Every reward stays below what the bets it asks for cost a player on average at the
 * thinnest house edge here (1 % on Dice): a mission is a bonus for playing, not a way to be paid for it.
 */
export const DEMO_MISSIONS: DemoMission[] = [
  { code: 'daily-bets-100', period: 'daily', metric: 'bets', target: 10_000n, reward: 50n },
  { code: 'daily-rounds-50', period: 'daily', metric: 'rounds', target: 50n, reward: 30n },
  { code: 'daily-wins-10', period: 'daily', metric: 'wins', target: 10n, reward: 20n },
  { code: 'daily-deposit-100', period: 'daily', metric: 'deposits', target: 10_000n, reward: 80n },
  { code: 'weekly-bets-2000', period: 'weekly', metric: 'bets', target: 200_000n, reward: 1_000n },
  { code: 'weekly-rounds-500', period: 'weekly', metric: 'rounds', target: 500n, reward: 300n },
  { code: 'weekly-deposit-500', period: 'weekly', metric: 'deposits', target: 50_000n, reward: 400n },
];

/**
 * Puts the demo missions on the demo merchants (`codes`) that have none yet; a merchant whose
 * operators already made missions is left alone, so running it again changes nothing.
 */
export const seedMissions = async (db: Database, codes: string[], missions: DemoMission[] = DEMO_MISSIONS) => {
  if (codes.length === 0) return;
  const merchants = await db.selectFrom('merchants').select('id').where('code', 'in', codes).execute();
  for (const m of merchants) {
    await db.transaction().execute(async (tx) => {
      // One seeder at a time per merchant when several nodes start at once.
      await tx.selectFrom('merchants').select('id').where('id', '=', m.id).forUpdate().execute();
      if (await tx.selectFrom('missions').select('id').where('merchant_id', '=', m.id).limit(1).executeTakeFirst()) return;
      await tx
        .insertInto('missions')
        .values(missions.map((x, i) => ({ merchant_id: m.id, code: x.code, period: x.period, metric: x.metric, target: x.target, reward: x.reward, sort: i * 10 })))
        .execute();
    });
  }
};
