import { describe, expect, it } from 'vitest';
import type { Promotion, PromotionTerms } from '@apsara/contracts';
import { bonusTerm, keyTerms, prizeChances, prizeRange, termRows } from './terms';

const terms = (t: Partial<PromotionTerms>): PromotionTerms => ({
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
  ...t,
});
type P = Pick<Promotion, 'mechanic' | 'repeat' | 'terms' | 'category'>;

const welcome: P = { category: 'NEWBIE', mechanic: 'deposit', repeat: 'once', terms: terms({ percent: 100, maxBonus: '188.00', minDeposit: '50.00', firstDepositOnly: true, turnoverMultiple: 3 }) };
const wheel: P = {
  category: 'DAILY',
  mechanic: 'raffle',
  repeat: 'daily',
  terms: terms({ minDeposit: '20.00', turnoverMultiple: 1, prizes: [{ amount: '5.88', weight: 30 }, { amount: '88.00', weight: 2 }, { amount: '1.88', weight: 60 }, { amount: '18.88', weight: 8 }] }),
};
const share: P = { category: 'SPECIAL', mechanic: 'apply', repeat: 'once', terms: terms({ maxBonus: '50.00', proof: 'required' }) };
const app: P = { category: 'APP', mechanic: 'apply', repeat: 'once', terms: terms({ bonus: '8.00', proof: 'optional', turnoverMultiple: 0 }) };

describe('promotion terms in words', () => {
  it('says what one claim pays', () => {
    expect(bonusTerm(welcome)).toEqual({ key: 'terms.percent_up_to', values: { percent: '100', max: '188.00' } });
    expect(bonusTerm({ ...welcome, terms: terms({ percent: 10 }) })).toEqual({ key: 'terms.percent', values: { percent: '10' } });
    expect(bonusTerm(share)).toEqual({ key: 'terms.up_to', values: { max: '50.00' } });
    expect(bonusTerm(app)).toEqual({ key: 'terms.fixed', values: { amount: '8.00' } });
    expect(bonusTerm(wheel)).toEqual({ key: 'terms.prizes_up_to', values: { max: '88.00' } });
    expect(bonusTerm({ ...wheel, terms: terms({}) })).toBeNull();
  });

  it('lists the key terms of a card in the order a member weighs them', () => {
    expect(keyTerms(welcome).map((t) => t.key)).toEqual(['terms.percent_up_to', 'terms.min_deposit', 'terms.first_deposit', 'terms.turnover', 'terms.once']);
    expect(keyTerms(welcome)[3]).toEqual({ key: 'terms.turnover', values: { multiple: '3' } });
    expect(keyTerms(wheel).map((t) => t.key)).toEqual(['terms.prizes_up_to', 'terms.min_deposit_today', 'terms.turnover', 'terms.daily']);
    expect(keyTerms(share).map((t) => t.key)).toEqual(['terms.up_to', 'terms.proof_required', 'terms.turnover', 'terms.once']);
    expect(keyTerms(app).map((t) => t.key)).toEqual(['terms.fixed', 'terms.no_turnover', 'terms.once']);
  });

  it('fills the detail table, saying who sets a bonus the site decides', () => {
    expect(termRows(share).map((r) => r.label)).toEqual([
      'detail.row_category',
      'detail.row_mechanic',
      'detail.row_bonus',
      'detail.row_decided',
      'detail.row_turnover',
      'detail.row_repeat',
      'detail.row_proof',
    ]);
    expect(termRows(share).at(-1)!.value).toEqual({ key: 'detail.proof_required' });
    expect(termRows(welcome).find((r) => r.label === 'detail.row_who')?.value.key).toBe('detail.first_deposit_only');
    expect(termRows(wheel).find((r) => r.label === 'detail.row_prizes')).toBeTruthy();
    expect(termRows(app).find((r) => r.label === 'detail.row_turnover')?.value.key).toBe('detail.no_turnover');
  });

  it("words red envelopes: the day's pool over its envelopes, how many are left, and the day's deposit", () => {
    const rain = { category: 'SPECIAL' as const, mechanic: 'envelope' as const, repeat: 'daily' as const, terms: terms({ poolTotal: '888.00', envelopeCount: 188, minDeposit: '10.00' }), envelopesLeft: 37 };
    expect(bonusTerm(rain)).toEqual({ key: 'terms.envelope_pool', values: { pool: '888.00', count: '188' } });
    expect(keyTerms(rain).map((x) => x.key)).toEqual(['terms.envelope_pool', 'terms.min_deposit_today', 'terms.envelopes_left', 'terms.turnover', 'terms.daily']);
    expect(keyTerms(rain)[2]).toEqual({ key: 'terms.envelopes_left', values: { count: '37', total: '188' } });
    // Not running (no count for today): no "left" chip.
    expect(keyTerms({ ...rain, envelopesLeft: null }).map((x) => x.key)).not.toContain('terms.envelopes_left');
    const rows = termRows(rain);
    expect(rows.map((r) => r.label)).toEqual(['detail.row_category', 'detail.row_mechanic', 'detail.row_pool', 'detail.row_share', 'detail.row_min_deposit', 'detail.row_turnover', 'detail.row_repeat']);
    expect(rows[4]!.value).toEqual({ key: 'detail.min_deposit_open_day', values: { amount: '10.00' } });
  });

  it("gives a raffle's prizes, most first, with their chances", () => {
    expect(prizeRange(wheel.terms.prizes)).toEqual({ min: '1.88', max: '88.00' });
    expect(prizeRange(null)).toBeNull();
    expect(prizeChances(wheel.terms.prizes)).toEqual([
      { amount: '88.00', chance: '2.0' },
      { amount: '18.88', chance: '8.0' },
      { amount: '5.88', chance: '30.0' },
      { amount: '1.88', chance: '60.0' },
    ]);
    expect(prizeChances([])).toEqual([]);
  });
});
