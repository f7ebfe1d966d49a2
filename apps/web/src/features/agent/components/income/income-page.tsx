import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_RECORD_MAX_DAYS, type IncomeValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { gmtLabel } from '../../../../lib/date-range';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useCurrencySymbol } from '../../api/agent';
import { useIncome } from '../../api/contracts';
import { hasIncome } from '../../logic/contracts';
import { Money, WinLoss } from '../common/amount';
import { AgPanel } from '../common/panel';
import { AgRangePicker } from '../common/range-picker';
import { AgEmpty, AgError, AgLoading } from '../common/states';
import { useDayRange } from '../common/use-day-range';
import { useNarrowBox } from '../common/use-narrow-box';

/** What the five columns need (measured in EN, KM and CN); narrower, each kind is a card. */
const INCOME_TABLE_PX = 640;

type Sums = IncomeValue['total'];

const Figures = ({ sums, symbol }: { sums: Sums; symbol: string }) => {
  const { t } = useTranslation('auth');
  return (
    <>
      <td data-label={t('agent.income.col_received')} className="ag-num">
        <Money amount={sums.received} symbol={symbol} />
      </td>
      <td data-label={t('agent.income.col_paid_out')} className="ag-num">
        <Money amount={sums.paidOut} symbol={symbol} />
      </td>
      <td data-label={t('agent.income.col_net')} className="ag-num">
        <WinLoss amount={sums.net} symbol={symbol} />
      </td>
      <td data-label={t('agent.income.col_unpaid')} className="ag-num">
        <Money amount={sums.unpaid} symbol={symbol} />
      </td>
    </>
  );
};

const IncomeTable = ({ data, symbol, busy }: { data: IncomeValue; symbol: string; busy: boolean }) => {
  const { t } = useTranslation('auth');
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrowBox(box, INCOME_TABLE_PX);
  return (
    <div ref={box} className={`ag-table-wrap${narrow ? ' ag-table-wrap--cards' : ''}`} aria-busy={busy}>
      <table className="ag-table ag-table--income">
        <caption className="visually-hidden">{t('agent.income.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agent.income.col_kind')}</th>
            <th scope="col" className="ag-num">
              {t('agent.income.col_received')}
            </th>
            <th scope="col" className="ag-num">
              {t('agent.income.col_paid_out')}
            </th>
            <th scope="col" className="ag-num">
              {t('agent.income.col_net')}
            </th>
            <th scope="col" className="ag-num">
              {t('agent.income.col_unpaid')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.kinds.map((k) => (
            <tr key={k.kind}>
              <th scope="row" data-label={t('agent.income.col_kind')} className="ag-rowhead">
                <span className="ag-strong">{t(`agent.contractKind.${k.kind}`)}</span>
              </th>
              <Figures sums={k} symbol={symbol} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="ag-table__total">
            <th scope="row" data-label={t('agent.income.col_kind')} className="ag-rowhead">
              <span className="ag-strong">{t('agent.income.total')}</span>
            </th>
            <Figures sums={data.total} symbol={symbol} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
};

/**
 * agentRevenueReport (my income): per contract kind, what the agent's contracts paid them, what they
 * paid their downline agents, the net, and what their upline could not pay, for periods ending in the
 * range (up to 90 days, in the site's zone).
 */
export const IncomePage = () => {
  const { t } = useTranslation('auth');
  const zone = useTimeZone();
  const symbol = useCurrencySymbol();
  const { range, applied, change, refused, query } = useDayRange(zone, BET_RECORD_MAX_DAYS);
  const income = useIncome(query, !refused);

  return (
    <AgPanel id="ag-income" title={t('agent.income.title')} icon="wallet" aside={<span className="ag-count num">{t('agent.overview.span', { from: applied.from, to: applied.to, zone: gmtLabel(zone) })}</span>}>
      <div className="ag-toolbar">
        <AgRangePicker value={range} onChange={change} timeZone={zone} idBase="ag-income" maxDays={BET_RECORD_MAX_DAYS} />
      </div>
      <p className="ag-note">
        <Icon name="info" size={16} />
        {t('agent.income.note')}
      </p>
      {refused ? null : income.isPending ? (
        <AgLoading rows={5} />
      ) : income.isError ? (
        <AgError error={income.error} onRetry={() => void income.refetch()} />
      ) : !hasIncome(income.data) ? (
        <AgEmpty icon="wallet" title={t('agent.income.none')} text={t('agent.income.none_text')} />
      ) : (
        <IncomeTable data={income.data} symbol={symbol} busy={income.isFetching} />
      )}
    </AgPanel>
  );
};
