import { useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GAME_LIST_PAGE_SIZE, GAME_SELECT_TYPES, RECENT_GAMES_PAGE_SIZE, type GameCategoryCode, type GameItem, type GameSelectType } from '@apsara/contracts';
import { GameGrid, GameModals, GamePageFailed, useFavoriteList, useGameList, useRecentGames, useVendorLanes } from '../../components/ui/game';
import { Icon, type IconName } from '../../components/ui/icons/icons';
import { Pager } from '../../components/ui/pager/pager';
import { useLoginState } from '../../lib/session';
import { useShellActions } from '../../lib/shell-actions';
import { isMemberSelect, listGameType, readListFilters, writeListFilters, type ListFilters } from './logic/list-filters';
import '../../components/ui/game/game-page.css';

type Props = { titleKey: string; category?: string };

const SEARCH_DEBOUNCE_MS = 350;

const SELECT_ICONS: Record<GameSelectType, IconName> = { ALL: 'slots', HOT: 'flame', NEW: 'star', FAV: 'heart', RECENT: 'clock' };

type MemberQuery = { data?: { content: GameItem[] }; isError: boolean; isPending: boolean; isPlaceholderData: boolean; fetchStatus: string; refetch: () => unknown };

/**
 * The member's own games of the category: favourites (all at once) or recently played (20 a page).
 * Visitors are asked to sign in, trial accounts told to open a real one (the same guard as a favourite
 * toggle); neither list is asked for until then.
 */
const MemberGames = ({ select, gameType, title, page, onPage }: { select: 'FAV' | 'RECENT'; gameType: GameCategoryCode; title: string; page: number; onPage: (p: number) => void }) => {
  const { t } = useTranslation();
  const { isLogin, isTrial } = useLoginState();
  const { guard } = useShellActions();
  const member = isLogin && !isTrial;
  const favorites = useFavoriteList(gameType, select === 'FAV');
  const recent = useRecentGames(page, gameType, select === 'RECENT');
  const recentPage = recent.data;
  const query: MemberQuery = select === 'FAV' ? favorites : recent;
  const games = query.data?.content ?? [];
  const icon = SELECT_ICONS[select];

  if (!member) {
    return (
      <div className="gpage__state">
        <Icon name={icon} size={28} />
        <p className="gpage__state-title">{t(select === 'FAV' ? 'gameUi.select.favoritesSignIn' : 'gameUi.select.recentSignIn')}</p>
        <button type="button" className="btn btn--gold btn--sm" onClick={() => guard()}>
          {t(isTrial ? 'gameUi.select.realAccount' : 'gameUi.select.signIn')}
        </button>
      </div>
    );
  }
  if (query.isError) {
    return (
      <GamePageFailed onRetry={query.refetch} />
    );
  }
  if (query.data && games.length === 0) {
    return (
      <div className="gpage__state">
        <Icon name={icon} size={28} />
        <p className="gpage__state-title">{t(select === 'FAV' ? 'gameUi.select.favoritesEmpty' : 'gameUi.select.recentEmpty', { category: title })}</p>
      </div>
    );
  }
  return (
    <>
      <div className={query.isPlaceholderData ? 'gpage__results is-stale' : 'gpage__results'}>
        <GameGrid games={games} loading={query.isPending && query.fetchStatus !== 'idle'} skeletons={select === 'RECENT' ? RECENT_GAMES_PAGE_SIZE : 6} label={t('gameUi.resultsOf', { category: title })} />
      </div>
      {select === 'RECENT' && recentPage && (
        <Pager page={page} pageSize={recentPage.pageSize} total={recentPage.total} onChange={onPage} label={t('gameUi.pages', { category: title })} disabled={recent.isFetching} />
      )}
    </>
  );
};

/**
 * Game list center for live, fishing, slots, card games, mini games and bingo (spec §2): the game-select
 * views (all, hot, new, favourites, recent), search, vendor chips, the slot filters, 20 games a page. Every filter lives in the address, so a filtered page can be
 * shared and the back button undoes a filter.
 */
const GameListCenterPage = ({ titleKey, category = 'RNG' }: Props) => {
  const { t } = useTranslation();
  const gameType: GameCategoryCode = listGameType(category);
  const [params, setParams] = useSearchParams();
  const filters = readListFilters(params);
  const update = (patch: Partial<ListFilters>) => setParams(writeListFilters({ ...filters, page: 1, ...patch }), { replace: 'name' in patch });

  // The box follows the address, and the address follows the box after a short pause.
  const [text, setText] = useState(filters.name);
  useEffect(() => setText(filters.name), [filters.name]);
  // Only what the person typed is written back. Text set by the page itself ("clear filters", the back
  // button) never is: while the new address is still on its way, such a write would put back the filters
  // of the old one.
  const typed = useRef(false);
  // Also re-run when the address changes under it (a vendor chip): a pending write of the box would
  // otherwise put back the filters of the address it was scheduled under.
  useEffect(() => {
    if (!typed.current || text.trim() === filters.name) return;
    const id = setTimeout(() => {
      typed.current = false;
      update({ name: text.trim() });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, params]);

  const lanes = useVendorLanes();
  const vendors = lanes.data?.data.lanes.find((l) => l.gameType === gameType)?.vendors ?? [];
  const memberView = isMemberSelect(filters.select);
  // The member's own lists are asked for by MemberGames; the catalogue is not asked for meanwhile.
  const list = useGameList(
    {
      gameType,
      select: memberView ? 'ALL' : (filters.select as 'ALL' | 'HOT' | 'NEW'),
      vendor: filters.vendor || undefined,
      name: filters.name || undefined,
      minBetAtLeastOne: gameType === 'RNG' && filters.minBet,
      linesAtLeast25: gameType === 'RNG' && filters.lines,
      pageNo: filters.page,
      pageSize: GAME_LIST_PAGE_SIZE,
    },
    !memberView,
  );
  // A link to a vendor this site does not offer here (switched off since, or never): the whole list instead.
  const vendorGone = Boolean(filters.vendor) && list.isError && isApiError(list.error) && list.error.code === 'NOT_FOUND';
  useEffect(() => {
    if (vendorGone) setParams(writeListFilters({ ...filters, vendor: '', page: 1 }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vendorGone]);
  // The chosen view stays in sight on a phone, where the row scrolls sideways.
  const viewsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    viewsRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [filters.select]);
  const title = t(titleKey);
  const searchId = useId();
  const page = list.data;
  const filtered = Boolean(filters.name || filters.vendor || filters.minBet || filters.lines || filters.select !== 'ALL');

  return (
    <div className="gpage">
      <header className="gpage__head">
        <h1 className="gpage__title">{title}</h1>
        {page && !memberView && (
          <p className="gpage__count" aria-live="polite">
            {t('gameUi.resultCount', { count: page.total })}
          </p>
        )}
      </header>

      <div ref={viewsRef} className="gpage__chips gpage__selects" role="group" aria-label={t('gameUi.select.label')}>
        {GAME_SELECT_TYPES.map((sel) => (
          <button
            key={sel}
            type="button"
            className="chip"
            aria-pressed={filters.select === sel}
            onClick={() => {
              // Another view starts on its first page; the member's own lists have no catalogue filters.
              if (isMemberSelect(sel)) {
                typed.current = false;
                setText('');
              }
              setParams(writeListFilters({ ...(isMemberSelect(sel) ? { vendor: '', name: '', minBet: false, lines: false } : filters), select: sel, page: 1 }));
            }}
          >
            <Icon name={SELECT_ICONS[sel]} size={14} />
            {t(`gameUi.select.${sel}`)}
          </button>
        ))}
      </div>

      {memberView ? (
        <MemberGames
          select={filters.select as 'FAV' | 'RECENT'}
          gameType={gameType}
          title={title}
          page={filters.page}
          onPage={(p) => {
            setParams(writeListFilters({ ...filters, page: p }));
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      ) : (
        <>
          <form className="gpage__search" role="search" onSubmit={(e) => (e.preventDefault(), update({ name: text.trim() }))}>
            <label htmlFor={searchId} className="visually-hidden">
              {t('gameUi.searchLabel', { category: title })}
            </label>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="gpage__search-icon">
              <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <input
              id={searchId}
              type="search"
              value={text}
              maxLength={64}
              placeholder={t('gameUi.searchPlaceholder')}
              onChange={(e) => {
                typed.current = true;
                setText(e.target.value);
              }}
              autoComplete="off"
            />
          </form>

          <div className="gpage__filters">
            <div className="gpage__chips" role="group" aria-label={t('gameUi.vendorFilter')}>
              <button type="button" className="chip" aria-pressed={!filters.vendor} onClick={() => update({ vendor: '' })}>
                {t('gameUi.allVendors')}
              </button>
              {lanes.isPending
                ? Array.from({ length: 6 }, (_, i) => <span key={i} className="chip chip--skeleton skeleton" aria-hidden="true" />)
                : vendors.map((v) => (
                    <button key={v.vendor} type="button" className="chip" aria-pressed={filters.vendor === v.vassalage} onClick={() => update({ vendor: v.vassalage })}>
                      {v.displayName}
                      {v.maintenance && <Icon name="wrench" size={12} />}
                    </button>
                  ))}
            </div>
            {gameType === 'RNG' && (
              <div className="gpage__slot-filters" role="group" aria-label={t('gameUi.slotFilters')}>
                <label className="gpage__toggle">
                  <input type="checkbox" checked={filters.minBet} onChange={(e) => update({ minBet: e.target.checked })} />
                  <span>{t('gameUi.minBetAtLeastOne')}</span>
                </label>
                <label className="gpage__toggle">
                  <input type="checkbox" checked={filters.lines} onChange={(e) => update({ lines: e.target.checked })} />
                  <span>{t('gameUi.linesAtLeast25')}</span>
                </label>
              </div>
            )}
          </div>

          {list.isError ? (
            <GamePageFailed onRetry={list.refetch} />
          ) : page && page.content.length === 0 ? (
            <div className="gpage__state">
              <Icon name="slots" size={28} />
              <p className="gpage__state-title">{t(filtered ? 'gameUi.noMatch' : 'gameUi.noGames')}</p>
              {filtered && (
                <button
                  type="button"
                  className="btn btn--gold btn--sm"
                  onClick={() => {
                    typed.current = false;
                    setText('');
                    setParams(new URLSearchParams());
                  }}
                >
                  {t('gameUi.clearFilters')}
                </button>
              )}
            </div>
          ) : (
            <div className={list.isPlaceholderData ? 'gpage__results is-stale' : 'gpage__results'}>
              <GameGrid games={page?.content ?? []} loading={list.isPending} skeletons={GAME_LIST_PAGE_SIZE} label={t('gameUi.resultsOf', { category: title })} />
            </div>
          )}

          {page && (
            <Pager
              page={filters.page}
              pageSize={page.pageSize}
              total={page.total}
              onChange={(p) => {
                setParams(writeListFilters({ ...filters, page: p }));
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
              label={t('gameUi.pages', { category: title })}
              disabled={list.isFetching}
            />
          )}
        </>
      )}
      <GameModals />
    </div>
  );
};

export default GameListCenterPage;
