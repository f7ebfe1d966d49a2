import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MissionClaimValue, MissionPeriod, MissionSummaryValue, MissionWindow } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { Panel } from '../../../../components/ui/member/panel';
import { EmptyState, ErrorState } from '../../../../components/ui/member/states';
import { isApiError } from '../../../../lib/api';
import { formatAmount, formatWhole } from '../../../../lib/format';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { clockOffset, missionsOf, periodTally } from '../../logic/missions';
import { Countdown, CountdownSkeleton } from './countdown';
import { MissionCard } from './mission-card';
import { ClosedFeature } from '../common/closed-feature';

const PERIODS: readonly MissionPeriod[] = ['daily', 'weekly'];
/** How long the "added to your balance" notice stays. */
const NOTICE_MS = 6000;

/**
 * The missions tab: what the member has earned and can claim, then today's and this week's missions,
 * each period with its countdown on the server's clock. When a period ends the list is read again
 * (the next period's missions, progress back at zero).
 */
export const MissionsTab = ({ query }: { query: UseQueryResult<MissionSummaryValue> }) => {
  const { t } = useTranslation('member');
  const [notice, setNotice] = useState<{ text: string; id: number } | null>(null);

  const onClaimed = useCallback(
    (result: MissionClaimValue, symbol: string) => {
      const amount = `+${formatAmount(result.amount, { symbol })}`;
      setNotice({ text: t(result.replayed ? 'missions.claimed_before' : 'missions.claimed_notice', { amount }), id: Date.now() });
    },
    [t],
  );
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const body = () => {
    if (query.isPending) return <MissionsSkeleton />;
    if (query.isError) {
      if (isApiError(query.error) && query.error.code === 'MISSIONS_DISABLED') return <ClosedFeature feature="missions" icon="trophy" />;
      return (
        <div className="mc-panel">
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        </div>
      );
    }
    const data = query.data;
    if (!data.enabled) return <ClosedFeature feature="missions" icon="trophy" />;
    return <MissionBoard data={data} receivedAt={query.dataUpdatedAt} onClaimed={(r) => onClaimed(r, data.currencySymbol)} refetch={() => void query.refetch()} />;
  };

  return (
    <>
      {body()}
      {/* Always in the page, so the notice is announced when it appears. */}
      <div className="ms-toast-region" role="status" aria-live="polite">
        {notice && (
          <div key={notice.id} className="ms-toast">
            <span className="ms-toast__icon" aria-hidden="true">
              <Icon name="check" size={18} />
            </span>
            <span className="ms-toast__text">{notice.text}</span>
            <button type="button" className="ms-toast__close" aria-label={t('common.dismiss')} onClick={() => setNotice(null)}>
              <Icon name="close" size={16} />
            </button>
          </div>
        )}
      </div>
    </>
  );
};

const MissionBoard = ({ data, receivedAt, onClaimed, refetch }: { data: MissionSummaryValue; receivedAt: number; onClaimed: (r: MissionClaimValue) => void; refetch: () => void }) => {
  const { t } = useTranslation('member');
  const offset = clockOffset(data.serverTime, receivedAt);
  const tally = periodTally(data.items);
  return (
    <div className="mc-stack">
      <section className="mc-stats ms-stats" aria-label={t('missions.figures')}>
        <div className={`mc-stat${data.claimable > 0 ? ' ms-stat--ready' : ''}`}>
          <span className="mc-stat__label">{t('missions.fig_ready')}</span>
          <span className="mc-stat__value mc-stat__value--count num">{formatWhole(data.claimable)}</span>
        </div>
        <div className="mc-stat">
          <span className="mc-stat__label">{t('missions.fig_done')}</span>
          <span className="mc-stat__value mc-stat__value--count num">{t('missions.fig_done_value', { done: formatWhole(tally.claimed), total: formatWhole(tally.total) })}</span>
        </div>
        <div className="mc-stat mc-stat--gold">
          <span className="mc-stat__label">{t('missions.fig_earned')}</span>
          <span className="mc-stat__value num">{formatAmount(data.earned, { symbol: data.currencySymbol })}</span>
        </div>
      </section>
      {data.items.length === 0 ? (
        <div className="mc-panel">
          <EmptyState
            icon="trophy"
            title={t('missions.none')}
            text={t('missions.none_text')}
            action={
              <Link to="/" className="btn btn--gold btn--sm">
                <Icon name="home" size={16} />
                {t('common.to_lobby')}
              </Link>
            }
          />
        </div>
      ) : (
        PERIODS.map((period) => {
          const items = missionsOf(data.items, period);
          if (items.length === 0) return null;
          return <PeriodPanel key={period} period={period} window={data[period]} items={items} symbol={data.currencySymbol} offset={offset} onClaimed={onClaimed} onEnded={refetch} />;
        })
      )}
      {data.items.length > 0 ? <p className="ms-rules">{t('missions.rules', { stake: formatAmount(data.minRoundStake, { symbol: data.currencySymbol }) })}</p> : null}
    </div>
  );
};

type PeriodProps = {
  period: MissionPeriod;
  window: MissionWindow;
  items: MissionSummaryValue['items'];
  symbol: string;
  offset: number;
  onClaimed: (r: MissionClaimValue) => void;
  onEnded: () => void;
};

const PeriodPanel = ({ period, window, items, symbol, offset, onClaimed, onEnded }: PeriodProps) => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const tally = periodTally(items);
  // The next period's list is ready on the server a moment after this one ends.
  const ended = useRef(onEnded);
  ended.current = onEnded;
  const onDone = useCallback(() => void setTimeout(() => ended.current(), 1500), []);
  return (
    <Panel
      id={`ms-${period}`}
      title={t(`missions.${period}_title`)}
      icon={period === 'daily' ? 'clock' : 'calendar'}
      className={`ms-period ms-period--${period}`}
      aside={<span className="mc-count num">{t('missions.section_tally', { done: formatWhole(tally.claimed), total: formatWhole(tally.total) })}</span>}
      actions={<Countdown end={window.end} offset={offset} label={t('missions.ends_in')} onDone={onDone} />}
    >
      <ul className="ms-cards">
        {items.map((m) => (
          <MissionCard key={m.id} mission={m} symbol={symbol} zone={zone} onClaimed={onClaimed} />
        ))}
      </ul>
    </Panel>
  );
};

/** The shape of the tab while its first answer is on the way. */
const MissionsSkeleton = () => {
  const { t } = useTranslation('member');
  return (
    <div className="mc-stack" role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      <div className="mc-stats ms-stats" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="mc-stat">
            <span className="skeleton ms-skeleton-line" />
            <span className="skeleton mc-stat__skeleton" />
          </div>
        ))}
      </div>
      <div className="mc-panel" aria-hidden="true">
        <div className="ms-skeleton-head">
          <span className="skeleton ms-skeleton-line ms-skeleton-line--title" />
          <CountdownSkeleton />
        </div>
        <ul className="ms-cards">
          {[0, 1].map((i) => (
            <li key={i} className="ms-card ms-card--skeleton">
              <span className="skeleton ms-card__icon" />
              <div className="ms-card__head">
                <span className="skeleton ms-skeleton-line" />
                <span className="skeleton ms-skeleton-line ms-skeleton-line--title" />
              </div>
              <div className="ms-card__progress">
                <span className="skeleton ms-bar" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
};
