import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORY_PATHS, GAME_CATEGORIES, type CategoryCode } from '../../data/game-categories';
import { Icon } from '../../components/ui/icons/icons';
import { categoryIcon } from '../../components/ui/icons/category-icons';
import { BannerCarousel } from './components/banner-carousel';
import { ComingSoonRow, EmptyState, LobbySection, VendorTile, WinnerBoard } from './components/home-sections';
import { JackpotTicker } from './components/jackpot-ticker';
import { NoticeMarquee } from './components/notice-marquee';
import { HOME_BANNERS, HOME_ROW_CAP, HOME_VENDOR_COUNTS, PLAYER_NOTICES } from './data/lobby-content';
import './lobby-page.css';

type Props = {
  isLoggedIn: boolean;
  /** Opens the login popup; passed in by the app so the lobby does not depend on the auth feature. */
  onLogin: () => void;
  currencySymbol: string;
};


const STRIP: readonly CategoryCode[] = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'LOTT', 'COCKFIGHT', 'BINGO', 'BGS'];

const vendorsOf = (code: CategoryCode) => GAME_CATEGORIES.find((c) => c.code === code)?.vendors ?? [];

/** The vendor's page: slots open the slot list filtered by vendor (spec §2 "/rng?vassalage"). */
const vendorPath = (code: CategoryCode, vendor: string) => `${CATEGORY_PATHS[code]}?vassalage=${encodeURIComponent(vendor)}`;

const VendorRow = ({ code, limit = HOME_ROW_CAP }: { code: CategoryCode; limit?: number }) => (
  <ul className="tile-row">
    {vendorsOf(code)
      .slice(0, Math.min(limit, HOME_ROW_CAP))
      .map((vendor) => (
        <li key={vendor}>
          <VendorTile vendor={vendor} category={code} to={vendorPath(code, vendor)} showPlay={code !== 'RNG'} />
        </li>
      ))}
  </ul>
);

/** Home lobby (spec §2 "Home sections"). */
export const LobbyPage = ({ isLoggedIn, onLogin, currencySymbol }: Props) => {
  const { t } = useTranslation();
  const soon = t('comingSoon.badge');
  return (
    <div className="lobby">
      <h1 className="visually-hidden">{t('page.home')}</h1>
      <BannerCarousel banners={HOME_BANNERS} />
      <NoticeMarquee notices={PLAYER_NOTICES} />

      <div className="lobby__hero-row">
        <JackpotTicker currencySymbol={currencySymbol} />
        <nav className="category-strip" aria-label={t('lobby.categoriesLabel')}>
          <ul>
            {STRIP.map((code) => (
              <li key={code}>
                <Link to={CATEGORY_PATHS[code]} className="category-strip__item" style={{ ['--cat' as string]: `var(--cat-${code === 'LOTT' ? 'lottery' : code === 'BGS' ? 'inhouse' : code.toLowerCase()})` }}>
                  <span className="category-strip__icon">
                    <Icon name={categoryIcon(code)} size={22} />
                  </span>
                  <span className="category-strip__name">{t(`category.${code}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <LobbySection id="home-recent" icon="clock" title={t('lobby.sections.recent')} to={isLoggedIn ? '/recent' : undefined}>
        {isLoggedIn ? (
          <EmptyState
            icon="clock"
            title={t('lobby.recent.emptyTitle')}
            text={t('lobby.recent.emptyText')}
            action={
              <Link to="/rng" className="btn btn--gold btn--sm">
                {t('lobby.recent.browse')}
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon="lock"
            title={t('lobby.recent.guestTitle')}
            text={t('lobby.recent.guestText')}
            action={
              <button type="button" className="btn btn--gold btn--sm" onClick={onLogin}>
                {t('lobby.recent.login')}
              </button>
            }
          />
        )}
      </LobbySection>

      <div className="lobby__split">
        <LobbySection id="home-hot" icon="flame" title={t('lobby.sections.hot')} accent="#ff6a3d">
          <ComingSoonRow kinds={['RNG', 'LIVE', 'FISH', 'PVP']} caption={soon} />
        </LobbySection>
        <LobbySection id="home-winners" icon="trophy" title={t('lobby.sections.winners')} accent="#f5c451">
          <WinnerBoard />
        </LobbySection>
      </div>

      <div className="lobby__featured">
        <LobbySection id="home-rng" icon="slots" title={t('lobby.sections.rng')} to="/rng" accent="#f2b537" className="lobby__featured-rng">
          <VendorRow code="RNG" limit={HOME_VENDOR_COUNTS.RNG} />
        </LobbySection>
        <LobbySection id="home-live" icon="cards" title={t('lobby.sections.live')} to="/live" accent="#ff4f7b">
          <VendorRow code="LIVE" limit={HOME_VENDOR_COUNTS.LIVE} />
        </LobbySection>
        <LobbySection id="home-fish" icon="fish" title={t('lobby.sections.fish')} to="/fish" accent="#22c3e6">
          <VendorRow code="FISH" limit={HOME_VENDOR_COUNTS.FISH} />
        </LobbySection>
      </div>

      <LobbySection id="home-sports" icon="ball" title={t('lobby.sections.sports')} to="/sports" accent="#2fd27a">
        <VendorRow code="SPORTS" />
      </LobbySection>

      <LobbySection id="home-esports" icon="gamepad" title={t('lobby.sections.esports')} to="/esports" accent="#9b6bff">
        <ComingSoonRow kinds={['ESPORTS', 'ESPORTS', 'ESPORTS']} caption={soon} />
      </LobbySection>

      <LobbySection id="home-pvp" icon="spade" title={t('lobby.sections.pvp')} to="/pvp" accent="#ff8a3d">
        <VendorRow code="PVP" />
      </LobbySection>

      <div className="lobby__split lobby__split--even">
        <LobbySection id="home-cockfight" icon="rooster" title={t('lobby.sections.cockfight')} to="/cockfight" accent="#ff6a3d">
          <ComingSoonRow kinds={['COCKFIGHT', 'COCKFIGHT']} caption={soon} />
        </LobbySection>
        <LobbySection id="home-inhouse" icon="gem" title={t('lobby.sections.inhouse')} to="/bgs" accent="#f5c451">
          <ComingSoonRow kinds={['INHOUSE', 'BGS']} caption={soon} />
        </LobbySection>
      </div>
    </div>
  );
};
