import { z } from 'zod';
import { LIST_PAGE_SIZE } from '../constants.js';
import { ok } from '../envelope.js';
import { ContractKindsConfig } from './agent-contracts.js';
import { RebateConfig, StoredRebate } from './rebate.js';
import { LotteryLimitsConfig, StoredLotteryLimits } from './lottery.js';
import { ChatConfig } from './chat.js';
import { MissionsConfig } from './missions.js';
import { AdjustmentReason, IdString } from './ops.js';
import { PointsConfig } from './points.js';
import { ReferralConfig } from './referral.js';
import { BlockedCidrsConfig, DialingCodesConfig, FlagsConfig, LoginCheckConfig, MaintenanceConfig, RegisterConfig, SecurityConfig, SignupBonusConfig, SmsConfig, StoredBlockedCidrs, StoredDialingCodes, StoredMaintenance, StoredRegister, StoredSecurity } from './site-settings.js';
import { text } from './text.js';
import { VipConfig } from './vip.js';
import { WithdrawalConfig } from './withdrawal.js';

/*
 * The back office's member lookup and the site settings an operator may change (docs/operators.md).
 */

const Money = z.string().describe('a decimal string with two places, e.g. "1234.50"');
export const MEMBER_STATUSES = ['active', 'frozen', 'closed'] as const;
export const OPS_MEMBER_KINDS = ['member', 'agent', 'trial'] as const;

/** GET /ops/members — members of the operator's site, newest first, 20 a page. */
export const OpsMemberQuery = z.strictObject({
  /** Part of a username (any case), or a member id. */
  q: text(64).trim().optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  kind: z.enum(OPS_MEMBER_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type OpsMemberQuery = z.infer<typeof OpsMemberQuery>;

export const OpsMemberRow = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  status: z.enum(MEMBER_STATUSES),
  /** The upline's username (agents' tree). */
  parent: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Main wallet, and the part of it on hold. */
  balance: Money,
  held: Money,
  vipLevel: z.number().int(),
});
export type OpsMemberRow = z.infer<typeof OpsMemberRow>;
export const OpsMemberListValue = z.object({ items: z.array(OpsMemberRow), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type OpsMemberListValue = z.infer<typeof OpsMemberListValue>;
export const OpsMemberListResponse = ok(OpsMemberListValue);

/** GET /ops/members/:id — one member with their wallets and lifetime figures. */
export const OpsMemberDetail = OpsMemberRow.extend({
  payeeName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  language: z.string().nullable(),
  referredBy: z.string().nullable(),
  downlines: z.number().int(),
  /** An agent's invitation code (a member made an agent gets one; a former agent keeps theirs, unused). */
  affiliateCode: z.string().nullable(),
  wallets: z.array(z.object({ code: z.string(), balance: Money, held: Money })),
  totals: z.object({ deposits: Money, withdrawals: Money, bets: Money, payouts: Money }),
  points: z.number().int(),
});
export type OpsMemberDetail = z.infer<typeof OpsMemberDetail>;
export const OpsMemberDetailResponse = ok(OpsMemberDetail);

/** POST /ops/members/:id/status — freeze (signs the member out everywhere) or reopen; admin; audited. */
export const OpsMemberStatusBody = z.strictObject({ status: z.enum(['active', 'frozen']), reason: AdjustmentReason });
export type OpsMemberStatusBody = z.infer<typeof OpsMemberStatusBody>;
export const OpsMemberIdParams = z.object({ id: IdString });
/**
 * POST /ops/members/:id/kind — makes a player an agent (type 1, with an invitation code), or an agent
 * opened as one (type 1) with no team and no open contract a player again; admin; audited.
 */
export const OPS_MEMBER_KIND_CHANGES = ['agent', 'member'] as const;
export const OpsMemberKindBody = z.strictObject({ kind: z.enum(OPS_MEMBER_KIND_CHANGES), reason: AdjustmentReason });
export type OpsMemberKindBody = z.infer<typeof OpsMemberKindBody>;
/**
 * POST /ops/members/:id/password — sets a temporary password, shown once in the answer, and signs the
 * member out everywhere; at their next sign-in with it they must choose their own before anything
 * else; admin and support; audited (never the password).
 */
export const OpsMemberPasswordResetBody = z.strictObject({ reason: AdjustmentReason });
export type OpsMemberPasswordResetBody = z.infer<typeof OpsMemberPasswordResetBody>;
export const OpsMemberPasswordResetValue = z.object({ memberId: IdString, username: z.string(), temporaryPassword: z.string() });
export type OpsMemberPasswordResetValue = z.infer<typeof OpsMemberPasswordResetValue>;
export const OpsMemberPasswordResetResponse = ok(OpsMemberPasswordResetValue);


/** The site settings the back office edits, each replaced whole by PATCH /ops/config/:section. */
export const OPS_CONFIG_SECTIONS = {
  referral: ReferralConfig,
  missions: MissionsConfig,
  vip: VipConfig,
  withdrawal: WithdrawalConfig,
  points: PointsConfig,
  rebate: RebateConfig,
  lottery: LotteryLimitsConfig,
  chat: ChatConfig,
  maintenance: MaintenanceConfig,
  flags: FlagsConfig,
  register: RegisterConfig,
  security: SecurityConfig,
  loginCheck: LoginCheckConfig,
  signupBonus: SignupBonusConfig,
  sms: SmsConfig,
  blockedCidrs: BlockedCidrsConfig,
  contractKinds: ContractKindsConfig,
  dialingCodes: DialingCodesConfig,
} as const;
export type OpsConfigSection = keyof typeof OPS_CONFIG_SECTIONS;
/**
 * The same sections as they may already be stored (what the server reads and GET /ops/config
 * answers): the core settings' newer checks apply to a new value only (site-settings.ts).
 */
export const OPS_CONFIG_STORED = {
  ...OPS_CONFIG_SECTIONS,
  maintenance: StoredMaintenance,
  register: StoredRegister,
  security: StoredSecurity,
  blockedCidrs: StoredBlockedCidrs,
  dialingCodes: StoredDialingCodes,
  rebate: StoredRebate,
  lottery: StoredLotteryLimits,
} as const satisfies Record<OpsConfigSection, unknown>;
export const OPS_CONFIG_SECTION_NAMES = Object.keys(OPS_CONFIG_SECTIONS) as OpsConfigSection[];
export const OpsConfigSectionParams = z.object({ section: z.enum(OPS_CONFIG_SECTION_NAMES as [OpsConfigSection, ...OpsConfigSection[]]) });

/** GET /ops/config — every editable section as it stands (defaults filled in). */
export const OpsConfigValue = z.object({
  referral: z.record(z.string(), z.unknown()),
  missions: z.record(z.string(), z.unknown()),
  vip: z.record(z.string(), z.unknown()),
  withdrawal: z.record(z.string(), z.unknown()),
  points: z.record(z.string(), z.unknown()),
  chat: z.record(z.string(), z.unknown()),
  maintenance: z.record(z.string(), z.unknown()),
  flags: z.record(z.string(), z.unknown()),
  register: z.record(z.string(), z.unknown()),
  security: z.record(z.string(), z.unknown()),
  loginCheck: z.record(z.string(), z.boolean()),
  signupBonus: z.record(z.string(), z.unknown()).nullable(),
  sms: z.record(z.string(), z.unknown()),
  blockedCidrs: z.array(z.string()),
  contractKinds: z.record(z.string(), z.boolean()),
  dialingCodes: z.object({ countries: z.array(z.string()) }),
  rebate: z.record(z.string(), z.unknown()),
  lottery: z.record(z.string(), z.unknown()),
});
export type OpsConfigValue = { [K in OpsConfigSection]: z.infer<(typeof OPS_CONFIG_SECTIONS)[K]> };
export const OpsConfigResponse = ok(OpsConfigValue);
