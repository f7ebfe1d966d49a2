import { useQuery } from '@tanstack/react-query';
import { OpsLoginValue, OpsMeValue, type OpsLoginBody } from '@apsara/contracts';
import { z } from 'zod';
import { opsKey, opsValue } from './client';
import { getOpsToken } from '../logic/ops-session';

/** POST /ops/session/login — a token for /ops only, and the operator's role. */
export const opsLogin = (body: OpsLoginBody) => opsValue('/ops/session/login', { method: 'POST', body, value: OpsLoginValue });

/** DELETE /ops/session/logout — ends the session on the server. */
export const opsLogout = () => opsValue('/ops/session/logout', { method: 'DELETE', value: z.object({ loggedOut: z.literal(true) }) });

/** GET /ops/me — who is signed in: name, role, site. Read once per token. */
export const useOpsMe = () => {
  const token = getOpsToken();
  return useQuery({ queryKey: opsKey('me', token), queryFn: () => opsValue('/ops/me', { value: OpsMeValue }), enabled: Boolean(token), staleTime: 5 * 60_000, retry: false });
};
