import type { PointEntry, PointEntryKind } from '@apsara/contracts';

/** The earning sources whose basis is effective bets (the rest: deposits, conversions, redemptions, the site's own). */
const BET_SOURCES: ReadonlySet<PointEntryKind> = new Set(['live', 'lottery', 'pvp', 'rng', 'sports']);

/**
 * A points-details line in words (spec §3 "remark"), as a key of the points namespace and its values:
 * what earned or spent the points, with the bets or deposits counted and the redemption record's
 * number when there is one. The operator's note is shown beside it, as written.
 */
export type EntryRemark = { key: string; values: { source?: PointEntryKind; amount?: string; number?: string } };

export const entryRemark = (entry: Pick<PointEntry, 'kind' | 'basis' | 'orderNumber'>): EntryRemark => {
  const { kind, basis, orderNumber } = entry;
  const number = orderNumber ?? undefined;
  if (BET_SOURCES.has(kind)) return basis ? { key: 'remark.bets', values: { source: kind, amount: basis } } : { key: 'remark.bets_plain', values: { source: kind } };
  switch (kind) {
    case 'deposit':
      return basis ? { key: 'remark.deposit', values: { amount: basis } } : { key: 'remark.deposit_plain', values: {} };
    case 'convert':
      if (basis && number) return { key: 'remark.convert', values: { amount: basis, number } };
      return number ? { key: 'remark.convert_plain', values: { number } } : { key: 'remark.convert_none', values: {} };
    case 'redeem':
      return number ? { key: 'remark.redeem', values: { number } } : { key: 'remark.redeem_plain', values: {} };
    case 'refund':
      return number ? { key: 'remark.refund', values: { number } } : { key: 'remark.refund_plain', values: {} };
    default:
      return { key: 'remark.adjust', values: {} };
  }
};
