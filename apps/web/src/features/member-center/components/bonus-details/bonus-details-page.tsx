import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toMinor, type PromotionClaim, type PromotionClaimListValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { Panel } from '../../../../components/ui/member/panel';
import { RecordTable } from '../../../../components/ui/member/record-table';
import { EmptyState } from '../../../../components/ui/member/states';
import { StatusFilter } from '../../../../components/ui/member/status-filter';
import { useLocalize } from '../../../../i18n/use-localize';
import { gmtLabel } from '../../../../lib/date-range';
import { formatAmount } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-time';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { BONUS_STATUSES, useBonusRecords, type BonusStatus } from '../../api/bonus';
import { useMemberProfile } from '../../api/member-info';
import { turnoverProgress } from '../../logic/bonus';

/** What the five columns need (measured in EN, KM and CN); narrower, each bonus is a card. */
const BONUS_TABLE_PX = 600;

/**
 * bonusDetails: every bonus a promotion paid the member (spec §2), newest first, 20 a page: when,
 * which promotion, how it was paid, the bonus, its turnover (done of required, with a bar) and whether
 * it is still being wagered. Above, the bonuses received in all and the bets still owed before a
 * withdrawal. Follows play live: a bet is a balance event, which marks the record stale.
 */
export const BonusDetailsPage = () => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const symbol = useMemberProfile().data?.currencySymbol ?? '';
  const [status, setStatus] = useState<BonusStatus | undefined>();
  const [paging, setPaging] = useState({ status, page: 1 });
  // Another filter starts again at its first page.
  const page = paging.status === status ? paging.page : 1;
  const list = useBonusRecords({ page, status });
  const row = useBonusRow(zone, symbol);

  return (
    <div className="mc-stack">
      {list.data && <BonusSummary data={list.data} symbol={symbol} />}
      <Panel
        id="mc-bonus"
        title={t('bonus.title')}
        icon="gift"
        actions={<StatusFilter statuses={BONUS_STATUSES} value={status} onChange={setStatus} label={t('bonus.filter')} labelKeyOf={(s) => `bonus.status_${s}`} />}
      >
        <RecordTable
          list={list}
          caption={t('bonus.title')}
          className="mc-table--bonus"
          cardsBelow={BONUS_TABLE_PX}
          head={
            <>
              <th scope="col">{t('bonus.col_promotion_time', { zone: gmtLabel(zone) })}</th>
              <th scope="col">{t('bonus.col_bonus_type')}</th>
              <th scope="col" className="mc-num">
                {t('bonus.col_amount')}
              </th>
              <th scope="col">{t('bonus.col_turnover')}</th>
              <th scope="col">{t('bonus.col_status')}</th>
            </>
          }
          row={row}
          empty={
            <EmptyState
              icon="gift"
              title={status ? t('bonus.none_filtered') : t('bonus.none')}
              text={t('bonus.none_text')}
              action={
                <Link to="/promotions" className="btn btn--gold btn--sm">
                  <Icon name="gift" size={16} />
                  {t('bonus.to_promotions')}
                </Link>
              }
            />
          }
          page={page}
          onPage={(next) => setPaging({ status, page: next })}
          pagesLabel={t('bonus.pages')}
        />
      </Panel>
    </div>
  );
};

/** The bonuses received in all, and the bets still owed before a withdrawal (the withdraw page refuses until they are placed). */
const BonusSummary = ({ data, symbol }: { data: PromotionClaimListValue; symbol: string }) => {
  const { t } = useTranslation('member');
  const owed = toMinor(data.turnoverPending) > 0n;
  return (
    <section className="mc-stats mc-stats--bonus" aria-label={t('bonus.summary')}>
      <div className="mc-stat mc-stat--gold">
        <span className="mc-stat__label">{t('bonus.total')}</span>
        <span className="mc-stat__value num">{formatAmount(data.bonusTotal, { symbol })}</span>
      </div>
      <div className={`mc-stat mc-bonus-owed${owed ? ' is-owed' : ''}`}>
        <span className="mc-stat__label">{t('bonus.pending')}</span>
        <span className="mc-stat__value mc-stat__value--sm num">{formatAmount(data.turnoverPending, { symbol })}</span>
        <p className="mc-bonus-owed__text" role="status">
          <Icon name={owed ? 'info' : 'check'} size={14} />
          {owed ? t('bonus.pending_text', { amount: formatAmount(data.turnoverPending, { symbol }) }) : t('bonus.pending_none')}
        </p>
      </div>
    </section>
  );
};

/** One bonus as a table row (a card where narrow). */
const useBonusRow = (zone: string, symbol: string) => {
  const { t } = useTranslation('member');
  const localize = useLocalize();
  return (c: PromotionClaim) => {
    const progress = turnoverProgress(c.turnoverDone, c.turnoverRequired);
    return (
      <tr key={c.id}>
        <td data-label={t('bonus.col_promotion')}>
          {localize(c.title)}
          <span className="mc-sub num">
            {c.number} · {formatDateTime(c.paidAt ?? c.createdAt, zone)}
          </span>
        </td>
        <td data-label={t('bonus.col_bonus_type')}>
          {t(`bonus.mechanic_${c.mechanic}`)}
          {c.deposit && <span className="mc-sub">{t('bonus.on_deposit', { amount: formatAmount(c.deposit, { symbol }) })}</span>}
        </td>
        <td data-label={t('bonus.col_amount')} className="mc-num num mc-amount--in">
          +{formatAmount(c.bonus ?? '0.00', { symbol })}
        </td>
        <td data-label={t('bonus.col_turnover')}>
          {progress.none ? (
            <span className="mc-sub mc-sub--inline">{t('bonus.turnover_none')}</span>
          ) : (
            <div className="mc-turnover">
              <span className="num">{t('bonus.turnover_of', { done: formatAmount(c.turnoverDone, { symbol }), required: formatAmount(c.turnoverRequired, { symbol }) })}</span>
              <span
                className={`mc-turnover__bar${progress.complete ? ' is-complete' : ''}`}
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress.percent}
                aria-label={t('bonus.progress_label', { title: localize(c.title) })}
              >
                <span style={{ width: `${progress.percent}%` }} />
              </span>
              {!progress.complete && <span className="mc-sub num">{t('bonus.turnover_left', { amount: formatAmount(progress.left, { symbol }) })}</span>}
            </div>
          )}
        </td>
        <td data-label={t('bonus.col_status')}>
          <span className={`mc-badge mc-badge--${progress.complete ? 'ok' : 'pending'}`}>{t(progress.complete ? 'bonus.state_complete' : 'bonus.state_wagering')}</span>
        </td>
      </tr>
    );
  };
};
