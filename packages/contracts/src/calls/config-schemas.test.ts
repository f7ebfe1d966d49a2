import { describe, expect, it } from 'vitest';
import { OPS_CONFIG_SECTIONS } from './ops-members.js';
import { PaymentChannelConfig } from './deposit.js';
import { LotteryLimitsConfig, StoredLotteryLimits } from './lottery.js';

// zod runs a refinement even when the field's own checks failed: none may throw on a malformed amount.
const BAD_AMOUNTS = ['1.001', 'abc', '', '-', '1e5', '99999999999999999'];

const withEveryAmount = (value: unknown, bad: string): unknown[] => {
  if (typeof value === 'string' && /^-?\d+(\.\d{1,2})?$/.test(value)) return [bad];
  if (Array.isArray(value)) return value.flatMap((v, i) => withEveryAmount(v, bad).map((w) => value.map((x, j) => (j === i ? w : x))));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => withEveryAmount(v, bad).map((w) => ({ ...(value as object), [k]: w })));
  }
  return [];
};

describe('settings schemas', () => {
  const filled = {
    referral: { enabled: true, reward: '10.00', minDeposit: '50.00', minBets: '50.00' },
    missions: { enabled: true, leaderboard: { enabled: true, period: 'weekly', minBets: '100.00', prizes: ['30.00', '20.00'], settleDelayMinutes: 15 } },
    vip: { enabled: true, levels: [{ minBets: '100.00', minDeposits: '10.00', upgradeBonus: '1.00' }, { minBets: '200.00', minDeposits: '20.00', upgradeBonus: '2.00' }] },
    withdrawal: { min: '50.00', max: '100.00', feeFixed: '1.00', feeBps: 0, confirmMinutes: 30, maxBankCards: 5, banks: [] },
    points: { earn: { rng: { perAmount: '10.00', points: 1 } }, convert: { enabled: true, pointsPerUnit: 10, min: '10.00', max: '100.00' } },
    chat: { enabled: true, topics: ['deposit', 'other'], hours: '24/7', greeting: { en: 'Hello', km: 'សួស្ដី' }, idleCloseHours: 24 },
    maintenance: { active: true, message: { en: 'Back at six', cn: '六点恢复' }, until: '2026-12-31T18:00:00Z' },
    flags: { USERNAMEREG3: true, MOBILENUMREG3: true, MOBILENUMPASSREG3: false, REGMOBVERF3: false, FREEPLAY3: true, PWDEXPFORCECHANGE3: true, MOBILEVERCODELOGIN3: false, AGENTPOLICY3: true, PTSYS3: true, MANPLAYREB3: false },
    register: { fields: { qqNum: { enabled: true, required: true, minLength: 5, maxLength: 12 }, line: { enabled: true, acceptedPattern: '^[a-z0-9._-]+$' } }, minAge: 21, termsDefaultChecked: false, affiliateRequired: true },
    security: { captchaAfterFailures: 3, lockAfterFailures: 5, lockMinutes: 15, passwordMaxAgeDays: 90 },
    signupBonus: { maxAmount: '131.00' },
    sms: { expiredMinutes: 5 },
    blockedCidrs: ['203.0.113.0/24', '2001:db8::/32'],
    contractKinds: { dividend: true, daily: true, hourly: false, realtime: true },
    loginCheck: { newAddress: true },
    dialingCodes: { countries: ['KH', 'TH', 'US'] },
    rebate: { rates: { live: 30, lottery: 20, pvp: 30, rng: 50, sports: 0 }, minClaim: '1.00', windowDays: 7 },
    lottery: { maxPayoutPerNumber: '50000.00' },
  } as const;
  /** Sections with no amount in them: nothing to make malformed. */
  const NO_AMOUNTS = new Set(['chat', 'maintenance', 'flags', 'register', 'security', 'sms', 'blockedCidrs', 'contractKinds', 'loginCheck', 'dialingCodes']);

  it('has a well-formed example of every section', () => {
    expect(Object.keys(filled).sort()).toEqual(Object.keys(OPS_CONFIG_SECTIONS).sort());
  });

  it('accepts a well-formed section and refuses, without throwing, every amount made malformed', () => {
    for (const [name, schema] of Object.entries(OPS_CONFIG_SECTIONS)) {
      const good = filled[name as keyof typeof filled];
      expect(schema.safeParse(good).success, `${name} ${JSON.stringify(schema.safeParse(good).error?.issues)}`).toBe(true);
      for (const bad of BAD_AMOUNTS) {
        const variants = withEveryAmount(good, bad);
        if (NO_AMOUNTS.has(name)) {
          expect(variants, name).toEqual([]);
          continue;
        }
        expect(variants.length, name).toBeGreaterThan(0);
        for (const v of variants) expect(() => schema.safeParse(v), `${name} ${JSON.stringify(v)}`).not.toThrow();
        for (const v of variants) expect(schema.safeParse(v).success, `${name} ${JSON.stringify(v)}`).toBe(false);
      }
    }
  });

  it('refuses a payment channel with a malformed limit without throwing', () => {
    for (const bad of BAD_AMOUNTS) {
      expect(() => PaymentChannelConfig.safeParse({ id: 'bank', type: 'BANK_TRANSFER', min: bad, max: '100.00' })).not.toThrow();
    }
  });
});

describe('stored lottery limits', () => {
  it('load a kind the code no longer has as absent, and keep the rest', () => {
    expect(StoredLotteryLimits.parse({ maxPayoutPerNumber: '100.00', byKind: { de2: '50.00', retired: '5.00' } })).toEqual({ maxPayoutPerNumber: '100.00', byKind: { de2: '50.00' } });
    expect(StoredLotteryLimits.parse(undefined)).toEqual({ maxPayoutPerNumber: '200000.00' });
    // What an operator sends is still checked strictly.
    expect(LotteryLimitsConfig.safeParse({ maxPayoutPerNumber: '100.00', byKind: { retired: '5.00' } }).success).toBe(false);
    expect(StoredLotteryLimits.safeParse({ maxPayoutPerNumber: '100.00', byKind: { de2: '0.00' } }).success).toBe(false);
  });
});
