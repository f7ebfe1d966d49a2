import { PROMOTION_CATEGORIES, type PromotionCategory } from '@apsara/contracts';

/*
 * The promotion hall's tabs (spec §2 "Promotions"): all, one per category, and the promo claim hall.
 * `?tab=` names one in lower case (`/promotions?tab=daily`), so each can be linked to; the points mall
 * is a link beside them (a page of its own). The rank explanation (`?tab=rank`) follows the categories
 * on a site with VIP ranks (docs/vip.md).
 */
export const CATEGORY_TABS = ['all', ...PROMOTION_CATEGORIES.map((c) => c.toLowerCase() as Lowercase<PromotionCategory>)] as const;
export type CategoryTab = (typeof CATEGORY_TABS)[number];
export const RANK_TAB = 'rank';
export const CLAIMS_TAB = 'claims';
export const PROMO_TABS = [...CATEGORY_TABS, RANK_TAB, CLAIMS_TAB] as const;
export type PromoTab = (typeof PROMO_TABS)[number];

/** The tab a `?tab=` value asks for (any case); else all. */
export const tabOf = (param: string | null): PromoTab => PROMO_TABS.find((tab) => tab === param?.toLowerCase()) ?? 'all';

/**
 * The tab the hall opens, given whether the site has ranks (undefined while that is being asked): a
 * link to the rank explanation on a site without ranks opens all; while unknown it stays, so a
 * reload of `?tab=rank` does not flash another tab first.
 */
export const shownTab = (asked: PromoTab, ranks: boolean | undefined): PromoTab => (asked === RANK_TAB && ranks === false ? 'all' : asked);

/** The tabs the hall lists: the rank explanation when the site has ranks, or while it is the one open. */
export const tabsShown = (ranks: boolean | undefined, open: PromoTab): PromoTab[] => PROMO_TABS.filter((tab) => tab !== RANK_TAB || ranks === true || open === RANK_TAB);

/** The category a tab shows; undefined for all (and for the rank explanation and the claim hall, which show none). */
export const categoryOf = (tab: PromoTab): PromotionCategory | undefined =>
  tab === 'all' || tab === CLAIMS_TAB || tab === RANK_TAB ? undefined : (tab.toUpperCase() as PromotionCategory);

/** The promotions a tab shows, in the server's order (running first). */
export const inTab = <P extends { category: PromotionCategory }>(items: readonly P[], tab: PromoTab): P[] => {
  const category = categoryOf(tab);
  return category ? items.filter((p) => p.category === category) : [...items];
};

/** How many promotions each category tab would show (all counts every one), for the tabs' counts. */
export const countsByTab = (items: readonly { category: PromotionCategory }[]): Record<CategoryTab, number> => {
  const counts = Object.fromEntries(CATEGORY_TABS.map((tab) => [tab, 0])) as Record<CategoryTab, number>;
  for (const p of items) {
    counts.all += 1;
    counts[p.category.toLowerCase() as CategoryTab] += 1;
  }
  return counts;
};

/**
 * The count a tab shows beside its name: a category's, when it has promotions. None for all (the
 * grid shows them), for the rank and claim tabs, and for an empty category: "Deposit 0" read as part
 * of the tab's name; the category's own panel says it has nothing.
 */
export const tabCount = (counts: Record<CategoryTab, number> | null, tab: PromoTab): number | undefined => {
  if (!counts || tab === 'all' || tab === RANK_TAB || tab === CLAIMS_TAB) return undefined;
  const n = counts[tab];
  return n > 0 ? n : undefined;
};
