import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { updateLoginState, useLoginState } from '../../../lib/session';
import { getMemberInfo, MEMBER_INFO_KEY } from '../api/member';

/**
 * The signed-in member's info (GET /wps/member/info). Idle for visitors and while a forced password
 * change is pending (spec §4 step 4 loads it only after that). Keeps the agent/trial flags in step
 * with what the server says.
 */
export const useMemberInfo = () => {
  const { isLogin, passwordChangeRequired } = useLoginState();
  const query = useQuery({
    queryKey: MEMBER_INFO_KEY,
    queryFn: getMemberInfo,
    enabled: isLogin && !passwordChangeRequired,
    staleTime: 30_000,
  });
  const info = query.data;
  useEffect(() => {
    if (info) updateLoginState({ isAgent: info.isAgent, isTrial: info.isTrial });
  }, [info]);
  return query;
};
