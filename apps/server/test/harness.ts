import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { dropTestSchema, migrateTestSchema } from './test-schema.js';
import { seedDemo } from '../src/db/seed.js';
import { buildApp } from '../src/app.js';
import { AppError } from '../src/lib/app-error.js';
import type { MerchantConfig } from '../src/modules/merchant/merchant-config.js';
import { bootstrapOperator } from '../src/modules/ops/ops.bootstrap.js';
import { opsRepository } from '../src/modules/ops/ops.repository.js';
import { hashPassword } from '../src/lib/password.js';

export const CAPTCHA_ANSWER = 'T3ST';
/** The bootstrap admin operator every harness creates on the default merchant (APSARA). */
export const OPS_ADMIN = { username: 'opsadmin', password: 'Ops-Admin-Pass-1' };

export type Harness = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Sends a request as a browser on `host` (default: the default merchant's localhost). */
  call: (opts: InjectOptions & { host?: string; token?: string; lang?: string; ip?: string }) => Promise<LightMyRequestResponse>;
  login: (username: string, password: string, host?: string) => Promise<string>;
  /** Signs an operator in on /ops (default: the bootstrap admin on localhost) and returns the token. */
  opsLogin: (username?: string, password?: string, host?: string) => Promise<string>;
  /** Creates an operator of `role` on the merchant with this code straight in the database (a site's first admin of a merchant other than the default has no one to make it through the API). */
  addOperator: (merchantCode: string, username: string, password: string, role: 'admin' | 'finance' | 'support') => Promise<bigint>;
  setConfig: (code: string, patch: (c: Record<string, any>) => void) => Promise<void>;
  counts: () => Promise<Record<string, number>>;
  close: () => Promise<void>;
};

/**
 * A whole app on a database of its own: in-memory PGlite by default, or a fresh schema on the
 * PostgreSQL server named by DATABASE_URL (CI runs every suite both ways).
 */
export const startHarness = async (env: Record<string, string> = {}, extra: { redis?: Redis } = {}): Promise<Harness> => {
  const url = process.env.DATABASE_URL;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ url, dataDir: 'memory', schema, poolSize: 8 });
  await migrateTestSchema(database.db, schema);
  await seedDemo(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA_PROVIDER: 'fixed',
    CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_SCALE: '1000',
    OPS_BOOTSTRAP_USER: OPS_ADMIN.username,
    OPS_BOOTSTRAP_PASSWORD: OPS_ADMIN.password,
    ...env,
  });
  const app = await buildApp({ config, database, redis: extra.redis });
  await app.ready();
  await bootstrapOperator(database.db, config.opsBootstrap);

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

  const opsLogin: Harness['opsLogin'] = async (username = OPS_ADMIN.username, password = OPS_ADMIN.password, host) => {
    const res = await call({ method: 'POST', url: '/ops/session/login', host, payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`ops login failed: ${res.body}`);
    return res.json().value.token;
  };

  const addOperator: Harness['addOperator'] = async (merchantCode, username, password, role) => {
    const merchant = await database.db.selectFrom('merchants').select('id').where('code', '=', merchantCode).executeTakeFirstOrThrow();
    const id = await opsRepository(database.db).create({ merchantId: merchant.id, username, passwordHash: await hashPassword(password), role });
    if (id === undefined) throw new Error(`operator ${username} exists`);
    return id;
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
    if (schema) await dropTestSchema(database.db, schema);
    await database.close();
  };

  return { app, database, call, login, opsLogin, addOperator, setConfig, counts, close };
};

export type MerchantConfigPatch = Partial<MerchantConfig>;

/** The catalogue code a service call fails with, or 'OK' when it succeeds (other errors propagate). */
export const errorCodeOf = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
    return 'OK';
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
};
