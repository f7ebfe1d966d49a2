import { z } from 'zod';

const bool = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./.data'),
  REDIS_URL: z.string().optional(),
  PUBLIC_BASE_URL: z.string().default('http://localhost:8080'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CAPTCHA_PROVIDER: z.enum(['image', 'fixed']).default('image'),
  CAPTCHA_FIXED_ANSWER: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24),
  TRUST_PROXY: bool,
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z
    .string()
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
});

export type Config = {
  env: string;
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  publicBaseUrl: string;
  logLevel: string;
  captcha: { provider: 'image' | 'fixed'; fixedAnswer?: string };
  session: { idleMs: number; absoluteMs: number };
  trustProxy: boolean;
  /** Multiplies every per-route request limit (load tests and test suites raise it). */
  rateLimitScale: number;
  webDist?: string;
  seedDemo: boolean;
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
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL || undefined,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    logLevel: e.LOG_LEVEL,
    captcha: { provider: e.CAPTCHA_PROVIDER, fixedAnswer: e.CAPTCHA_FIXED_ANSWER },
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    trustProxy: e.TRUST_PROXY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    webDist: e.WEB_DIST,
    seedDemo: e.SEED_DEMO,
  };
};
