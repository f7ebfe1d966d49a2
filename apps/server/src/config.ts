import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { OPERATOR_USERNAME } from '@apsara/contracts';

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./.data'),
  PG_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  DB_BATCHING: z.enum(['on', 'off']).default('on'),
  API_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  REDIS_URL: z.string().optional(),
  PUBLIC_BASE_URL: z.string().default('http://localhost:8080'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CAPTCHA_PROVIDER: z.enum(['image', 'fixed']).default('image'),
  CAPTCHA_FIXED_ANSWER: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24),
  TRUST_PROXY: z.string().optional(),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z.string().optional(),
  OPS_BOOTSTRAP_USER: z.string().refine((v) => v === '' || OPERATOR_USERNAME.test(v), 'must be 3-64 letters, digits or _ . @ -').optional(),
  OPS_BOOTSTRAP_PASSWORD: z.string().max(128).optional(),
  PAYSIM_SECRET: z.string().optional(),
  VENDOR_SIM_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8090'),
  VENDOR_TRANSFER_URL: z.union([z.literal(''), z.literal('local'), z.url({ protocol: /^https?$/ })]).optional(),
  VENDOR_TRANSFER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  VENDOR_SECRETS: z.string().optional(),
  GAME_SESSION_HOURS: z.coerce.number().int().min(1).max(72).default(4),
  MESSAGE_GATEWAY: z.enum(['simulator', 'http', 'none']).optional(),
  MESSAGE_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  MESSAGE_GATEWAY_SECRET: z.string().optional(),
  MESSAGE_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
});

export type Config = {
  env: string;
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl?: string;
  /** API processes on this machine (node:cluster, sharing the port); more than one needs PostgreSQL and Redis. */
  apiProcesses: number;
  /** PostgreSQL: parameterised queries as named prepared statements (off behind a transaction-mode pooler). */
  preparedStatements: boolean;
  dbBatching: boolean;
  dataDir: string;
  redisUrl?: string;
  publicBaseUrl: string;
  logLevel: string;
  captcha: { provider: 'image' | 'fixed'; fixedAnswer?: string };
  session: { idleMs: number; absoluteMs: number };
  /** false, a number of proxy hops to trust, or the addresses (IPs/CIDRs) of trusted proxies. */
  trustProxy: false | number | string[];
  /** Multiplies every per-route request limit (load tests and test suites raise it). */
  rateLimitScale: number;
  webDist?: string;
  seedDemo: boolean;
  /** The first admin operator of the default merchant, created at start when it has no operator. */
  opsBootstrap?: { username: string; password: string };
  /**
   * The bundled payment simulator (an online channel whose "bank" approves with a click). Never on in
   * production: there it would let members credit themselves.
   */
  paysim?: { secret: string };
  /**
   * Where SMS and e-mail go (docs/verification.md): the bundled simulator (its inbox is a page of the
   * server; never in production), an HTTP gateway signed with a shared secret, or none (SMS codes and
   * reset e-mails are then refused as not enabled). Unset: the simulator outside production, none in it.
   */
  messageGateway: { kind: 'simulator' } | { kind: 'http'; url: string; secret: string; timeoutMs: number } | { kind: 'none' };
  /** Where the vendor simulator (apps/vendor-sim) serves its game pages; SIM vendors' launch URLs point there. */
  vendorSimUrl: string;
  /**
   * The seamless wallet's vendors: each signs its calls with its own secret. Outside production a
   * vendor without one uses the development secret, so the bundled vendor simulator works unconfigured.
   */
  vendorWallet: { secrets: Record<string, string>; fallbackSecret?: string; sessionMs: number };
  /**
   * Where transfer-wallet vendors (AG, BBIN, PT …) take their deposit/withdraw/balance/status/session
   * calls. `undefined` is the local mode: no vendor is called, the members' vendor wallets are ledger
   * accounts of ours alone (docs/vendor-protocol.md "Without a vendor connection"). VENDOR_TRANSFER_URL:
   * a URL, or `local`; unset it is VENDOR_SIM_URL in production and local elsewhere. Local is refused in
   * production: there a member's game wallet must be money the vendor really holds. A call without an
   * answer within `timeoutMs` (VENDOR_TRANSFER_TIMEOUT_MS, default 5 s) counts as no answer.
   */
  transferWallet: { url?: string; timeoutMs: number };
};

/** The simulator's development secret; a deployment that runs the simulator elsewhere sets PAYSIM_SECRET. */
const PAYSIM_DEV_SECRET = 'apsara-paysim-development-secret';

/** Every vendor's secret outside production when VENDOR_SECRETS does not name it. Public: never in production. */
export const VENDOR_DEV_SECRET = 'apsara-vendor-development-secret';

/** VENDOR_SECRETS: a JSON object of vendor code → secret (at least 16 characters each). */
const parseVendorSecrets = (v: string | undefined, isProduction: boolean): Record<string, string> => {
  if (!v?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw new Error('VENDOR_SECRETS must be a JSON object of vendor code to secret');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('VENDOR_SECRETS must be a JSON object of vendor code to secret');
  const out: Record<string, string> = {};
  for (const [code, secret] of Object.entries(parsed)) {
    if (!/^[A-Z0-9]{2,12}$/.test(code)) throw new Error('VENDOR_SECRETS: vendor codes are 2-12 capital letters or digits');
    // The message names the vendor, never the value: configuration errors end up in logs.
    if (typeof secret !== 'string' || secret.length < 16) throw new Error(`VENDOR_SECRETS: the secret of ${code} must be at least 16 characters`);
    if (isProduction && secret === VENDOR_DEV_SECRET) throw new Error(`VENDOR_SECRETS: ${code} uses the public development secret, refused when NODE_ENV=production`);
    out[code] = secret;
  }
  return out;
};

/**
 * TRUST_PROXY: unset/0 → the socket address is the client; a number → that many proxies in front
 * (1 for one load balancer); otherwise a comma-separated list of the proxies' IPs or CIDRs.
 * "true" (trust everyone) is refused: any client could then choose its own IP.
 */
const parseTrustProxy = (v: string | undefined): Config['trustProxy'] => {
  const t = v?.trim();
  if (!t || t === '0' || t === 'false') return false;
  if (/^\d+$/.test(t)) return Number(t);
  if (t === 'true') throw new Error('TRUST_PROXY=true would let any client pick its IP; give the number of proxy hops or their addresses');
  return t.split(',').map((x) => x.trim()).filter(Boolean);
};

/** Reads configuration from the environment; refuses unsafe combinations instead of starting. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (e.CAPTCHA_PROVIDER === 'fixed') {
    if (isProduction) throw new Error('CAPTCHA_PROVIDER=fixed is for tests only and is refused when NODE_ENV=production');
    if (!e.CAPTCHA_FIXED_ANSWER) throw new Error('CAPTCHA_PROVIDER=fixed needs CAPTCHA_FIXED_ANSWER');
  }
  const opsUser = e.OPS_BOOTSTRAP_USER || undefined;
  const opsPassword = e.OPS_BOOTSTRAP_PASSWORD || undefined;
  if (!!opsUser !== !!opsPassword) throw new Error('OPS_BOOTSTRAP_USER and OPS_BOOTSTRAP_PASSWORD are set together or not at all');
  // The message names the rule, never the value: configuration errors end up in logs.
  if (opsPassword && isProduction && opsPassword.length < 12) throw new Error('OPS_BOOTSTRAP_PASSWORD must be at least 12 characters when NODE_ENV=production');
  if (e.PAYSIM_SECRET && isProduction) throw new Error('PAYSIM_SECRET: the payment simulator is refused when NODE_ENV=production');
  if (e.PAYSIM_SECRET !== undefined && e.PAYSIM_SECRET.length < 16) throw new Error('PAYSIM_SECRET must be at least 16 characters');
  // fetch refuses a URL with credentials in it (every call would fail and transfers stay pending), and
  // the URL is logged at start: vendors are authenticated by the signature (VENDOR_SECRETS) only.
  for (const [name, url] of [['VENDOR_TRANSFER_URL', e.VENDOR_TRANSFER_URL], ['VENDOR_SIM_URL', e.VENDOR_SIM_URL]] as const) {
    if (url && url !== 'local' && (new URL(url).username || new URL(url).password)) throw new Error(`${name} must not contain a user name or password; vendors are authenticated by their signing secret (VENDOR_SECRETS)`);
  }
  const apiProcesses = e.API_PROCESSES === 'auto' ? availableParallelism() : e.API_PROCESSES;
  // The embedded database lives inside one process; balance events and request limits must reach every
  // process, which only Redis does.
  if (apiProcesses > 1 && (!e.DATABASE_URL || !e.REDIS_URL)) throw new Error('API_PROCESSES above 1 needs DATABASE_URL (PostgreSQL: the embedded database lives in one process) and REDIS_URL (balance events and request limits shared between the processes)');
  const gatewayKind = e.MESSAGE_GATEWAY ?? (isProduction ? 'none' : 'simulator');
  if (gatewayKind === 'simulator' && isProduction) throw new Error('MESSAGE_GATEWAY=simulator is refused when NODE_ENV=production: its inbox would show every code and reset link');
  if (gatewayKind === 'http') {
    if (!e.MESSAGE_GATEWAY_URL) throw new Error('MESSAGE_GATEWAY=http needs MESSAGE_GATEWAY_URL');
    if (!e.MESSAGE_GATEWAY_SECRET || e.MESSAGE_GATEWAY_SECRET.length < 16) throw new Error('MESSAGE_GATEWAY=http needs MESSAGE_GATEWAY_SECRET of at least 16 characters');
    const u = new URL(e.MESSAGE_GATEWAY_URL);
    if (u.username || u.password) throw new Error('MESSAGE_GATEWAY_URL must not contain a user name or password; the gateway is authenticated by MESSAGE_GATEWAY_SECRET');
  }
  if (e.VENDOR_TRANSFER_URL === 'local' && isProduction) throw new Error('VENDOR_TRANSFER_URL=local (game wallets without a vendor) is refused when NODE_ENV=production');
  const transferUrl = e.VENDOR_TRANSFER_URL === 'local' ? undefined : (e.VENDOR_TRANSFER_URL || (isProduction ? e.VENDOR_SIM_URL : undefined));
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    apiProcesses,
    preparedStatements: e.PG_PREPARED_STATEMENTS === 'on',
    // PostgreSQL servers only (app.ts): postings and hot lookups grouped into shared round trips.
    dbBatching: e.DB_BATCHING === 'on',
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL || undefined,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    logLevel: e.LOG_LEVEL,
    captcha: { provider: e.CAPTCHA_PROVIDER, fixedAnswer: e.CAPTCHA_FIXED_ANSWER },
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimitScale: e.RATE_LIMIT_SCALE,
    webDist: e.WEB_DIST,
    // Demo accounts have published passwords: never seeded in production unless asked for explicitly.
    seedDemo: e.SEED_DEMO === undefined ? !isProduction : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    opsBootstrap: opsUser && opsPassword ? { username: opsUser, password: opsPassword } : undefined,
    paysim: isProduction ? undefined : { secret: e.PAYSIM_SECRET ?? PAYSIM_DEV_SECRET },
    messageGateway:
      gatewayKind === 'http'
        ? { kind: 'http', url: e.MESSAGE_GATEWAY_URL!, secret: e.MESSAGE_GATEWAY_SECRET!, timeoutMs: e.MESSAGE_GATEWAY_TIMEOUT_MS }
        : { kind: gatewayKind },
    vendorSimUrl: e.VENDOR_SIM_URL.replace(/\/+$/, ''),
    vendorWallet: {
      secrets: parseVendorSecrets(e.VENDOR_SECRETS, isProduction),
      fallbackSecret: isProduction ? undefined : VENDOR_DEV_SECRET,
      sessionMs: e.GAME_SESSION_HOURS * 3_600_000,
    },
    transferWallet: { url: transferUrl?.replace(/\/+$/, ''), timeoutMs: e.VENDOR_TRANSFER_TIMEOUT_MS },
  };
};
