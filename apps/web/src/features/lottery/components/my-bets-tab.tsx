import { useId, useState } from 'react';
import { LIST_PAGE_SIZE, lotteryHits, toMinor, type LotteryGameCode, type LotterySlip } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { Panel } from '../../../components/ui/member/panel';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/member/states';
import { Pager } from '../../../components/ui/pager/pager';
import { formatDateTime } from '../../../lib/format-time';
import { useShellActions } from '../../../lib/shell-actions';
import { useLoginState } from '../../../lib/session';
import { isTrialError } from '../../../lib/server-errors';
import { useTimeZone } from '../../../lib/use-time-zone';
import { useLotterySlips } from '../api/lottery';
import { slipOutcome } from '../logic/result';
import { DigitBalls } from './digit-balls';
import { SlipStatus } from './slip-status';
import { useLotteryTexts } from './texts';

type Props = {
  gameCode: LotteryGameCode;
  offset: number;
  symbol: string;
  nameOf: (code: LotteryGameCode) => string;
  onBet: () => void;
};

/**
 * The member's slips, newest first, 20 a page: this lottery's or all of them. Each opens to its bets
 * with pick, amount, odds, result and payout. Pending slips are read again until their draw settles.
 */
export const MyBetsTab = ({ gameCode, offset, symbol, nameOf, onBet }: Props) => {
  const { t } = useLotteryTexts(symbol);
  const { isLogin, isTrial } = useLoginState();
  const { guard, showTrialNotice } = useShellActions();
  const [scope, setScope] = useState<'game' | 'all'>('game');
  const filterKey = `${scope}|${gameCode}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const member = isLogin && !isTrial;
  const list = useLotterySlips({ page, ...(scope === 'game' ? { gameCode } : {}) }, member, offset);

  const body = () => {
    if (!isLogin) {
      return (
        <EmptyState
          icon="lock"
          title={t('mine.login_title')}
          text={t('mine.login_text')}
          action={
            <button type="button" className="btn btn--gold btn--sm" onClick={() => guard()}>
              {t('mine.login')}
            </button>
          }
        />
      );
    }
    if (isTrial || isTrialError(list.error)) {
      return (
        <EmptyState
          icon="info"
          tone="info"
          title={t('mine.trial_title')}
          text={t('mine.trial_text')}
          action={
            <button type="button" className="btn btn--gold btn--sm" onClick={showTrialNotice}>
              {t('mine.trial_action')}
            </button>
          }
        />
      );
    }
    if (list.isPending) return <LoadingState rows={4} label={t('loading')} />;
    if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
    if (list.data.items.length === 0) {
      return (
        <EmptyState
          icon="receipt"
          title={t('mine.empty_title')}
          text={t('mine.empty_text')}
          action={
            <button type="button" className="btn btn--gold btn--sm" onClick={onBet}>
              <Icon name="play" size={16} />
              {t('mine.to_board')}
            </button>
          }
        />
      );
    }
    return (
      <>
        <ul className="lt-slips" aria-busy={list.isFetching || undefined}>
          {list.data.items.map((s) => (
            <SlipRow key={s.id} slip={s} symbol={symbol} gameName={scope === 'all' ? nameOf(s.gameCode) : null} />
          ))}
        </ul>
        <Pager page={page} pageSize={LIST_PAGE_SIZE} total={list.data.total} onChange={(next) => setPaging({ filterKey, page: next })} label={t('mine.pages')} disabled={list.isFetching} />
      </>
    );
  };

  return (
    <Panel
      id="lt-mine"
      title={t('mine.title')}
      icon="receipt"
      actions={
        member ? (
          <div className="mc-filter" role="group" aria-label={t('mine.scope')}>
            {(['game', 'all'] as const).map((s) => (
              <button key={s} type="button" className="mc-filter__btn" aria-pressed={scope === s} onClick={() => setScope(s)}>
                {s === 'game' ? t('mine.scope_game', { name: nameOf(gameCode) }) : t('mine.scope_all')}
              </button>
            ))}
          </div>
        ) : undefined
      }
    >
      {body()}
    </Panel>
  );
};

const SlipRow = ({ slip, symbol, gameName }: { slip: LotterySlip; symbol: string; gameName: string | null }) => {
  const { t, bet, money, result } = useLotteryTexts(symbol);
  const zone = useTimeZone();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  // The payout in green only when it covers the stake.
  const outcome = slipOutcome(slip);
  const won = outcome === 'won';
  return (
    <li className={`lt-slip-row lt-slip-row--${outcome}`}>
      <button type="button" className="lt-slip-row__head" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
        <span className="lt-slip-row__id">
          <strong className="num">{slip.number}</strong>
          <span className="lt-muted num">
            {gameName ? `${gameName} · ` : ''}
            {t('game.draw', { drawNo: slip.drawNo })}
          </span>
          <span className="lt-muted num">{formatDateTime(slip.createdAt, zone, true)}</span>
        </span>
        <span className="lt-slip-row__result">
          {slip.result ? <DigitBalls digits={slip.result} label={result(slip.result)} size="xs" /> : <span className="lt-muted">{t('mine.not_drawn')}</span>}
        </span>
        <span className="lt-slip-row__money num">
          <span>
            <span className="lt-muted">{t('mine.stake')} </span>
            {money(slip.stake)}
          </span>
          <span className={won ? 'lt-win' : undefined}>
            <span className="lt-muted">{t('mine.payout')} </span>
            {slip.status === 'pending' ? '—' : money(slip.payout)}
          </span>
        </span>
        <SlipStatus slip={slip} />
        <span className="visually-hidden">{t(open ? 'mine.hide_bets' : 'mine.show_bets', { bets: slip.bets.length })}</span>
        <Icon name="chevronDown" size={18} className="lt-slip-row__chevron" />
      </button>
      <div id={detailsId} hidden={!open} className="lt-slip-row__details">
        <table className="lt-bets">
          <caption className="visually-hidden">{t('mine.bets_of', { number: slip.number })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('mine.col_bet')}</th>
              <th scope="col" className="mc-num">
                {t('mine.col_amount')}
              </th>
              <th scope="col" className="mc-num">
                {t('mine.col_odds')}
              </th>
              <th scope="col">{t('mine.col_result')}</th>
              <th scope="col" className="mc-num">
                {t('mine.col_payout')}
              </th>
            </tr>
          </thead>
          <tbody>
            {slip.bets.map((b, i) => (
              <tr key={i}>
                <td data-label={t('mine.col_bet')}>{bet(b)}</td>
                <td data-label={t('mine.col_amount')} className="mc-num num">
                  {money(b.amount)}
                </td>
                <td data-label={t('mine.col_odds')} className="mc-num num">
                  ×{b.odds}
                </td>
                <td data-label={t('mine.col_result')}>
                  {b.won === null ? <span className="mc-badge mc-badge--pending">{t('status.pending')}</span> : b.won ? <span className="mc-badge mc-badge--ok">{t('status.won')}</span> : <span className="mc-badge mc-badge--muted">{t('status.lost')}</span>}
                  {/* A Lô is paid once per number ending in it: how many, so the payout can be checked on the board. */}
                  {b.won && b.kind === 'lo2' && slip.result ? <span className="lt-sub num">{t('mine.hits', { n: lotteryHits(b, slip.result) })}</span> : null}
                </td>
                <td data-label={t('mine.col_payout')} className={`mc-num num${b.won ? ' lt-win' : ''}`}>
                  {b.won === null ? '—' : toMinor(b.payout) > 0n ? money(b.payout) : money('0.00')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
};
