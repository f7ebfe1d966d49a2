import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpsOperator, OpsOperatorListValue, type OpsOperatorBody, type OpsOperatorPatch, type OpsOwnPasswordBody } from '@apsara/contracts';
import { z } from 'zod';
import { opsKey, opsValue } from './client';

/*
 * The site's operator accounts (docs/operators.md "Operator accounts"): an admin's list and changes,
 * and every operator's own password. After a change the list and the audit log are read again.
 */

const ROOT = opsKey('operators');

/** What a password call answers: how many sessions it ended. */
export const PasswordChangedValue = z.object({ changed: z.literal(true), sessionsEnded: z.number().int() });

/** GET /ops/operators — every operator of the site (admin). */
export const useOpsOperators = (enabled = true) => useQuery({ queryKey: ROOT, queryFn: () => opsValue('/ops/operators', { value: OpsOperatorListValue }), enabled, staleTime: 30_000 });

const useRefresh = () => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ROOT }), client.invalidateQueries({ queryKey: opsKey('audit') })]);
};

/** POST /ops/operators — a new operator; USERNAME_TAKEN names the username field. */
export const useCreateOperator = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: OpsOperatorBody) => opsValue('/ops/operators', { method: 'POST', body, value: OpsOperator }), onSuccess: refresh });
};

/** PATCH /ops/operators/:id — another operator's role or status; disabling ends their sessions. */
export const usePatchOperator = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: OpsOperatorPatch }) => opsValue(`/ops/operators/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, value: OpsOperator }),
    onSettled: refresh,
  });
};

/** POST /ops/operators/:id/password — another operator's new password; their sessions end. */
export const useResetOperatorPassword = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      opsValue(`/ops/operators/${encodeURIComponent(id)}/password`, { method: 'POST', body: { password }, value: PasswordChangedValue }),
    onSettled: refresh,
  });
};

/** POST /ops/me/password — one's own password, the current one first; one's other sessions end. */
export const useChangeOwnPassword = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OpsOwnPasswordBody) => opsValue('/ops/me/password', { method: 'POST', body, value: PasswordChangedValue }),
    onSuccess: () => client.invalidateQueries({ queryKey: opsKey('audit') }),
  });
};
