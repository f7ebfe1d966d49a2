import {
  DEFAULT_FLAGGED_PASSWORD,
  LOGIN_CONFIRM_CODE_LENGTH,
  USERNAME_CHARS,
  isAgentType,
  isTrialType,
  validationMessage,
  type Lang,
  type LoginBody,
  type LoginChallenge,
  type LoginConfirmBody,
  type LoginResendBody,
  type LoginValue,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { randomBytes, randomInt } from 'node:crypto';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.js';
import type { ThrottleStore } from '../../lib/throttle.js';
import { beginLoginAttempt } from '../../lib/login-guard.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { MemberRepository } from '../member/member.repository.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { SessionRepository } from './session.repository.js';
import type { LoginChallengeRepository } from './login-challenge.repository.js';
import type { MessageGateway } from '../notify-gateway/message-gateway.js';
import { MAX_CODE_ATTEMPTS, SMS_PER_IP_HOUR, SMS_PER_NUMBER_HOUR, codeMatches, hashCode, phoneDestination, phoneKey } from '../verification/verification.service.js';
import { countryEntries, servedDialingCode } from '../system/dialing-codes.js';
import type { MemberRow } from '../../db/schema.js';
import { siteMoment } from '../../lib/site-time.js';

export type Client = { ip: string; userAgent: string | null };
export type AuthContext = {
  sessionId: bigint;
  memberId: bigint;
  merchantId: bigint;
  type: number;
  username: string;
  mustChangePassword: boolean;
  firstTimeLogin: boolean;
  loginType: string;
};

/** After this many refused sign-ins from one address (across all accounts) every sign-in from it needs a captcha. */
const IP_CAPTCHA_AFTER = 10;

const FREEPLAY_PER_IP_DAY = 20;
const FREEPLAY_PER_SITE_HOUR = 2000;

/** Accounts of these types are agents only and have no player portal (see docs/decisions). */
const AGENT_ONLY_TYPES = [41, 42];
// Writing last_seen_at on every request would turn reads into writes; once a minute is precise enough.
const TOUCH_EVERY_MS = 60_000;

/** Two-factor login confirmation (docs/two-factor.md): a code lives this long, may be sent this often. */
export const CONFIRM_CODE_MINUTES = 5;
export const CONFIRM_RESEND_SECONDS = 60;
const CONFIRM_MAX_SENDS = 3;
const HOUR = 3_600_000;

const CONFIRM_TEXT: Record<Lang, (site: string, code: string, minutes: number) => string> = {
  en: (site, code, minutes) => `${site}: ${code} is your code to confirm a sign-in from a new address. It expires in ${minutes} min. If this was not you, change your password now.`,
  km: (site, code, minutes) => `${site}: ${code} គឺជាលេខកូដរបស់អ្នក ដើម្បីបញ្ជាក់ការចូលពីអាសយដ្ឋានថ្មី។ វានឹងផុតកំណត់ក្នុងរយៈពេល ${minutes} នាទី។ ប្រសិនបើមិនមែនជាអ្នកទេ សូមប្តូរពាក្យសម្ងាត់របស់អ្នកឥឡូវនេះ។`,
  cn: (site, code, minutes) => `${site}：${code} 是您确认新地址登录的验证码，${minutes} 分钟内有效。如非本人操作，请立即修改密码。`,
};

/** Where a code went, as the member may be shown it: enough to recognise, not enough to learn. */
export const maskDestination = (channel: 'sms' | 'email', to: string) => {
  if (channel === 'email') {
    const [local, domain] = to.split('@');
    return `${local.slice(0, 1)}•••@${domain}`;
  }
  return `•••• ${to.replace(/\D/g, '').slice(-4)}`;
};

const challengeInvalid = () => new AppError('LOGIN_CONFIRMATION_INVALID');

const keys = (merchantId: bigint, username: string, ip: string) => {
  const u = username.toLowerCase();
  return {
    account: `login-fail:${merchantId}:${u}`,
    pair: `login-lock:${merchantId}:${u}:${ip}`,
    ip: `login-ip:${merchantId}:${ip}`,
  };
};

/**
 * Whether a member may sign in at all: an account the site froze is refused, and so is one whose owner
 * took a break that has not ended (docs/responsible-play.md), told until when in the site's time. Every
 * sign-in path asks, before any code is sent or session opened.
 */
const refuseInactive = (merchant: Merchant, member: Pick<MemberRow, 'status' | 'excluded_until'>) => {
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  if (member.excluded_until && member.excluded_until.getTime() > Date.now()) throw new AppError('MEMBER_SELF_EXCLUDED', [siteMoment(member.excluded_until, merchant.timezone)]);
};

export const sessionService = (deps: {
  sessions: SessionRepository;
  members: MemberRepository;
  captchas: CaptchaService;
  throttles: ThrottleStore;
  session: { idleMs: number; absoluteMs: number };
  /** SMS login (the verification module): uses up a login code, and finds a member by number. */
  sms?: {
    useCode: (merchant: Merchant, purpose: 'login', dialingCode: string, mobileNum: string, code: string) => Promise<void>;
    /** The account of this phone: the digits under this (served) dialing code. */
    holderOf: (merchant: Merchant, dialingCode: string, mobileNum: string) => Promise<MemberRow | undefined>;
    mobileIssue: (merchant: Merchant, value: string | undefined, lang: Lang) => string | null;
  };
  /** Two-factor login confirmation from a new address (merchant config `loginCheck`). */
  confirm?: { challenges: LoginChallengeRepository; gateway: MessageGateway };
}) => {
  const { sessions, members, captchas, throttles } = deps;

  const passwordExpired = (merchant: Merchant, member: MemberRow) => {
    const days = merchant.config.security.passwordMaxAgeDays;
    return days > 0 && Date.now() - member.password_changed_at.getTime() > days * 86_400_000;
  };

  /** Opens a session for a member whose credentials are already proven. */
  const open = async (
    merchant: Merchant,
    member: MemberRow,
    client: Client,
    loginType: string,
    plainPassword?: string,
    /** A sign-in finished by its confirmation code: what the password step decided, and the history note. */
    confirmed?: { flaggedPassword: boolean; reason: string },
  ): Promise<LoginValue> => {
    const token = newToken();
    const firstTimeLogin = member.first_login_at === null;
    // The flagged default password, or a temporary one an operator set: the session may only change it.
    const mustChangePassword = loginType === 'username' && (plainPassword === DEFAULT_FLAGGED_PASSWORD || !!confirmed?.flaggedPassword || member.must_change_password);
    const sessionId = await sessions.create({
      tokenHash: sha256(token),
      merchantId: merchant.id,
      memberId: member.id,
      loginType,
      mustChangePassword,
      firstTimeLogin,
      ip: client.ip,
      userAgent: client.userAgent,
      expiresAt: new Date(Date.now() + deps.session.absoluteMs),
    });
    await members.recordLogin(merchant.id, member.id, client.ip, firstTimeLogin);
    // Every way in is a sign-in in the member's history (a password, a registration, free play), tied
    // to its session so the security center can tell the member's current one from the others.
    await sessions.logAttempt({ merchantId: merchant.id, memberId: member.id, username: member.username, ip: client.ip, userAgent: client.userAgent, success: true, reason: confirmed?.reason ?? (loginType === 'username' ? null : loginType), sessionId });
    return {
      token,
      firstTimeLogin,
      passwordExpired: passwordExpired(merchant, member),
      mustChangePassword,
      isAgent: isAgentType(member.type),
      isTrial: isTrialType(member.type),
    };
  };

  const login = async (merchant: Merchant, body: LoginBody, client: Client, lang: Lang): Promise<LoginValue> => {
    if (body.type === 'sms') return smsLogin(merchant, body, client, lang);
    const username = body.username?.trim() ?? '';
    const password = body.password?.trim() ?? '';
    const missing = [!username && 'username', !password && 'password'].filter(Boolean) as string[];
    if (missing.length) {
      throw new AppError('INPUT_EMPTY', [], { fields: missing.map((field) => ({ field, rule: 'required', message: '' })) });
    }
    // Text no username can contain (quotes, spaces, markup) is bad input, refused before any lookup or count.
    if (!USERNAME_CHARS.test(username)) {
      throw new AppError('VALIDATION_FAILED', ['username'], { fields: [{ field: 'username', rule: 'format', message: validationMessage('accountFormat', lang) }] });
    }
    const sec = merchant.config.security;
    const k = keys(merchant.id, username, client.ip);

    // The address-wide count is of refusals only (a success never clears it, so counting successes
    // would put a captcha in front of everyone behind a busy shared address).
    const attempt = await beginLoginAttempt(throttles, k, sec, { captchaRequired: true });
    const { account, pair, byIp } = attempt;
    const refuse = async (error: AppError, member?: MemberRow) => {
      await sessions.logAttempt({ merchantId: merchant.id, memberId: member?.id ?? null, username: member?.username ?? null, ip: client.ip, userAgent: client.userAgent, success: false, reason: error.code });
      return attempt.refuse(error);
    };
    if (attempt.overLimit) return refuse(attempt.tooMany());

    // A busy address (many failures across accounts, e.g. password spraying) must solve a captcha
    // rather than be refused: players behind one carrier address share it.
    const captchaRequired = account!.count > sec.captchaAfterFailures || pair.count > sec.captchaAfterFailures || byIp.count >= IP_CAPTCHA_AFTER;
    if (captchaRequired) {
      if (!body.captcha?.trim()) return refuse(new AppError('CAPTCHA_REQUIRED', [], { data: { captchaRequired: true } }));
      if (!(await captchas.verify(merchant.id, body.captchaId, body.captcha))) {
        return refuse(new AppError('CAPTCHA_INVALID', [], { data: { captchaRequired: true } }));
      }
    }

    const member = await members.findByUsername(merchant.id, username);
    const valid = member ? await verifyPassword(member.password_hash, password) : (await burnPasswordCheck(password), false);
    if (!member || !valid) {
      return refuse(new AppError('ACCOUNT_OR_PASSWORD_WRONG', [], { data: { captchaRequired: account!.count >= sec.captchaAfterFailures || byIp.count + 1 >= IP_CAPTCHA_AFTER } }), member);
    }

    refuseInactive(merchant, member);
    if (body.portal === 'agent' && !isAgentType(member.type)) throw new AppError('NON_AGENT_LOGIN');
    if (body.portal === 'member' && AGENT_ONLY_TYPES.includes(member.type)) throw new AppError('NON_MEMBER_LOGIN');

    await attempt.succeed();
    const challenge = await challengeNewAddress(merchant, member, client, body.portal, password === DEFAULT_FLAGGED_PASSWORD, lang);
    if (challenge) {
      await sessions.logAttempt({ merchantId: merchant.id, memberId: member.id, username: member.username, ip: client.ip, userAgent: client.userAgent, success: false, reason: 'LOGIN_CONFIRMATION_REQUIRED' });
      throw new AppError('LOGIN_CONFIRMATION_REQUIRED', [], { data: challenge });
    }
    return open(merchant, member, client, 'username', password);
  };

  /**
   * The member's phone (preferred) or e-mail, as the gateway addresses it; null when it has neither. A
   * phone stored without a dialing code is in the site's default country, as everywhere else.
   */
  const contactOf = (merchant: Merchant, member: MemberRow): { channel: 'sms' | 'email'; to: string } | null => {
    if (phoneKey(member.mobile_num ?? '')) {
      const dialing = (member.country_dialing_code ?? '').replace(/\D/g, '') || countryEntries(merchant.config)[0].countryDialingCode;
      return { channel: 'sms', to: phoneDestination(dialing, member.mobile_num!) };
    }
    const email = member.email?.trim().toLowerCase();
    return email ? { channel: 'email', to: email } : null;
  };

  /**
   * Codes cost money and land on a person's phone: a few per contact, and per address, per hour,
   * counted with the same limits as the SMS codes of the verification module.
   */
  const throttleSend = async (merchant: Merchant, to: string, ip: string) => {
    const [perTo, perIp] = await Promise.all([throttles.hit(`login-confirm-to:${merchant.id}:${to}`, HOUR), throttles.hit(`login-confirm-ip:${merchant.id}:${ip}`, HOUR)]);
    const over = perTo.count > SMS_PER_NUMBER_HOUR ? perTo : perIp.count > SMS_PER_IP_HOUR ? perIp : null;
    if (over) throw new AppError('TOO_MANY_REQUESTS', [Math.max(1, Math.ceil(((over.windowStart?.getTime() ?? Date.now()) + HOUR - Date.now()) / 60_000))]);
  };

  const sendCode = async (merchant: Merchant, contact: { channel: 'sms' | 'email'; to: string }, lang: Lang) => {
    const code = randomInt(0, 10 ** LOGIN_CONFIRM_CODE_LENGTH).toString().padStart(LOGIN_CONFIRM_CODE_LENGTH, '0');
    return {
      codeHash: hashCode(code),
      deliver: () => deps.confirm!.gateway.send({ merchantId: merchant.id, channel: contact.channel, to: contact.to, purpose: 'login-confirm', text: CONFIRM_TEXT[lang](merchant.name, code, CONFIRM_CODE_MINUTES) }),
    };
  };

  /**
   * Spec §2 "Two-factor login confirmation": with `loginCheck.newAddress` on, a member who has signed in
   * before, but never from this address, gets a code instead of a session. Only ever reached with the
   * right password and after every other refusal. Without a contact (or a gateway) it cannot be sent,
   * and the sign-in goes ahead as before: operators who turn this on should require a phone or e-mail.
   */
  const challengeNewAddress = async (merchant: Merchant, member: MemberRow, client: Client, portal: 'member' | 'agent', flaggedPassword: boolean, lang: Lang): Promise<LoginChallenge | null> => {
    const confirm = deps.confirm;
    if (!confirm || !merchant.config.loginCheck.newAddress || confirm.gateway.kind === 'none') return null;
    const contact = contactOf(merchant, member);
    if (!contact) return null;
    const { total, here } = await confirm.challenges.signInsFrom(merchant.id, member.id, client.ip);
    if (total === 0 || here > 0) return null;

    await throttleSend(merchant, contact.to, client.ip);
    const challengeId = newToken();
    const { codeHash, deliver } = await sendCode(merchant, contact, lang);
    await confirm.challenges.add({
      merchantId: merchant.id,
      memberId: member.id,
      idHash: sha256(challengeId),
      ip: client.ip,
      userAgent: client.userAgent,
      portal,
      flaggedPassword,
      channel: contact.channel,
      destination: contact.to,
      codeHash,
      expiresAt: new Date(Date.now() + CONFIRM_CODE_MINUTES * 60_000),
    });
    await deliver();
    return { challengeId, channel: contact.channel, to: maskDestination(contact.channel, contact.to), expiresIn: CONFIRM_CODE_MINUTES * 60, resendIn: CONFIRM_RESEND_SECONDS };
  };

  const challengeIdOf = (value: string | undefined, lang: Lang) => {
    const id = value?.trim() ?? '';
    if (!id) throw new AppError('VALIDATION_FAILED', ['challengeId'], { fields: [{ field: 'challengeId', rule: 'required', message: validationMessage('inputEmpty', lang) }] });
    return id;
  };

  /**
   * POST /wps/session/login/confirm: the code of a challenge opens the session the password sign-in
   * would have opened. Unknown, expired, used, dead, another site's or another address's challenges
   * all get the same answer; a wrong code says how many tries are left, and the last one kills it.
   */
  const confirmLogin = async (merchant: Merchant, body: LoginConfirmBody, client: Client, lang: Lang): Promise<LoginValue> => {
    const confirm = deps.confirm;
    if (!confirm) throw new AppError('FUNCTION_NOT_ENABLED');
    const fields = [
      ...(body.challengeId?.trim() ? [] : [{ field: 'challengeId', rule: 'required', message: validationMessage('inputEmpty', lang) }]),
      ...(new RegExp(`^\\d{${LOGIN_CONFIRM_CODE_LENGTH}}$`).test(body.code?.trim() ?? '') ? [] : [{ field: 'code', rule: body.code?.trim() ? 'pattern' : 'required', message: validationMessage('verificationCodeInvalid', lang) }]),
    ];
    if (fields.length) throw new AppError('VALIDATION_FAILED', [fields.map((f) => f.field).join(', ')], { fields });

    const found = await confirm.challenges.tryChallenge(merchant.id, sha256(body.challengeId!.trim()), client.ip, MAX_CODE_ATTEMPTS);
    if (!found) throw challengeInvalid();
    if (!codeMatches(found.codeHash, body.code!.trim())) {
      const left = MAX_CODE_ATTEMPTS - found.attempts;
      if (left <= 0) throw challengeInvalid();
      throw new AppError('LOGIN_CODE_WRONG', [left], { fields: [{ field: 'code', rule: 'invalid', message: '' }], data: { attemptsLeft: left } });
    }
    if (!(await confirm.challenges.consume(merchant.id, found.id))) throw challengeInvalid();
    // The account may have changed in the minutes the code took.
    const member = await members.findById(merchant.id, found.memberId);
    if (!member) throw new AppError('ACCOUNT_DISABLED');
    refuseInactive(merchant, member);
    if (found.portal === 'agent' && !isAgentType(member.type)) throw new AppError('NON_AGENT_LOGIN');
    if (found.portal === 'member' && AGENT_ONLY_TYPES.includes(member.type)) throw new AppError('NON_MEMBER_LOGIN');
    return open(merchant, member, client, 'username', undefined, { flaggedPassword: found.flaggedPassword, reason: `confirmed:${found.channel}` });
  };

  /** POST /wps/session/login/confirm/resend: a new code for a live challenge; the old code dies. */
  const resendLoginCode = async (merchant: Merchant, body: LoginResendBody, client: Client, lang: Lang): Promise<LoginChallenge> => {
    const confirm = deps.confirm;
    if (!confirm) throw new AppError('FUNCTION_NOT_ENABLED');
    const challengeId = challengeIdOf(body.challengeId, lang);
    const found = await confirm.challenges.findLive(merchant.id, sha256(challengeId), client.ip, MAX_CODE_ATTEMPTS);
    if (!found) throw challengeInvalid();
    const wait = Math.ceil((found.lastSentAt.getTime() + CONFIRM_RESEND_SECONDS * 1000 - Date.now()) / 1000);
    if (wait > 0) throw new AppError('RATE_LIMITED', [], { data: { resendIn: wait } });
    if (found.sends >= CONFIRM_MAX_SENDS) throw new AppError('RATE_LIMITED', [], { data: { resendIn: null } });
    await throttleSend(merchant, found.destination, client.ip);
    const contact = { channel: found.channel, to: found.destination };
    const { codeHash, deliver } = await sendCode(merchant, contact, lang);
    if (!(await confirm.challenges.replaceCode(merchant.id, found.id, found.sends, codeHash, new Date(Date.now() + CONFIRM_CODE_MINUTES * 60_000)))) throw challengeInvalid();
    await deliver();
    return { challengeId, channel: found.channel, to: maskDestination(found.channel, found.destination), expiresIn: CONFIRM_CODE_MINUTES * 60, resendIn: CONFIRM_RESEND_SECONDS };
  };

  /**
   * Mobile number + SMS code (spec §4, MOBILEVERCODELOGIN3). The same lock as a password sign-in, keyed
   * by the number; the code itself dies after a few wrong tries. A number without an account fails
   * exactly as a wrong code does. No forced password change follows an SMS sign-in (spec §4 step 3).
   */
  const smsLogin = async (merchant: Merchant, body: LoginBody, client: Client, lang: Lang): Promise<LoginValue> => {
    const sms = deps.sms;
    if (!sms || !merchant.config.flags.MOBILEVERCODELOGIN3) throw new AppError('FUNCTION_NOT_ENABLED');
    const mobileNum = body.mobileNum?.trim() ?? '';
    const code = body.verificationCode?.trim() ?? '';
    const dialing = servedDialingCode(merchant.config, body.countryDialingCode, lang, mobileNum);
    const fields = [
      ...((m) => (m ? [{ field: 'mobileNum', rule: 'pattern', message: m }] : []))(sms.mobileIssue(merchant, mobileNum, lang)),
      ...(dialing.issue ? [dialing.issue] : []),
      ...(code ? [] : [{ field: 'verificationCode', rule: 'required', message: validationMessage('verificationCodeInvalid', lang) }]),
    ];
    if (fields.length || !dialing.code) throw new AppError('VALIDATION_FAILED', [fields.map((f) => f.field).join(', ')], { fields });

    // The lock and the account both belong to the phone: these digits under this dialing code.
    const attempt = await beginLoginAttempt(throttles, keys(merchant.id, `sms:${phoneDestination(dialing.code, mobileNum)}`, client.ip), merchant.config.security);
    const member = await sms.holderOf(merchant, dialing.code, mobileNum);
    const refuse = async (error: AppError) => {
      await sessions.logAttempt({ merchantId: merchant.id, memberId: member?.id ?? null, username: member?.username ?? null, ip: client.ip, userAgent: client.userAgent, success: false, reason: error.code });
      return attempt.refuse(error);
    };
    if (attempt.overLimit) return refuse(attempt.tooMany());
    try {
      await sms.useCode(merchant, 'login', dialing.code, mobileNum, code);
    } catch (e) {
      if (e instanceof AppError) return refuse(e);
      throw e;
    }
    if (!member) return refuse(new AppError('VERIFICATION_CODE_INVALID', [], { fields: [{ field: 'verificationCode', rule: 'invalid', message: '' }] }));
    refuseInactive(merchant, member);
    if (body.portal === 'agent' && !isAgentType(member.type)) throw new AppError('NON_AGENT_LOGIN');
    if (body.portal === 'member' && AGENT_ONLY_TYPES.includes(member.type)) throw new AppError('NON_MEMBER_LOGIN');
    await attempt.succeed();
    return open(merchant, member, client, 'sms');
  };

  /** Free play (spec §4): a fresh trial account, signed in; it can look around but not play or pay. */
  const freePlay = async (merchant: Merchant, client: Client): Promise<LoginValue> => {
    if (!merchant.config.flags.FREEPLAY3) throw new AppError('FUNCTION_NOT_ENABLED');
    // Each call creates an account: cap them per address per day and per site per hour.
    const [perIp, perSite] = await Promise.all([
      throttles.hit(`freeplay:${merchant.id}:${client.ip}`, 86_400_000),
      throttles.hit(`freeplay:${merchant.id}`, 3_600_000),
    ]);
    if (perIp.count > FREEPLAY_PER_IP_DAY || perSite.count > FREEPLAY_PER_SITE_HOUR) throw new AppError('RATE_LIMITED');
    // The password is random and never shown: a trial account is reachable only through its session.
    const member = await members.createTrial(merchant, `guest${randomBytes(5).toString('hex')}`, await hashPassword(newToken()));
    return open(merchant, member, client, 'freeplay');
  };

  const authenticate = async (token: string, merchantId: bigint): Promise<AuthContext | undefined> => {
    const row = await sessions.findLive(sha256(token), merchantId, new Date(Date.now() - deps.session.idleMs));
    if (!row || row.status !== 'active') return undefined;
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await sessions.touch(merchantId, row.sessionId);
    return {
      sessionId: row.sessionId,
      memberId: row.memberId,
      merchantId: row.merchantId,
      type: row.type,
      username: row.username,
      mustChangePassword: row.mustChangePassword,
      firstTimeLogin: row.firstTimeLogin,
      loginType: row.loginType,
    };
  };

  const logout = async (token: string, merchantId: bigint) => {
    await sessions.revokeByHash(sha256(token), merchantId);
  };

  return { login, confirmLogin, resendLoginCode, freePlay, open, authenticate, logout, passwordExpired };
};
export type SessionService = ReturnType<typeof sessionService>;
