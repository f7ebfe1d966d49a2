import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BET_RECORD_MAX_DAYS } from '@apsara/contracts';
import { Icon, type IconName } from '../../../../components/ui/icons/icons';
import { gmtLabel } from '../../../../lib/date-range';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useCurrencySymbol } from '../../api/agent';
import { useTeamOverview } from '../../api/team';
import { subtractAmounts } from '../../logic/figures';
import { agentPagePath } from '../../logic/pages';
import { Money, WinLoss } from '../common/amount';
import { AgRangePicker } from '../common/range-picker';
import { AgError, AgLoading } from '../common/states';
import { useDayRange } from '../common/use-day-range';

type TileProps = { label: string; value: ReactNode; foot?: ReactNode; accent?: boolean };

const Tile = ({ label, value, foot, accent }: TileProps) => (
  <div className={`ag-tile${accent ? ' ag-tile--accent' : ''}`}>
    <dt className="ag-tile__label">{label}</dt>
    <dd className="ag-tile__value">{value}</dd>
    {foot && <dd className="ag-tile__foot">{foot}</dd>}
  </div>
);

const Group = ({ id, icon, title, children }: { id: string; icon: IconName; title: string; children: ReactNode }) => (
  <section className="ag-tiles-group" aria-labelledby={id}>
    <h3 id={id} className="ag-tiles-group__title">
      <Icon name={icon} size={16} />
      {title}
    </h3>
    <dl className="ag-tiles">{children}</dl>
  </section>
);

/**
 * agentTeamOverview (also what /agentHome shows): the team's size now and who joined and played in
 * the range, the team's wallets now, and its deposits, withdrawals and play over the range (today,
 * yesterday, the last 7 or 30 days in the site's zone, or any range of up to 90 days).
 */
export const TeamOverviewPage = () => {
  const { t } = useTranslation('auth');
  const zone = useTimeZone();
  const symbol = useCurrencySymbol();
  const { range, applied, change, refused, query } = useDayRange(zone, BET_RECORD_MAX_DAYS);
  const overview = useTeamOverview(query, !refused);
  const data = overview.data;
  const net = data ? subtractAmounts(data.deposits.amount, data.withdrawals.amount) : null;

  return (
    <section className="ag-panel ag-overview" aria-labelledby="ag-overview-title">
      <header className="ag-panel__head ag-overview__head">
        <span className="ag-panel__icon" aria-hidden="true">
          <Icon name="chart" size={18} />
        </span>
        <h2 id="ag-overview-title" className="ag-panel__title">
          {t('agent.overview.title')}
        </h2>
        <p className="ag-overview__span num">{t('agent.overview.span', { from: applied.from, to: applied.to, zone: gmtLabel(zone) })}</p>
      </header>
      <div className="ag-toolbar">
        <AgRangePicker value={range} onChange={change} timeZone={zone} idBase="ag-overview" maxDays={BET_RECORD_MAX_DAYS} />
      </div>

      {refused ? null : overview.isPending ? (
        <AgLoading rows={8} tiles />
      ) : overview.isError ? (
        <AgError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        data && (
          <div className="ag-overview__groups" aria-busy={overview.isFetching}>
            <Group id="ag-ov-team" icon="users" title={t('agent.overview.team_title')}>
              <Tile label={t('agent.overview.total')} value={<span className="num">{data.members.total}</span>} foot={t('agent.overview.total_note')} accent />
              <Tile label={t('agent.overview.direct')} value={<span className="num">{data.members.direct}</span>} foot={t('agent.overview.direct_note')} />
              <Tile label={t('agent.overview.agents')} value={<span className="num">{data.members.agents}</span>} foot={t('agent.overview.agents_note')} />
              <Tile label={t('agent.overview.joined')} value={<span className="num">{data.members.joined}</span>} foot={t('agent.overview.in_range')} />
              <Tile label={t('agent.overview.active')} value={<span className="num">{data.members.active}</span>} foot={t('agent.overview.active_note')} />
            </Group>
            <Group id="ag-ov-money" icon="wallet" title={t('agent.overview.money_title')}>
              <Tile label={t('agent.overview.balance')} value={<Money amount={data.balance} symbol={symbol} />} foot={t('agent.overview.balance_note')} accent />
              <Tile label={t('agent.overview.deposits')} value={<Money amount={data.deposits.amount} symbol={symbol} />} foot={t('agent.overview.deposit_count', { n: data.deposits.count })} />
              <Tile label={t('agent.overview.withdrawals')} value={<Money amount={data.withdrawals.amount} symbol={symbol} />} foot={t('agent.overview.withdrawal_count', { n: data.withdrawals.count })} />
              <Tile label={t('agent.overview.net')} value={net === null ? '—' : <WinLoss amount={net} symbol={symbol} />} foot={t('agent.overview.net_note')} />
            </Group>
            <Group id="ag-ov-play" icon="dice" title={t('agent.overview.play_title')}>
              <Tile label={t('agent.overview.rounds')} value={<span className="num">{data.bets.rounds}</span>} foot={t('agent.overview.in_range')} />
              <Tile label={t('agent.overview.stake')} value={<Money amount={data.bets.stake} symbol={symbol} />} foot={t('agent.overview.in_range')} />
              <Tile label={t('agent.overview.payout')} value={<Money amount={data.bets.payout} symbol={symbol} />} foot={t('agent.overview.in_range')} />
              <Tile label={t('agent.overview.profit')} value={<WinLoss amount={data.bets.profit} symbol={symbol} />} foot={t('agent.overview.profit_note')} accent />
            </Group>
          </div>
        )
      )}

      <nav className="ag-quick" aria-label={t('agent.overview.next_label')}>
        <Link className="btn btn--gold btn--sm" to={agentPagePath('registerCenter')}>
          <Icon name="plus" size={16} />
          {t('agent.overview.go_open')}
        </Link>
        <Link className="btn btn--ghost btn--sm" to={agentPagePath('downlineManagmentView')}>
          <Icon name="users" size={16} />
          {t('agent.overview.go_team')}
        </Link>
        <Link className="btn btn--ghost btn--sm" to={agentPagePath('palStatementsAgentCopy')}>
          <Icon name="chart" size={16} />
          {t('agent.overview.go_profit')}
        </Link>
      </nav>
    </section>
  );
};
