import { describe, expect, it } from 'vitest';
import { POINT_REDEEM_MAX_QUANTITY } from '@apsara/contracts';
import { clampQuantity, pointsShort, redeemMost, redeemTotals, validateAddress, validateQuantity } from './redeem';

const voucher = { id: '1', points: 300, amount: '0.00', remaining: 500, limitPerMember: 5 };
const watch = { id: '6', points: 6000, amount: '20.00', remaining: 15, limitPerMember: null };

describe('goods redemption', () => {
  it('totals points and cash for the quantity, in cents', () => {
    expect(redeemTotals(voucher, 3)).toEqual({ points: 900, amount: '0.00' });
    expect(redeemTotals({ points: 18000, amount: '99.99' }, 3)).toEqual({ points: 54000, amount: '299.97' });
  });

  it('stops at what runs out first: stock, the limit, points, cash or the largest quantity', () => {
    expect(redeemMost(voucher, { points: 100_000, available: '0.00' })).toEqual({ most: 5, stop: 'limit' });
    expect(redeemMost(voucher, { points: 1000, available: '0.00' })).toEqual({ most: 3, stop: 'points' });
    expect(redeemMost({ ...voucher, remaining: 2 }, { points: 100_000, available: '0.00' })).toEqual({ most: 2, stop: 'stock' });
    expect(redeemMost(watch, { points: 100_000, available: '45.00' })).toEqual({ most: 2, stop: 'cash' });
    expect(redeemMost({ ...watch, points: 1, amount: '0.00', remaining: 1000 }, { points: 100_000, available: '0.00' })).toEqual({ most: POINT_REDEEM_MAX_QUANTITY, stop: 'most' });
    expect(redeemMost({ ...voucher, remaining: 0 }, { points: 100_000, available: '0.00' })).toEqual({ most: 0, stop: 'stock' });
    expect(redeemMost(voucher, { points: 299, available: '0.00' })).toEqual({ most: 0, stop: 'points' });
  });

  it('counts what the member already holds of a limited good against its limit', () => {
    const rich = { points: 100_000, available: '1000.00' };
    expect(redeemMost(voucher, { ...rich, taken: [{ goodsId: '1', quantity: 2 }] })).toEqual({ most: 3, stop: 'limit' });
    expect(redeemMost(voucher, { ...rich, taken: [{ goodsId: '1', quantity: 5 }] })).toEqual({ most: 0, stop: 'limit' });
    expect(redeemMost(voucher, { ...rich, taken: [{ goodsId: '9', quantity: 5 }] })).toEqual({ most: 5, stop: 'limit' });
  });

  it('says how many points are missing', () => {
    expect(pointsShort(voucher, 120)).toBe(180);
    expect(pointsShort(voucher, 300)).toBe(0);
  });

  it('keeps quantities within 1 and the most', () => {
    expect(validateQuantity(1, 5)).toBeNull();
    expect(validateQuantity(5, 5)).toBeNull();
    for (const q of [0, 6, 1.5, Number.NaN]) expect(validateQuantity(q, 5), String(q)).toEqual({ key: 'points:errors.quantity_range', values: { max: '5' } });
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(3, 0)).toBe(1);
  });

  it('checks the delivery address by the contract: present, 5–200 characters, no markup', () => {
    expect(validateAddress('   ')).toEqual({ key: 'errors.required' });
    expect(validateAddress('abc')).toEqual({ key: 'points:errors.address_length', values: { min: '5', max: '200' } });
    expect(validateAddress('x'.repeat(201))).toMatchObject({ key: 'points:errors.address_length' });
    expect(validateAddress('12 <b>Street</b>')).toEqual({ key: 'points:errors.address_chars' });
    expect(validateAddress('  #12 Street 310, Phnom Penh  ')).toBeNull();
    expect(validateAddress('ផ្ទះលេខ ១២ ផ្លូវ ៣១០')).toBeNull();
  });
});
