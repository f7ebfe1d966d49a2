import { useQuery } from '@tanstack/react-query';
import { MemberTransferTargetsValue, MemberTransferValue, type MemberTransferBody } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from '../../../lib/member-keys';

/** GET /wps/v2/transfers/member — who may receive: the upline, and (for agents) direct downlines. */
export const useTransferTargets = (enabled = true) =>
  useQuery({
    queryKey: MEMBER_KEYS.transferTargets,
    queryFn: () => apiValue('/wps/v2/transfers/member', { value: MemberTransferTargetsValue }),
    enabled,
  });

/** POST /wps/v2/transfers/member */
export const sendMemberTransfer = (body: MemberTransferBody) =>
  apiValue('/wps/v2/transfers/member', { method: 'POST', body, value: MemberTransferValue });
