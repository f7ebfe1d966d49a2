import { describe, expect, it } from 'vitest';
import { auditDiff, compactJson, flattenJson, moneyText, signedMoneyText } from './format';

const SITE = { symbol: '$', currency: 'USD' };

describe('money in the back office', () => {
  it("writes amounts with the site's symbol, two decimals and separators", () => {
    expect(moneyText('1234.5', SITE)).toBe('$1,234.50');
    expect(moneyText('-20.00', SITE, 'USD')).toBe('-$20.00');
    expect(moneyText(null, SITE)).toBe('—');
  });

  it('names another currency by its code instead of borrowing the symbol', () => {
    expect(moneyText('100.00', SITE, 'KHR')).toBe('100.00 KHR');
  });

  it('signs adjustments', () => {
    expect(signedMoneyText('10.00', SITE)).toBe('+$10.00');
    expect(signedMoneyText('-10.00', SITE)).toBe('-$10.00');
  });
});

describe('audit changes', () => {
  it('flattens nested values to dotted paths', () => {
    expect(flattenJson({ a: { b: 1 }, l: [2, { c: 'x' }], e: [] })).toEqual({ 'a.b': 1, 'l.0': 2, 'l.1.c': 'x', e: [] });
  });

  it('lists only what changed', () => {
    const before = { status: 'pending', amount: '10.00', levels: [{ minBets: '1.00' }, { minBets: '5.00' }] };
    const after = { status: 'approved', amount: '10.00', levels: [{ minBets: '1.00' }], note: 'ok' };
    expect(auditDiff(before, after)).toEqual([
      { path: 'status', kind: 'changed', before: 'pending', after: 'approved' },
      { path: 'levels.1.minBets', kind: 'removed', before: '5.00' },
      { path: 'note', kind: 'added', after: 'ok' },
    ]);
  });

  it('shows a creation as added values and nothing for no change', () => {
    expect(auditDiff(null, { role: 'admin' })).toEqual([{ path: 'role', kind: 'added', after: 'admin' }]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('keeps values short', () => {
    expect(compactJson('plain')).toBe('plain');
    expect(compactJson({ a: 1 })).toBe('{"a":1}');
    expect(compactJson('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(compactJson(undefined)).toBe('—');
  });
});
