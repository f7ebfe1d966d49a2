import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, dataDir: './.data', databaseUrl: undefined, captcha: { provider: 'image' }, logLevel: 'info' });
  });

  it('refuses the fixed captcha in production, and without an answer', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_PROVIDER: 'fixed', CAPTCHA_FIXED_ANSWER: 'x' })).toThrow(/production/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'fixed' })).toThrow(/CAPTCHA_FIXED_ANSWER/);
    expect(loadConfig({ CAPTCHA_PROVIDER: 'fixed', CAPTCHA_FIXED_ANSWER: 'x' }).captcha).toEqual({ provider: 'fixed', fixedAnswer: 'x' });
  });

  it('trusts proxies only as far as told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('seeds demo accounts by default, but not in production unless asked', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('rejects malformed values instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('takes the bootstrap operator only as a pair, and a long password in production', () => {
    expect(loadConfig({}).opsBootstrap).toBeUndefined();
    expect(loadConfig({ OPS_BOOTSTRAP_USER: '', OPS_BOOTSTRAP_PASSWORD: '' }).opsBootstrap).toBeUndefined();
    expect(loadConfig({ OPS_BOOTSTRAP_USER: 'root', OPS_BOOTSTRAP_PASSWORD: 'short' }).opsBootstrap).toEqual({ username: 'root', password: 'short' });
    expect(() => loadConfig({ OPS_BOOTSTRAP_USER: 'root' })).toThrow(/together/);
    expect(() => loadConfig({ OPS_BOOTSTRAP_PASSWORD: 'Secret-secret-1' })).toThrow(/together/);
    expect(() => loadConfig({ OPS_BOOTSTRAP_USER: "x' OR 1", OPS_BOOTSTRAP_PASSWORD: 'Secret-secret-1' })).toThrow(/OPS_BOOTSTRAP_USER/);
    // The refusal names the rule and never echoes the password.
    const refused = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', OPS_BOOTSTRAP_USER: 'root', OPS_BOOTSTRAP_PASSWORD: 'Short-pw-11' });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(refused).toMatch(/at least 12 characters/);
    expect(refused).not.toContain('Short-pw-11');
    expect(loadConfig({ NODE_ENV: 'production', OPS_BOOTSTRAP_USER: 'root', OPS_BOOTSTRAP_PASSWORD: 'Long-enough-12' }).opsBootstrap?.username).toBe('root');
  });

  it('refuses vendor URLs with credentials in them, without echoing them', () => {
    for (const env of [{ VENDOR_TRANSFER_URL: 'http://user:s3cr3tZ@vendors.test:7000' }, { VENDOR_TRANSFER_URL: 'https://user@vendors.test' }, { NODE_ENV: 'production', VENDOR_SIM_URL: 'https://u:p@games.example' }]) {
      const message = (() => {
        try {
          loadConfig(env);
        } catch (e) {
          return (e as Error).message;
        }
      })();
      expect(message, JSON.stringify(env)).toMatch(/(VENDOR_TRANSFER_URL|VENDOR_SIM_URL) must not contain a user name or password/);
      expect(message).not.toContain('s3cr3tZ');
      expect(message).not.toContain('u:p');
    }
    expect(loadConfig({ VENDOR_TRANSFER_URL: 'https://vendors.test:7000/api' }).transferWallet.url).toBe('https://vendors.test:7000/api');
  });

  it('runs several API processes only on PostgreSQL with Redis', () => {
    expect(loadConfig({}).apiProcesses).toBe(1);
    expect(() => loadConfig({ API_PROCESSES: '2' })).toThrow(/API_PROCESSES above 1 needs DATABASE_URL .* and REDIS_URL/);
    expect(() => loadConfig({ API_PROCESSES: '2', DATABASE_URL: 'postgres://db/x' })).toThrow(/REDIS_URL/);
    expect(loadConfig({ API_PROCESSES: '3', DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r:6379' }).apiProcesses).toBe(3);
    expect(loadConfig({ API_PROCESSES: 'auto', DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r:6379' }).apiProcesses).toBeGreaterThanOrEqual(1);
    for (const bad of ['0', '-1', '1.5', 'many', '65']) expect(() => loadConfig({ API_PROCESSES: bad }), bad).toThrow();
  });
});
