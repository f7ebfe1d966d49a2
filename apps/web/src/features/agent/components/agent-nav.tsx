import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icons/icons';
import { AGENT_MENU, agentPagePath, isCurrentPage, type AgentPage, type UpcomingAgentPage } from '../logic/pages';

const ICONS: Record<AgentPage | UpcomingAgentPage, IconName> = {
  agentAnnouncement: 'megaphone',
  agentTeamOverview: 'chart',
  registerCenter: 'plus',
  downlineManagmentView: 'users',
  personalHistoryCopy: 'receipt',
  palStatementsAgentCopy: 'trophy',
  agentRevenueReport: 'wallet',
  agentDownlineTransactionDetailsCopy: 'history',
  contractDividend: 'idCard',
  contractDailySalary: 'calendar',
  contractHourSalary: 'clock',
  contractRealtimeSalary: 'bolt',
  messages: 'mail',
  accountChange: 'swap',
};

/**
 * The agent center's page menu (spec §2): a column beside the page on wide screens, a strip that
 * scrolls sideways on phones (the built pages first, the current one brought into view). Pages still
 * to come are listed, marked, and not links.
 */
export const AgentNav = ({ current }: { current: AgentPage | null }) => {
  const { t } = useTranslation('auth');
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = listRef.current;
    const active = box?.querySelector<HTMLElement>('[aria-current="page"]');
    // Only the phone strip scrolls sideways.
    if (box && active && box.scrollWidth > box.clientWidth) active.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [current]);
  return (
    <nav className="ag-nav" aria-label={t('agent.nav_label')}>
      <div className="ag-nav__scroll" ref={listRef}>
        {AGENT_MENU.map((group) => (
          <div key={group.key} className="ag-nav__group" role="group" aria-labelledby={`ag-nav-${group.key}`}>
            <p id={`ag-nav-${group.key}`} className="ag-nav__heading">
              {t(`agent.menu.${group.key}`)}
            </p>
            <ul className="ag-nav__list">
              {group.entries.map((entry) => (
                <li key={entry.page} className={entry.ready ? 'ag-nav__entry' : 'ag-nav__entry ag-nav__entry--soon'}>
                  {entry.ready ? (
                    <Link
                      to={agentPagePath(entry.page)}
                      className="ag-nav__item ag-nav__item--link"
                      aria-current={isCurrentPage(entry.page, current) ? 'page' : undefined}
                    >
                      <Icon name={ICONS[entry.page]} size={18} />
                      <span className="ag-nav__text">{t(`agent.page.${entry.page}`)}</span>
                    </Link>
                  ) : (
                    <span className="ag-nav__item" aria-disabled="true">
                      <Icon name={ICONS[entry.page]} size={18} />
                      <span className="ag-nav__text">{t(`agent.page.${entry.page}`)}</span>
                      <span className="ag-soon">{t('agent.soon_short')}</span>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
};
