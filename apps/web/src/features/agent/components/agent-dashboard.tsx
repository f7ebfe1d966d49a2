import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useLocalize } from '../../../i18n/use-localize';
import { formatAmount } from '../../../lib/format';
import { useShellActions } from '../../../lib/shell-actions';
import { useAgentProfile, useSiteConfig } from '../api/agent';
import { isAgentPage, type AgentPage } from '../logic/pages';
import { AgentClock } from './agent-clock';
import { AgentNav } from './agent-nav';
import { ContractPage } from './contracts/contract-page';
import { IncomePage } from './income/income-page';
import { DownlinesPage } from './downlines/downlines-page';
import { OpenAccountPage } from './open-account/open-account-page';
import { TeamOverviewPage } from './overview/team-overview-page';
import { TeamProfitPage } from './profit/team-profit-page';
import { TeamBetsPage } from './team-bets/team-bets-page';
import { TeamTransactionsPage } from './team-transactions/team-transactions-page';
import { MessagesPage } from '../../member-center/components/messages/messages-page';
import { TransactionHistoryPage } from '../../member-center/components/transaction-history/transaction-history-page';
// The agent's own inbox and account changes are the member center's pages, with its styles.
import '../../member-center/member-center.css';
import '../agent.css';
import '../agent-pages.css';

/** The pages this feature draws; the announcements come from the app (another feature's page). */
const PAGES: Record<Exclude<AgentPage, 'agentAnnouncement'>, ComponentType> = {
  agentTeamOverview: TeamOverviewPage,
  registerCenter: OpenAccountPage,
  downlineManagmentView: DownlinesPage,
  personalHistoryCopy: TeamBetsPage,
  palStatementsAgentCopy: TeamProfitPage,
  agentDownlineTransactionDetailsCopy: TeamTransactionsPage,
  agentRevenueReport: IncomePage,
  contractDividend: () => <ContractPage kind="dividend" />,
  contractDailySalary: () => <ContractPage kind="daily" />,
  contractHourSalary: () => <ContractPage kind="hourly" />,
  contractRealtimeSalary: () => <ContractPage kind="realtime" />,
  messages: MessagesPage,
  accountChange: TransactionHistoryPage,
};

/** The page the deepest matched route names (its meta carries `agentPage`); null on /agentHome. */
const useCurrentPage = (): AgentPage | null => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as { agentPage?: unknown } | undefined;
    if (isAgentPage(handle?.agentPage)) return handle.agentPage;
  }
  return null;
};

export type AgentDashboardProps = {
  /** Starts sign-out (the app passes the auth feature's confirm-then-logout flow). */
  onLogout: () => void;
  /** The agentAnnouncement page: the site's notices for agents (the app passes the announcements feature's). */
  announcements: ReactNode;
  /** The site's language switch (the app passes the shell's), in the top bar. */
  languageSelect?: ReactNode;
};

/**
 * The agent center (/agentHome and /agentHome/<page>): top bar with the site clock, the page menu,
 * and the current page. /agentHome greets the agent and shows the team overview. The frame stays
 * mounted while the agent moves between pages.
 */
export const AgentDashboard = ({ onLogout, announcements, languageSelect }: AgentDashboardProps) => {
  const { t } = useTranslation('auth');
  const localized = useLocalize();
  const { data: agent } = useAgentProfile();
  const { data: config } = useSiteConfig();
  const { openChat } = useShellActions();
  const page = useCurrentPage();
  const name = agent?.nickname || agent?.account || '';
  const shown = page ?? 'agentTeamOverview';
  const Page = shown === 'agentAnnouncement' ? null : PAGES[shown];

  return (
    <div className="ag-home">
      <a className="skip-link" href="#ag-main">
        {t('agent.skip_to_page')}
      </a>
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
          {languageSelect}
          <span className="ag-topbar__name">{name}</span>
          <button type="button" className="btn btn--ghost btn--sm" onClick={onLogout}>
            {t('header.logout')}
          </button>
        </div>
      </header>

      <div className="ag-home__body">
        <AgentNav current={page} />

        <main id="ag-main" className="ag-main" tabIndex={-1}>
          {page === null ? (
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
          ) : (
            <header className="ag-page-head">
              <p className="ag-eyebrow">{t('agent.center')}</p>
              <h1 className="ag-page-head__title">{t(`agent.page.${page}`)}</h1>
              <p className="ag-page-head__lede">{t(`agent.page_lede.${page}`)}</p>
            </header>
          )}

          {Page ? <Page key={page ?? 'home'} /> : announcements}

          <p className="ag-support-line">
            <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7v5l3 2" />
            </svg>
            <span>{t('agent.support_hours')}</span> <strong>{config?.supportHours ? localized(config.supportHours) : '—'}</strong>
            {openChat && (
              <button type="button" className="btn btn--ghost btn--sm ag-support-line__chat" onClick={openChat}>
                {t('agent.chat_with_us')}
              </button>
            )}
          </p>
        </main>
      </div>
    </div>
  );
};
