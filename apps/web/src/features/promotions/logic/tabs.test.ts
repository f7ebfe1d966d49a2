import { describe, expect, it } from 'vitest';
import { PROMOTION_CATEGORIES } from '@apsara/contracts';
import { CATEGORY_TABS, PROMO_TABS, categoryOf, countsByTab, inTab, shownTab, tabCount, tabOf, tabsShown } from './tabs';

describe('promotion hall tabs', () => {
  it('has all, every category in the contract order, the rank explanation, then the claim hall', () => {
    expect(PROMO_TABS).toEqual(['all', 'newbie', 'limited', 'special', 'daily', 'rebate', 'vip', 'deposit', 'app', 'rank', 'claims']);
    expect(CATEGORY_TABS.slice(1).map((t) => t.toUpperCase())).toEqual([...PROMOTION_CATEGORIES]);
  });

  it('opens the tab a link names, in any case, else all', () => {
    expect(tabOf('daily')).toBe('daily');
    expect(tabOf('VIP')).toBe('vip');
    expect(tabOf('claims')).toBe('claims');
    expect(tabOf(null)).toBe('all');
    expect(tabOf('RANK')).toBe('rank');
    expect(tabOf('ranks')).toBe('all');
  });

  it('lists the rank explanation only on a site with ranks', () => {
    expect(tabsShown(true, 'all')).toContain('rank');
    expect(tabsShown(false, 'all')).not.toContain('rank');
    // Not known yet: hidden, unless it is the tab a link opened (no flash of another tab on reload).
    expect(tabsShown(undefined, 'all')).not.toContain('rank');
    expect(tabsShown(undefined, 'rank')).toContain('rank');
    expect(tabsShown(false, 'all').at(-1)).toBe('claims');
  });

  it('opens all for a link to the rank explanation on a site without ranks', () => {
    expect(shownTab('rank', false)).toBe('all');
    expect(shownTab('rank', undefined)).toBe('rank');
    expect(shownTab('rank', true)).toBe('rank');
    expect(shownTab('vip', false)).toBe('vip');
  });

  it('filters by category, keeping the order', () => {
    const items = [
      { id: '1', category: 'DAILY' as const },
      { id: '2', category: 'NEWBIE' as const },
      { id: '3', category: 'DAILY' as const },
    ];
    expect(categoryOf('all')).toBeUndefined();
    expect(categoryOf('claims')).toBeUndefined();
    expect(categoryOf('rank')).toBeUndefined();
    expect(categoryOf('app')).toBe('APP');
    expect(inTab(items, 'daily').map((p) => p.id)).toEqual(['1', '3']);
    expect(inTab(items, 'all').map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(inTab(items, 'vip')).toEqual([]);
    expect(countsByTab(items)).toMatchObject({ all: 3, daily: 2, newbie: 1, vip: 0 });
  });

  it('shows a count beside a category that has promotions, and none beside an empty one or the other tabs', () => {
    const counts = countsByTab([{ category: 'DAILY' }, { category: 'DAILY' }, { category: 'NEWBIE' }]);
    expect(tabCount(counts, 'daily')).toBe(2);
    expect(tabCount(counts, 'newbie')).toBe(1);
    // "Deposit 0" read as the tab's name.
    expect(tabCount(counts, 'deposit')).toBeUndefined();
    for (const tab of ['all', 'rank', 'claims'] as const) expect(tabCount(counts, tab)).toBeUndefined();
    // Nothing while the list is loading.
    expect(tabCount(null, 'daily')).toBeUndefined();
  });
});
