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
  /** noLogin only: a code for signing in (the default) or for the phone password reset. */
  purpose: z.enum(['login', 'reset']).optional(),
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
/** The phone reset's answer: the password is changed and every session of the member has ended. */
export const ResetByPhoneResponse = ok(z.object({ reset: z.literal(true), reloginRequired: z.literal(true) }));

/** POST /wps/member/password/reset — sets a new password with the one-time token of an e-mailed link. */
export const ResetPasswordBody = z.object({
  token: text(128).optional(),
  newPassword: text(128).optional(),
  confirmNewPassword: text(128).optional(),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
export const ResetPasswordResponse = ResetByPhoneResponse;
