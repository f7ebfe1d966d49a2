import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GameGrid, GameModals, useFavoriteList, useRecentGames } from '../../components/ui/game';
import { Icon } from '../../components/ui/icons/icons';
import '../../components/ui/game/game-page.css';

type Props = { titleKey: string; category?: string };

/** Favorite (MCSFE_getFavoriteGamesList, 999 a page) and recent (GCS_recentGame) games of the member (spec §2). */
const AccountGamePage = ({ titleKey, category }: Props) => {
  const { t } = useTranslation();
  const recent = category === 'RECENT';
  const favorites = useFavoriteList();
  const recents = useRecentGames();
  const query = recent ? recents : favorites;
  const games = query.data?.content ?? [];
  const title = t(titleKey);
  return (
    <div className="gpage">
      <header className="gpage__head">
        <h1 className="gpage__title">{title}</h1>
        {query.data && <p className="gpage__count">{t('gameUi.resultCount', { count: query.data.total })}</p>}
      </header>
      {query.isError ? (
        <div className="gpage__state" role="alert">
          <Icon name="alert" size={28} />
          <p className="gpage__state-title">{t('gameUi.loadFailed')}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()}>
            {t('gameUi.retry')}
          </button>
        </div>
      ) : query.data && games.length === 0 ? (
        <div className="gpage__state">
          <Icon name={recent ? 'clock' : 'heart'} size={28} />
          <p className="gpage__state-title">{t(recent ? 'gameUi.recentEmpty' : 'gameUi.favoritesEmpty')}</p>
          <Link to="/rng" className="btn btn--gold btn--sm">
            {t('lobby.recent.browse')}
          </Link>
        </div>
      ) : (
        <GameGrid games={games} loading={query.isPending && query.fetchStatus !== 'idle'} label={title} />
      )}
      <GameModals />
    </div>
  );
};

export default AccountGamePage;
