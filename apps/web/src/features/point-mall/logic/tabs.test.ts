import { describe, expect, it } from 'vitest';
import { POINT_TABS, tabOf, tabsFor } from './tabs';

describe('points mall tabs', () => {
  it('offers cash to points only when the site converts', () => {
    expect(tabsFor(true)).toEqual([...POINT_TABS]);
    expect(tabsFor(false)).toEqual(['goods', 'records', 'details', 'rules']);
  });

  it('opens the tab a link names when offered, else goods', () => {
    expect(tabOf('records', tabsFor(true))).toBe('records');
    expect(tabOf('convert', tabsFor(false))).toBe('goods');
    expect(tabOf(null, tabsFor(true))).toBe('goods');
    expect(tabOf('nonsense', tabsFor(true))).toBe('goods');
  });
});
