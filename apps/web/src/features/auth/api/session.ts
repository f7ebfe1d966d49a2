import { LoginBody, LoginValue } from '@apsara/contracts';
import { z } from 'zod';
import { apiValue } from '../../../lib/api';

export type LoginInput = z.input<typeof LoginBody>;

/** POST /wps/session/login */
export const login = (body: LoginInput) => apiValue('/wps/session/login', { method: 'POST', body, value: LoginValue });

/** DELETE /wps/session/logout — the server kills the token. */
export const logout = () =>
  apiValue('/wps/session/logout', { method: 'DELETE', value: z.object({ loggedOut: z.literal(true) }) });
