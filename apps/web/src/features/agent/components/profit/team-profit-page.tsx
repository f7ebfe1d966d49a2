import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_RECORD_MAX_DAYS, type TeamProfitRow } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { gmtLabel } from '../../../../lib/date-range';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useCurrencySymbol } from '../../api/agent';
import { useTeamProfit } from '../../api/team';
import { Money, WinLoss } from '../common/amount';
import { DataTable } from '../common/data-table';
import { AgPanel } from '../common/panel';
import { AgRangePicker } from '../common/range-picker';
import { AgEmpty } from '../common/states';
import { useDayRange } from '../common/use-day-range';

/** What the seven columns need (measured in EN, KM and CN); narrower, each downline is a card. */
const PROFIT_TABLE_PX = 820;

type Sums = Omit<TeamProfitRow, 'username' | 'isAgent'>;

/** The six figures of a row, the same for a downline and for the totals. */
const Figures = ({ sums, symbol }: { sums: Sums; symbol: string }) => {
  const { t } = useTranslation('auth');
  return (
    <>
      <td data-label={t('agent.profit.col_deposits')} className="ag-num">
        <Money amount={sums.deposits} symbol={symbol} />
      </td>
      <td data-label={t('agent.profit.col_withdrawals')} className="ag-num">
        <Money amount={sums.withdrawals} symbol={symbol} />
      </td>
      <td data-label={t('agent.profit.col_rounds')} className="ag-num num">
        {sums.rounds}
      </td>
      <td data-label={t('agent.profit.col_stake')} className="ag-num">
        <Money amount={sums.stake} symbol={symbol} />
      </td>
      <td data-label={t('agent.profit.col_payout')} className="ag-num">
        <Money amount={sums.payout} symbol={symbol} />
      </td>
      <td data-label={t('agent.profit.col_profit')} className="ag-num">
        <WinLoss amount={sums.profit} symbol={symbol} />
      </td>
    </>
  );
};

/**
 * palStatementsAgentCopy (downline profit and loss): over a range of up to 90 days, one row per
 * direct downline (an agent's row adds up their whole team with them), busiest first, and a totals
 * row for the whole team. The players' win/loss is payout − stake: negative is the players' loss.
 */
export const TeamProfitPage = () => {
  const { t } = useTranslation('auth');
  const zone = useTimeZone();
  const symbol = useCurrencySymbol();
  const [page, setPage] = useState(1);
  const { range, applied, change, refused, query } = useDayRange(zone, BET_RECORD_MAX_DAYS, () => setPage(1));
  const list = useTeamProfit({ ...query, page }, !refused);

  const row = (r: TeamProfitRow) => (
    <tr key={r.username}>
      <th scope="row" data-label={t('agent.profit.col_downline')} className="ag-rowhead">
        <span className="ag-strong">{r.username}</span>
        <span className="ag-sub">
          <span className={`ag-badge ag-badge--${r.isAgent ? 'agent' : 'member'}`}>{t(r.isAgent ? 'agent.downlines.type_agent' : 'agent.downlines.type_member')}</span>
          {r.isAgent && <span className="ag-sub--inline"> {t('agent.profit.accounts', { n: r.accounts })}</span>}
        </span>
      </th>
      <Figures sums={r} symbol={symbol} />
    </tr>
  );

  return (
    <AgPanel id="ag-profit" title={t('agent.profit.title')} icon="chart" aside={<span className="ag-count num">{t('agent.overview.span', { from: applied.from, to: applied.to, zone: gmtLabel(zone) })}</span>}>
      <div className="ag-toolbar">
        <AgRangePicker value={range} onChange={change} timeZone={zone} idBase="ag-profit" maxDays={BET_RECORD_MAX_DAYS} />
      </div>
      <p className="ag-note">
        <Icon name="info" size={16} />
        {t('agent.profit.note')}
      </p>

      {refused ? null : (
        <DataTable
          list={list}
          caption={t('agent.profit.title')}
          className="ag-table--profit"
          cardsBelow={PROFIT_TABLE_PX}
          head={
            <>
              <th scope="col">{t('agent.profit.col_downline')}</th>
              <th scope="col" className="ag-num">
                {t('agent.profit.col_deposits')}
              </th>
              <th scope="col" className="ag-num">
                {t('agent.profit.col_withdrawals')}
              </th>
              <th scope="col" className="ag-num">
                {t('agent.profit.col_rounds')}
              </th>
              <th scope="col" className="ag-num">
                {t('agent.profit.col_stake')}
              </th>
              <th scope="col" className="ag-num">
                {t('agent.profit.col_payout')}
              </th>
              <th scope="col" className="ag-num">
                {t('agent.profit.col_profit')}
              </th>
            </>
          }
          row={row}
          foot={(data) => (
            <tr className="ag-table__total">
              <th scope="row" data-label={t('agent.profit.col_downline')} className="ag-rowhead">
                <span className="ag-strong">{t('agent.profit.total')}</span>
                <span className="ag-sub">{t('agent.profit.accounts', { n: data.totals.accounts })}</span>
              </th>
              <Figures sums={data.totals} symbol={symbol} />
            </tr>
          )}
          empty={<AgEmpty icon="users" title={t('agent.profit.none')} text={t('agent.profit.none_text')} />}
          page={page}
          onPage={setPage}
          pagesLabel={t('agent.profit.pages')}
          loadingRows={5}
        />
      )}
    </AgPanel>
  );
};
