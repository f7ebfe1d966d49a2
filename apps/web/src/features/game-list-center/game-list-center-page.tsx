import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GAME_LIST_PAGE_SIZE, type GameCategoryCode } from '@apsara/contracts';
import { GameGrid, GameModals, useGameList, useVendorLanes } from '../../components/ui/game';
import { Icon } from '../../components/ui/icons/icons';
import { Pager } from '../../components/ui/pager/pager';
import { listGameType, readListFilters, writeListFilters, type ListFilters } from './logic/list-filters';
import '../../components/ui/game/game-page.css';

type Props = { titleKey: string; category?: string };

const SEARCH_DEBOUNCE_MS = 350;

/**
 * Game list center for live, fishing, slots, card games, mini games and bingo (spec §2): search, vendor
 * chips, the slot filters, 20 games a page. Every filter lives in the address, so a filtered page can be
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
  const list = useGameList({
    gameType,
    vendor: filters.vendor || undefined,
    name: filters.name || undefined,
    minBetAtLeastOne: gameType === 'RNG' && filters.minBet,
    linesAtLeast25: gameType === 'RNG' && filters.lines,
    pageNo: filters.page,
    pageSize: GAME_LIST_PAGE_SIZE,
  });
  const title = t(titleKey);
  const searchId = useId();
  const page = list.data;
  const filtered = Boolean(filters.name || filters.vendor || filters.minBet || filters.lines);

  return (
    <div className="gpage">
      <header className="gpage__head">
        <h1 className="gpage__title">{title}</h1>
        {page && (
          <p className="gpage__count" aria-live="polite">
            {t('gameUi.resultCount', { count: page.total })}
          </p>
        )}
      </header>

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
        <div className="gpage__state" role="alert">
          <Icon name="alert" size={28} />
          <p className="gpage__state-title">{t('gameUi.loadFailed')}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void list.refetch()}>
            {t('gameUi.retry')}
          </button>
        </div>
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
      <GameModals />
    </div>
  );
};

export default GameListCenterPage;
