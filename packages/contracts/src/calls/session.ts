import { z } from 'zod';
import { ok } from '../envelope.js';
import { text } from './text.js';

const str = text;

/** POST /wps/session/login */
export const LoginBody = z.object({
  type: z.enum(['username', 'sms']).default('username'),
  username: str(64).optional(),
  password: str(128).optional(),
  mobileNum: str(20).optional(),
  countryDialingCode: str(6).optional(),
  verificationCode: str(255).optional(),
  captcha: str(16).optional(),
  captchaId: str(64).optional(),
  /** Agent login page sends `agent` so non-agents are refused there. */
  portal: z.enum(['member', 'agent']).default('member'),
});
export type LoginBody = z.infer<typeof LoginBody>;
export const LoginValue = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** True when the password is the flagged default and must be changed (spec §4 step 3). */
  mustChangePassword: z.boolean(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
});
export const LoginResponse = ok(LoginValue);
export type LoginValue = z.infer<typeof LoginValue>;

export const LogoutResponse = ok(z.object({ loggedOut: z.literal(true) }));

/** POST /wps/session/login/freeplay — a trial (type 4) account for demo play, signed in at once. */
export const FreePlayBody = z.object({
  os: text(32).optional(),
  platform: text(8).optional(),
});
export const FreePlayResponse = LoginResponse;

/**
 * Two-factor login confirmation (spec §2, docs/two-factor.md). When a site turns `loginCheck.newAddress`
 * on and a member with earlier sign-ins signs in from an address none of them came from, the login
 * answers 403 LOGIN_CONFIRMATION_REQUIRED with this object as `data`, and no session: the code sent to
 * the member's phone or mailbox, with `challengeId`, opens it at /wps/session/login/confirm.
 */
export const LOGIN_CONFIRM_CODE_LENGTH = 6;
export const LoginChallenge = z.object({
  challengeId: z.string(),
  channel: z.enum(['sms', 'email']),
  /** Where the code went, masked ("•••• 5678", "l•••@example.com"). */
  to: z.string(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
  /** Seconds before another code may be asked for. */
  resendIn: z.number().int(),
});
export type LoginChallenge = z.infer<typeof LoginChallenge>;

/** POST /wps/session/login/confirm — the challenge and its code; answers as a login does. */
export const LoginConfirmBody = z.object({
  challengeId: str(64).optional(),
  code: str(16).optional(),
});
export type LoginConfirmBody = z.infer<typeof LoginConfirmBody>;
export const LoginConfirmResponse = LoginResponse;

/** POST /wps/session/login/confirm/resend — a new code for the same challenge (the old one dies). */
export const LoginResendBody = z.object({ challengeId: str(64).optional() });
export type LoginResendBody = z.infer<typeof LoginResendBody>;
export const LoginResendResponse = ok(LoginChallenge);
