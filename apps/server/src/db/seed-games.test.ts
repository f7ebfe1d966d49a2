import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from './database.js';
import { dropTestSchema, migrateTestSchema } from '../../test/test-schema.js';
import { DEMO, seedDemo } from './seed.js';
import { seedGames } from './seed-games.js';
import { catalogGames, merchantOffer } from '../modules/catalog/catalog-data.js';

/** The full demo catalogue on a database of its own (PGlite, or a schema of DATABASE_URL). */
let database: DatabaseHandle;
let schema: string | undefined;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  database = await openDatabase({ url, dataDir: 'memory', schema, poolSize: 4 });
  await migrateTestSchema(database.db, schema);
});
afterAll(async () => {
  if (schema) await dropTestSchema(database.db, schema);
  await database.close();
});

const count = async (table: 'games' | 'game_vendors' | 'merchant_game_vendors') =>
  Number((await sql<{ n: bigint }>`select count(*)::int8 as n from ${sql.table(table)}`.execute(database.db)).rows[0].n);
const version = async () => (await database.db.selectFrom('catalog_version').select('version').executeTakeFirstOrThrow()).version;

describe('seeding the game catalogue', () => {
  it('seeds the small catalogue, then the full one adds just the rest, then nothing', async () => {
    const codes = DEMO.map((m) => m.code);
    let small: Awaited<ReturnType<typeof seedGames>> | undefined;
    await seedDemo(database.db, DEMO, { onGames: (r) => (small = r) });
    expect(small).toMatchObject({ vendors: 40, games: catalogGames('small').length, offers: codes.reduce((n, c) => n + merchantOffer(c).length, 0) });

    const full = await seedGames(database.db, { size: 'full', merchantCodes: codes });
    const all = catalogGames('full').length;
    expect(all).toBeGreaterThanOrEqual(10_000);
    expect(full).toMatchObject({ vendors: 0, games: all - catalogGames('small').length, offers: 0 });
    expect(await count('games')).toBe(all);
    console.log(`full catalogue seed (${all - catalogGames('small').length} games) on ${database.kind}: ${full.ms} ms`);

    // A second start: nothing written, not even a catalogue version bump that would reload every node.
    const v = await version();
    const again = await seedGames(database.db, { size: 'full', merchantCodes: codes });
    expect(again).toMatchObject({ vendors: 0, games: 0, offers: 0 });
    expect(await version()).toBe(v);
    expect(await count('games')).toBe(all);
    expect(await count('merchant_game_vendors')).toBe(codes.reduce((n, c) => n + merchantOffer(c).length, 0));
  });

  it('stores what the catalogue defines', async () => {
    const slot = await database.db.selectFrom('games').selectAll().where('vendor_code', '=', 'APSARA').where('game_code', '=', 'SLOT').executeTakeFirstOrThrow();
    expect(slot).toMatchObject({ game_type: 'INHOUSE', also_types: ['RNG'], is_game: 'GAME', lines: 25, min_bet: 25n, icon_path: 'games/APSARA/SLOT.svg', names: { en: 'Angkor Treasures' } });
    const vendors = await database.db.selectFrom('game_vendors').selectAll().orderBy('code').execute();
    expect(vendors.filter((v) => v.wallet_type === 'TRANSFER').map((v) => v.code)).toEqual(['AG', 'BBIN', 'PT']);
    expect(vendors.filter((v) => v.origin === 'INHOUSE').map((v) => v.code)).toEqual(['APSARA']);
    const { rows } = await sql<{ n: bigint }>`select count(*)::int8 as n from games where game_type = 'RNG' and min_bet >= 100 and lines >= 25`.execute(database.db);
    expect(Number(rows[0].n)).toBe(catalogGames('full').filter((g) => g.gameType === 'RNG' && g.minBet >= 100 && g.lines >= 25).length);
    const children = await database.db.selectFrom('games').select('game_code').where('vendor_code', '=', 'AG').where('vassalage', '=', 'BACCARAT').execute();
    expect(children.length).toBe(8);
  });
});
