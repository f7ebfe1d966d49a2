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
