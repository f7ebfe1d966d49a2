import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BET_RECORD_MAX_DAYS } from '@apsara/contracts';
import { formatAmount } from '../../../../lib/format';
import { useLoginState } from '../../../../lib/session';
import { useProfitReport, type ProfitReport } from '../../api/bet-record';
import { useMemberProfile } from '../../api/member-info';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { categoryKey } from '../../logic/bet-record';
import { quickPickRange, rangeProblem, rangeRefused, rangeToQuery, type DayRange } from '../../../../lib/date-range';
import { Panel } from '../../../../components/ui/member/panel';
import { ErrorState, LoadingState } from '../../../../components/ui/member/states';
import { NoRoundsState } from '../common/no-rounds';
import { TableWrap } from '../../../../components/ui/member/table-wrap';
import { WinLoss } from '../common/win-loss';
import { DateRangePicker } from '../transaction-history/date-range-picker';

/** What the five columns need (measured in EN, KM and CN); narrower, each category is a card. */
const PROFIT_TABLE_PX = 480;

/** personalProfit: settled play of a day range by category, with totals, rounds still in play and bonuses. */
export const ProfitPage = () => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const [range, setRange] = useState<DayRange>(() => quickPickRange('last7', zone));
  // The last valid range: a half-typed date keeps showing the previous figures.
  const [applied, setApplied] = useState<DayRange>(range);
  const report = useProfitReport(rangeToQuery(applied, zone));

  const changeRange = (next: DayRange) => {
    setRange(next);
    if (!rangeProblem(next, BET_RECORD_MAX_DAYS)) setApplied(next);
  };

  return (
    <Panel id="mc-profit" title={t('profit.title')} icon="chart">
      <div className="mc-toolbar">
        <DateRangePicker value={range} onChange={changeRange} timeZone={zone} idBase="mc-profit" maxDays={BET_RECORD_MAX_DAYS} />
      </div>
      {rangeRefused(range, BET_RECORD_MAX_DAYS) ? null : report.isPending ? (
        <LoadingState rows={4} />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <ProfitResult report={report.data} busy={report.isFetching} />
      )}
    </Panel>
  );
};

const ProfitResult = ({ report, busy }: { report: ProfitReport; busy: boolean }) => {
  const { t } = useTranslation('member');
  const { isTrial } = useLoginState();
  const symbol = useMemberProfile().data?.currencySymbol ?? '';
  const rows = [
    ...report.categories.map((row) => ({ key: row.category, name: t(categoryKey(row.category), { ns: 'common' }), row })),
    { key: 'total', name: t('profit.total'), row: report.total },
  ];
  return (
    <div className="mc-stack" aria-busy={busy}>
      <div className="mc-stats mc-stats--profit">
        <div className="mc-stat mc-stat--gold">
          <span className="mc-stat__label">{t('profit.net')}</span>
          <WinLoss amount={report.net} symbol={symbol} className="mc-stat__value" />
        </div>
        <div className="mc-stat">
          <span className="mc-stat__label">{t('profit.valid_bet')}</span>
          <span className="mc-stat__value mc-stat__value--sm num">{formatAmount(report.total.stake, { symbol })}</span>
        </div>
        <div className="mc-stat">
          <span className="mc-stat__label">{t('bets.payout_total')}</span>
          <span className="mc-stat__value mc-stat__value--sm num">{formatAmount(report.total.payout, { symbol })}</span>
        </div>
        <div className="mc-stat">
          <span className="mc-stat__label">{t('profit.bonus')}</span>
          <span className="mc-stat__value mc-stat__value--sm num">{formatAmount(report.bonus, { symbol })}</span>
        </div>
      </div>

      {report.categories.length === 0 ? (
        <NoRoundsState isTrial={isTrial} icon="chart" title={t('profit.none')} text={t('profit.none_text')} />
      ) : (
        <TableWrap cardsBelow={PROFIT_TABLE_PX}>
          <table className="mc-table mc-table--profit">
            <caption className="visually-hidden">{t('profit.by_category')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('bets.category')}</th>
                <th scope="col" className="mc-num">
                  {t('bets.rounds')}
                </th>
                <th scope="col" className="mc-num">
                  {t('profit.valid_bet')}
                </th>
                <th scope="col" className="mc-num">
                  {t('bets.payout')}
                </th>
                <th scope="col" className="mc-num">
                  {t('bets.win_loss')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ key, name, row }) => (
                <tr key={key} className={key === 'total' ? 'mc-row--total' : undefined}>
                  <td data-label={t('bets.category')} className="mc-profit__name">
                    {name}
                  </td>
                  <td data-label={t('bets.rounds')} className="mc-num num">
                    {row.rounds}
                  </td>
                  <td data-label={t('profit.valid_bet')} className="mc-num num">
                    {formatAmount(row.stake, { symbol })}
                  </td>
                  <td data-label={t('bets.payout')} className="mc-num num">
                    {formatAmount(row.payout, { symbol })}
                  </td>
                  <td data-label={t('bets.win_loss')} className="mc-num">
                    <WinLoss amount={row.profit} symbol={symbol} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}

      {report.pending.rounds > 0 && (
        <p className="mc-note mc-note--info">
          {t('profit.pending', { count: report.pending.rounds, stake: formatAmount(report.pending.stake, { symbol }) })}{' '}
          <Link to="/member/personalHistoryCopy">{t('page.personalHistoryCopy')}</Link>
        </p>
      )}
    </div>
  );
};
