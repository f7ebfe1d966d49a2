import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BET_RECORD_MAX_DAYS, GAME_CATEGORIES, LIST_PAGE_SIZE, toMinor, type GameCategoryCode } from '@apsara/contracts';
import { useGameMenus } from '../../../../components/ui/game/games-api';
import { formatAmount } from '../../../../lib/format';
import { useLoginState } from '../../../../lib/session';
import { useBetRecord, type BetRecordFilter } from '../../api/bet-record';
import { useMemberProfile } from '../../api/member-info';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { categoryKey, vendorOptions, verifyRoundHref } from '../../logic/bet-record';
import { gmtLabel, quickPickRange, rangeProblem, rangeRefused, rangeToQuery, type DayRange } from '../../../../lib/date-range';
import { formatDateTime } from '../../../../lib/format-time';
import { SelectField } from '../../../../components/ui/member/fields';
import { Panel } from '../../../../components/ui/member/panel';
import { RecordTable } from '../../../../components/ui/member/record-table';
import { NoRoundsState } from '../common/no-rounds';
import { WinLoss } from '../common/win-loss';
import { DateRangePicker } from '../transaction-history/date-range-picker';
import { LotterySlipLines } from '../../../lottery/components/slip-lines';
import { PlayLine } from '../../../seamless/components/play-lines';

/** What the columns need (measured in EN, KM and CN); narrower, each round is a card. */
const BETS_TABLE_PX = 600;

/** personalHistoryCopy (the betting record): every round by category, provider and day range, 20 a page. */
export const BetRecordPage = () => {
  const { t } = useTranslation('member');
  const { isTrial } = useLoginState();
  const zone = useTimeZone();
  const symbol = useMemberProfile().data?.currencySymbol ?? '';
  const menus = useGameMenus();
  const [category, setCategory] = useState<GameCategoryCode | undefined>(undefined);
  const [vendor, setVendor] = useState('');
  const [range, setRange] = useState<DayRange>(() => quickPickRange('last7', zone));
  // The last valid range: a half-typed date keeps showing the previous results.
  const [applied, setApplied] = useState<DayRange>(range);
  const [page, setPage] = useState(1);
  const filter: BetRecordFilter = { category, vendor: vendor || undefined, ...rangeToQuery(applied, zone), page };
  const list = useBetRecord(filter);

  // The site's categories once the menus are in (all of them until then, or if they fail).
  const offered = menus.data ? GAME_CATEGORIES.filter((c) => menus.data.menus.some((m) => m.gameType === c)) : GAME_CATEGORIES;
  const vendors = vendorOptions(menus.data, category);

  const changeRange = (next: DayRange) => {
    setRange(next);
    if (!rangeProblem(next, BET_RECORD_MAX_DAYS)) {
      setApplied(next);
      setPage(1);
    }
  };
  const changeCategory = (next: GameCategoryCode | undefined) => {
    setCategory(next);
    setVendor('');
    setPage(1);
  };

  const categoryName = (c: GameCategoryCode) => t(categoryKey(c), { ns: 'common' });

  return (
    <Panel id="mc-bets" title={t('bets.title')} icon="receipt">
      <div className="mc-filter mc-bets__categories" role="group" aria-label={t('bets.category')}>
        <button type="button" className="mc-filter__btn" aria-pressed={category === undefined} onClick={() => changeCategory(undefined)}>
          {t('bets.all_categories')}
        </button>
        {offered.map((c) => (
          <button key={c} type="button" className="mc-filter__btn" aria-pressed={category === c} onClick={() => changeCategory(c)}>
            {categoryName(c)}
          </button>
        ))}
      </div>
      <div className="mc-toolbar">
        <SelectField
          label={t('bets.vendor')}
          className="mc-toolbar__type"
          value={vendor}
          onChange={(e) => {
            setVendor(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('bets.all_vendors')}</option>
          {vendors.map((v) => (
            <option key={v.vendor} value={v.vendor}>
              {v.displayName}
            </option>
          ))}
        </SelectField>
        <DateRangePicker value={range} onChange={changeRange} timeZone={zone} idBase="mc-bets" maxDays={BET_RECORD_MAX_DAYS} />
      </div>

      {rangeRefused(range, BET_RECORD_MAX_DAYS) ? null : (
      <RecordTable
        list={list}
        caption={t('bets.title')}
        className="mc-table--bets"
        cardsBelow={BETS_TABLE_PX}
        head={
          <>
            <th scope="col">{t('table.time', { zone: gmtLabel(zone) })}</th>
            <th scope="col">{t('bets.game')}</th>
            <th scope="col" className="mc-num">
              {t('bets.stake')}
            </th>
            <th scope="col" className="mc-num">
              {t('bets.payout')}
            </th>
            <th scope="col" className="mc-num">
              {t('bets.win_loss')}
            </th>
            <th scope="col">{t('table.status')}</th>
          </>
        }
        row={(item) => (
          <tr key={item.roundId}>
            <td data-label={t('table.time_short')} className="num">
              {formatDateTime(item.openedAt, zone, true)}
            </td>
            <td data-label={t('bets.game')}>
              <span className="mc-bets__game">{item.gameName}</span>
              <span className="mc-sub">
                {item.vendorName} · {categoryName(item.category)}
              </span>
              {item.description.map((line) => (
                <span key={line} className="mc-bets__pick">
                  {line}
                </span>
              ))}
              {item.result ? <span className="mc-sub mc-bets__result">{t('bets.result', { text: item.result })}</span> : null}
              {item.lottery ? <LotterySlipLines slip={item.lottery} symbol={symbol} className="mc-bets__pick" /> : null}
              {item.play ? <PlayLine play={item.play} className="mc-bets__pick" /> : null}
              <span className="mc-sub mc-ref">
                {t('bets.round', { ref: item.roundRef })}
                {item.fair ? (
                  <>
                    {' · '}
                    <Link className="mc-bets__verify" to={verifyRoundHref(item.fair)} aria-label={t('bets.verify_label', { ref: item.roundRef })}>
                      {t('bets.verify')}
                    </Link>
                  </>
                ) : null}
              </span>
            </td>
            <td data-label={t('bets.stake')} className="mc-num num">
              {formatAmount(item.stake, { symbol })}
            </td>
            <td data-label={t('bets.payout')} className="mc-num num">
              {/* An open round that has paid nothing yet has no payout to show, not a payout of 0.00. */}
              {item.status === 'open' && toMinor(item.payout) === 0n ? <span className="mc-muted">—</span> : formatAmount(item.payout, { symbol })}
            </td>
            <td data-label={t('bets.win_loss')} className="mc-num">
              {item.profit === null ? <span className="mc-muted">—</span> : <WinLoss amount={item.profit} symbol={symbol} />}
            </td>
            <td data-label={t('table.status')}>
              <span className={`mc-badge mc-badge--${item.status === 'open' ? 'pending' : 'ok'}`}>{t(`bets.status_${item.status}`)}</span>
            </td>
          </tr>
        )}
        empty={<NoRoundsState isTrial={isTrial} icon="receipt" title={t('bets.none')} text={t('bets.none_text')} />}
        above={(data) => (
          <>
            <dl className="mc-summary mc-bets__totals" aria-label={t('bets.totals')}>
              <div>
                <dt>{t('bets.rounds')}</dt>
                <dd className="num">{data.totals.rounds}</dd>
              </div>
              <div>
                <dt>{t('bets.stake_total')}</dt>
                <dd className="num">{formatAmount(data.totals.stake, { symbol })}</dd>
              </div>
              <div>
                <dt>{t('bets.payout_total')}</dt>
                <dd className="num">{formatAmount(data.totals.payout, { symbol })}</dd>
              </div>
              <div>
                <dt>{t('bets.win_loss')}</dt>
                <dd>
                  <WinLoss amount={data.totals.profit} symbol={symbol} className="mc-summary__strong" />
                </dd>
              </div>
            </dl>
            {/* The win/loss is of settled rounds: the open ones are named, not counted as lost. */}
            {data.totals.open.rounds > 0 && <p className="mc-note mc-note--info">{t('bets.open_note', { count: data.totals.open.rounds, stake: formatAmount(data.totals.open.stake, { symbol }) })}</p>}
          </>
        )}
        below={(data) =>
          data.total > LIST_PAGE_SIZE && (
            <p className="mc-bets__page-totals">
              {t('bets.page_totals', {
                rounds: data.pageTotals.rounds,
                stake: formatAmount(data.pageTotals.stake, { symbol }),
                payout: formatAmount(data.pageTotals.payout, { symbol }),
              })}{' '}
              <WinLoss amount={data.pageTotals.profit} symbol={symbol} />
            </p>
          )
        }
        page={page}
        onPage={setPage}
        pagesLabel={t('bets.pages')}
        loadingRows={5}
      />
      )}
    </Panel>
  );
};
