import { z } from 'zod';
import { ok } from '../envelope.js';
import { minorOrNull, MoneyAmount, notAbove } from '../money.js';

/*
 * VIP ranks (spec §2 promotions categories "VIP" and "rank explanation", the side menu's "VIP bonus";
 * §3 member info: hasVip, label, rank level). docs/vip.md.
 *
 * A member's rank follows what they have done on the site since they joined: their bets (stakes of
 * settled rounds) and their credited deposits. Each rank asks for both; reaching it pays its upgrade
 * bonus once, through the ledger. A rank once reached is kept.
 */

/** At most this many ranks above the starting one (rank 0). */
export const VIP_MAX_LEVELS = 10;

const Threshold = MoneyAmount.refine((v) => notAbove('0.00', v) && notAbove(v, '1000000000.00'), { message: 'must be between 0 and 1000000000.00' });
const Bonus = MoneyAmount.refine((v) => notAbove('0.00', v) && notAbove(v, '100000.00'), { message: 'must be between 0 and 100000.00' });

export const VipLevelConfig = z.object({
  /** Bets (stakes of settled rounds) since joining, and credited deposits, both needed for the rank. */
  minBets: Threshold,
  minDeposits: Threshold,
  /** Paid once when the rank is reached (0.00: none). */
  upgradeBonus: Bonus.default('0.00'),
});
export type VipLevelConfig = z.infer<typeof VipLevelConfig>;

/** The merchant's ranks (merchant config `vip`): rank n is `levels[n - 1]`; each asks at least what the one below asks. */
export const VipConfig = z
  .object({
    enabled: z.boolean().default(false),
    levels: z
      .array(VipLevelConfig)
      .max(VIP_MAX_LEVELS)
      .default([])
      .refine((list) => list.every((l, i) => i === 0 || (notAbove(list[i - 1]!.minBets, l.minBets) && notAbove(list[i - 1]!.minDeposits, l.minDeposits))), {
        message: 'a higher rank may not ask less than the one below it',
      })
      .refine((list) => list.every((l) => minorOrNull(l.minBets) !== 0n || minorOrNull(l.minDeposits) !== 0n), { message: 'every rank asks for some bets or deposits' }),
  })
  .default(() => ({ enabled: false, levels: [] }));
export type VipConfig = z.infer<typeof VipConfig>;

const Money = z.string().describe('a decimal string with two places, e.g. "1234.50"');

/** A rank as the rank explanation shows it. */
export const VipLevel = z.object({ level: z.number().int(), label: z.string(), minBets: Money, minDeposits: Money, upgradeBonus: Money });
export type VipLevel = z.infer<typeof VipLevel>;

/** An upgrade the member reached: its bonus, and when it was paid (null while the job has yet to pay it). */
export const VipUpgrade = z.object({ level: z.number().int(), label: z.string(), bonus: Money, reachedAt: z.string(), paidAt: z.string().nullable() });
export type VipUpgrade = z.infer<typeof VipUpgrade>;

/** GET /wps/vip — public: the ranks; with a token, also where the member stands. */
export const VipValue = z.object({
  enabled: z.boolean(),
  currencySymbol: z.string(),
  levels: z.array(VipLevel),
  /** Null for visitors (and trial accounts: they have no rank). */
  me: z
    .object({
      level: z.number().int(),
      label: z.string().nullable(),
      bets: Money,
      deposits: Money,
      /** The next rank and what is still missing for it; null at the top. */
      next: z.object({ level: z.number().int(), label: z.string(), betsToGo: Money, depositsToGo: Money, upgradeBonus: Money }).nullable(),
      upgrades: z.array(VipUpgrade),
    })
    .nullable(),
});
export type VipValue = z.infer<typeof VipValue>;
export const VipResponse = ok(VipValue);

/** GET /ops/vip/upgrades — ranks reached, newest first. */
export const OpsVipUpgrade = VipUpgrade.extend({ memberId: z.string(), username: z.string() });
export const OpsVipUpgradesResponse = ok(z.object({ items: z.array(OpsVipUpgrade) }));

/** A rank's name: "VIP3". Rank 0 has none. */
export const vipLabel = (level: number) => (level > 0 ? `VIP${level}` : null);
