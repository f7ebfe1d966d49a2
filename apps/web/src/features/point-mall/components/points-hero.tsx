import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PointBalanceValue, PointConfigValue } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { ErrorState } from '../../../components/ui/member/states';
import { formatAmount, formatWhole } from '../../../lib/format';
import type { PointTab } from '../logic/tabs';

type Props = {
  config: PointConfigValue;
  balance: UseQueryResult<PointBalanceValue>;
  onOpen: (tab: PointTab, extra?: Record<string, string>) => void;
};

/**
 * The member's points card (spec §3 "current points, ratio"): the points now, in large figures, what
 * was earned in all, the redemptions waiting for the site, the conversion ratio, and that points never
 * expire. The figures follow every redemption and conversion, and the balance stream.
 */
export const PointsHero = ({ config, balance, onOpen }: Props) => {
  const { t } = useTranslation('points');
  const b = balance.data;
  const ratio = config.convert.enabled ? config.convert.pointsPerUnit : null;
  return (
    <section className="pm-hero" aria-labelledby="pm-hero-title" aria-busy={balance.isPending}>
      <div className="pm-hero__main">
        <CoinStack />
        <h2 id="pm-hero-title" className="pm-hero__label">
          <Icon name="gem" size={18} />
          {t('hero.current')}
        </h2>
        {b ? (
          <p className="pm-hero__value">
            <output className="pm-hero__points num">{formatWhole(b.points)}</output>
            <span className="pm-hero__unit">{t('hero.unit', { count: b.points })}</span>
          </p>
        ) : balance.isError ? (
          <ErrorState error={balance.error} onRetry={() => void balance.refetch()} compact />
        ) : (
          <div className="skeleton pm-hero__value-skeleton" aria-hidden="true" />
        )}
        <p className="pm-hero__forever">
          <Icon name="clock" size={16} />
          {t('hero.never_expire')}
        </p>
      </div>
      <dl className="pm-hero__facts">
        <div className="pm-fact">
          <dt>{t('hero.lifetime')}</dt>
          <dd className="pm-fact__value num">{b ? formatWhole(b.lifetimeEarned) : '—'}</dd>
        </div>
        <div className="pm-fact">
          <dt>{t('hero.applying')}</dt>
          <dd className="pm-fact__value num">{b ? formatWhole(b.applying) : '—'}</dd>
          {b && b.applying > 0 && (
            <dd>
              <button type="button" className="pm-fact__link" onClick={() => onOpen('records', { status: 'applying' })}>
                {t('hero.applying_view')}
                <Icon name="chevronRight" size={14} />
              </button>
            </dd>
          )}
        </div>
        <div className="pm-fact">
          <dt>{t('hero.ratio')}</dt>
          <dd className="pm-fact__value num">{ratio === null ? t('hero.ratio_off') : t('hero.ratio_value', { points: formatWhole(ratio) })}</dd>
          {ratio !== null && (
            <dd className="pm-fact__sub">{t('hero.ratio_text', { amount: formatAmount('1.00', { symbol: config.currencySymbol }), count: ratio, points: formatWhole(ratio) })}</dd>
          )}
        </div>
      </dl>
    </section>
  );
};

/** While the site's rules load: the card, the tabs and a panel in outline, so nothing jumps when they arrive. */
export const PointsHeroSkeleton = () => {
  const { t } = useTranslation('points');
  return (
    <div className="pm-body" role="status" aria-live="polite">
      <span className="visually-hidden">{t('hero.loading')}</span>
      <div className="pm-hero pm-hero--loading" aria-hidden="true">
        <div className="pm-hero__main">
          <div className="skeleton pm-skel pm-skel--label" />
          <div className="skeleton pm-hero__value-skeleton" />
        </div>
        <div className="pm-hero__facts">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton pm-skel pm-skel--fact" />
          ))}
        </div>
      </div>
      <div className="skeleton pm-skel pm-skel--tabs" aria-hidden="true" />
      <div className="skeleton pm-skel pm-skel--panel" aria-hidden="true" />
    </div>
  );
};

/** A stack of gold point coins, drawn behind the card's corner. */
const CoinStack = () => (
  <svg className="pm-hero__art" viewBox="0 0 200 160" aria-hidden="true" focusable="false">
    <defs>
      <linearGradient id="pm-coin" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#ffe28f" />
        <stop offset="0.5" stopColor="#f2b537" />
        <stop offset="1" stopColor="#c98a12" />
      </linearGradient>
    </defs>
    {[0, 1, 2, 3].map((i) => (
      <g key={i} transform={`translate(112 ${128 - i * 13})`}>
        <ellipse rx="46" ry="14" fill="#8a5a00" />
        <ellipse cy="-5" rx="46" ry="14" fill="url(#pm-coin)" />
      </g>
    ))}
    <g transform="translate(62 62) rotate(-18)">
      <circle r="34" fill="#8a5a00" />
      <circle r="31" cx="-2" cy="-2" fill="url(#pm-coin)" />
      <circle r="22" cx="-2" cy="-2" fill="none" stroke="#fff3c4" strokeWidth="2.5" opacity="0.8" />
      <path d="M-2-17l5 10 11 1.5-8 7.5 2 11-10-5.5-10 5.5 2-11-8-7.5 11-1.5z" fill="#fff3c4" />
    </g>
    <path d="M160 30l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#fff" opacity="0.8" />
    <path d="M30 120l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#fff" opacity="0.6" />
  </svg>
);
