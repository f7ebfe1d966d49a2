import { z } from 'zod';
import {
  DEFAULT_MIN_AGE,
  DEFAULT_REGISTER_RULES,
  LANGUAGES,
  LocalizedText,
  PaymentChannelConfig,
  PointsConfig,
  PositiveMoneyAmount,
  ReferralConfig,
  MissionsConfig,
  ChatConfig,
  VipConfig,
  WithdrawalConfig,
  REGISTER_FIELDS,
  RegisterFieldRule,
  WHITELABEL_FLAGS,
  type RegisterField,
  type RegisterSettingValue,
  type WhitelabelFlag,
} from '@apsara/contracts';

const Flags = z.object(
  Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, z.boolean().default(false)])) as Record<WhitelabelFlag, z.ZodDefault<z.ZodBoolean>>,
);

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
  flags: Flags.default(Flags.parse({})),
  register: z
    .object({
      fields: z.partialRecord(z.enum(REGISTER_FIELDS), RegisterFieldRule.partial()).default({}),
      minAge: z.number().int().min(18).max(99).default(DEFAULT_MIN_AGE),
      termsDefaultChecked: z.boolean().default(true),
      /** Registration of accounts under an agent requires a valid affiliate code when true. */
      affiliateRequired: z.boolean().default(false),
    })
    .default({ fields: {}, minAge: DEFAULT_MIN_AGE, termsDefaultChecked: true, affiliateRequired: false }),
  maintenance: z
    .object({ active: z.boolean().default(false), message: z.string().nullable().default(null), until: z.string().nullable().default(null) })
    .default({ active: false, message: null, until: null }),
  /** SMS codes (docs/verification.md): how long one lives; the portal's resend countdown is this too (spec §6). */
  sms: z.object({ expiredMinutes: z.number().int().min(1).max(30).default(1) }).default({ expiredMinutes: 1 }),
  /** CIDR ranges refused with status 2 (region-blocked). */
  blockedCidrs: z.array(z.string()).default([]),
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
  /** Invite friends: the reward for a friend whose deposits reach the minimum (docs/referral.md). */
  referral: ReferralConfig,
  /** Missions and the leaderboard: on or off, and the leaderboard's period, entry and prizes (docs/missions.md). */
  missions: MissionsConfig,
  /** VIP ranks: what each asks in bets and deposits, and its upgrade bonus (docs/vip.md). */
  vip: VipConfig,
  /** Customer service chat: on or off, its topics, hours, greeting and idle close (docs/chat.md). */
  chat: ChatConfig,
  /**
   * The welcome bonus customer service credits after sign-up, on Zalo or WhatsApp (spec §2: the bonus
   * popup that follows registration): the most it pays, in the site's currency. Null: the register
   * form promises nothing and no bonus popup follows.
   */
  signupBonus: z.object({ maxAmount: PositiveMoneyAmount }).nullable().default(null),
  imageCdn: z.string().default('/static'),
  gameLaunchCdn: z.string().default('/launch'),
  analyticsId: z.string().nullable().default(null),
  supportHours: LocalizedText.default('24/7'),
  licenceCompany: z.string().default('Apsara Entertainment Ltd.'),
  security: z
    .object({
      captchaAfterFailures: z.number().int().min(1).default(3),
      lockAfterFailures: z.number().int().min(1).default(5),
      lockMinutes: z.number().int().min(1).default(5),
      passwordMaxAgeDays: z.number().int().min(0).default(0),
    })
    .default({ captchaAfterFailures: 3, lockAfterFailures: 5, lockMinutes: 5, passwordMaxAgeDays: 0 }),
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

/** Every account has a username and a password, whatever a merchant configures. */
const ALWAYS_REQUIRED: readonly RegisterField[] = ['username', 'password'];

/** Effective per-field registration rules: catalogue defaults overlaid by the merchant's settings. */
export const registerRules = (config: MerchantConfig): Record<RegisterField, RegisterFieldRule> =>
  Object.fromEntries(
    REGISTER_FIELDS.map((f) => {
      const rule = { ...DEFAULT_REGISTER_RULES[f], ...config.register.fields[f] };
      return [f, ALWAYS_REQUIRED.includes(f) ? { ...rule, enabled: true, required: true } : rule];
    }),
  ) as Record<RegisterField, RegisterFieldRule>;

/** GET /wps/system/setting/register, and what registration itself is checked against. */
export const registerSettings = (merchant: Merchant): RegisterSettingValue => ({
  fields: registerRules(merchant.config),
  minAge: merchant.config.register.minAge,
  termsDefaultChecked: merchant.config.register.termsDefaultChecked,
});
