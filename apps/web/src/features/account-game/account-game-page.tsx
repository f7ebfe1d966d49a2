import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RECENT_GAMES_PAGE_SIZE, type GameItem } from '@apsara/contracts';
import { GameGrid, GameModals, GamePageFailed, useFavoriteList, useRecentGames } from '../../components/ui/game';
import { Icon } from '../../components/ui/icons/icons';
import { Pager } from '../../components/ui/pager/pager';
import { pageInRange, readPage, writePage } from './logic/recent-page';
import '../../components/ui/game/game-page.css';

type Props = { titleKey: string; category?: string };

type ViewProps = {
  title: string;
  recent: boolean;
  query: { data?: { content: GameItem[]; total: number }; isError: boolean; isPending: boolean; isPlaceholderData: boolean; fetchStatus: string; refetch: () => unknown };
  skeletons?: number;
  pager?: ReactNode;
};

/** Header with the count, then the games, or the loading, empty or failed state, and the pager under them. */
const AccountGames = ({ title, recent, query, skeletons, pager }: ViewProps) => {
  const { t } = useTranslation();
  const games = query.data?.content ?? [];
  return (
    <div className="gpage">
      <header className="gpage__head">
        <h1 className="gpage__title">{title}</h1>
        {query.data && (
          <p className="gpage__count" aria-live="polite">
            {t('gameUi.resultCount', { count: query.data.total })}
          </p>
        )}
      </header>
      {query.isError ? (
        <GamePageFailed onRetry={query.refetch} />
      ) : query.data && games.length === 0 ? (
        <div className="gpage__state">
          <Icon name={recent ? 'clock' : 'heart'} size={28} />
          <p className="gpage__state-title">{t(recent ? 'gameUi.recentEmpty' : 'gameUi.favoritesEmpty')}</p>
          <Link to="/rng" className="btn btn--gold btn--sm">
            {t('lobby.recent.browse')}
          </Link>
        </div>
      ) : (
        <div className={query.isPlaceholderData ? 'gpage__results is-stale' : 'gpage__results'}>
          <GameGrid games={games} loading={query.isPending && query.fetchStatus !== 'idle'} skeletons={skeletons} label={title} />
        </div>
      )}
      {!query.isError && pager}
      <GameModals />
    </div>
  );
};

/** Favorite games (MCSFE_getFavoriteGamesList, 999 a page: all of them at once). */
const FavoriteGames = ({ title }: { title: string }) => <AccountGames title={title} recent={false} query={useFavoriteList()} />;

/** Recent games (GCS_recentGame: page, pageSize 20, gameType RNG), paged like the game list pages. */
const RecentGames = ({ title }: { title: string }) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const query = useRecentGames(page);
  const answer = query.isPlaceholderData ? undefined : query.data;

  // An old link past the end: to the last page that has games, in place of this address.
  const last = pageInRange(page, answer);
  useEffect(() => {
    if (last !== null) setParams(writePage(last), { replace: true });
  }, [last, setParams]);

  return (
    <AccountGames
      title={title}
      recent
      query={query}
      skeletons={RECENT_GAMES_PAGE_SIZE}
      pager={
        query.data && (
          <Pager
            page={page}
            pageSize={query.data.pageSize}
            total={query.data.total}
            onChange={(p) => {
              setParams(writePage(p));
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            label={t('gameUi.pages', { category: title })}
            disabled={query.isFetching}
          />
        )
      }
    />
  );
};

/** The member's favorite and recent games (spec §2 /favorite and /recent). */
const AccountGamePage = ({ titleKey, category }: Props) => {
  const { t } = useTranslation();
  const title = t(titleKey);
  return category === 'RECENT' ? <RecentGames title={title} /> : <FavoriteGames title={title} />;
};

export default AccountGamePage;
