import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icons/icons';
import { useConsolidatedContracts } from '../api/contracts';
import { hiddenContractPages } from '../logic/contract-notice';
import { AGENT_MENU, agentPagePath, isCurrentPage, type AgentPage } from '../logic/pages';

const ICONS: Record<AgentPage, IconName> = {
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
 * scrolls sideways on phones (the current page brought into view). A contract page of a kind the site
 * does not run is left out, unless it is the page on screen.
 */
export const AgentNav = ({ current }: { current: AgentPage | null }) => {
  const { t } = useTranslation('auth');
  // The contract pages of kinds the site does not run are left out (shown until the site's answer comes).
  const hidden = hiddenContractPages(useConsolidatedContracts(true).data);
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
              {group.entries.filter((entry) => !hidden.has(entry) || entry === current).map((entry) => (
                <li key={entry} className="ag-nav__entry">
                  <Link to={agentPagePath(entry)} className="ag-nav__item ag-nav__item--link" aria-current={isCurrentPage(entry, current) ? 'page' : undefined}>
                    <Icon name={ICONS[entry]} size={18} />
                    <span className="ag-nav__text">{t(`agent.page.${entry}`)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
};
