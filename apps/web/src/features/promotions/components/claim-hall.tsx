import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROMOTION_CLAIM_STATUSES, type PromotionClaim, type PromotionClaimStatus, type PromotionListValue } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { Panel } from '../../../components/ui/member/panel';
import { RecordTable } from '../../../components/ui/member/record-table';
import { EmptyState, ErrorState, LoadingState, TrialBlocked } from '../../../components/ui/member/states';
import { StatusFilter } from '../../../components/ui/member/status-filter';
import { useLocalize } from '../../../i18n/use-localize';
import { gmtLabel } from '../../../lib/date-range';
import { formatAmount } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-time';
import { isTrialError } from '../../../lib/server-errors';
import { useLoginState } from '../../../lib/session';
import { useShellActions } from '../../../lib/shell-actions';
import { useTimeZone } from '../../../lib/use-time-zone';
import { usePromotionClaims } from '../api/promotions';
import { usePromoActions } from '../hooks/promo-actions';
import { isClaimable, isWaitingForDeposit, promoAction } from '../logic/action';
import type { PromoTab } from '../logic/tabs';
import { ClaimStatus } from './claim-status';
import { PromoActionView } from './promo-action';
import { PromoArt } from './promo-art';

const isStatus = (v: string | null): v is PromotionClaimStatus => PROMOTION_CLAIM_STATUSES.includes(v as PromotionClaimStatus);

/** What the record's columns need (measured in EN, KM and CN); narrower, each record is a card. */
const RECORDS_TABLE_PX = 760;

type Props = {
  list: UseQueryResult<PromotionListValue>;
  /** The records' status filter, from the address (`?tab=claims&status=applying`). */
  status: string | null;
  onStatus: (status: PromotionClaimStatus | undefined) => void;
  onOpen: (tab: PromoTab) => void;
};

/**
 * The promo claim hall (spec §2): what the member can claim this moment at the top (a deposit bonus
 * ready, the day's spin), then what waits for a deposit, then every record of theirs (sign-ups,
 * applications, bonuses) with its state, remarks and bonus, 20 a page.
 */
export const ClaimHall = ({ list, status, onStatus, onOpen }: Props) => {
  const { t } = useTranslation('promotions');
  const { isLogin, isTrial } = useLoginState();
  const { guard } = useShellActions();
  if (!isLogin) {
    return (
      <EmptyState
        icon="lock"
        tone="info"
        title={t('claims.visitor_title')}
        text={t('claims.visitor_text')}
        action={
          <button type="button" className="btn btn--gold btn--sm" onClick={() => guard()}>
            <Icon name="user" size={16} />
            {t('claims.visitor_login')}
          </button>
        }
      />
    );
  }
  if (isTrial) return <TrialBlocked />;
  return (
    <div className="pr-claims">
      <ReadyPanel list={list} onOpen={onOpen} />
      <RecordsPanel status={isStatus(status) ? status : undefined} onStatus={onStatus} onOpen={onOpen} />
    </div>
  );
};

const ReadyPanel = ({ list, onOpen }: Pick<Props, 'list' | 'onOpen'>) => {
  const { t } = useTranslation('promotions');
  const localize = useLocalize();
  const { openDetail } = usePromoActions();
  const content = () => {
    if (list.isPending) return <LoadingState rows={2} label={t('hall.loading')} />;
    if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} compact />;
    const withAction = list.data.items.map((p) => ({ p, action: promoAction(p) }));
    const ready = withAction.filter(({ action }) => isClaimable(action));
    const waiting = withAction.filter(({ action }) => isWaitingForDeposit(action));
    if (ready.length + waiting.length === 0) {
      return (
        <EmptyState
          icon="gift"
          compact
          title={t('claims.none_ready')}
          text={t('claims.none_ready_text')}
          action={
            <button type="button" className="btn btn--gold btn--sm" onClick={() => onOpen('all')}>
              <Icon name="gift" size={16} />
              {t('hall.see_all')}
            </button>
          }
        />
      );
    }
    return (
      <ul className="pr-ready">
        {[...ready, ...waiting].map(({ p, action }) => (
          <li key={p.id} className={`pr-ready__item${isClaimable(action) ? ' is-ready' : ''}`}>
            <PromoArt art={p.art} className="pr-ready__art" />
            <div className="pr-ready__about">
              <button type="button" className="pr-ready__title" onClick={() => openDetail(p.id)}>
                {localize(p.title)}
              </button>
              <p className="pr-ready__summary">{localize(p.summary)}</p>
            </div>
            <PromoActionView promotion={p} block={false} />
          </li>
        ))}
      </ul>
    );
  };
  const count = list.data?.claimable ?? 0;
  return (
    <Panel id="pr-ready" title={t('claims.ready_title')} icon="gift" aside={count > 0 ? <span className="mc-count num">{count}</span> : undefined}>
      {content()}
    </Panel>
  );
};

const RecordsPanel = ({ status, onStatus, onOpen }: { status: PromotionClaimStatus | undefined } & Pick<Props, 'onStatus' | 'onOpen'>) => {
  const { t } = useTranslation('promotions');
  const zone = useTimeZone();
  const [paging, setPaging] = useState({ status, page: 1 });
  // Another filter starts again at its first page.
  const page = paging.status === status ? paging.page : 1;
  const list = usePromotionClaims({ page, status });
  const row = useClaimRow(zone);
  if (isTrialError(list.error)) return <TrialBlocked />;
  return (
    <Panel
      id="pr-records"
      title={t('records.title')}
      icon="receipt"
      actions={<StatusFilter statuses={PROMOTION_CLAIM_STATUSES} value={status} onChange={onStatus} label={t('records.filter')} labelKeyOf={(s) => `promotions:record.${s}`} />}
    >
      <RecordTable
        list={list}
        caption={t('records.title')}
        className="pr-table"
        cardsBelow={RECORDS_TABLE_PX}
        head={
          <>
            <th scope="col">{t('records.col_number_time', { zone: gmtLabel(zone) })}</th>
            <th scope="col">{t('records.col_promotion')}</th>
            <th scope="col">{t('records.col_status')}</th>
            <th scope="col">{t('records.col_remark')}</th>
            <th scope="col" className="mc-num">
              {t('records.col_bonus')}
            </th>
          </>
        }
        row={row}
        empty={
          <EmptyState
            icon="receipt"
            compact
            title={status ? t('records.none_filtered') : t('records.none_title')}
            text={t('records.none_text')}
            action={
              <button type="button" className="btn btn--gold btn--sm" onClick={() => onOpen('all')}>
                <Icon name="gift" size={16} />
                {t('hall.see_all')}
              </button>
            }
          />
        }
        page={page}
        onPage={(next) => setPaging({ status, page: next })}
        pagesLabel={t('records.pages')}
      />
    </Panel>
  );
};

/** One record as a table row (a card where narrow): number and time, promotion, state, both remarks, bonus. */
const useClaimRow = (zone: string) => {
  const { t } = useTranslation('promotions');
  const localize = useLocalize();
  const { symbol } = usePromoActions();
  return (c: PromotionClaim) => (
    <tr key={c.id}>
      <td data-label={t('records.col_number')}>
        <strong className="num">{c.number}</strong>
        <span className="mc-sub num">{formatDateTime(c.createdAt, zone)}</span>
      </td>
      <td data-label={t('records.col_promotion')}>
        <span className="pr-item">
          <PromoArt art={c.art} className="pr-item__art" />
          <span>
            {localize(c.title)}
            <span className="mc-sub">{t(`mechanic.${c.mechanic}`)}</span>
          </span>
        </span>
      </td>
      <td data-label={t('records.col_status')}>
        <ClaimStatus status={c.status} />
        {(c.decidedAt ?? c.paidAt) && <span className="mc-sub num">{t('records.decided_at', { time: formatDateTime(c.paidAt ?? c.decidedAt, zone) })}</span>}
      </td>
      <td data-label={t('records.col_remark')} className="mc-note-cell">
        {c.remark ? <span className="pr-remark">{t('records.my_remark', { remark: c.remark })}</span> : null}
        {c.imageCount > 0 && <span className="mc-sub">{t('records.images', { count: c.imageCount })}</span>}
        {c.reviewRemark && <span className="mc-sub pr-remark--site">{t('records.review_remark', { remark: c.reviewRemark })}</span>}
        {!c.remark && !c.reviewRemark && c.imageCount === 0 && '—'}
      </td>
      <td data-label={t('records.col_bonus')} className={`mc-num num${c.bonus ? ' mc-amount--in' : ''}`}>
        {c.bonus ? `+${formatAmount(c.bonus, { symbol })}` : '—'}
        {c.deposit && <span className="mc-sub">{t('records.on_deposit', { amount: formatAmount(c.deposit, { symbol }) })}</span>}
      </td>
    </tr>
  );
};
