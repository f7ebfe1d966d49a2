import { useQuery } from '@tanstack/react-query';
import { MemberInfoValue, WhitelabelValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { useLoginState } from '../../../lib/session';
import { MEMBER_KEYS } from '../../../lib/member-keys';

/** GET /wps/member/info — same call and cache key as the header, so it is not fetched twice. */
export const useMemberProfile = () => {
  const { isLogin, passwordChangeRequired } = useLoginState();
  return useQuery({
    queryKey: MEMBER_KEYS.info,
    queryFn: () => apiValue('/wps/member/info', { value: MemberInfoValue }),
    enabled: isLogin && !passwordChangeRequired,
    staleTime: 30_000,
  });
};

/** GET /wps/system/whitelabel — merchant flags (same key as the auth feature): PTSYS3 turns the points mall on. */
export const useWhitelabelFlags = () =>
  useQuery({ queryKey: ['system', 'whitelabel'], queryFn: () => apiValue('/wps/system/whitelabel', { value: WhitelabelValue }), staleTime: 5 * 60 * 1000 });
