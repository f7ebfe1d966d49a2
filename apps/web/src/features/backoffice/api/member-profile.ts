import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpsMemberProfileResponse, type OpsProfileCorrectionBody } from '@apsara/contracts';
import { opsKey, opsValue } from './client';

const OpsMemberProfileValue = OpsMemberProfileResponse.shape.value;

/** GET /ops/members/:id/profile — every role. */
export const useOpsMemberProfile = (id: string) =>
  useQuery({ queryKey: opsKey('members', 'profile', id), queryFn: () => opsValue(`/ops/members/${encodeURIComponent(id)}/profile`, { value: OpsMemberProfileValue }) });

/** PATCH /ops/members/:id/profile — corrects the full name or birthday, with a reason; admin and support; audited. */
export const useCorrectMemberProfile = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OpsProfileCorrectionBody) => opsValue(`/ops/members/${encodeURIComponent(id)}/profile`, { method: 'PATCH', body, value: OpsMemberProfileValue }),
    // The detail shows the real name too, and the audit log has a new line.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: opsKey('members') }), client.invalidateQueries({ queryKey: opsKey('audit') })]),
  });
};
