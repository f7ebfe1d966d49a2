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

  it('rejects malformed values instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
