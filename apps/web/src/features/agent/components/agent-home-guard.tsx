import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { updateLoginState, useLoginState } from '../../../lib/session';
import { useAgentProfile } from '../api/agent';
import type { AgentLoginNotice } from './agent-login-page';

export type AgentHomeGuardProps = {
  /** The agent center, shown to agents only. */
  children: ReactNode;
};

/** /agentHome: only agents enter (spec §2); everyone else goes to /agent with the reason. */
export const AgentHomeGuard = ({ children }: AgentHomeGuardProps) => {
  const { t } = useTranslation('auth');
  const { isLogin, isAgent, passwordChangeRequired } = useLoginState();
  const profile = useAgentProfile();
  // The account's kind as the server says it now: an operator may have made the agent a player (or
  // a player an agent) since sign-in. /agent reads the stored flag, so it is put right before leaving
  // for it; else /agent would send a former agent straight back here, and round again.
  const fresh = profile.data?.isAgent;
  const stale = fresh !== undefined && fresh !== isAgent;
  useEffect(() => {
    if (stale) updateLoginState({ isAgent: fresh });
  }, [stale, fresh]);

  if (!isLogin) return <Navigate to="/agent" replace state={{ notice: 'loginRequired' } satisfies AgentLoginNotice} />;
  // The forced change-password popup is up; the center opens once the password is changed.
  if ((passwordChangeRequired || !profile.data) && profile.isError) return <Navigate to="/agent" replace state={{ notice: 'loginRequired' } satisfies AgentLoginNotice} />;
  if (passwordChangeRequired || !profile.data || stale) {
    return (
      <div className="ag-loading" role="status" aria-live="polite">
        <span className="ag-spinner" aria-hidden="true" />
        <span>{t('agent.loading')}</span>
      </div>
    );
  }
  if (!profile.data.isAgent) return <Navigate to="/agent" replace state={{ notice: 'nonAgent' } satisfies AgentLoginNotice} />;
  return <>{children}</>;
};
