import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { gmtLabel } from '../../../../lib/date-range';
import { formatDateTime } from '../../../../lib/format-time';
import { currencySymbolOf, useSiteConfigValue } from '../../../../lib/site-config';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { moneyText, type SiteMoney } from '../../logic/format';
import { toneOf } from '../../logic/queues';

/** The site's currency, as the back office writes amounts. */
export const useSiteMoney = (): SiteMoney => {
  const config = useSiteConfigValue();
  return { symbol: currencySymbolOf(config), currency: config?.currency };
};

/** An amount, tabular, with the currency. */
export const Money = ({ amount, currency, className }: { amount: string | null | undefined; currency?: string | null; className?: string }) => {
  const site = useSiteMoney();
  return <span className={`num${className ? ` ${className}` : ''}`}>{moneyText(amount, site, currency)}</span>;
};

/** Times in the site's zone ("yyyy-MM-dd HH:mm"), the same in every language. */
export const useSiteTime = () => {
  const zone = useTimeZone();
  return { zone, at: (iso: string | null | undefined, seconds = false) => formatDateTime(iso, zone, seconds), gmt: gmtLabel(zone) };
};

/** A time cell's text with the full instant on hover. */
export const Time = ({ iso, seconds }: { iso: string | null | undefined; seconds?: boolean }) => {
  const { at } = useSiteTime();
  return iso ? (
    <time dateTime={iso} className="num bo-time">
      {at(iso, seconds)}
    </time>
  ) : (
    <span className="bo-faint">—</span>
  );
};

/** A status badge in its tone; the words come from the caller. */
export const StatusBadge = ({ status, label }: { status: string; label: string }) => <span className={`mc-badge mc-badge--${BADGE_TONE[toneOf(status)]}`}>{label}</span>;
const BADGE_TONE = { pending: 'pending', ok: 'ok', bad: 'bad', info: 'info', muted: 'muted' } as const;

/** The page's heading: a small eyebrow, the title, a line on what it is for, and its tools. */
export const PageHead = ({ title, lede, actions, readOnly }: { title: string; lede?: string; actions?: ReactNode; readOnly?: boolean }) => {
  const { t } = useTranslation('ops');
  return (
    <header className="bo-head">
      <div className="bo-head__text">
        <h1 className="bo-head__title">{title}</h1>
        {lede && <p className="bo-head__lede">{lede}</p>}
      </div>
      <div className="bo-head__aside">
        {readOnly && (
          <span className="bo-readonly" title={t('common.read_only_hint')}>
            {t('common.read_only')}
          </span>
        )}
        {actions}
      </div>
    </header>
  );
};

/** "Times are in Asia/Phnom_Penh (GMT+07:00)" under a list. */
export const ZoneNote = () => {
  const { t } = useTranslation('ops');
  const { zone, gmt } = useSiteTime();
  return <p className="bo-zone">{t('common.zone_note', { zone, gmt })}</p>;
};
