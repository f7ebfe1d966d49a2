import { LoginBody, LoginChallenge, LoginValue } from '@apsara/contracts';
import { z } from 'zod';
import { apiValue } from '../../../lib/api';

export type LoginInput = z.input<typeof LoginBody>;

/** POST /wps/session/login */
export const login = (body: LoginInput) => apiValue('/wps/session/login', { method: 'POST', body, value: LoginValue });

/** POST /wps/session/login/confirm — the code of a login confirmation opens the session (docs/two-factor.md). */
export const confirmLogin = (body: { challengeId: string; code: string }) => apiValue('/wps/session/login/confirm', { method: 'POST', body, value: LoginValue });

/** POST /wps/session/login/confirm/resend — a new code for the same confirmation. */
export const resendLoginCode = (challengeId: string) => apiValue('/wps/session/login/confirm/resend', { method: 'POST', body: { challengeId }, value: LoginChallenge });

/** POST /wps/session/login/freeplay — a trial account, signed in (spec §4 Free play login). */
export const freePlay = () =>
  apiValue('/wps/session/login/freeplay', { method: 'POST', body: { platform: 'W', os: navigator.platform || 'web' }, value: LoginValue });

/** DELETE /wps/session/logout — the server kills the token. */
export const logout = () =>
  apiValue('/wps/session/logout', { method: 'DELETE', value: z.object({ loggedOut: z.literal(true) }) });
