import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Promotion, PromotionClaim, PromotionClaimListValue, PromotionListValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { Panel } from '../../../../components/ui/member/panel';
import { EmptyState, ErrorState, LoadingState, TrialBlocked } from '../../../../components/ui/member/states';
import { useLocalize } from '../../../../i18n/use-localize';
import { formatAmount, formatWhole } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-time';
import { isTrialError } from '../../../../lib/server-errors';
import { useLoginState } from '../../../../lib/session';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useBonusRecords } from '../../api/bonus';
import { useMemberProfile } from '../../api/member-info';
import { useApplicationsInReview, usePromotionList } from '../../api/rewards';
import { turnoverProgress } from '../../logic/bonus';
import { readyToClaim, recentlyPaid, whatItPays, type RewardText } from '../../logic/reward-center';

/** The promotion hall's claim hall tab (features/promotions, `?tab=claims`), where claims are made. */
const CLAIM_HALL = '/promotions?tab=claims';
const WIRE_AMOUNT = /^-?\d+\.\d{2}$/;

/**
 * rewardCenter (spec §2; its menu badge is member info's `availablePromos`): what the member can claim
 * now, their applications the site is still reviewing, and the bonuses paid to them lately. Claiming
 * happens in the promotion hall, which this page leads to; the full bonus record is bonusDetails.
 */
export const RewardCenterPage = () => {
  const { isTrial } = useLoginState();
  const promotions = usePromotionList(!isTrial);
  const review = useApplicationsInReview(!isTrial);
  const paid = useBonusRecords({ page: 1 }, !isTrial);
  const profile = useMemberProfile().data;
  const profileSymbol = profile?.currencySymbol ?? '';
  if (isTrial || [promotions, review, paid].some((q) => isTrialError(q.error))) return <TrialBlocked />;

  const symbol = promotions.data?.currencySymbol ?? profileSymbol;
  const ready = promotions.data ? readyToClaim(promotions.data.items) : undefined;
  const inReview = review.data?.items;
  const recent = paid.data ? recentlyPaid(paid.data.items) : undefined;
  const rank = profile?.vip.hasVip ? <VipStrip label={profile.vip.label ?? `VIP${profile.vip.rankLevel}`} /> : null;
  if (ready?.length === 0 && inReview?.length === 0 && recent?.length === 0) {
    return (
      <div className="mc-stack">
        {rank}
        <NoRewards />
      </div>
    );
  }

  return (
    <div className="mc-stack">
      {rank}
      <RewardFigures ready={ready?.length} inReview={review.data?.total} received={paid.data?.bonusTotal} symbol={symbol} />
      <ReadyPanel query={promotions} ready={ready} symbol={symbol} />
      {(review.isPending || review.isError || (inReview?.length ?? 0) > 0) && <InReviewPanel query={review} />}
      <RecentlyPaidPanel query={paid} recent={recent} symbol={symbol} />
    </div>
  );
};

/** The member's VIP rank, leading to the rank explanation (what the next rank asks and pays). */
const VipStrip = ({ label }: { label: string }) => {
  const { t } = useTranslation('member');
  return (
    <Link to="/promotions?tab=rank" className="mc-panel mc-rewards__vip">
      <Icon name="crown" size={20} />
      <span className="mc-rewards__vip-text">{t('rewards.vip_rank', { label })}</span>
      <span className="mc-rewards__vip-go">{t('rewards.vip_more')}</span>
    </Link>
  );
};

const NoRewards = () => {
  const { t } = useTranslation('member');
  return (
    <div className="mc-panel">
      <EmptyState
        icon="crown"
        title={t('rewards.none')}
        text={t('rewards.none_text')}
        action={
          <Link to="/promotions" className="btn btn--gold btn--sm">
            <Icon name="gift" size={16} />
            {t('rewards.to_promotions')}
          </Link>
        }
      />
    </div>
  );
};

/** A figure, or a skeleton of one while its list loads. */
const Figure = ({ label, value, gold }: { label: string; value: string | undefined; gold?: boolean }) => (
  <div className={`mc-stat${gold ? ' mc-stat--gold' : ''}`}>
    <span className="mc-stat__label">{label}</span>
    {value === undefined ? <span className="skeleton mc-stat__skeleton" aria-hidden="true" /> : <span className={`mc-stat__value num${gold ? '' : ' mc-stat__value--count'}`}>{value}</span>}
  </div>
);

const RewardFigures = ({ ready, inReview, received, symbol }: { ready?: number; inReview?: number; received?: string; symbol: string }) => {
  const { t } = useTranslation('member');
  return (
    <section className="mc-stats mc-stats--rewards" aria-label={t('rewards.figures')}>
      <Figure label={t('rewards.fig_ready')} value={ready === undefined ? undefined : formatWhole(ready)} />
      <Figure label={t('rewards.fig_review')} value={inReview === undefined ? undefined : formatWhole(inReview)} />
      <Figure label={t('rewards.fig_received')} value={received === undefined ? undefined : formatAmount(received, { symbol })} gold />
    </section>
  );
};

/** A reward text in the member's language, its amounts formatted with the currency symbol. */
const useRewardText = (symbol: string) => {
  const { t } = useTranslation('member');
  return (text: RewardText) => t(text.key, Object.fromEntries(Object.entries(text.values ?? {}).map(([k, v]) => [k, WIRE_AMOUNT.test(v) ? formatAmount(v, { symbol }) : v])));
};

const ReadyPanel = ({ query, ready, symbol }: { query: UseQueryResult<PromotionListValue>; ready: Promotion[] | undefined; symbol: string }) => {
  const { t } = useTranslation('member');
  const localize = useLocalize();
  const text = useRewardText(symbol);
  const body = () => {
    if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} compact />;
    if (!ready) return <LoadingState rows={2} />;
    if (ready.length === 0) {
      return (
      <EmptyState
          icon="gift"
          compact
          title={t('rewards.ready_none')}
          text={t('rewards.ready_none_text')}
          action={
            <Link to="/promotions" className="btn btn--ghost btn--sm">
              <Icon name="gift" size={16} />
              {t('rewards.to_promotions')}
            </Link>
          }
        />
      );
    }
    return (
      <ul className="mc-rewards">
        {ready.map((p) => {
          const title = localize(p.title);
          const pays = whatItPays(p);
          return (
            <li key={p.id} className="mc-reward mc-reward--ready">
              <span className="mc-reward__icon" aria-hidden="true">
                <Icon name={p.mechanic === 'raffle' ? 'star' : 'gift'} size={22} />
              </span>
              <div className="mc-reward__body">
                <h3 className="mc-reward__title">{title}</h3>
                {pays && <p className="mc-reward__pays num">{text(pays)}</p>}
                <p className="mc-sub">{t(`bonus.mechanic_${p.mechanic}`)}</p>
              </div>
              <Link to={CLAIM_HALL} className="btn btn--gold btn--sm mc-reward__action" aria-label={t('rewards.claim_named', { title })}>
                {t('rewards.claim')}
                <Icon name="chevronRight" size={16} />
              </Link>
            </li>
          );
        })}
      </ul>
    );
  };
  return (
    <Panel id="mc-ready" title={t('rewards.ready_title')} icon="gift" aside={ready && ready.length > 0 ? <span className="mc-count num">{formatWhole(ready.length)}</span> : undefined}>
      {body()}
    </Panel>
  );
};

const InReviewPanel = ({ query }: { query: UseQueryResult<PromotionClaimListValue> }) => {
  const { t } = useTranslation('member');
  const localize = useLocalize();
  const zone = useTimeZone();
  const body = () => {
    if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} compact />;
    if (!query.data) return <LoadingState rows={1} />;
    const { items, total } = query.data;
    return (
      <>
        <ul className="mc-rewards">
          {items.map((c) => (
            <li key={c.id} className="mc-reward">
              <span className="mc-reward__icon mc-reward__icon--review" aria-hidden="true">
                <Icon name="clock" size={22} />
              </span>
              <div className="mc-reward__body">
                <h3 className="mc-reward__title">{localize(c.title)}</h3>
                <p className="mc-sub num">{t('rewards.review_sent', { number: c.number, time: formatDateTime(c.createdAt, zone) })}</p>
                {c.remark && <p className="mc-reward__remark">{t('rewards.review_remark', { remark: c.remark })}</p>}
              </div>
              <span className="mc-badge mc-badge--pending mc-reward__state">{t('rewards.review_state')}</span>
            </li>
          ))}
        </ul>
        {total > items.length && <p className="mc-note mc-rewards__more">{t('rewards.review_more', { shown: formatWhole(items.length), total: formatWhole(total) })}</p>}
      </>
    );
  };
  return (
    <Panel
      id="mc-review"
      title={t('rewards.review_title')}
      icon="clock"
      aside={query.data ? <span className="mc-count num">{formatWhole(query.data.total)}</span> : undefined}
      actions={
        <Link to={`${CLAIM_HALL}&status=applying`} className="mc-link-row">
          {t('rewards.to_claim_hall')}
          <Icon name="chevronRight" size={16} />
        </Link>
      }
    >
      {body()}
    </Panel>
  );
};

const RecentlyPaidPanel = ({ query, recent, symbol }: { query: UseQueryResult<PromotionClaimListValue>; recent: PromotionClaim[] | undefined; symbol: string }) => {
  const { t } = useTranslation('member');
  const localize = useLocalize();
  const zone = useTimeZone();
  const body = () => {
    if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} compact />;
    if (!recent) return <LoadingState rows={2} />;
    if (recent.length === 0) return <EmptyState icon="receipt" compact title={t('rewards.paid_none')} text={t('rewards.paid_none_text')} />;
    return (
      <ul className="mc-rewards">
        {recent.map((c) => {
          const title = localize(c.title);
          const progress = turnoverProgress(c.turnoverDone, c.turnoverRequired);
          return (
            <li key={c.id} className="mc-reward mc-reward--paid">
              <span className="mc-reward__icon mc-reward__icon--paid" aria-hidden="true">
                <Icon name="check" size={22} />
              </span>
              <div className="mc-reward__body">
                <h3 className="mc-reward__title">{title}</h3>
                <p className="mc-sub num">{t('rewards.paid_at', { number: c.number, time: formatDateTime(c.paidAt ?? c.createdAt, zone) })}</p>
                {progress.none ? (
                  <p className="mc-sub">{t('rewards.turnover_none')}</p>
                ) : (
                  <div className="mc-turnover mc-reward__turnover">
                    <span className="mc-reward__turnover-text num">{t('rewards.turnover', { done: formatAmount(c.turnoverDone, { symbol }), required: formatAmount(c.turnoverRequired, { symbol }) })}</span>
                    <span
                      className={`mc-turnover__bar${progress.complete ? ' is-complete' : ''}`}
                      role="progressbar"
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={progress.percent}
                      aria-label={t('bonus.progress_label', { title })}
                    >
                      <span style={{ width: `${progress.percent}%` }} />
                    </span>
                  </div>
                )}
              </div>
              <div className="mc-reward__amount">
                <span className="num mc-amount--in">+{formatAmount(c.bonus ?? '0.00', { symbol })}</span>
                <span className={`mc-badge mc-badge--${progress.complete ? 'ok' : 'pending'}`}>{t(progress.complete ? 'bonus.state_complete' : 'bonus.state_wagering')}</span>
              </div>
            </li>
          );
        })}
      </ul>
    );
  };
  return (
    <Panel
      id="mc-paid"
      title={t('rewards.paid_title')}
      icon="receipt"
      actions={
        <Link to="/member/bonusDetails" className="mc-link-row">
          {t('rewards.to_bonus_record')}
          <Icon name="chevronRight" size={16} />
        </Link>
      }
    >
      {body()}
    </Panel>
  );
};
