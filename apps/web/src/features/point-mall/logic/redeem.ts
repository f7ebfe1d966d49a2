import { POINT_REDEEM_MAX_QUANTITY, PointRedeemBody, fromMinor, toMinor, type PointGoods } from '@apsara/contracts';
import type { FieldProblem } from '../../../lib/field-rules';

/*
 * A goods redemption (spec §3 "Goods: quantity, required points, required amount, remaining quantity,
 * delivery address, payment account"): totals and limits worked out in whole points and integer cents.
 */

/** What the member has: points, main wallet money, and how much of each limited good they already hold. */
type Wallet = { points: number; available: string; taken?: readonly { goodsId: string; quantity: number }[] };

/** How many of a good the member already holds in applying or approved redemptions. */
export const alreadyTaken = (goodsId: string, wallet: Pick<Wallet, 'taken'>) => wallet.taken?.find((t) => t.goodsId === goodsId)?.quantity ?? 0;

/** What a redemption of `quantity` costs: points, and the cash part from the main wallet ("0.00" for none). */
export const redeemTotals = (goods: Pick<PointGoods, 'points' | 'amount'>, quantity: number) => ({
  points: goods.points * quantity,
  amount: fromMinor(toMinor(goods.amount) * BigInt(quantity)),
});

/** Why a member cannot take more of a good: what runs out first. */
export type RedeemStop = 'stock' | 'limit' | 'points' | 'cash' | 'most';

/**
 * The most the member can take in one redemption and what sets it: what is left, the site's limit per
 * member less what they already hold (applying or approved, from their points balance), the points and
 * money they have, and the contract's largest quantity.
 */
export const redeemMost = (goods: Pick<PointGoods, 'id' | 'points' | 'amount' | 'remaining' | 'limitPerMember'>, wallet: Wallet): { most: number; stop: RedeemStop } => {
  const cash = toMinor(goods.amount);
  const bounds: [number, RedeemStop][] = [
    [goods.remaining, 'stock'],
    [goods.limitPerMember === null ? Number.POSITIVE_INFINITY : goods.limitPerMember - alreadyTaken(goods.id, wallet), 'limit'],
    [Math.floor(wallet.points / goods.points), 'points'],
    [cash > 0n ? Number(toMinor(wallet.available) / cash) : Number.POSITIVE_INFINITY, 'cash'],
    [POINT_REDEEM_MAX_QUANTITY, 'most'],
  ];
  const [most, stop] = bounds.reduce((low, b) => (b[0] < low[0] ? b : low));
  return { most: Math.max(0, most), stop };
};

/** The points still missing for one of a good (0 when the member has enough). */
export const pointsShort = (goods: Pick<PointGoods, 'points'>, points: number) => Math.max(0, goods.points - points);

/** A quantity between 1 and the most the member can take now. */
export const validateQuantity = (quantity: number, most: number): FieldProblem | null =>
  Number.isInteger(quantity) && quantity >= 1 && quantity <= most ? null : { key: 'points:errors.quantity_range', values: { max: String(most) } };

/** Keeps a typed or stepped quantity within 1 and `most`; what is not a number becomes 1. */
export const clampQuantity = (quantity: number, most: number) => (Number.isFinite(quantity) ? Math.min(Math.max(1, Math.trunc(quantity)), Math.max(1, most)) : 1);

const ADDRESS = PointRedeemBody.shape.address.unwrap();

/** A delivery address (physical goods only), by the contract's own rule: 5–200 characters, no < or >. */
export const validateAddress = (value: string): FieldProblem | null => {
  const trimmed = value.trim();
  if (!trimmed) return { key: 'errors.required' };
  if (ADDRESS.safeParse(value).success) return null;
  return /[<>]/.test(trimmed) ? { key: 'points:errors.address_chars' } : { key: 'points:errors.address_length', values: { min: '5', max: '200' } };
};
