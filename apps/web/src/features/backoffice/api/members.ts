import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpsAdjustmentValue, OpsMemberDetail, OpsMemberListValue, OpsMemberPasswordResetValue, type OpsAdjustmentBody, type OpsMemberPasswordResetBody, type OpsMemberKindBody, type OpsMemberQuery, type OpsMemberStatusBody } from '@apsara/contracts';
import { z } from 'zod';
import { opsKey, opsValue } from './client';

/** GET /ops/members?q=&status=&kind=&page= — 20 a page, newest first. */
export const useOpsMembers = (query: Partial<OpsMemberQuery> & { page: number }) =>
  useQuery({
    queryKey: opsKey('members', 'list', query),
    queryFn: () => opsValue('/ops/members', { query, value: OpsMemberListValue }),
    placeholderData: keepPreviousData,
  });

/** GET /ops/members/:id — wallets, lifetime figures, points, VIP rank. */
export const useOpsMember = (id: string | null) =>
  useQuery({
    queryKey: opsKey('members', 'one', id),
    queryFn: () => opsValue(`/ops/members/${encodeURIComponent(id ?? '')}`, { value: OpsMemberDetail }),
    enabled: Boolean(id),
  });

const useRefreshMembers = () => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: opsKey('members') }), client.invalidateQueries({ queryKey: opsKey('audit') })]);
};

/** POST /ops/members/:id/status — freeze (every session of theirs ends) or reopen, with a reason. */
export const useSetMemberStatus = (id: string) => {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (body: OpsMemberStatusBody) => opsValue(`/ops/members/${encodeURIComponent(id)}/status`, { method: 'POST', body, value: z.unknown() }),
    onSettled: refresh,
  });
};

/** POST /ops/members/:id/kind — a player made an agent (with an invitation code), or an agent without team or open contracts a player again. */
export const useSetMemberKind = (id: string) => {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (body: OpsMemberKindBody) => opsValue(`/ops/members/${encodeURIComponent(id)}/kind`, { method: 'POST', body, value: OpsMemberDetail }),
    onSettled: refresh,
  });
};

/** POST /ops/members/:id/password — a temporary password, answered once; the member is signed out everywhere. */
export const useResetMemberPassword = (id: string) => {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (body: OpsMemberPasswordResetBody) => opsValue(`/ops/members/${encodeURIComponent(id)}/password`, { method: 'POST', body, value: OpsMemberPasswordResetValue }),
    onSettled: refresh,
  });
};

/** POST /ops/members/:id/adjustments — a signed amount against the site's adjustments account, once per key. */
export const adjustMember = (id: string, body: OpsAdjustmentBody) =>
  opsValue(`/ops/members/${encodeURIComponent(id)}/adjustments`, { method: 'POST', body, value: OpsAdjustmentValue });

export const useRefreshAfterAdjustment = useRefreshMembers;
