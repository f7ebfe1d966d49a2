import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { errorMessage } from '@apsara/contracts';
import { currentContentLanguage } from '../../../i18n';
import { useLoginState } from '../../../lib/session';
import { useSiteConfig } from '../api/agent';
import '../agent.css';
import { useLocalize } from '../../../i18n/use-localize';

export type AgentLoginPageProps = {
  /**
   * The login form, composed by the router so features stay independent:
   * `<AgentLoginPage loginForm={<LoginForm portal="agent" />} />` (LoginForm from features/auth).
   */
  loginForm: ReactNode;
};

/** Location state the guard sets when it bounces someone here. */
export type AgentLoginNotice = { notice?: 'nonAgent' | 'loginRequired' };

const Feature = ({ title, text, path }: { title: string; text: string; path: string }) => (
  <li className="ag-feature">
    <span className="ag-feature__icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={path} />
      </svg>
    </span>
    <span>
      <strong className="ag-feature__title">{title}</strong>
      <span className="ag-feature__text">{text}</span>
    </span>
  </li>
);

/** /agent — the agent login page (spec §2): its own look, portal 'agent', no remember-password. */
export const AgentLoginPage = ({ loginForm }: AgentLoginPageProps) => {
  const { t } = useTranslation('auth');
  const localized = useLocalize();
  const { isLogin, isAgent, passwordChangeRequired } = useLoginState();
  const location = useLocation();
  const notice = (location.state as AgentLoginNotice | null)?.notice;
  const { data: config } = useSiteConfig();

  // An agent who is already signed in has nothing to do here.
  if (isLogin && isAgent && !passwordChangeRequired) return <Navigate to="/agentHome" replace />;

  return (
    <div className="ag-login">
      <div className="ag-login__glow" aria-hidden="true" />
      <section className="ag-login__hero" aria-labelledby="ag-login-heading">
        <p className="ag-eyebrow">{config?.merchantName ?? 'Apsara'} · {t('agent.eyebrow')}</p>
        <h1 id="ag-login-heading" className="ag-login__title">
          {t('agent.headline')}
        </h1>
        <p className="ag-login__lede">{t('agent.lede')}</p>
        <ul className="ag-features">
          <Feature title={t('agent.feature_team')} text={t('agent.feature_team_text')} path="M16 19v-1.5a3.5 3.5 0 00-3.5-3.5h-5A3.5 3.5 0 004 17.5V19M10 10.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM20 19v-1.5a3.5 3.5 0 00-2.6-3.4M15.5 3.6a3.5 3.5 0 010 6.8" />
          <Feature title={t('agent.feature_income')} text={t('agent.feature_income_text')} path="M4 19.5h16M6.5 16V11M11 16V6.5M15.5 16v-7M20 4.5l-4.5 3.5-4-2.5L4 9" />
          <Feature title={t('agent.feature_contracts')} text={t('agent.feature_contracts_text')} path="M7 3.5h7.5L19 8v12.5H7zM14.5 3.5V8H19M10 12.5h6M10 16h4" />
        </ul>
      </section>

      <section className="ag-card" aria-labelledby="ag-card-heading">
        <h2 id="ag-card-heading" className="ag-card__title">
          {t('agent.login_title')}
        </h2>
        <p className="ag-card__lede">{t('agent.login_lede')}</p>
        {notice === 'nonAgent' && (
          <div className="ag-alert" role="alert">
            {errorMessage('NON_AGENT_LOGIN', currentContentLanguage())}
          </div>
        )}
        {notice === 'loginRequired' && (
          <div className="ag-alert ag-alert--info" role="status">
            {t('agent.login_required')}
          </div>
        )}
        {loginForm}
        <div className="ag-support">
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
          <p>
            <span className="ag-support__label">{t('agent.support_hours')}</span>{' '}
            <span className="ag-support__value">{config?.supportHours ? localized(config.supportHours) : '—'}</span>
          </p>
        </div>
        <Link className="ag-back" to="/">
          {t('agent.back_to_lobby')}
        </Link>
      </section>
    </div>
  );
};
