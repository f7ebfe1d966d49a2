import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteConfigValue, SystemStatusValue } from '@apsara/contracts';
import { BrandLogo } from '../../../components/ui/brand/brand-logo';
import { Icon } from '../../../components/ui/icons/icons';
import { useLocalize } from '../../../i18n/use-localize';
import { resolveTimeZone } from '../../../lib/date-range';
import { brandOf } from '../../../lib/site-config';
import { useDateFormat } from '../../../lib/use-date-format';
import { outsideSupportLink } from '../support-link';
import './system-screen.css';

type Props = {
  status: SystemStatusValue;
  config: SiteConfigValue | undefined;
  /** The language select, supplied by the app shell. */
  languageSelect?: ReactNode;
  onRetry: () => void;
};

const Frame = ({ config, languageSelect, children }: { config: SiteConfigValue | undefined; languageSelect?: ReactNode; children: ReactNode }) => (
  <div className="system-screen">
    <header className="system-screen__top" role="banner">
      <BrandLogo name={brandOf(config)} />
      {languageSelect}
    </header>
    <main className="system-screen__main">{children}</main>
  </div>
);

const SupportLink = ({ config }: { config: SiteConfigValue | undefined }) => {
  const { t } = useTranslation();
  const link = outsideSupportLink(config);
  if (!link) return null;
  return (
    <a className="btn btn--ghost" href={link.path} target="_blank" rel="noopener noreferrer">
      <Icon name="headset" size={18} />
      {t('system.contactSupport')}
    </a>
  );
};

const readableInstant = (iso: string | null | undefined): iso is string => Boolean(iso) && !Number.isNaN(new Date(iso ?? '').getTime());

/** Status 1 (spec §4): the whole site is down for maintenance. */
export const MaintenanceScreen = ({ status, config, languageSelect, onRetry }: Props) => {
  const { t } = useTranslation();
  const dates = useDateFormat();
  // Written out in the reader's language, on the site's clock with its GMT offset (a visitor abroad
  // can tell when that is for them); no time when it is missing or unreadable.
  const end = status.maintenance?.until;
  const until = readableInstant(end) ? dates.dayTime(end, resolveTimeZone(config?.timezone), true) : null;
  const localized = useLocalize();
  // The operators' words in the reader's language (English when not translated), else the portal's own.
  const message = status.maintenance?.message ? localized(status.maintenance.message) : null;
  return (
    <Frame config={config} languageSelect={languageSelect}>
      <section className="system-card" aria-labelledby="maintenance-title">
        <svg className="system-card__art" viewBox="0 0 160 120" aria-hidden="true">
          <circle cx="80" cy="60" r="54" fill="#151e36" />
          <g transform="translate(80 60)">
            <circle r="28" fill="none" stroke="#f5c451" strokeWidth="10" strokeDasharray="14 8" />
            <circle r="12" fill="#f5c451" />
          </g>
          <path d="M112 92l22 22" stroke="#5aa9ff" strokeWidth="8" strokeLinecap="round" />
          <circle cx="106" cy="86" r="10" fill="none" stroke="#5aa9ff" strokeWidth="6" />
        </svg>
        <h1 id="maintenance-title" className="system-card__title">
          {t('system.maintenance.title')}
        </h1>
        <p className="system-card__text" data-testid="maintenance-message">{message || t('system.maintenance.text')}</p>
        {until && <p className="system-card__meta">{t('system.maintenance.until', { time: until })}</p>}
        <div className="system-card__actions">
          <button type="button" className="btn btn--gold" onClick={onRetry}>
            <Icon name="refresh" size={18} />
            {t('system.checkAgain')}
          </button>
          <SupportLink config={config} />
        </div>
      </section>
    </Frame>
  );
};

/** Status 2 (spec §4): the caller's region or IP is not served; show the IP and a support link. */
export const BlockedScreen = ({ status, config, languageSelect, onRetry }: Props) => {
  const { t } = useTranslation();
  return (
    <Frame config={config} languageSelect={languageSelect}>
      <section className="system-card" aria-labelledby="blocked-title">
        <svg className="system-card__art" viewBox="0 0 160 120" aria-hidden="true">
          <circle cx="80" cy="60" r="54" fill="#151e36" />
          <circle cx="80" cy="60" r="34" fill="none" stroke="#5aa9ff" strokeWidth="4" />
          <path d="M46 60h68M80 26c10 10 14 22 14 34s-4 24-14 34M80 26c-10 10-14 22-14 34s4 24 14 34" stroke="#5aa9ff" strokeWidth="3" fill="none" />
          <circle cx="116" cy="88" r="20" fill="#ff5a5f" />
          <path d="M104 88h24" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
        </svg>
        <h1 id="blocked-title" className="system-card__title">
          {t('system.blocked.title')}
        </h1>
        <p className="system-card__text">{t('system.blocked.text')}</p>
        <p className="system-card__ip">
          <span>{t('system.blocked.ip')}</span>
          <strong className="num" data-testid="blocked-ip">
            {status.ip || config?.location.ip || '—'}
          </strong>
        </p>
        <div className="system-card__actions">
          <SupportLink config={config} />
          <button type="button" className="btn btn--quiet" onClick={onRetry}>
            <Icon name="refresh" size={18} />
            {t('system.checkAgain')}
          </button>
        </div>
      </section>
    </Frame>
  );
};
