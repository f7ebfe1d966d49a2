import { describe, expect, it } from 'vitest';
import { REBATE_MAX_BPS, RebateConfig, rebateRankDips, rebateRatesOf, StoredRebate } from './rebate.js';
import { VIP_MAX_LEVELS } from './vip.js';

const base = { rates: { live: 30, lottery: 20, pvp: 30, rng: 50, sports: 30 }, minClaim: '1.00', windowDays: 7 };

describe('rebate config: rates by VIP rank', () => {
  it('takes a config without vipRates, and the stored default still applies to a site that set nothing', () => {
    expect(RebateConfig.parse(base)).toEqual(base);
    expect(StoredRebate.parse(undefined)).toEqual(base);
    expect(StoredRebate.parse(undefined)).not.toHaveProperty('vipRates');
  });

  it('takes partial rows, empty rows and rates at the bounds', () => {
    const vipRates = [{}, { rng: 60 }, { live: 30, lottery: REBATE_MAX_BPS, pvp: 31, rng: 60, sports: 32 }];
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

  it('refuses a rank set lower than the rank below is paid, naming the cell and the least it may pay', () => {
    // VIP2 is empty: it is paid VIP1's 0.80 %, so VIP3's 0.70 % is a dip; VIP3's live under the site's too.
    const vipRates = [{ rng: 80 }, {}, { live: 20, rng: 70 }];
    expect(rebateRankDips({ rates: base.rates, vipRates })).toEqual([
      { index: 2, category: 'live', floor: 30 },
      { index: 2, category: 'rng', floor: 80 },
    ]);
    const r = RebateConfig.safeParse({ ...base, vipRates });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path, i.message])).toEqual([
      [['vipRates', 2, 'live'], 'at least 0.30 %: no rank is paid less than the rank below it'],
      [['vipRates', 2, 'rng'], 'at least 0.80 %: no rank is paid less than the rank below it'],
    ]);
    // Equal is fine, and so are empty ranks after a raise; a setting stored before the rule still reads.
    expect(RebateConfig.safeParse({ ...base, vipRates: [{ rng: 80 }, {}, { rng: 80, live: 30 }] }).success).toBe(true);
    expect(StoredRebate.parse({ ...base, vipRates }).vipRates).toEqual(vipRates);
  });

  it('still refuses unknown keys beside it', () => {
    expect(RebateConfig.safeParse({ ...base, vipRates: [], extra: 1 }).success).toBe(false);
  });

  it("pays a rank its own rate where it sets one and the rank below's elsewhere; no rank gets the site's", () => {
    const cfg = { rates: base.rates, vipRates: [{ rng: 80 }, {}, { live: 40, sports: 100 }] };
    expect(rebateRatesOf(cfg, 1)).toEqual({ ...base.rates, rng: 80 });
    // An empty rank is paid as the rank below; a rank past the rows as the last one.
    expect(rebateRatesOf(cfg, 2)).toEqual({ ...base.rates, rng: 80 });
    expect(rebateRatesOf(cfg, 3)).toEqual({ ...base.rates, rng: 80, live: 40, sports: 100 });
    expect(rebateRatesOf(cfg, 4)).toEqual({ ...base.rates, rng: 80, live: 40, sports: 100 });
    expect(rebateRatesOf(cfg, 0)).toEqual(base.rates);
    expect(rebateRatesOf({ rates: base.rates }, 2)).toEqual(base.rates);
  });
});
