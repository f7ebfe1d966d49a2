import { describe, expect, it } from 'vitest';
import type { Promotion, PromotionMine, PromotionTerms } from '@apsara/contracts';
import { RECENT_PAID, readyToClaim, recentlyPaid, whatItPays } from './reward-center';

const terms = (over: Partial<PromotionTerms> = {}): PromotionTerms => ({
  bonus: null,
  percent: null,
  maxBonus: null,
  minDeposit: null,
  firstDepositOnly: false,
  turnoverMultiple: 1,
  prizes: null,
  proof: 'none',
  poolTotal: null,
  envelopeCount: null,
  ...over,
});
const mine = (over: Partial<PromotionMine> = {}): PromotionMine => ({ state: 'claim', ready: true, depositNeeded: null, claimId: null, bonus: null, reviewRemark: null, ...over });
type P = Pick<Promotion, 'phase' | 'mine'> & { id: string };

describe('readyToClaim', () => {
  it('keeps the running promotions the member can claim now, in order', () => {
    const items: P[] = [
      { id: 'deposit-ready', phase: 'in_progress', mine: mine({ bonus: '100.00' }) },
      { id: 'raffle-short', phase: 'in_progress', mine: mine({ ready: false, depositNeeded: '20.00' }) },
      { id: 'joinable', phase: 'in_progress', mine: mine({ state: 'join' }) },
      { id: 'closed-but-claimable', phase: 'closed', mine: mine({ bonus: '5.00' }) },
      { id: 'visitor', phase: 'in_progress', mine: null },
      { id: 'raffle-ready', phase: 'in_progress', mine: mine() },
    ];
    expect(readyToClaim(items).map((p) => p.id)).toEqual(['deposit-ready', 'raffle-ready']);
  });
});

describe('whatItPays', () => {
  it("prefers the amount the server worked out for this member's deposit", () => {
    expect(whatItPays({ mechanic: 'deposit', terms: terms({ percent: 100, maxBonus: '188.00' }), mine: mine({ bonus: '100.00' }) })).toEqual({ key: 'rewards.pays', values: { amount: '100.00' } });
  });

  it("names a draw's best prize, whatever order the prizes come in", () => {
    const prizes = [
      { amount: '5.88', weight: 10 },
      { amount: '88.00', weight: 1 },
      { amount: '18.88', weight: 5 },
    ];
    expect(whatItPays({ mechanic: 'raffle', terms: terms({ prizes }), mine: mine() })).toEqual({ key: 'rewards.pays_prizes', values: { max: '88.00' } });
    expect(whatItPays({ mechanic: 'raffle', terms: terms({ prizes: [] }), mine: mine() })).toBeNull();
  });

  it('words a share of the deposit, with its cap when there is one', () => {
    expect(whatItPays({ mechanic: 'deposit', terms: terms({ percent: 50, maxBonus: '188.00' }), mine: null })).toEqual({ key: 'rewards.pays_percent_up_to', values: { percent: '50', max: '188.00' } });
    expect(whatItPays({ mechanic: 'deposit', terms: terms({ percent: 10 }), mine: null })).toEqual({ key: 'rewards.pays_percent', values: { percent: '10' } });
  });

  it('falls back to a fixed bonus, then a cap, then nothing', () => {
    expect(whatItPays({ mechanic: 'apply', terms: terms({ bonus: '8.00' }), mine: null })).toEqual({ key: 'rewards.pays', values: { amount: '8.00' } });
    expect(whatItPays({ mechanic: 'apply', terms: terms({ maxBonus: '50.00' }), mine: null })).toEqual({ key: 'rewards.pays_up_to', values: { max: '50.00' } });
    expect(whatItPays({ mechanic: 'apply', terms: terms(), mine: null })).toBeNull();
  });
});

describe('recentlyPaid', () => {
  it(`keeps the newest ${RECENT_PAID} paid bonuses`, () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ id: String(i), status: i === 1 ? ('applying' as const) : ('issued' as const) }));
    expect(recentlyPaid(items).map((c) => c.id)).toEqual(['0', '2', '3', '4', '5']);
    expect(recentlyPaid([])).toEqual([]);
  });
});
