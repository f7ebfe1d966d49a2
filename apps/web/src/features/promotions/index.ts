/** What the app shell takes from the promotions (the hall itself is a section loaded on demand). */
export { useClaimableCount } from './api/promotions';
export { useHasVipRanks } from './api/vip';
