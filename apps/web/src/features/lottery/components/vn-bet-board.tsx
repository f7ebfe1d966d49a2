import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { lotteryKindsOf, lotteryPickValid, type LotteryBetKind } from '@apsara/contracts';
import { Tabs, tabPanelProps } from '../../../components/ui/tabs/tabs';
import { hasSelection, isClosedPick, oddsText, type OddsTable, type Selection } from '../logic/slip';
import { BoardHead } from './bet-board';
import { useLotteryTexts } from './texts';

type Props = {
  bets: readonly Selection[];
  odds: OddsTable;
  onToggle: (bet: Omit<Selection, 'amount'>) => void;
  note?: string | null;
  /** Numbers the site has closed in this lottery: shown, not pressable. */
  closed?: readonly string[];
};

const KINDS = lotteryKindsOf('vn');
const NUMBERS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const COLUMNS = 10;

/** Arrow keys move around the 10 × 10 grid (up and down by a row), Home and End to its ends. */
const onGridKeys = (e: KeyboardEvent<HTMLElement>) => {
  const buttons = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
  const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (i < 0) return;
  const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : e.key in steps ? i + steps[e.key]! : null;
  if (next === null || next < 0 || next >= buttons.length) return;
  e.preventDefault();
  buttons[next]!.focus();
};

/**
 * The Vietnam lottery's bet board: one tab per kind. Lô and Đề pick two-digit numbers on a 00–99 grid;
 * Xiên 2 picks a pair there (the first press holds a number, the second makes the bet); 3 càng takes
 * three typed digits. Every press adds the bet to the slip with the chosen amount, or takes it off.
 */
export const VnBetBoard = ({ bets, odds, onToggle, note, closed = [] }: Props) => {
  const { t, bet: betName } = useLotteryTexts();
  const [kind, setKind] = useState<LotteryBetKind>('lo2');
  const [first, setFirst] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<'invalid' | 'dup' | 'closed' | null>(null);
  const [dupPick, setDupPick] = useState('');

  const items = KINDS.map((k) => {
    const n = bets.filter((b) => b.kind === k).length;
    return {
      key: k,
      label: t(`kind.${k}`),
      after: n ? (
        <span className="lt-tab-count num" aria-label={t('board.in_slip', { n })}>
          {n}
        </span>
      ) : undefined,
    };
  });

  const choose = (next: LotteryBetKind) => {
    setKind(next);
    setFirst(null);
    setTypedError(null);
  };

  const press = (n: string) => {
    // A closed number takes no new bet; one already on the slip can still be taken off.
    if (isClosedPick(closed, n) && !(kind !== 'xien2' && lit(n))) return;
    if (kind !== 'xien2') return onToggle({ kind, position: null, pick: n });
    if (first === null) return setFirst(n);
    if (first === n) return setFirst(null);
    const pick = [first, n].sort().join(',');
    setFirst(null);
    onToggle({ kind, position: null, pick });
  };

  // A number is lit when the slip holds it for this kind (for Xiên 2: while it is the held first number);
  // on the Xiên 2 grid, the numbers of the pairs already on the slip are marked too.
  const lit = (n: string) => (kind === 'xien2' ? first === n : hasSelection(bets, { kind, position: null, pick: n }));
  const paired = new Set(kind === 'xien2' ? bets.filter((b) => b.kind === 'xien2').flatMap((b) => b.pick.split(',')) : []);

  const addTyped = (e: FormEvent) => {
    e.preventDefault();
    const pick = typed.trim();
    if (!lotteryPickValid('cang3', pick)) return setTypedError('invalid');
    if (hasSelection(bets, { kind: 'cang3', position: null, pick })) {
      setDupPick(pick);
      return setTypedError('dup');
    }
    if (isClosedPick(closed, pick)) {
      setDupPick(pick);
      return setTypedError('closed');
    }
    setTypedError(null);
    setTyped('');
    onToggle({ kind: 'cang3', position: null, pick });
  };

  const o = oddsText(odds[kind]);
  return (
    <section className="lt-board lt-board--vn" aria-labelledby="lt-board-title">
      <BoardHead note={note} closed={closed} />
      <Tabs className="lt-pos-tabs" idBase="lt-vn" items={items} value={kind} onChange={choose} label={t('vn.kinds')} />
      <div {...tabPanelProps('lt-vn', kind)} aria-labelledby={`lt-vn-tab-${kind}`} className="lt-board__panel">
        <p className="lt-vn-hint">
          <span>{t(`vn.hint_${kind}`)}</span> <strong className="num">{kind === 'lo2' ? t('vn.per_hit', { odds: o }) : t('vn.odds', { odds: o })}</strong>
        </p>
        {kind === 'cang3' ? (
          <form className="lt-vn-typed" onSubmit={addTyped} noValidate>
            <label htmlFor="lt-vn-cang3">{t('vn.cang3_label')}</label>
            <input
              id="lt-vn-cang3"
              className="num"
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              value={typed}
              aria-invalid={typedError === 'invalid' || undefined}
              aria-describedby={typedError ? 'lt-vn-cang3-error' : undefined}
              onChange={(e) => {
                setTyped(e.target.value.replace(/\D/g, ''));
                setTypedError(null);
              }}
            />
            <button type="submit" className="btn btn--gold btn--sm">
              {t('vn.cang3_add')}
            </button>
            {typedError ? (
              <p id="lt-vn-cang3-error" className="lt-field-error" role="alert">
                {typedError === 'dup' ? t('vn.cang3_dup', { pick: dupPick }) : typedError === 'closed' ? t('vn.cang3_closed', { pick: dupPick }) : t('vn.cang3_invalid')}
              </p>
            ) : null}
          </form>
        ) : (
          <>
            {kind === 'xien2' && first !== null ? (
              <p className="lt-vn-pair" role="status">
                {t('vn.pair_first', { first })}
              </p>
            ) : null}
            <div className="lt-vn-grid" role="group" aria-label={t('vn.grid', { kind: t(`kind.${kind}`) })} onKeyDown={onGridKeys}>
              {NUMBERS.map((n) => {
                const on = lit(n);
                // Closed, and not on the slip for this kind (that bet can still be pressed off).
                const shut = isClosedPick(closed, n) && !on;
                const label = kind === 'xien2' ? (paired.has(n) ? t('vn.pair_cell_on', { n }) : t('vn.pair_cell', { n })) : t('vn.cell', { bet: betName({ kind, position: null, pick: n }), odds: o });
                return (
                  <button
                    key={n}
                    type="button"
                    className={`lt-vn-cell num${on ? ' is-on' : ''}${paired.has(n) ? ' is-paired' : ''}${shut ? ' is-closed' : ''}`}
                    aria-pressed={on}
                    // Still focusable (the arrow keys walk the whole grid), but says it is closed and does nothing.
                    aria-disabled={shut || undefined}
                    aria-label={shut ? t('vn.cell_closed', { n }) : label}
                    onClick={() => press(n)}
                  >
                    {n}
                  </button>
                );
              })}
            </div>
          </>
        )}
      </div>
    </section>
  );
};
