import { describe, expect, it } from 'vitest';
import { POINT_ENTRY_KINDS } from '@apsara/contracts';
import { entryRemark } from './remark';

describe('points-details remark', () => {
  it('names the bets counted for a game source, or just the source', () => {
    expect(entryRemark({ kind: 'live', basis: '120.00', orderNumber: null })).toEqual({ key: 'remark.bets', values: { source: 'live', amount: '120.00' } });
    expect(entryRemark({ kind: 'sports', basis: null, orderNumber: null })).toEqual({ key: 'remark.bets_plain', values: { source: 'sports' } });
  });

  it('names deposits, conversions, redemptions and refunds with their amount and record number', () => {
    expect(entryRemark({ kind: 'deposit', basis: '500.00', orderNumber: null })).toEqual({ key: 'remark.deposit', values: { amount: '500.00' } });
    expect(entryRemark({ kind: 'convert', basis: '50.00', orderNumber: 'PM00000012' })).toEqual({ key: 'remark.convert', values: { amount: '50.00', number: 'PM00000012' } });
    expect(entryRemark({ kind: 'convert', basis: null, orderNumber: 'PM00000012' })).toEqual({ key: 'remark.convert_plain', values: { number: 'PM00000012' } });
    expect(entryRemark({ kind: 'redeem', basis: null, orderNumber: 'PM00000013' })).toEqual({ key: 'remark.redeem', values: { number: 'PM00000013' } });
    expect(entryRemark({ kind: 'refund', basis: null, orderNumber: 'PM00000013' })).toEqual({ key: 'remark.refund', values: { number: 'PM00000013' } });
    expect(entryRemark({ kind: 'adjust', basis: null, orderNumber: null })).toEqual({ key: 'remark.adjust', values: {} });
  });

  it('has words for every kind, with or without its details', () => {
    for (const kind of POINT_ENTRY_KINDS) {
      for (const e of [{ kind, basis: null, orderNumber: null }, { kind, basis: '1.00', orderNumber: 'PM00000001' }]) expect(entryRemark(e).key).toMatch(/^remark\./);
    }
  });
});
