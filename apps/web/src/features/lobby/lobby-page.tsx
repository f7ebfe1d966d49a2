import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { GameCategoryCode, VendorCard } from '@apsara/contracts';
import { CATEGORY_PATHS, type CategoryCode } from '../../data/game-categories';
import { Icon, type IconName } from '../../components/ui/icons/icons';
import { categoryIcon } from '../../components/ui/icons/category-icons';
import { GameModals, GameTile, useGameActions, useHotGames, useJackpot, useRankList, useRecentGames, useVendorLanes, vendorTileLabel } from '../../components/ui/game';
import { EmptyState, LobbySection, WinnerBoard } from './components/home-sections';
import { GameSwiper } from './components/game-swiper';
import { JackpotTicker } from './components/jackpot-ticker';
import { HOME_HOT_COUNT, HOME_RECENT_COUNT, homeGames, homeVendors, shownWinners } from './logic/home-rows';
import './lobby-page.css';

type Props = {
  isLoggedIn: boolean;
  /** Opens the login popup; passed in by the app so the lobby does not depend on the auth feature. */
  onLogin: () => void;
  currencySymbol: string;
  /**
   * The banner carousel and the notice marquee at the top (spec §2 "Home sections"): the site's
   * announcements, passed in by the app so the lobby does not depend on that feature.
   */
  banners?: ReactNode;
  notices?: ReactNode;
};

const STRIP: readonly CategoryCode[] = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'LOTT', 'ELOTT', 'COCKFIGHT', 'BINGO', 'BGS'];

type Lanes = ReturnType<typeof useVendorLanes>;

/** A row of vendor tiles; slots open the vendor's list (/rng?vassalage=AG), the others launch it. */
const VendorRow = ({ lanes, gameType }: { lanes: Lanes; gameType: GameCategoryCode }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { launch } = useGameActions();
  if (lanes.isPending) {
    return (
      <ul className="tile-row" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="skeleton vendor-skeleton" aria-hidden="true" />
        ))}
      </ul>
    );
  }
  const vendors = homeVendors(lanes.data?.data.lanes, gameType);
  const open = (v: VendorCard) =>
    gameType === 'RNG'
      ? navigate(`${CATEGORY_PATHS.RNG}?vassalage=${encodeURIComponent(v.vassalage)}`)
      : launch({ kind: 'vendor', vendor: v.vendor, gameType, displayName: v.displayName });
  return (
    <ul className="tile-row">
      {vendors.map((v) => (
        <li key={v.vendor}>
          <GameTile
            name={v.displayName}
            caption={t(`category.${gameType}`)}
            imageUrl={v.iconUrl}
            showPlay={gameType !== 'RNG'}
            maintenance={v.maintenance}
            onOpen={() => open(v)}
            label={vendorTileLabel(t, 'lobby.openVendor', v.displayName, gameType)}
          />
        </li>
      ))}
    </ul>
  );
};

type RowSpec = { type: GameCategoryCode; id: string; icon: IconName; key: string; accent: string };

const hasVendors = (lanes: Lanes, type: GameCategoryCode) =>
  lanes.isPending || homeVendors(lanes.data?.data.lanes, type).length > 0;

/** Home lobby (spec §2 "Home sections"). */
export const LobbyPage = ({ isLoggedIn, onLogin, currencySymbol, banners, notices }: Props) => {
  const { t } = useTranslation();
  const lanes = useVendorLanes();
  const hot = useHotGames();
  const recent = useRecentGames();
  const winners = useRankList();
  const jackpot = useJackpot();

  const section = ({ type, id, icon, key, accent }: RowSpec, className?: string) =>
    hasVendors(lanes, type) ? (
      <LobbySection key={id} id={id} icon={icon} title={t(`lobby.sections.${key}`)} to={type === 'INHOUSE' ? undefined : CATEGORY_PATHS[type as CategoryCode]} accent={accent} className={className}>
        <VendorRow lanes={lanes} gameType={type} />
      </LobbySection>
    ) : null;

  const recentGames = homeGames(recent.data?.content, HOME_RECENT_COUNT);
  return (
    <div className="lobby">
      <h1 className="visually-hidden">{t('page.home')}</h1>
      {banners}
      {notices}

      <div className="lobby__hero-row">
        <JackpotTicker served={jackpot.data?.amount} currencySymbol={jackpot.data?.currencySymbol ?? currencySymbol} />
        <nav className="category-strip" aria-label={t('lobby.categoriesLabel')}>
          <ul>
            {STRIP.map((code) => (
              <li key={code}>
                <Link to={CATEGORY_PATHS[code]} className="category-strip__item" style={{ ['--cat' as string]: `var(--cat-${code === 'LOTT' ? 'lottery' : code === 'ELOTT' ? 'elottery' : code === 'BGS' ? 'inhouse' : code.toLowerCase()})` }}>
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

      {isLoggedIn && (
        <LobbySection id="home-recent" icon="clock" title={t('lobby.sections.recent')} to="/recent">
          {!recent.isPending && recentGames.length === 0 ? (
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
            <GameSwiper games={recentGames} loading={recent.isPending} label={t('lobby.sections.recent')} currencySymbol={currencySymbol} rows={1} />
          )}
        </LobbySection>
      )}

      <LobbySection id="home-hot" icon="flame" title={t('lobby.sections.hot')} accent="#ff6a3d">
        {hot.isError ? (
          <EmptyState
            icon="alert"
            title={t('gameUi.loadFailed')}
            text={t('gameUi.tryAgainText')}
            action={
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void hot.refetch()}>
                {t('gameUi.retry')}
              </button>
            }
          />
        ) : (
          <GameSwiper games={homeGames(hot.data?.games, HOME_HOT_COUNT)} loading={hot.isPending} label={t('lobby.sections.hot')} currencySymbol={currencySymbol} />
        )}
      </LobbySection>

      {!isLoggedIn && (
        <LobbySection id="home-recent" icon="clock" title={t('lobby.sections.recent')}>
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
        </LobbySection>
      )}

      <div className="lobby__featured">
        {section({ type: 'RNG', id: 'home-rng', icon: 'slots', key: 'rng', accent: '#f2b537' }, 'lobby__featured-rng')}
        {section({ type: 'LIVE', id: 'home-live', icon: 'cards', key: 'live', accent: '#ff4f7b' })}
        {section({ type: 'FISH', id: 'home-fish', icon: 'fish', key: 'fish', accent: '#22c3e6' })}
      </div>

      <div className="lobby__split">
        {section({ type: 'SPORTS', id: 'home-sports', icon: 'ball', key: 'sports', accent: '#2fd27a' }) ?? <span />}
        <LobbySection id="home-winners" icon="trophy" title={t('lobby.sections.winners')} accent="#f5c451">
          <WinnerBoard winners={shownWinners(winners.data?.list)} loading={winners.isPending} failed={winners.isError} />
        </LobbySection>
      </div>

      {section({ type: 'ESPORTS', id: 'home-esports', icon: 'gamepad', key: 'esports', accent: '#9b6bff' })}
      {section({ type: 'PVP', id: 'home-pvp', icon: 'spade', key: 'pvp', accent: '#ff8a3d' })}

      <div className="lobby__split lobby__split--even">
        {section({ type: 'COCKFIGHT', id: 'home-cockfight', icon: 'rooster', key: 'cockfight', accent: '#ff6a3d' })}
        {section({ type: 'INHOUSE', id: 'home-inhouse', icon: 'gem', key: 'inhouse', accent: '#f5c451' })}
      </div>
      <GameModals />
    </div>
  );
};
