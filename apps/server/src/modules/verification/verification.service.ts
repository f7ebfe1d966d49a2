import { testPattern, validateField, validatePasswordChange, validationMessage, type ForgotByEmailBody, type ForgotByPhoneBody, type Lang, type SmsCodeBody } from '@apsara/contracts';
import { AppError, type FieldIssue } from '../../lib/app-error.js';
import type { ThrottleStore } from '../../lib/throttle.js';
import { registerRules, type Merchant } from '../merchant/merchant-config.js';

export type SmsPurpose = 'noLogin' | 'register';

const invalid = (fields: FieldIssue[]) => new AppError('VALIDATION_FAILED', [fields.map((f) => f.field).join(', ')], { fields });

/**
 * SMS codes, and password reset by e-mail or phone. Input is checked in full, so a player learns what
 * is wrong with what they typed; delivery needs an SMS or mail gateway, and none is configured in this
 * build, so a well-formed request is answered FUNCTION_NOT_ENABLED ("contact customer service") rather
 * than pretending a message went out.
 */
export const verificationService = (throttles: ThrottleStore) => {
  /** The merchant's own mobile-number rule, the one the web form checks too; any failure reads "valid mobile number". */
  const mobileIssue = (merchant: Merchant, field: string, value: string | undefined, lang: Lang): FieldIssue | null => {
    const rule = { ...registerRules(merchant.config).mobileNum, enabled: true, required: true };
    const error = validateField('mobileNum', value, rule, lang);
    return error && { field, rule: error.rule, message: validationMessage('mobileInvalid', lang) };
  };

  const sendSmsCode = async (merchant: Merchant, purpose: SmsPurpose, body: SmsCodeBody, clientIp: string, lang: Lang) => {
    const flags = merchant.config.flags;
    const enabled = purpose === 'register' ? flags.REGMOBVERF3 : flags.MOBILEVERCODELOGIN3;
    if (!enabled) throw new AppError('FUNCTION_NOT_ENABLED');
    const number = body.mobileNum ?? body.mobileNo;
    const issue = mobileIssue(merchant, body.mobileNum === undefined && body.mobileNo !== undefined ? 'mobileNo' : 'mobileNum', number, lang);
    if (issue) throw invalid([issue]);
    // One send per second per number and address (spec §5 "SMS send is throttled to once per second").
    const hit = await throttles.hit(`sms:${merchant.id}:${clientIp}:${number!.trim()}`, 1000);
    if (hit.count > 1) throw new AppError('RATE_LIMITED');
    throw new AppError('FUNCTION_NOT_ENABLED');
  };

  const forgotByEmail = async (_merchant: Merchant, body: ForgotByEmailBody, lang: Lang) => {
    const fields: FieldIssue[] = [];
    if (!body.username?.trim()) fields.push({ field: 'username', rule: 'required', message: validationMessage('inputEmpty', lang) });
    const email = body.email?.trim() ?? '';
    if (!email) fields.push({ field: 'email', rule: 'required', message: validationMessage('inputEmpty', lang) });
    else if (!testPattern('', 'EMAIL', email)) fields.push({ field: 'email', rule: 'pattern', message: validationMessage('emailFormat', lang) });
    if (fields.length) throw invalid(fields);
    throw new AppError('FUNCTION_NOT_ENABLED');
  };

  const forgotByPhone = async (merchant: Merchant, body: ForgotByPhoneBody, lang: Lang) => {
    const fields: FieldIssue[] = [];
    const m = mobileIssue(merchant, 'mobileNum', body.mobileNum, lang);
    if (m) fields.push(m);
    if (!body.verificationCode?.trim()) fields.push({ field: 'verificationCode', rule: 'required', message: validationMessage('verificationCodeInvalid', lang) });
    const pw = validatePasswordChange({ newPassword: body.newPassword, confirmNewPassword: body.newPassword }, registerRules(merchant.config).password, lang, { requireOld: false })
      .filter((e) => e.field === 'newPassword');
    fields.push(...pw);
    if (fields.length) throw invalid(fields);
    throw new AppError('FUNCTION_NOT_ENABLED');
  };

  return { sendSmsCode, forgotByEmail, forgotByPhone };
};
export type VerificationService = ReturnType<typeof verificationService>;

