import { describe, expect, it } from 'vitest';
import { REBATE_MAX_BPS, RebateConfig, rebateRatesOf, StoredRebate } from './rebate.js';
import { VIP_MAX_LEVELS } from './vip.js';

const base = { rates: { live: 30, lottery: 20, pvp: 30, rng: 50, sports: 30 }, minClaim: '1.00', windowDays: 7 };

describe('rebate config: rates by VIP rank', () => {
  it('takes a config without vipRates, and the stored default still applies to a site that set nothing', () => {
    expect(RebateConfig.parse(base)).toEqual(base);
    expect(StoredRebate.parse(undefined)).toEqual(base);
    expect(StoredRebate.parse(undefined)).not.toHaveProperty('vipRates');
  });

  it('takes partial rows, empty rows and rates at the bounds', () => {
    const vipRates = [{}, { rng: 60 }, { live: 0, lottery: REBATE_MAX_BPS, pvp: 1, rng: 2, sports: 3 }];
    expect(RebateConfig.parse({ ...base, vipRates }).vipRates).toEqual(vipRates);
    expect(RebateConfig.parse({ ...base, vipRates: [] }).vipRates).toEqual([]);
    expect(RebateConfig.safeParse({ ...base, vipRates: Array.from({ length: VIP_MAX_LEVELS }, () => ({ rng: 100 })) }).success).toBe(true);
  });

  it.each([
    ['a rate above the cap', [{ rng: REBATE_MAX_BPS + 1 }], ['vipRates', 0, 'rng']],
    ['a negative rate', [{}, { live: -1 }], ['vipRates', 1, 'live']],
    ['a fraction of a basis point', [{ pvp: 1.5 }], ['vipRates', 0, 'pvp']],
    ['a rate as text', [{ sports: '30' }], ['vipRates', 0, 'sports']],
    ['a category that does not exist', [{ slots: 30 }], ['vipRates', 0]],
    ['a null row', [null], ['vipRates', 0]],
    ['more rows than ranks', Array.from({ length: VIP_MAX_LEVELS + 1 }, () => ({})), ['vipRates']],
    ['not a list', { 1: { rng: 30 } }, ['vipRates']],
  ])('refuses %s, naming the field', (_name, vipRates, path) => {
    const r = RebateConfig.safeParse({ ...base, vipRates });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(path);
  });

  it('still refuses unknown keys beside it', () => {
    expect(RebateConfig.safeParse({ ...base, vipRates: [], extra: 1 }).success).toBe(false);
  });

  it("pays a rank its own rate where it sets one and the site's elsewhere; no rank or no row gets the site's", () => {
    const cfg = { rates: base.rates, vipRates: [{ rng: 80 }, {}, { live: 0, sports: 100 }] };
    expect(rebateRatesOf(cfg, 1)).toEqual({ ...base.rates, rng: 80 });
    expect(rebateRatesOf(cfg, 2)).toEqual(base.rates);
    expect(rebateRatesOf(cfg, 3)).toEqual({ ...base.rates, live: 0, sports: 100 });
    expect(rebateRatesOf(cfg, 0)).toEqual(base.rates);
    expect(rebateRatesOf(cfg, 4)).toEqual(base.rates);
    expect(rebateRatesOf({ rates: base.rates }, 2)).toEqual(base.rates);
  });
});
