import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LeaderboardRow, LeaderboardValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { Panel } from '../../../../components/ui/member/panel';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/ui/member/states';
import { TableWrap } from '../../../../components/ui/member/table-wrap';
import { isApiError } from '../../../../lib/api';
import { gmtLabel } from '../../../../lib/date-range';
import { formatAmount, formatWhole } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-time';
import { MEMBER_KEYS } from '../../../../lib/member-keys';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { useLeaderboard } from '../../api/missions';
import { boardLabelKey, boardStatus, clockOffset, myStanding, prizeRows, splitBoard, type BoardWhich } from '../../logic/missions';
import { Countdown } from './countdown';

/** What the four columns need with room to read; narrower, each player is a compact card (rank, name, bets, prize). */
const BOARD_TABLE_PX = 480;

/**
 * The leaderboard tab: this period's table (read again every 30 s) or the last one's, switched by
 * `which`; the top three on a podium and the rest in a table, the member's own row highlighted; beside
 * it (below it on phones, pinned to the bottom while the table scrolls past) the member's own rank,
 * and the prize of each rank.
 */
export const LeaderboardTab = ({ which, onWhich }: { which: BoardWhich; onWhich: (which: BoardWhich) => void }) => {
  const { t } = useTranslation('member');
  const board = useLeaderboard(which);
  const queryClient = useQueryClient();
  // When the running period ends, both tables move on: the current one starts again, the last one is this.
  const onEnded = useCallback(() => void setTimeout(() => void queryClient.invalidateQueries({ queryKey: MEMBER_KEYS.leaderboard }), 1500), [queryClient]);

  if (board.isPending) return <LoadingState rows={5} />;
  const closed = (
    <div className="mc-panel">
      <EmptyState icon="trophy" tone="info" title={t('missions.board.closed_title')} text={t('missions.board.closed_text')} />
    </div>
  );
  if (board.isError) {
    if (isApiError(board.error) && board.error.code === 'MISSIONS_DISABLED') return closed;
    return (
      <div className="mc-panel">
        <ErrorState error={board.error} onRetry={() => void board.refetch()} />
      </div>
    );
  }
  const data = board.data;
  if (!data.enabled) return closed;
  const offset = clockOffset(data.serverTime, board.dataUpdatedAt);
  return (
    // Busy while the other period's table is on its way (the 30-second refresh happens quietly).
    <div className="ms-board" aria-busy={board.isPlaceholderData || undefined}>
      <div className="ms-board__bar">
        <div className="mc-filter ms-which" role="group" aria-label={t('missions.board.period_label')}>
          {(['current', 'previous'] as const).map((w) => (
            <button key={w} type="button" className="mc-filter__btn" aria-pressed={which === w} onClick={() => onWhich(w)}>
              {t(boardLabelKey(data.period, w))}
            </button>
          ))}
        </div>
        <StatusLine data={data} offset={offset} onEnded={onEnded} />
      </div>
      <div className="ms-board__grid">
        <TopPlayers data={data} />
        <div className="ms-board__side">
          <MyRankCard data={data} />
          <PrizeTable data={data} />
        </div>
      </div>
    </div>
  );
};

/** Time left in the running period; for the last one, whether its prizes are paid. */
const StatusLine = ({ data, offset, onEnded }: { data: LeaderboardValue; offset: number; onEnded: () => void }) => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const status = boardStatus(data);
  if (status.kind === 'live') return <Countdown end={status.end} offset={offset} label={t('missions.board.ends_in')} onDone={onEnded} className="ms-board__status" />;
  if (status.kind === 'paid') {
    return (
      <span className="ms-board__status ms-board__status--paid">
        <Icon name="check" size={16} />
        {t('missions.board.paid_at', { time: formatDateTime(status.at, zone) })}
      </span>
    );
  }
  return (
    <span className="ms-board__status ms-board__status--settling">
      <Icon name="clock" size={16} />
      {t('missions.board.settling')}
    </span>
  );
};

const initialOf = (name: string) => ([...name][0] ?? '?').toUpperCase();

const YouTag = () => {
  const { t } = useTranslation('member');
  return <span className="ms-you">{t('missions.board.you')}</span>;
};

const TopPlayers = ({ data }: { data: LeaderboardValue }) => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const { podium, rest } = splitBoard(data.items);
  const money = (v: string) => formatAmount(v, { symbol: data.currencySymbol });
  const periodName = t(boardLabelKey(data.period, data.which));
  return (
    <Panel
      id="ms-top"
      title={t('missions.board.title', { period: periodName })}
      icon="trophy"
      className="ms-top"
      aside={data.ranked > 0 ? <span className="mc-count num">{t('missions.board.ranked', { count: data.ranked, n: formatWhole(data.ranked) })}</span> : undefined}
    >
      {data.items.length === 0 ? (
        <EmptyState
          icon="trophy"
          compact
          title={t(data.which === 'current' ? 'missions.board.none' : 'missions.board.none_previous')}
          text={t(data.which === 'current' ? 'missions.board.none_text_current' : 'missions.board.none_text_previous', { minBets: money(data.minBets) })}
          action={
            data.which === 'current' ? (
              <Link to="/" className="btn btn--gold btn--sm">
                <Icon name="play" size={16} />
                {t('missions.board.play')}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <>
          <ol className="ms-podium" aria-label={t('missions.board.podium_label')}>
            {podium.map((row) => (
              <li key={row.rank} className={`ms-podium__step ms-podium__step--${row.rank}${row.me ? ' is-me' : ''}`} aria-current={row.me ? 'true' : undefined}>
                <span className="ms-podium__medal" aria-hidden="true">
                  {row.rank === 1 ? <Icon name="crown" size={18} /> : null}
                  <span className="num">{row.rank}</span>
                </span>
                <span className="visually-hidden">{t('missions.board.rank', { rank: row.rank })}</span>
                <span className="ms-podium__avatar" aria-hidden="true">
                  {initialOf(row.username)}
                </span>
                <span className="ms-podium__name num">
                  {row.username}
                  {row.me && <YouTag />}
                </span>
                <span className="ms-podium__bets">
                  <span className="ms-podium__label">{t('missions.board.col_bets')}</span>
                  <span className="num">{money(row.bets)}</span>
                </span>
                {row.prize && (
                  <span className="ms-podium__prize num">
                    <span className="visually-hidden">{t('missions.board.col_prize')} </span>
                    <Icon name="gift" size={14} />
                    {money(row.prize)}
                  </span>
                )}
                <span className="ms-podium__plinth" aria-hidden="true" />
              </li>
            ))}
          </ol>
          {rest.length > 0 && <BoardTable rows={rest} money={money} />}
        </>
      )}
      <p className="ms-board__asof">
        <Icon name={data.which === 'current' ? 'refresh' : 'info'} size={14} />
        {data.which === 'current'
          ? t('missions.board.refresh_note', { time: formatDateTime(data.asOf, zone, true), zone: gmtLabel(zone) })
          : t('missions.board.min_note', { minBets: money(data.minBets) })}
      </p>
    </Panel>
  );
};

const BoardTable = ({ rows, money }: { rows: LeaderboardRow[]; money: (v: string) => string }) => {
  const { t } = useTranslation('member');
  return (
    <TableWrap cardsBelow={BOARD_TABLE_PX}>
      <table className="mc-table ms-table">
        <caption className="visually-hidden">{t('missions.board.table_caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('missions.board.col_rank')}</th>
            <th scope="col">{t('missions.board.col_player')}</th>
            <th scope="col" className="mc-num">
              {t('missions.board.col_bets')}
            </th>
            <th scope="col" className="mc-num">
              {t('missions.board.col_prize')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.rank} className={row.me ? 'ms-row--me' : undefined} aria-current={row.me ? 'true' : undefined}>
              <td data-label={t('missions.board.col_rank')} className="ms-table__rank num">
                {row.rank}
              </td>
              <td data-label={t('missions.board.col_player')} className="ms-table__player">
                <span className="ms-player">
                  <span className="ms-player__avatar" aria-hidden="true">
                    {initialOf(row.username)}
                  </span>
                  <span className="ms-player__name num">{row.username}</span>
                  {row.me && <YouTag />}
                </span>
              </td>
              <td data-label={t('missions.board.col_bets')} className="mc-num num ms-table__bets">
                {money(row.bets)}
              </td>
              <td data-label={t('missions.board.col_prize')} className="mc-num num ms-table__prize-cell">
                {row.prize ? <span className="ms-table__prize">{money(row.prize)}</span> : <span className="mc-muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
};

/** The member's own standing: a rank (its prize, and for a finished period whether it was paid), or what it takes to enter. */
const MyRankCard = ({ data }: { data: LeaderboardValue }) => {
  const { t } = useTranslation('member');
  const money = (v: string) => formatAmount(v, { symbol: data.currencySymbol });
  const standing = myStanding(data);
  return (
    <section className={`ms-me${standing.kind === 'ranked' ? ' ms-me--ranked' : ''}`} aria-labelledby="ms-me-title">
      <div className="ms-me__rank">
        <h2 id="ms-me-title" className="ms-me__title">
          {t('missions.board.me_title')}
        </h2>
        {standing.kind === 'ranked' ? (
          <strong className="ms-me__value num">
            <span aria-hidden="true">#</span>
            {standing.rank}
          </strong>
        ) : (
          <strong className="ms-me__value ms-me__value--none">{t(data.which === 'current' ? 'missions.board.me_none' : 'missions.board.me_none_previous')}</strong>
        )}
      </div>
      <dl className="ms-me__facts">
        <div>
          <dt>{t('missions.board.me_bets')}</dt>
          <dd className="num">{money(data.me.bets)}</dd>
        </div>
        {standing.kind === 'ranked' && standing.prize && (
          <div>
            <dt>{t('missions.board.col_prize')}</dt>
            <dd className="num ms-me__prize">
              {money(standing.prize)}
              {data.which === 'previous' && standing.paid && <span className="mc-badge mc-badge--ok">{t('missions.board.me_paid')}</span>}
            </dd>
          </div>
        )}
      </dl>
      {standing.kind === 'unranked' && (
        <p className="ms-me__hint">
          {standing.needed === null
            ? t('missions.board.me_missed', { minBets: money(data.minBets) })
            : standing.needed === '0.00'
              ? t('missions.board.me_reached', { minBets: money(data.minBets) })
              : t('missions.board.me_enter', { minBets: money(data.minBets), left: money(standing.needed) })}
        </p>
      )}
      {standing.kind === 'ranked' && standing.prize && data.which === 'current' && <p className="ms-me__hint">{t('missions.board.me_prize_later')}</p>}
      {data.which === 'current' && (
        <Link to="/" className="btn btn--gold btn--sm ms-me__play">
          <Icon name="play" size={16} />
          <span className="ms-me__play-text">{t('missions.board.play')}</span>
        </Link>
      )}
    </section>
  );
};

const PrizeTable = ({ data }: { data: LeaderboardValue }) => {
  const { t } = useTranslation('member');
  const rows = prizeRows(data.prizes);
  return (
    <Panel id="ms-prizes" title={t('missions.board.prizes_title')} icon="gift" className="ms-prizes">
      {rows.length === 0 ? (
        <p className="mc-note">{t('missions.board.prizes_none')}</p>
      ) : (
        <ol className="ms-prizes__list">
          {rows.map((p) => (
            <li key={p.rank} className={`ms-prizes__row${p.rank <= 3 ? ` ms-prizes__row--top ms-prizes__row--${p.rank}` : ''}${data.me.rank === p.rank ? ' is-me' : ''}`}>
              <span className="ms-prizes__rank">{t('missions.board.rank', { rank: p.rank })}</span>
              <span className="ms-prizes__amount num">{formatAmount(p.amount, { symbol: data.currencySymbol })}</span>
            </li>
          ))}
        </ol>
      )}
      <p className="ms-prizes__min">{t('missions.board.min_note', { minBets: formatAmount(data.minBets, { symbol: data.currencySymbol }) })}</p>
    </Panel>
  );
};
