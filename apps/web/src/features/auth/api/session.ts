import { LoginBody, LoginValue } from '@apsara/contracts';
import { z } from 'zod';
import { apiValue } from '../../../lib/api';

export type LoginInput = z.input<typeof LoginBody>;

/** POST /wps/session/login */
export const login = (body: LoginInput) => apiValue('/wps/session/login', { method: 'POST', body, value: LoginValue });

/** POST /wps/session/login/freeplay — a trial account, signed in (spec §4 Free play login). */
export const freePlay = () =>
  apiValue('/wps/session/login/freeplay', { method: 'POST', body: { platform: 'W', os: navigator.platform || 'web' }, value: LoginValue });

/** DELETE /wps/session/logout — the server kills the token. */
export const logout = () =>
  apiValue('/wps/session/logout', { method: 'DELETE', value: z.object({ loggedOut: z.literal(true) }) });
