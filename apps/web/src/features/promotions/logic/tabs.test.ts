import { describe, expect, it } from 'vitest';
import { PROMOTION_CATEGORIES } from '@apsara/contracts';
import { CATEGORY_TABS, PROMO_TABS, categoryOf, countsByTab, inTab, tabOf } from './tabs';

describe('promotion hall tabs', () => {
  it('has all, every category in the contract order, then the claim hall', () => {
    expect(PROMO_TABS).toEqual(['all', 'newbie', 'limited', 'special', 'daily', 'rebate', 'vip', 'deposit', 'app', 'claims']);
    expect(CATEGORY_TABS.slice(1).map((t) => t.toUpperCase())).toEqual([...PROMOTION_CATEGORIES]);
  });

  it('opens the tab a link names, in any case, else all', () => {
    expect(tabOf('daily')).toBe('daily');
    expect(tabOf('VIP')).toBe('vip');
    expect(tabOf('claims')).toBe('claims');
    expect(tabOf(null)).toBe('all');
    expect(tabOf('rank')).toBe('all');
  });

  it('filters by category, keeping the order', () => {
    const items = [
      { id: '1', category: 'DAILY' as const },
      { id: '2', category: 'NEWBIE' as const },
      { id: '3', category: 'DAILY' as const },
    ];
    expect(categoryOf('all')).toBeUndefined();
    expect(categoryOf('claims')).toBeUndefined();
    expect(categoryOf('app')).toBe('APP');
    expect(inTab(items, 'daily').map((p) => p.id)).toEqual(['1', '3']);
    expect(inTab(items, 'all').map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(inTab(items, 'vip')).toEqual([]);
    expect(countsByTab(items)).toMatchObject({ all: 3, daily: 2, newbie: 1, vip: 0 });
  });
});
