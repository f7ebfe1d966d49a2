import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BET_RECORD_MAX_DAYS, GAME_CATEGORIES, LIST_PAGE_SIZE, toMinor, type GameCategoryCode, type TeamBetItem } from '@apsara/contracts';
import { useGameMenus } from '../../../../components/ui/game/games-api';
import { Icon } from '../../../../components/ui/icons/icons';
import { gmtLabel } from '../../../../lib/date-range';
import { formatAmount } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-time';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useCurrencySymbol } from '../../api/agent';
import { useTeamBets } from '../../api/team';
import { categoryKey } from '../../logic/figures';
import { usernameErrorOf, usernameFromSearch, usernameProblem, withUsername } from '../../logic/team-filters';
import { Money, WinLoss } from '../common/amount';
import { DataTable } from '../common/data-table';
import { AgSelect } from '../common/fields';
import { AgPanel } from '../common/panel';
import { AgRangePicker } from '../common/range-picker';
import { AgEmpty } from '../common/states';
import { useDayRange } from '../common/use-day-range';
import { UsernameFilter } from '../common/username-filter';
import { LotterySlipLines } from '../../../lottery/components/slip-lines';
import { PlayLine } from '../../../seamless/components/play-lines';

/** What the seven columns need (measured in EN, KM and CN); narrower, each round is a card. */
const BETS_TABLE_PX = 820;

/**
 * personalHistoryCopy in the agent center: the rounds of the agent's team, or of one member of it
 * (?username=), by game type and day range (at most 90 days), newest first, 20 a page, with the
 * totals of everything that matches.
 */
export const TeamBetsPage = () => {
  const { t } = useTranslation('auth');
  const zone = useTimeZone();
  const symbol = useCurrencySymbol();
  const menus = useGameMenus();
  const [search, setSearch] = useSearchParams();
  const username = usernameFromSearch(search);
  const [category, setCategory] = useState<GameCategoryCode | ''>('');
  const [page, setPage] = useState(1);
  const { range, change, refused, query } = useDayRange(zone, BET_RECORD_MAX_DAYS, () => setPage(1));
  useEffect(() => setPage(1), [username]);
  const askable = !usernameProblem(username);
  const list = useTeamBets({ username: username || undefined, category: category || undefined, ...query, page }, askable && !refused);
  const serverUsernameError = list.isError ? usernameErrorOf(list.error) : null;
  // The site's categories once the menus are in (all of them until then, or if they fail).
  const offered = menus.data ? GAME_CATEGORIES.filter((c) => menus.data.menus.some((m) => m.gameType === c)) : GAME_CATEGORIES;
  const categoryName = (c: GameCategoryCode) => t(categoryKey(c), { ns: 'common' });

  const onUsername = (name: string) => setSearch(withUsername(search, name), { replace: true });
  const title = username ? t('agent.bets.title_of', { username }) : t('agent.bets.title');

  const row = (item: TeamBetItem) => (
    <tr key={item.roundId}>
      <td data-label={t('agent.trans.col_time_short')} className="num">
        {formatDateTime(item.openedAt, zone, true)}
      </td>
      <td data-label={t('agent.trans.col_member')} className="ag-strong">
        {item.username}
      </td>
      <td data-label={t('agent.bets.col_game')}>
        <span className="ag-game">{item.gameName}</span>
        <span className="ag-sub">
          {item.vendorName} · {categoryName(item.category)}
        </span>
        {item.description.map((line) => (
          <span key={line} className="ag-sub ag-pick">
            {line}
          </span>
        ))}
        {item.result ? <span className="ag-sub ag-pick">{t('agent.bets.result', { text: item.result })}</span> : null}
        {item.lottery ? <LotterySlipLines slip={item.lottery} symbol={symbol} className="ag-sub ag-pick" /> : null}
        {item.play ? <PlayLine play={item.play} className="ag-sub ag-pick" /> : null}
        <span className="ag-sub ag-ref">{t('agent.bets.round', { ref: item.roundRef })}</span>
      </td>
      <td data-label={t('agent.bets.col_stake')} className="ag-num">
        <Money amount={item.stake} symbol={symbol} />
      </td>
      <td data-label={t('agent.bets.col_payout')} className="ag-num">
        {/* An open round that has paid nothing yet has no payout to show, not a payout of 0.00. */}
        {item.status === 'open' && toMinor(item.payout) === 0n ? <span className="ag-sub ag-sub--inline">—</span> : <Money amount={item.payout} symbol={symbol} />}
      </td>
      <td data-label={t('agent.bets.col_profit')} className="ag-num">
        {item.profit === null ? <span className="ag-sub ag-sub--inline">—</span> : <WinLoss amount={item.profit} symbol={symbol} />}
      </td>
      <td data-label={t('agent.bets.col_status')}>
        <span className={`ag-badge ag-badge--${item.status === 'open' ? 'warn' : 'ok'}`}>{t(`agent.bets.status_${item.status}`)}</span>
      </td>
    </tr>
  );

  return (
    <AgPanel id="ag-bets" title={title} icon="receipt">
      <div className="ag-toolbar">
        <UsernameFilter applied={username} onApply={onUsername} serverError={askable ? serverUsernameError : t('agent.filter.invalid')} />
        <AgSelect
          label={t('agent.bets.category')}
          className="ag-toolbar__select"
          value={category}
          onChange={(e) => {
            setCategory(e.target.value as GameCategoryCode | '');
            setPage(1);
          }}
        >
          <option value="">{t('agent.bets.all_categories')}</option>
          {offered.map((c) => (
            <option key={c} value={c}>
              {categoryName(c)}
            </option>
          ))}
        </AgSelect>
        <AgRangePicker value={range} onChange={change} timeZone={zone} idBase="ag-bets" maxDays={BET_RECORD_MAX_DAYS} />
      </div>

      {refused || !askable ? null : (
        <DataTable
          list={list}
          caption={title}
          className="ag-table--bets"
          cardsBelow={BETS_TABLE_PX}
          head={
            <>
              <th scope="col">{t('agent.trans.col_time', { zone: gmtLabel(zone) })}</th>
              <th scope="col">{t('agent.trans.col_member')}</th>
              <th scope="col">{t('agent.bets.col_game')}</th>
              <th scope="col" className="ag-num">
                {t('agent.bets.col_stake')}
              </th>
              <th scope="col" className="ag-num">
                {t('agent.bets.col_payout')}
              </th>
              <th scope="col" className="ag-num">
                {t('agent.bets.col_profit')}
              </th>
              <th scope="col">{t('agent.bets.col_status')}</th>
            </>
          }
          row={row}
          above={(data) => (
            <>
              <dl className="ag-summary" aria-label={t('agent.bets.totals')}>
                <div>
                  <dt>{t('agent.bets.rounds')}</dt>
                  <dd className="num">{data.totals.rounds}</dd>
                </div>
                <div>
                  <dt>{t('agent.bets.stake_total')}</dt>
                  <dd>
                    <Money amount={data.totals.stake} symbol={symbol} />
                  </dd>
                </div>
                <div>
                  <dt>{t('agent.bets.payout_total')}</dt>
                  <dd>
                    <Money amount={data.totals.payout} symbol={symbol} />
                  </dd>
                </div>
                <div>
                  <dt>{t('agent.bets.col_profit')}</dt>
                  <dd>
                    <WinLoss amount={data.totals.profit} symbol={symbol} className="ag-summary__strong" />
                  </dd>
                </div>
              </dl>
              {/* The win/loss is of settled rounds: the open ones are named, not counted as lost. */}
              {data.totals.open.rounds > 0 && <p className="ag-note"><Icon name="info" size={16} />{t('agent.bets.open_note', { count: data.totals.open.rounds, stake: formatAmount(data.totals.open.stake, { symbol }) })}</p>}
            </>
          )}
          below={(data) =>
            data.total > LIST_PAGE_SIZE && (
              <p className="ag-page-totals">
                {t('agent.bets.page_totals', { rounds: data.pageTotals.rounds })}{' '}
                <span className="ag-page-totals__item">
                  {t('agent.bets.col_stake')} <Money amount={data.pageTotals.stake} symbol={symbol} />
                </span>{' '}
                <span className="ag-page-totals__item">
                  {t('agent.bets.col_payout')} <Money amount={data.pageTotals.payout} symbol={symbol} />
                </span>{' '}
                <span className="ag-page-totals__item">
                  {t('agent.bets.col_profit')} <WinLoss amount={data.pageTotals.profit} symbol={symbol} />
                </span>
              </p>
            )
          }
          errorView={(error) =>
            usernameErrorOf(error) ? (
              <AgEmpty
                icon="user"
                tone="warning"
                title={t('agent.filter.unknown_title')}
                text={t('agent.filter.unknown_text')}
              />
            ) : undefined
          }
          empty={<AgEmpty icon="receipt" title={t('agent.bets.none')} text={t(username ? 'agent.bets.none_text_member' : 'agent.bets.none_text')} />}
          page={page}
          onPage={setPage}
          pagesLabel={t('agent.bets.pages')}
          loadingRows={5}
        />
      )}
    </AgPanel>
  );
};
