import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { LoginValue } from '@apsara/contracts';
import { closeModal, openModal } from '../../../components/ui/modal';
import { setToken, updateLoginState } from '../../../lib/session';
import { MEMBER_INFO_KEY } from '../api/member';
import { getWhitelabel } from '../api/system';
import { type AfterLoginContext, decideAfterLogin } from '../logic/decide-after-login';
import { AUTH_MODAL } from '../logic/guards';
import { forgetMemberData } from '../../../lib/member-data';

/** Carries out the decision of `decideAfterLogin` (spec §4 "Login success") step by step. */
export const useLoginSuccess = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    async (value: LoginValue, ctx: AfterLoginContext) => {
      // The forced-change rule depends on a merchant flag: use the cached flags, fetch if missing.
      const flags = await queryClient
        .fetchQuery({ queryKey: ['system', 'whitelabel'], queryFn: getWhitelabel, staleTime: 5 * 60 * 1000 })
        .catch(() => ({ PWDEXPFORCECHANGE3: true }));

      for (const action of decideAfterLogin(value, flags, ctx)) {
        switch (action.type) {
          case 'storeToken':
            forgetMemberData(queryClient);
            setToken(action.token);
            break;
          case 'setLoginState':
            updateLoginState({ isAgent: action.isAgent, isTrial: action.isTrial, firstTimeLogin: action.firstTimeLogin, passwordChangeRequired: false });
            break;
          case 'firstLogin':
            updateLoginState({ firstTimeLogin: true });
            break;
          case 'closeLoginModal':
            closeModal(AUTH_MODAL.login);
            break;
          case 'openChangePassword':
            updateLoginState({ passwordChangeRequired: action.reason });
            openModal(AUTH_MODAL.changePassword, { forced: true, reason: action.reason });
            break;
          case 'loadMemberInfo':
            void queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY });
            break;
          case 'setAfterLoginModal':
            updateLoginState({ afterLoginModal: true });
            break;
          case 'navigate':
            navigate(action.to);
            break;
        }
      }
    },
    [navigate, queryClient],
  );
};
