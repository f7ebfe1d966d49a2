import { z } from 'zod';
import { ok } from '../envelope.js';
import { LoginValue } from './session.js';
import { text } from './text.js';

const opt = (max: number) => text(max).optional();

/** PUT /wps/member/register — every field of spec §3. Rules per field come from merchant config. */
export const RegisterBody = z.object({
  username: opt(64),
  password: opt(128),
  confirmPassword: opt(128),
  payeeName: opt(128),
  email: opt(254),
  qqNum: opt(64),
  mobileNum: opt(20),
  countryDialingCode: opt(6),
  recommenderId: opt(64),
  captcha: opt(16),
  captchaId: opt(64),
  verificationCode: opt(255),
  affiliateCode: opt(64),
  paymentPassword: opt(128),
  line: opt(128),
  whatsapp: opt(128),
  facebook: opt(128),
  wechat: opt(128),
  telegram: opt(128),
  zalo: opt(128),
  idNumber: opt(64),
  referralCode: opt(64),
  domain: opt(253),
  registerUrl: opt(2048),
  registerMethod: z.literal('WEB').default('WEB'),
  login: z.boolean().default(true),
  termsAccepted: z.boolean().optional(),
  ageConfirmed: z.boolean().optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;
export const RegisterResponse = ok(LoginValue);

export const VipInfo = z.object({ hasVip: z.boolean(), label: z.string().nullable(), rankLevel: z.number().int() });

/** GET /wps/member/info */
export const MemberInfoValue = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  userName: z.string(),
  balance: z.string(),
  /** Part of `balance` on hold (withdrawals waiting to be paid): not spendable. */
  held: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  vip: VipInfo,
  availablePromos: z.number().int(),
  /** Missions reached and not yet claimed (the missionLeaderboard badge). */
  claimableMissions: z.number().int(),
  unreadCount: z.number().int(),
  language: z.string(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  mustChangePassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /**
   * An agent's own invitation code (people who register with it join the agent's team: the agent
   * center's open account page shows it with its link); null for players and agents without one.
   */
  affiliateCode: z.string().nullable(),
});
export const MemberInfoResponse = ok(MemberInfoValue);
export type MemberInfoValue = z.infer<typeof MemberInfoValue>;

/** GET /wps/member/info/icon — generated avatar (SVG data URL) plus VIP frame. */
export const MemberIconValue = z.object({ iconUrl: z.string(), initials: z.string(), color: z.string() });
export const MemberIconResponse = ok(MemberIconValue);

/** POST /wps/member/password */
export const ChangePasswordBody = z.object({
  oldPassword: opt(128),
  newPassword: opt(128),
  confirmNewPassword: opt(128),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
export const ChangePasswordResponse = ok(z.object({ changed: z.literal(true), reloginRequired: z.boolean() }));
