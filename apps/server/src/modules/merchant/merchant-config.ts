import { z } from 'zod';
import {
  effectiveRegisterRule,
  FlagsConfig,
  LANGUAGES,
  SignupBonusConfig,
  SmsConfig,
  StoredBlockedCidrs,
  StoredMaintenance,
  StoredRegister,
  StoredSecurity,
  StoredContractKinds,
  StoredDialingCodes,
  StoredRebate,
  StoredLotteryLimits,
  StoredLoginCheck,
  LocalizedText,
  PaymentChannelConfig,
  PointsConfig,
  ReferralConfig,
  MissionsConfig,
  ChatConfig,
  VipConfig,
  WithdrawalConfig,
  REGISTER_FIELDS,
  type RegisterField,
  type RegisterFieldRule,
  type RegisterSettingValue,
} from '@apsara/contracts';

/** Default channels: a manual bank transfer with a receipt, and online banking. */
const DEFAULT_CHANNELS: PaymentChannelConfig[] = [
  {
    id: 'bank-transfer',
    type: 'BANK_TRANSFER',
    name: { en: 'Bank transfer', km: 'ផ្ទេរប្រាក់តាមធនាគារ', cn: '银行转账' },
    min: '10.00',
    max: '50000.00',
    enabled: true,
    bank: { bankName: 'ABA Bank', accountName: 'Apsara Entertainment Ltd.', accountNumber: '000 123 456' },
  },
  // Listed only where its provider is configured: the bundled simulator outside production.
  { id: 'online-pay', type: 'ONLINE', name: { en: 'Online banking', km: 'ធនាគារអនឡាញ', cn: '网上银行' }, min: '10.00', max: '5000.00', enabled: true, provider: 'paysim' },
];

/** What an operator can configure per merchant; stored as jsonb, parsed (with defaults) on every load. */
export const MerchantConfig = z.object({
  /**
   * The back office edits these (contracts site-settings.ts, docs/operators.md "Settings"); read as
   * they may be stored, a new value is checked further (OPS_CONFIG_SECTIONS).
   */
  flags: FlagsConfig,
  register: StoredRegister,
  maintenance: StoredMaintenance,
  sms: SmsConfig,
  /** CIDR ranges refused with status 2 (region-blocked). */
  blockedCidrs: StoredBlockedCidrs,
  customerService: z
    .array(z.object({ csPosition: z.string(), csType: z.string(), title: LocalizedText, path: z.string() }))
    .default([]),
  resources: z.array(z.object({ resourceType: z.string(), url: z.string() })).default([]),
  mainDomain: z.string().default('localhost'),
  /** Vendors whose games play from a wallet of their own: members move money there and back. */
  transferVendors: z
    .array(z.object({ code: z.string().regex(/^[A-Z0-9]{2,12}$/), name: z.string() }))
    .default([
      { code: 'AG', name: 'Asia Gaming' },
      { code: 'BBIN', name: 'BBIN' },
      { code: 'PT', name: 'Playtech' },
    ]),
  /**
   * Transfer-wallet vendors, when connected (docs/vendor-protocol.md "Launching a transfer-vendor game"):
   * with `autoTransfer`, launching a game first recovers the other game wallets to MAIN, then moves the
   * whole available MAIN balance into the launched vendor's wallet, so the player plays with all their
   * money as in a seamless game. Without it, a game plays with what its vendor wallet already holds.
   */
  transferWallet: z.object({ autoTransfer: z.boolean().default(true) }).default({ autoTransfer: true }),
  /** How members pay in. Bank details are shown to members; anything secret must never be added to a channel's public view. */
  payment: z
    .object({
      channels: z
        .array(PaymentChannelConfig)
        .refine((list) => new Set(list.map((c) => c.id)).size === list.length, { message: 'channel ids must be unique' })
        .default(() => DEFAULT_CHANNELS),
    })
    .default(() => ({ channels: DEFAULT_CHANNELS })),
  /** Withdrawal limits, fee, confirmation window and the banks cards may be bound to. */
  withdrawal: WithdrawalConfig.default(() => WithdrawalConfig.parse({})),
  /** Points mall (flag PTSYS3): what bets and deposits earn, and cash-to-points conversion. */
  points: PointsConfig,
  /** Manual rebate (flag MANPLAYREB3): a rate per category, the minimum, the window (docs/rebate.md). */
  rebate: StoredRebate,
  /** Lottery limits: the most one pick of one draw may pay, every member's bets together (docs/lottery.md "Limits"). */
  lottery: StoredLotteryLimits,
  /** Invite friends: the reward for a friend whose deposits reach the minimum (docs/referral.md). */
  referral: ReferralConfig,
  /** Missions and the leaderboard: on or off, and the leaderboard's period, entry and prizes (docs/missions.md). */
  missions: MissionsConfig,
  /** VIP ranks: what each asks in bets and deposits, and its upgrade bonus (docs/vip.md). */
  vip: VipConfig,
  /** Customer service chat: on or off, its topics, hours, greeting and idle close (docs/chat.md). */
  chat: ChatConfig,
  signupBonus: SignupBonusConfig,
  imageCdn: z.string().default('/static'),
  gameLaunchCdn: z.string().default('/launch'),
  analyticsId: z.string().nullable().default(null),
  supportHours: LocalizedText.default('24/7'),
  licenceCompany: z.string().default('Apsara Entertainment Ltd.'),
  security: StoredSecurity,
  /** Two-factor login confirmation from a new address (LoginCheckConfig, docs/two-factor.md). */
  loginCheck: StoredLoginCheck,
  /** The agent contract kinds the site runs (docs/agent-contracts.md "Kinds a site runs"). */
  contractKinds: StoredContractKinds,
  /** The countries whose mobile numbers the site takes, its default first (DialingCodesConfig, docs/verification.md). */
  dialingCodes: StoredDialingCodes,
});
export type MerchantConfig = z.infer<typeof MerchantConfig>;

export type Merchant = {
  id: bigint;
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  timezone: string;
  defaultLanguage: (typeof LANGUAGES)[number];
  languages: (typeof LANGUAGES)[number][];
  isDefault: boolean;
  config: MerchantConfig;
};

/** Effective per-field registration rules: catalogue defaults overlaid by the merchant's settings. */
export const registerRules = (config: MerchantConfig): Record<RegisterField, RegisterFieldRule> =>
  Object.fromEntries(
    REGISTER_FIELDS.map((f) => [f, effectiveRegisterRule(f, config.register.fields[f])]),
  ) as Record<RegisterField, RegisterFieldRule>;

/** GET /wps/system/setting/register, and what registration itself is checked against. */
export const registerSettings = (merchant: Merchant): RegisterSettingValue => ({
  fields: registerRules(merchant.config),
  minAge: merchant.config.register.minAge,
  termsDefaultChecked: merchant.config.register.termsDefaultChecked,
});
