import { z } from 'zod';
import { ok } from '../envelope.js';
import { text } from './text.js';

const mobile = text(20);
const dialing = text(6);

/** POST /wps/verification/sms/noLogin and /sms/register — asks for an SMS code. */
export const SmsCodeBody = z.object({
  mobileNum: mobile.optional(),
  /** The register variant names the number `mobileNo`. */
  mobileNo: mobile.optional(),
  countryDialingCode: dialing.optional(),
  captcha: text(16).optional(),
  captchaId: text(64).optional(),
});
export type SmsCodeBody = z.infer<typeof SmsCodeBody>;
export const SmsCodeResponse = ok(z.object({ expiredMinutes: z.number().int() }));

/** POST /wps/member/password/email — forgot password by e-mail. */
export const ForgotByEmailBody = z.object({ username: text(64).optional(), email: text(254).optional() });
export type ForgotByEmailBody = z.infer<typeof ForgotByEmailBody>;

/** POST /wps/member/password/verification — forgot password by phone and SMS code. */
export const ForgotByPhoneBody = z.object({
  mobileNum: mobile.optional(),
  countryDialingCode: dialing.optional(),
  verificationCode: text(255).optional(),
  newPassword: text(128).optional(),
});
export type ForgotByPhoneBody = z.infer<typeof ForgotByPhoneBody>;
export const ForgotPasswordResponse = ok(z.object({ sent: z.boolean() }));
