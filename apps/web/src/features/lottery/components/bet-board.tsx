import { useState, type KeyboardEvent } from 'react';
import { LOTTERY_BET_KINDS, LOTTERY_DIGITS, type LotteryBetKind } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { Tabs, tabPanelProps } from '../../../components/ui/tabs/tabs';
import { countOn, hasSelection, isClosedPick, oddsText, type OddsTable, type Selection } from '../logic/slip';
import { useLotteryTexts } from './texts';

type Props = {
  bets: readonly Selection[];
  odds: OddsTable;
  onToggle: (bet: Omit<Selection, 'amount'>) => void;
  /** While betting is closed the board still builds a slip (for the next draw). */
  note?: string | null;
  /** Digits the site has closed in this lottery (in every position): shown, not pressable. */
  closed?: readonly string[];
};

type BoardTab = `p${number}` | 'sum';
const TABS: BoardTab[] = [...Array.from({ length: LOTTERY_DIGITS }, (_, i) => `p${i}` as BoardTab), 'sum'];

/** Left and right arrows move between the buttons of one group (Tab leaves it), Home and End to its ends. */
const onArrows = (e: KeyboardEvent<HTMLElement>) => {
  const buttons = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
  const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (i < 0) return;
  const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : null;
  if (next === null || next < 0 || next >= buttons.length) return;
  e.preventDefault();
  buttons[next]!.focus();
};

/** A board's title, the note that stands beside it (an amount to choose first), and the numbers the site has closed. */
export const BoardHead = ({ note, closed = [] }: { note?: string | null; closed?: readonly string[] }) => {
  const { t } = useLotteryTexts();
  return (
    <div className="lt-board__head">
      <h2 id="lt-board-title" className="lt-section-title">
        {t('board.title')}
      </h2>
      {note ? (
        <p className="lt-board__note" role="status">
          {note}
        </p>
      ) : null}
      {closed.length ? (
        <p className="lt-board__closed">
          <Icon name="lock" size={14} />
          {t('board.closed_note', { numbers: closed.join(', ') })}
        </p>
      ) : null}
    </div>
  );
};

/**
 * The bet board: one tab per position (digits 0–9, big/small, odd/even) and one for the sum. Every cell
 * is a toggle button named with its bet and odds; a count on each tab shows what the slip holds there.
 */
export const BetBoard = ({ bets, odds, onToggle, note, closed = [] }: Props) => {
  const { t, position, bet: betName } = useLotteryTexts();
  const [tab, setTab] = useState<BoardTab>('p0');
  const at = tab === 'sum' ? null : Number(tab.slice(1));

  const items = TABS.map((key) => {
    const p = key === 'sum' ? null : Number(key.slice(1));
    const n = countOn(bets, p);
    return {
      key,
      label: p === null ? t('board.sum') : position(p),
      after: n ? (
        <span className="lt-tab-count num" aria-label={t('board.in_slip', { n })}>
          {n}
        </span>
      ) : undefined,
    };
  });

  const cell = (kind: LotteryBetKind, pick: string, extra?: string) => {
    const b = { kind, position: at, pick };
    const on = hasSelection(bets, b);
    const o = oddsText(odds[kind]);
    // Closed, and not on the slip (a bet already there can still be pressed off).
    const shut = isClosedPick(closed, pick) && !on;
    return (
      <button
        key={`${kind}:${pick}`}
        type="button"
        className={`lt-cell lt-cell--${kind === 'digit' ? 'digit' : 'side'}${on ? ' is-on' : ''}${shut ? ' is-closed' : ''}`}
        aria-pressed={on}
        aria-disabled={shut || undefined}
        aria-label={shut ? t('board.cell_closed', { bet: betName(b) }) : t('board.cell', { bet: betName(b), odds: o })}
        onClick={() => {
          if (!shut) onToggle(b);
        }}
      >
        <span className="lt-cell__pick">{kind === 'digit' ? pick : t(`pick.${pick}`)}</span>
        {extra ? <span className="lt-cell__range num">{extra}</span> : null}
        <span className="lt-cell__odds num">×{o}</span>
      </button>
    );
  };

  const sides = (size: LotteryBetKind, parity: LotteryBetKind, sum: boolean) => (
    <div className="lt-board__sides" role="group" aria-label={sum ? t('board.sides_sum') : t('board.sides', { position: position(at ?? 0) })} onKeyDown={onArrows}>
      {cell(size, 'big', sum ? '23–45' : '5–9')}
      {cell(size, 'small', sum ? '0–22' : '0–4')}
      {cell(parity, 'odd')}
      {cell(parity, 'even')}
    </div>
  );

  return (
    <section className="lt-board" aria-labelledby="lt-board-title">
      <BoardHead note={note} closed={closed} />
      <Tabs className="lt-pos-tabs" idBase="lt-pos" items={items} value={tab} onChange={setTab} label={t('board.positions')} />
      <div {...tabPanelProps('lt-pos', tab)} aria-labelledby={`lt-pos-tab-${tab}`} className="lt-board__panel">
        {at === null ? (
          sides('sumBigSmall', 'sumOddEven', true)
        ) : (
          <>
            <div className="lt-board__digits" role="group" aria-label={t('board.digits', { position: position(at) })} onKeyDown={onArrows}>
              {LOTTERY_BET_KINDS.digit.picks.map((d) => cell('digit', d))}
            </div>
            {sides('bigSmall', 'oddEven', false)}
          </>
        )}
      </div>
    </section>
  );
};
