import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed.js';
import { buildApp } from '../src/app.js';
import type { MerchantConfig } from '../src/modules/merchant/merchant-config.js';

export const CAPTCHA_ANSWER = 'T3ST';

export type Harness = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Sends a request as a browser on `host` (default: the default merchant's localhost). */
  call: (opts: InjectOptions & { host?: string; token?: string; lang?: string; ip?: string }) => Promise<LightMyRequestResponse>;
  login: (username: string, password: string, host?: string) => Promise<string>;
  setConfig: (code: string, patch: (c: Record<string, any>) => void) => Promise<void>;
  counts: () => Promise<Record<string, number>>;
  close: () => Promise<void>;
};

/**
 * A whole app on a database of its own: in-memory PGlite by default, or a fresh schema on the
 * PostgreSQL server named by DATABASE_URL (CI runs every suite both ways).
 */
export const startHarness = async (env: Record<string, string> = {}): Promise<Harness> => {
  const url = process.env.DATABASE_URL;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ url, dataDir: 'memory', schema, poolSize: 8 });
  await migrateToLatest(database.db, schema);
  await seedDemo(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA_PROVIDER: 'fixed',
    CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_SCALE: '1000',
    ...env,
  });
  const app = await buildApp({ config, database });
  await app.ready();

  const call: Harness['call'] = ({ host = 'localhost', token, lang, ip, headers, ...rest }) =>
    app.inject({
      ...rest,
      remoteAddress: ip ?? '127.0.0.1',
      headers: {
        host,
        ...(lang ? { 'accept-language': lang } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });

  const login: Harness['login'] = async (username, password, host) => {
    const res = await call({ method: 'POST', url: '/wps/session/login', host, payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return res.json().value.token;
  };

  const setConfig: Harness['setConfig'] = async (code, patch) => {
    const row = await database.db.selectFrom('merchants').select('config').where('code', '=', code).executeTakeFirstOrThrow();
    const config = structuredClone(row.config) as Record<string, any>;
    patch(config);
    await database.db.updateTable('merchants').set({ config: JSON.stringify(config) }).where('code', '=', code).execute();
    app.invalidateMerchantCache();
  };

  const counts = async () => {
    const out: Record<string, number> = {};
    for (const t of ['members', 'sessions', 'captchas', 'accounts', 'login_history'] as const) {
      const { rows } = await sql<{ n: bigint }>`select count(*)::int8 as n from ${sql.table(t)}`.execute(database.db);
      out[t] = Number(rows[0].n);
    }
    return out;
  };

  const close = async () => {
    await app.close();
    if (schema) await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
    await database.close();
  };

  return { app, database, call, login, setConfig, counts, close };
};

export type MerchantConfigPatch = Partial<MerchantConfig>;
