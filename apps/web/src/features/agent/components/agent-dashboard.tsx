import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../lib/format';
import { useAgentProfile, useSiteConfig } from '../api/agent';
import { AgentClock } from './agent-clock';
import '../agent.css';
import { useLocalize } from '../../../i18n/use-localize';

/** Agent-center pages of spec §2; each arrives with a later issue. */
const PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'messages',
  'accountChange',
] as const;

const STATS = ['team', 'bets', 'income', 'contracts'] as const;

export type AgentDashboardProps = {
  /** Starts sign-out (the app passes the auth feature's confirm-then-logout flow). */
  onLogout: () => void;
};

/** The agent center frame: header with clock, page list and a clear "coming soon" state. */
export const AgentDashboard = ({ onLogout }: AgentDashboardProps) => {
  const { t } = useTranslation('auth');
  const localized = useLocalize();
  const { data: agent } = useAgentProfile();
  const { data: config } = useSiteConfig();
  const name = agent?.nickname || agent?.account || '';

  return (
    <div className="ag-home">
      <header className="ag-topbar">
        <div className="ag-brand">
          <span className="ag-brand__mark" aria-hidden="true">
            A
          </span>
          <span className="ag-brand__text">
            <strong>{config?.merchantName ?? 'Apsara'}</strong>
            <span>{t('agent.center')}</span>
          </span>
        </div>
        <AgentClock timeZone={config?.timezone} />
        <div className="ag-topbar__user">
          <span className="ag-topbar__name">{name}</span>
          <button type="button" className="btn btn--ghost btn--sm" onClick={onLogout}>
            {t('header.logout')}
          </button>
        </div>
      </header>

      <div className="ag-home__body">
        <nav className="ag-nav" aria-label={t('agent.nav_label')}>
          <ul>
            {PAGES.map((page) => (
              <li key={page}>
                <span className="ag-nav__item" aria-disabled="true">
                  <span>{t(`agent.page.${page}`)}</span>
                  <span className="ag-soon">{t('agent.soon_short')}</span>
                </span>
              </li>
            ))}
          </ul>
        </nav>

        <main className="ag-main">
          <section className="ag-welcome" aria-labelledby="ag-welcome-title">
            <div>
              <p className="ag-eyebrow">{t('agent.center')}</p>
              <h1 id="ag-welcome-title" className="ag-welcome__title">
                {t('agent.welcome', { name })}
              </h1>
              <p className="ag-welcome__text">{t('agent.welcome_text')}</p>
            </div>
            {agent && (
              <div className="ag-welcome__balance">
                <span>{t('header.balance')}</span>
                <strong className="num">{formatAmount(agent.balance, { symbol: agent.currencySymbol })}</strong>
              </div>
            )}
          </section>

          <ul className="ag-stats" aria-label={t('agent.stats_label')}>
            {STATS.map((stat) => (
              <li key={stat} className="ag-stat">
                <span className="ag-stat__label">{t(`agent.stat.${stat}`)}</span>
                <span className="ag-stat__value" aria-label={t('agent.soon')}>
                  —
                </span>
                <span className="ag-stat__foot">{t('agent.soon')}</span>
              </li>
            ))}
          </ul>

          <section className="ag-empty" aria-labelledby="ag-empty-title">
            <span className="ag-empty__art" aria-hidden="true">
              <svg viewBox="0 0 64 64" width="64" height="64" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
                <rect x="8" y="14" width="48" height="38" rx="6" />
                <path d="M8 24h48M20 8v10M44 8v10M22 36l6 6 14-14" />
              </svg>
            </span>
            <h2 id="ag-empty-title" className="ag-empty__title">
              {t('agent.coming_title')}
            </h2>
            <p className="ag-empty__text">{t('agent.coming_text')}</p>
            <div className="ag-empty__actions">
              <Link className="btn btn--gold" to="/">
                {t('agent.back_to_lobby')}
              </Link>
            </div>
            {config?.supportHours && (
              <p className="ag-empty__support">
                {t('agent.support_hours')} {localized(config.supportHours)}
              </p>
            )}
          </section>
        </main>
      </div>
    </div>
  );
};
