import { useId, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryArt } from '../../components/ui/art/category-art';
import { Icon, type IconName } from '../../components/ui/icons/icons';
import { QrCode, downloadUrl } from '../../components/ui/qr/qr-code';
import { installOffered, promptInstall, runningInstalled, subscribeInstallOffer } from '../../lib/install-prompt';
import { brandOf, resourceUrl, useSiteConfigValue } from '../../lib/site-config';
import './download-page.css';

type Platform = 'ios' | 'android' | 'lite';
const PLATFORMS: readonly Platform[] = ['ios', 'android', 'lite'];
const ICONS: Record<Platform, IconName> = { ios: 'apple', android: 'android', lite: 'bolt' };
/** Resource types in the site config that hold the store or package link of each app. */
const RESOURCE_TYPES: Record<Exclude<Platform, 'lite'>, string> = { ios: 'IOS', android: 'Android' };

const isPlatform = (value: string | null): value is Platform => PLATFORMS.includes(value as Platform);

/** Guesses the visitor's platform so the right tutorial opens first. */
const devicePlatform = (): Platform => {
  if (typeof navigator === 'undefined') return 'ios';
  const ua = navigator.userAgent;
  if (/android/i.test(ua)) return 'android';
  return 'ios';
};

/** App download (spec §1 "App downloads for iOS and Android (including a lite app), with install tutorials"). */
const DownloadPage = ({ titleKey }: { titleKey: string }) => {
  const { t } = useTranslation();
  const config = useSiteConfigValue();
  const brand = brandOf(config);
  const [params, setParams] = useSearchParams();
  const requested = params.get('os');
  const selected: Platform = isPlatform(requested) ? requested : devicePlatform();
  const tabsId = useId();

  const select = (platform: Platform) => setParams({ os: platform }, { replace: true, preventScrollReset: true });

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const step = e.key === 'ArrowRight' ? 1 : -1;
    const next = PLATFORMS[(PLATFORMS.indexOf(selected) + step + PLATFORMS.length) % PLATFORMS.length];
    select(next);
    document.getElementById(`${tabsId}-tab-${next}`)?.focus();
  };

  const appLink = (platform: Exclude<Platform, 'lite'>) => resourceUrl(config, RESOURCE_TYPES[platform]);
  const offered = useSyncExternalStore(subscribeInstallOffer, installOffered, () => false);
  const [installed, setInstalled] = useState(runningInstalled);
  const showGuide = (platform: Platform) => {
    select(platform);
    document.getElementById('download-guide-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const selectedLink = selected === 'lite' ? null : appLink(selected);
  // The lead names only the apps this site offers: with none, it points to the lite app instead.
  const offeredApps = PLATFORMS.filter((p): p is Exclude<Platform, 'lite'> => p !== 'lite' && !!appLink(p));
  const lead =
    offeredApps.length === 2
      ? t('download.lead')
      : offeredApps.length === 1
        ? t('download.lead_one', { platform: t(`download.${offeredApps[0]}.short`) })
        : t('download.lead_none');

  /** The lite app's button: the browser's install dialog where it offers one, else the steps to add it by hand. */
  const liteAction = installed ? (
    <p className="download-card__note download-card__note--done" role="status">
      <Icon name="check" size={16} />
      {t('download.lite.installed')}
    </p>
  ) : offered ? (
    <button type="button" className="btn btn--gold btn--block" onClick={() => void promptInstall().then((ok) => ok && setInstalled(true))}>
      <Icon name="download" size={18} />
      {t('download.lite.cta')}
    </button>
  ) : (
    <button type="button" className="btn btn--gold btn--block" onClick={() => showGuide('lite')}>
      <Icon name="download" size={18} />
      {t('download.lite.cta_manual')}
    </button>
  );

  return (
    <div className="download">
      <section className="download__hero" aria-labelledby="download-title">
        <div className="download__hero-text">
          <p className="download__eyebrow">{t(titleKey)}</p>
          <h1 id="download-title" className="download__title">
            {t('download.title', { brand })}
          </h1>
          <p className="download__lead">{lead}</p>
          <ul className="download__perks">
            {(['perk1', 'perk2', 'perk3'] as const).map((perk) => (
              <li key={perk}>
                <Icon name="shield" size={18} />
                {t(`download.${perk}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="download__hero-art">
          <CategoryArt kind="DOWNLOAD" />
        </div>
      </section>

      <ul className="download__cards">
        {PLATFORMS.map((platform) => {
          const link = platform === 'lite' ? null : appLink(platform);
          return (
            <li key={platform} className={`download-card${platform === selected ? ' is-selected' : ''}`}>
              <div className="download-card__head">
                <span className={`download-card__icon download-card__icon--${platform}`}>
                  <Icon name={ICONS[platform]} size={26} />
                </span>
                <div>
                  <h2 className="download-card__title">{t(`download.${platform}.name`)}</h2>
                  <p className="download-card__meta">{t(`download.${platform}.meta`)}</p>
                </div>
              </div>
              {platform === 'lite' ? (
                <p className="download-card__note">{t('download.lite.note')}</p>
              ) : link ? (
                <div className="download-card__qr">
                  <QrCode value={downloadUrl(platform)} label={t('download.qrLabel', { platform: t(`download.${platform}.name`) })} size={160} />
                </div>
              ) : (
                // No app of this kind yet: no code to scan, and the lite app in its place.
                <p className="download-card__note">{t('download.soon_note')}</p>
              )}
              {platform === 'lite' ? (
                liteAction
              ) : link ? (
                <a className="btn btn--gold btn--block" href={link} rel="noopener">
                  <Icon name="download" size={18} />
                  {t(`download.${platform}.cta`)}
                </a>
              ) : (
                <button type="button" className="btn btn--ghost btn--block" disabled aria-disabled="true">
                  {t('download.soon')}
                </button>
              )}
              <button type="button" className="btn btn--quiet btn--sm" onClick={() => showGuide(platform)}>
                {t('download.howTo')}
              </button>
            </li>
          );
        })}
      </ul>

      <section className="download__guide" aria-labelledby="download-guide-title">
        <h2 id="download-guide-title" className="download__guide-title">
          {t('download.guideTitle')}
        </h2>
        <div role="tablist" aria-label={t('download.guideTitle')} className="download__tabs">
          {PLATFORMS.map((platform) => (
            <button
              key={platform}
              id={`${tabsId}-tab-${platform}`}
              type="button"
              role="tab"
              aria-selected={platform === selected}
              aria-controls={`${tabsId}-panel`}
              tabIndex={platform === selected ? 0 : -1}
              className="download__tab"
              onClick={() => select(platform)}
              onKeyDown={onTabKey}
            >
              <Icon name={ICONS[platform]} size={18} />
              {t(`download.${platform}.name`)}
            </button>
          ))}
        </div>
        {selected !== 'lite' && !selectedLink && (
          <p className="download__unavailable" role="note">
            {t('download.unavailable', { platform: t(`download.${selected}.name`) })}
          </p>
        )}
        <ol id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-tab-${selected}`} className="download__steps">
          {(t(`download.${selected}.steps`, { returnObjects: true }) as string[]).map((step, index) => (
            <li key={step} className="download__step">
              <span className="download__step-no" aria-hidden="true">
                {index + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
};

export default DownloadPage;
