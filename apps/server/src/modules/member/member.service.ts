import {
  fromMinor,
  isAgentType,
  isTrialType,
  validatePasswordChange,
  validateRegistration,
  normalizeRegistration,
  type RegisterMode,
  type ChangePasswordBody,
  type Lang,
  type LoginValue,
  type MemberInfoValue,
  type RegisterBody,
  type RegisterField,
  USERNAME_CHARS,
  validationMessage,
} from '@apsara/contracts';
import { AppError, type FieldIssue } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { registerRules, registerSettings, type Merchant } from '../merchant/merchant-config.js';
import { servedDialingCode } from '../system/dialing-codes.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { SessionRepository } from '../session/session.repository.js';
import type { AuthContext, Client, SessionService } from '../session/session.service.js';
import { UplineNotAgentError, type MemberRepository } from './member.repository.js';
import { memberIcon } from './member-icon.js';

const blankToNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

export const memberService = (deps: {
  members: MemberRepository;
  sessions: SessionRepository;
  sessionService: SessionService;
  captchas: CaptchaService;
  /** Unread inbox messages of a member (the messages module). */
  unreadMessages?: (merchantId: bigint, memberId: bigint) => Promise<number>;
  /** Promotions the member can claim now (the promotions module): the reward center's badge. */
  availablePromos?: (merchant: Merchant, memberId: bigint) => Promise<number>;
  /** Missions reached and not claimed (the missions module): the missionLeaderboard badge. */
  claimableMissions?: (merchant: Merchant, memberId: bigint) => Promise<number>;
  /** The member's VIP flags (the vip module); none without it. */
  vipFlags?: (merchant: Merchant, memberId: bigint, type: number) => Promise<{ hasVip: boolean; label: string | null; rankLevel: number }>;
  /** The member a referral code belongs to (invite friends), null without one; throws for a wrong code. */
  referrerFor?: (merchant: Merchant, code: string | undefined) => Promise<bigint | null>;
  /** Uses up the registration SMS code sent to this number (the verification module); throws when it is wrong. */
  useRegisterCode?: (merchant: Merchant, dialingCode: string, mobileNum: string, code: string) => Promise<void>;
}) => {
  const { members, captchas } = deps;

  /**
   * PUT /wps/member/register (mode 'username') and /register/mobile (mode 'mobile'): affiliate code
   * first, then every field rule, then the captcha; success signs in.
   */
  const register = async (merchant: Merchant, raw: RegisterBody, client: Client, lang: Lang, mode: RegisterMode = 'username'): Promise<LoginValue> => {
    const flags = merchant.config.flags;
    if (!(mode === 'username' ? flags.USERNAMEREG3 : flags.MOBILENUMREG3)) throw new AppError('REGISTRATION_DISABLED');
    // Trimmed values, and in mobile registration the username derived from the number (spec §5).
    const body = normalizeRegistration(raw, mode);

    const settings = registerSettings(merchant);
    const affiliateCode = body.affiliateCode?.trim();
    let parentId: bigint | null = null;
    if (affiliateCode) {
      const agent = await members.findAgentByAffiliateCode(merchant.id, affiliateCode);
      if (!agent) throw new AppError('INVITATION_CODE_INVALID', [], { fields: [{ field: 'affiliateCode', rule: 'invalid', message: '' }] });
      parentId = agent.id;
    } else if (merchant.config.register.affiliateRequired) {
      throw new AppError('INVITATION_CODE_INVALID', [], { fields: [{ field: 'affiliateCode', rule: 'required', message: '' }] });
    }
    // A friend's invitation (invite friends): checked up front like the affiliate code, whether or not the form shows the field.
    const referredBy = deps.referrerFor ? await deps.referrerFor(merchant, body.referralCode) : null;

    const issues = validateRegistration(body, settings, { lang, mode, smsVerification: flags.REGMOBVERF3 });
    // A merchant pattern may be as loose as '*', but a username must stay something sign-in accepts.
    // (In mobile registration the username comes from the number, whose own rule already spoke.)
    if (!issues.some((i) => i.field === 'username' || i.field === 'mobileNum') && !USERNAME_CHARS.test(body.username ?? '')) {
      issues.unshift({ field: 'username', rule: 'pattern', message: validationMessage('accountFormat', lang) });
    }
    // Only fields this merchant asks for are stored: a disabled field was never checked, so it is dropped.
    const kept = (f: RegisterField) => (settings.fields[f].enabled || (mode === 'mobile' && f === 'mobileNum') ? blankToNull(body[f]) : null);
    // A number is stored with a dialing code the site serves (its default when the form sent none); a
    // sign-up code proves the number under that code only.
    const dialing = kept('mobileNum') || flags.REGMOBVERF3 ? servedDialingCode(merchant.config, body.countryDialingCode, lang, body.mobileNum) : null;
    const fields: FieldIssue[] = dialing?.issue ? [...issues, dialing.issue] : issues;
    if (fields.length) {
      throw new AppError('VALIDATION_FAILED', [fields.map((i) => i.field).join(', ')], { fields });
    }
    if (flags.REGMOBVERF3 && !deps.useRegisterCode) throw new AppError('FUNCTION_NOT_ENABLED');

    const captchaRule = settings.fields.captcha;
    if (captchaRule.enabled && captchaRule.required && !(await captchas.verify(merchant.id, body.captchaId, body.captcha))) {
      throw new AppError('CAPTCHA_INVALID', [], { fields: [{ field: 'captcha', rule: 'invalid', message: '' }] });
    }
    if (flags.REGMOBVERF3) {
      // A taken username is told before the code is used up, so fixing it does not need a new SMS.
      if (await members.findByUsername(merchant.id, body.username!)) throw new AppError('USERNAME_TAKEN', [], { fields: [{ field: 'username', rule: 'taken', message: '' }] });
      // The code proves the number: it was sent to it (purpose register), and is used up here.
      await deps.useRegisterCode!(merchant, dialing!.code!, body.mobileNum ?? '', body.verificationCode ?? '');
    }

    const username = body.username!;
    const paymentPassword = kept('paymentPassword');
    const [passwordHash, paymentHash] = await Promise.all([
      hashPassword(body.password!),
      paymentPassword ? hashPassword(paymentPassword) : Promise.resolve(null),
    ]);
    const contacts = Object.fromEntries(
      (['line', 'whatsapp', 'facebook', 'wechat', 'telegram', 'zalo', 'qqNum'] as const).map((k) => [k, kept(k)]).filter(([, v]) => v),
    ) as Record<string, string>;
    try {
      const member = await members.create(
        {
          merchant_id: merchant.id,
          username,
          type: 0,
          password_hash: passwordHash,
          payment_password_hash: paymentHash,
          nickname: username,
          payee_name: kept('payeeName'),
          email: kept('email')?.toLowerCase() ?? null,
          mobile_num: kept('mobileNum'),
          country_dialing_code: kept('mobileNum') ? (dialing?.code ?? null) : null,
          id_number: kept('idNumber'),
          contacts,
          parent_id: parentId,
          referral_code: referredBy !== null ? body.referralCode!.trim().toUpperCase() : kept('referralCode'),
          referred_by: referredBy,
          recommender_id: kept('recommenderId'),
          language: lang,
          register_ip: client.ip,
          register_url: blankToNull(body.registerUrl)?.slice(0, 2048) ?? null,
          register_method: body.registerMethod,
        },
        merchant.currency,
      );
      return deps.sessionService.open(merchant, member, client, 'register');
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('USERNAME_TAKEN', [], { fields: [{ field: 'username', rule: 'taken', message: '' }] });
      // The agent behind the code stopped being one (or was frozen) while the form was checked.
      if (e instanceof UplineNotAgentError) throw new AppError('INVITATION_CODE_INVALID', [], { fields: [{ field: 'affiliateCode', rule: 'invalid', message: '' }] });
      throw e;
    }
  };

  const info = async (merchant: Merchant, auth: AuthContext): Promise<MemberInfoValue> => {
    const member = await members.findById(merchant.id, auth.memberId);
    if (!member) throw new AppError('NOT_LOGGED_IN');
    const trial = isTrialType(member.type);
    // Trial users never get unread messages (spec §4).
    const [main, unreadCount, availablePromos, claimableMissions, vip] = await Promise.all([
      members.mainBalance(merchant.id, member.id),
      trial || !deps.unreadMessages ? 0 : deps.unreadMessages(merchant.id, member.id),
      trial || !deps.availablePromos ? 0 : deps.availablePromos(merchant, member.id),
      trial || !deps.claimableMissions ? 0 : deps.claimableMissions(merchant, member.id),
      deps.vipFlags ? deps.vipFlags(merchant, member.id, member.type) : { hasVip: false, label: null, rankLevel: 0 },
    ]);
    return {
      id: member.id.toString(),
      account: member.username,
      nickname: member.nickname ?? member.username,
      type: member.type,
      userName: member.payee_name ?? member.username,
      balance: fromMinor(main.balance),
      held: fromMinor(main.held),
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      vip,
      availablePromos,
      claimableMissions,
      unreadCount,
      language: member.language ?? merchant.defaultLanguage,
      isAgent: isAgentType(member.type),
      isTrial: trial,
      firstTimeLogin: auth.firstTimeLogin,
      passwordExpired: deps.sessionService.passwordExpired(merchant, member),
      mustChangePassword: auth.mustChangePassword,
      lastLoginAt: member.last_login_at?.toISOString() ?? null,
      affiliateCode: isAgentType(member.type) ? (member.affiliate_code ?? null) : null,
    };
  };

  const icon = async (merchant: Merchant, auth: AuthContext) => {
    const member = await members.findById(merchant.id, auth.memberId);
    if (!member) throw new AppError('NOT_LOGGED_IN');
    return memberIcon(member.nickname ?? member.username);
  };

  /** POST /wps/member/password: every session of the member ends; they sign in again with the new password. */
  const changePassword = async (merchant: Merchant, auth: AuthContext, body: ChangePasswordBody, lang: Lang) => {
    const rule = registerRules(merchant.config).password;
    const issues = validatePasswordChange(body, rule, lang);
    if (issues.length) throw new AppError('VALIDATION_FAILED', [issues.map((i) => i.field).join(', ')], { fields: issues });
    const member = await members.findById(merchant.id, auth.memberId);
    if (!member) throw new AppError('NOT_LOGGED_IN');
    if (!(await verifyPassword(member.password_hash, body.oldPassword!.trim()))) {
      throw new AppError('OLD_PASSWORD_WRONG', [], { fields: [{ field: 'oldPassword', rule: 'wrong', message: '' }] });
    }
    await members.setPassword(merchant.id, member.id, await hashPassword(body.newPassword!.trim()));
    await deps.sessions.revokeAllForMember(merchant.id, member.id);
    return { changed: true as const, reloginRequired: true };
  };

  const setLanguage = async (merchant: Merchant, auth: AuthContext, language: string) => {
    await members.setLanguage(merchant.id, auth.memberId, language);
  };

  return { register, info, icon, changePassword, setLanguage };
};
export type MemberService = ReturnType<typeof memberService>;
