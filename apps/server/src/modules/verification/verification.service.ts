import { randomBytes, randomInt } from 'node:crypto';
import {
  isTrialType,
  testPattern,
  validateField,
  validatePasswordChange,
  validationMessage,
  type ForgotByEmailBody,
  type ForgotByPhoneBody,
  type Lang,
  type ResetPasswordBody,
  type SmsCodeBody,
} from '@apsara/contracts';
import { AppError, type FieldIssue } from '../../lib/app-error.js';
import { newToken, safeEqual, sha256 } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/password.js';
import type { ThrottleStore } from '../../lib/throttle.js';
import { registerRules, type Merchant } from '../merchant/merchant-config.js';
import { countryEntries, servedDialingCode } from '../system/dialing-codes.js';
import type { MemberRepository } from '../member/member.repository.js';
import type { SessionRepository } from '../session/session.repository.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import type { MessageGateway } from '../notify-gateway/message-gateway.js';
import type { CodePurpose, VerificationRepository } from './verification.repository.js';

/** The two SMS routes of spec §7: /wps/verification/sms/noLogin (login, or reset with purpose) and /register. */
export type SmsRoute = 'noLogin' | 'register';

/** Wrong tries a code takes before it is dead and a new one must be asked for. */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes one number can be sent per hour, and one address can ask for per hour. */
export const SMS_PER_NUMBER_HOUR = 5;
export const SMS_PER_IP_HOUR = 30;
/** An e-mailed reset link works this long, once. */
export const RESET_LINK_MINUTES = 30;
/** Reset e-mails per address per hour (refused beyond), and per username per hour (silently not sent beyond). */
const RESET_MAIL_PER_IP_HOUR = 10;
const RESET_MAIL_PER_USER_HOUR = 3;
const HOUR = 3_600_000;

/** A phone number as matched everywhere: its digits without leading zeros (the index members_mobile_key). */
export const phoneKey = (mobileNum: string) => mobileNum.replace(/\D/g, '').replace(/^0+/, '');

/**
 * The phone a code is sent to and kept under: the dialing code and the national digits, as the gateway
 * addresses it ("+855812345678"). Country calling codes are prefix-free, so no two (code, digits) pairs
 * read the same. The same digits under another code are another person's phone, with its own codes.
 */
export const phoneDestination = (dialingCode: string, mobileNum: string) => `+${dialingCode}${phoneKey(mobileNum)}`;

const invalid = (fields: FieldIssue[]) => new AppError('VALIDATION_FAILED', [fields.map((f) => f.field).join(', ')], { fields });
const codeError = (code: 'VERIFICATION_CODE_INVALID' | 'VERIFICATION_CODE_EXPIRED') => new AppError(code, [], { fields: [{ field: 'verificationCode', rule: code === 'VERIFICATION_CODE_INVALID' ? 'invalid' : 'expired', message: '' }] });

/** A salted SHA-256 of the code, `salt$hash`: the code itself is never stored. */
export const hashCode = (code: string, salt = randomBytes(8).toString('hex')) => `${salt}$${sha256(`${salt}:${code}`)}`;
export const codeMatches = (stored: string, code: string) => {
  const salt = stored.split('$')[0];
  return safeEqual(stored, hashCode(code, salt));
};

const SMS_TEXT: Record<Lang, (site: string, code: string, minutes: number) => string> = {
  en: (site, code, minutes) => `${site}: your verification code is ${code}. It expires in ${minutes} min. Never share it with anyone.`,
  km: (site, code, minutes) => `${site}: លេខកូដផ្ទៀងផ្ទាត់របស់អ្នកគឺ ${code}។ វានឹងផុតកំណត់ក្នុងរយៈពេល ${minutes} នាទី។ កុំចែករំលែកវាជាមួយនរណាម្នាក់។`,
  cn: (site, code, minutes) => `${site}：您的验证码是 ${code}，${minutes} 分钟内有效。请勿告诉任何人。`,
};
const RESET_MAIL: Record<Lang, (site: string, username: string, link: string, minutes: number) => string> = {
  en: (site, username, link, minutes) => `${site}: to set a new password for ${username}, open ${link} within ${minutes} minutes. The link works once. If you did not ask for this, ignore this e-mail.`,
  km: (site, username, link, minutes) => `${site}: ដើម្បីកំណត់ពាក្យសម្ងាត់ថ្មីសម្រាប់ ${username} សូមបើក ${link} ក្នុងរយៈពេល ${minutes} នាទី។ តំណនេះប្រើបានតែម្តង។ ប្រសិនបើអ្នកមិនបានស្នើសុំទេ សូមមិនអើពើអ៊ីមែលនេះ។`,
  cn: (site, username, link, minutes) => `${site}：如需为 ${username} 设置新密码，请在 ${minutes} 分钟内打开 ${link}。该链接只能使用一次。如非本人操作，请忽略此邮件。`,
};

/**
 * SMS codes (send and check), and password reset by phone or by an e-mailed link (docs/verification.md).
 * Codes and links are stored only as hashes; a code dies after its minutes, its wrong tries, or its use.
 * No answer tells whether a number, username or e-mail belongs to someone.
 */
export const verificationService = (deps: {
  repo: VerificationRepository;
  throttles: ThrottleStore;
  gateway: MessageGateway;
  members: MemberRepository;
  sessions: SessionRepository;
  audit: AuditRepository;
}) => {
  const { repo, throttles, gateway } = deps;

  /** The merchant's own mobile-number rule, the one the web form checks too; any failure reads "valid mobile number". */
  const mobileIssue = (merchant: Merchant, field: string, value: string | undefined, lang: Lang): FieldIssue | null => {
    const rule = { ...registerRules(merchant.config).mobileNum, enabled: true, required: true };
    const error = validateField('mobileNum', value, rule, lang);
    if (!error && !phoneKey(value ?? '')) return { field, rule: 'pattern', message: validationMessage('mobileInvalid', lang) };
    return error && { field, rule: error.rule, message: validationMessage('mobileInvalid', lang) };
  };

  const flagFor = (merchant: Merchant, purpose: CodePurpose) => {
    const flags = merchant.config.flags;
    return purpose === 'register' ? flags.REGMOBVERF3 : purpose === 'reset' ? flags.MOBILENUMPASSREG3 : flags.MOBILEVERCODELOGIN3;
  };

  /**
   * The member whose phone this is: these digits under this dialing code (the oldest account, should
   * several share the phone). An account stored without a code (made before codes were kept) is taken
   * to be in the site's default country.
   */
  const holderOf = (merchant: Merchant, dialingCode: string, mobileNum: string) =>
    repo.memberByMobile(merchant.id, dialingCode, countryEntries(merchant.config)[0].countryDialingCode, phoneKey(mobileNum));

  const minutesLeft = (windowStart: Date | null, windowMs: number) => Math.max(1, Math.ceil(((windowStart?.getTime() ?? Date.now()) + windowMs - Date.now()) / 60_000));

  const sendSmsCode = async (merchant: Merchant, route: SmsRoute, body: SmsCodeBody, clientIp: string, lang: Lang) => {
    const purpose: CodePurpose = route === 'register' ? 'register' : body.purpose === 'reset' ? 'reset' : 'login';
    if (!flagFor(merchant, purpose)) throw new AppError('FUNCTION_NOT_ENABLED');
    const number = body.mobileNum ?? body.mobileNo;
    const issue = mobileIssue(merchant, body.mobileNum === undefined && body.mobileNo !== undefined ? 'mobileNo' : 'mobileNum', number, lang);
    const dialing = servedDialingCode(merchant.config, body.countryDialingCode, lang, number);
    if (issue || dialing.issue) throw invalid([issue, dialing.issue].filter((i): i is FieldIssue => !!i));
    if (gateway.kind === 'none') throw new AppError('FUNCTION_NOT_ENABLED');
    const key = phoneKey(number!);
    const destination = phoneDestination(dialing.code!, key);
    // One send per second per number and address (spec §5 "SMS send is throttled to once per second").
    const hit = await throttles.hit(`sms:${merchant.id}:${clientIp}:${destination}`, 1000);
    if (hit.count > 1) throw new AppError('RATE_LIMITED');
    // Texts cost money and can be turned on a stranger's phone: a few per number, and per address, per hour.
    const [perNumber, perIp] = await Promise.all([throttles.hit(`sms-number:${merchant.id}:${destination}`, HOUR), throttles.hit(`sms-ip:${merchant.id}:${clientIp}`, HOUR)]);
    if (perNumber.count > SMS_PER_NUMBER_HOUR) throw new AppError('TOO_MANY_REQUESTS', [minutesLeft(perNumber.windowStart, HOUR)]);
    if (perIp.count > SMS_PER_IP_HOUR) throw new AppError('TOO_MANY_REQUESTS', [minutesLeft(perIp.windowStart, HOUR)]);

    const minutes = merchant.config.sms.expiredMinutes;
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    // Kept under the dialing code and the digits together: a code proves that phone, not the digits
    // under any country (a sign-up code sent to +855… does not prove +66… with the same digits).
    await repo.addCode({ merchantId: merchant.id, destination, purpose, codeHash: hashCode(code), expiresAt: new Date(Date.now() + minutes * 60_000) });
    // A sign-in or reset code goes only to a phone that has an account. The answer is the same either
    // way, and the stored code can't be guessed into a session (there is no member to sign in).
    const deliver = purpose === 'register' || !!(await holderOf(merchant, dialing.code!, key));
    if (deliver) {
      await gateway.send({ merchantId: merchant.id, channel: 'sms', to: destination, purpose, text: SMS_TEXT[lang](merchant.name, code, minutes) });
    }
    return { expiredMinutes: minutes };
  };

  /**
   * Checks `code` against the newest code sent to this number for this purpose and uses it up.
   * Throws VERIFICATION_CODE_INVALID (wrong, or none was sent) or VERIFICATION_CODE_EXPIRED (out of
   * time, out of tries, or used).
   */
  const useCode = async (merchant: Merchant, purpose: CodePurpose, dialingCode: string, mobileNum: string, code: string) => {
    const found = phoneKey(mobileNum) ? await repo.tryLatestCode(merchant.id, phoneDestination(dialingCode, mobileNum), purpose, MAX_CODE_ATTEMPTS) : { state: 'none' as const };
    if (found.state === 'none') throw codeError('VERIFICATION_CODE_INVALID');
    if (found.state === 'dead') throw codeError('VERIFICATION_CODE_EXPIRED');
    if (!codeMatches(found.codeHash, code.trim())) throw codeError('VERIFICATION_CODE_INVALID');
    if (!(await repo.consumeCode(merchant.id, found.id))) throw codeError('VERIFICATION_CODE_EXPIRED');
  };

  /** A new password set without the old one: every session ends, and the audit log says how. */
  const setNewPassword = async (merchant: Merchant, memberId: bigint, password: string, how: 'sms' | 'email', ip: string) => {
    await deps.members.setPassword(merchant.id, memberId, await hashPassword(password));
    await deps.sessions.revokeAllForMember(merchant.id, memberId);
    await deps.audit.record({ merchantId: merchant.id, operatorId: null, action: 'member.password_reset', targetType: 'member', targetId: memberId.toString(), reason: how, ip });
  };

  const forgotByEmail = async (merchant: Merchant, body: ForgotByEmailBody, lang: Lang, client: { ip: string; origin: string }) => {
    const fields: FieldIssue[] = [];
    const username = body.username?.trim() ?? '';
    if (!username) fields.push({ field: 'username', rule: 'required', message: validationMessage('inputEmpty', lang) });
    const email = body.email?.trim() ?? '';
    if (!email) fields.push({ field: 'email', rule: 'required', message: validationMessage('inputEmpty', lang) });
    else if (!testPattern('', 'EMAIL', email)) fields.push({ field: 'email', rule: 'pattern', message: validationMessage('emailFormat', lang) });
    if (fields.length) throw invalid(fields);
    if (gateway.kind === 'none') throw new AppError('FUNCTION_NOT_ENABLED');

    const perIp = await throttles.hit(`reset-mail-ip:${merchant.id}:${client.ip}`, HOUR);
    if (perIp.count > RESET_MAIL_PER_IP_HOUR) throw new AppError('TOO_MANY_REQUESTS', [minutesLeft(perIp.windowStart, HOUR)]);
    // Beyond a few mails per username the answer stays the same and nothing is sent: a refusal here
    // would tell that the username exists, or let anyone fill a member's mailbox.
    const perUser = await throttles.hit(`reset-mail-user:${merchant.id}:${username.toLowerCase()}`, HOUR);

    const member = await deps.members.findByUsername(merchant.id, username);
    const matches = member && member.email && member.email.toLowerCase() === email.toLowerCase() && member.status === 'active' && !isTrialType(member.type);
    if (matches && perUser.count <= RESET_MAIL_PER_USER_HOUR) {
      const token = newToken();
      await repo.addResetToken({ merchantId: merchant.id, memberId: member.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000) });
      const link = `${client.origin}/resetPassword?token=${token}`;
      try {
        await gateway.send({ merchantId: merchant.id, channel: 'email', to: member.email!.toLowerCase(), purpose: 'reset-link', text: RESET_MAIL[lang](merchant.name, member.username, link, RESET_LINK_MINUTES) });
      } catch (e) {
        // The outbox says the mail failed; the answer must not differ from an unknown username's.
        if (!(e instanceof AppError)) throw e;
      }
    }
    return { sent: true };
  };

  const forgotByPhone = async (merchant: Merchant, body: ForgotByPhoneBody, lang: Lang, clientIp: string) => {
    if (!merchant.config.flags.MOBILENUMPASSREG3) throw new AppError('FUNCTION_NOT_ENABLED');
    const fields: FieldIssue[] = [];
    const m = mobileIssue(merchant, 'mobileNum', body.mobileNum, lang);
    if (m) fields.push(m);
    const dialing = servedDialingCode(merchant.config, body.countryDialingCode, lang, body.mobileNum);
    if (dialing.issue) fields.push(dialing.issue);
    if (!body.verificationCode?.trim()) fields.push({ field: 'verificationCode', rule: 'required', message: validationMessage('verificationCodeInvalid', lang) });
    const pw = validatePasswordChange({ newPassword: body.newPassword, confirmNewPassword: body.newPassword }, registerRules(merchant.config).password, lang, { requireOld: false })
      .filter((e) => e.field === 'newPassword');
    fields.push(...pw);
    if (fields.length) throw invalid(fields);

    await useCode(merchant, 'reset', dialing.code!, body.mobileNum!, body.verificationCode!);
    const member = await holderOf(merchant, dialing.code!, body.mobileNum!);
    // No code is ever delivered to a number without an account, so this is a wrong code like any other.
    if (!member) throw codeError('VERIFICATION_CODE_INVALID');
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    await setNewPassword(merchant, member.id, body.newPassword!.trim(), 'sms', clientIp);
    return { reset: true as const, reloginRequired: true as const };
  };

  /** POST /wps/member/password/reset: the e-mailed link's token and the new password. */
  const resetWithToken = async (merchant: Merchant, body: ResetPasswordBody, lang: Lang, clientIp: string) => {
    const issues = validatePasswordChange(body, registerRules(merchant.config).password, lang, { requireOld: false });
    if (issues.length) throw invalid(issues);
    const token = body.token?.trim() ?? '';
    if (!token) throw new AppError('RESET_LINK_INVALID');
    const memberId = await repo.useResetToken(merchant.id, sha256(token));
    if (memberId === undefined) throw new AppError('RESET_LINK_INVALID');
    await setNewPassword(merchant, memberId, body.newPassword!.trim(), 'email', clientIp);
    return { reset: true as const, reloginRequired: true as const };
  };

  /** The message of a bad mobile number under this merchant's rule, or null. */
  const mobileError = (merchant: Merchant, value: string | undefined, lang: Lang) => mobileIssue(merchant, 'mobileNum', value, lang)?.message ?? null;

  return { sendSmsCode, useCode, mobileError, forgotByEmail, forgotByPhone, resetWithToken, holderOf };
};
export type VerificationService = ReturnType<typeof verificationService>;
