import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MINES_MAX, MINES_MIN, type MinesGameValue } from '@apsara/contracts';
import { Link } from 'react-router';
import { cashoutMines, playKey, revealMines, startMines, useAfterPlay, useMinesCurrent, verifyHref } from '../api/inhouse';
import { PlayError } from './play-error';
import { useGameMoney } from './use-game-money';
import { cashoutAmount, isFairStake } from '../logic';
import { StakeHint } from './stake-hint';
import { SeedsPanel } from './seeds-panel';

export const MinesGame = () => {
  const { t } = useTranslation('games');
  const money = useGameMoney();
  const afterPlay = useAfterPlay();
  const current = useMinesCurrent();
  const [game, setGame] = useState<MinesGameValue | null>(null);
  const [mines, setMines] = useState(3);
  const [amount, setAmount] = useState('1.00');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const amountOk = isFairStake(amount);
  const stakeHintId = useId();

  // Resume a game left open (reload, another tab).
  useEffect(() => {
    if (current.data && !game) setGame(current.data);
  }, [current.data, game]);

  const act = async (work: () => Promise<MinesGameValue>) => {
    setBusy(true);
    setError(null);
    try {
      setGame(await work());
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
      afterPlay();
    }
  };

  const open = game?.status === 'open';
  const mineSet = new Set(game?.mineCells ?? []);
  const revealed = new Set(game?.revealed ?? []);

  const cellState = (cell: number) => {
    if (revealed.has(cell)) return mineSet.has(cell) ? 'boom' : 'safe';
    if (game && !open && mineSet.has(cell)) return 'mine';
    return 'hidden';
  };

  return (
    <div className="ih-split">
      <section className="ih-game ih-mines" aria-labelledby="ih-mines-title">
        <header className="ih-game__head">
          <h1 id="ih-mines-title">{t('mines.title')}</h1>
          {game ? <span className="ih-chip">{t('mines.multiplierNow', { m: game.multiplier })}</span> : <span className="ih-chip">{t('dice.edge')}</span>}
        </header>
        <div className="ih-board" role="grid" aria-label={t('mines.board')} aria-busy={busy}>
          {[0, 1, 2, 3, 4].map((row) => (
            <div role="row" className="ih-board__row" key={row}>
              {[0, 1, 2, 3, 4].map((col) => {
                const cell = row * 5 + col;
                const state = cellState(cell);
                return (
                  <div role="gridcell" key={col}>
                    <button
                      type="button"
                      className={`ih-cell ih-cell--${state}`}
                      disabled={!open || busy || state !== 'hidden'}
                      onClick={() => game && act(() => revealMines(game.gameId, cell))}
                      aria-label={t('mines.cell', { row: row + 1, col: col + 1, state: t(`mines.state.${state}`) })}
                    >
                      <span aria-hidden="true">{state === 'safe' ? '◆' : state === 'boom' ? '✹' : state === 'mine' ? '●' : ''}</span>
                    </button>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <div className="ih-result" aria-live="polite">
          {game?.status === 'lost' ? <p className="ih-loss">{t('mines.lost')}</p> : null}
          {game?.status === 'cashed' ? <p className="ih-win">{t('mines.cashed', { amount: money(game.payout), m: game.multiplier })}</p> : null}
          {open && game ? (
            <p className="ih-muted">
              {t('mines.progress', { safe: game.safeReveals, m: game.multiplier })}
              {game.nextMultiplier ? ` · ${t('mines.next', { m: game.nextMultiplier })}` : ''}
            </p>
          ) : null}
          {!game ? <p className="ih-muted">{t('mines.hint')}</p> : null}
        </div>
        {open && game ? (
          <div className="ih-controls">
            <button type="button" className="ih-primary" disabled={busy || game.safeReveals === 0} onClick={() => act(() => cashoutMines(game.gameId))}>
              {t('mines.cashout', { amount: money(cashoutAmount(game)) })}
            </button>
          </div>
        ) : (
          <>
            <div className="ih-controls">
              <label className="ih-field">
                <span>{t('mines.count')}</span>
                <select value={mines} onChange={(e) => setMines(Number(e.target.value))} disabled={busy}>
                  {Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => i + MINES_MIN).map((n) => (
                    <option key={n} value={n}>{n}</option>
                  ))}
                </select>
              </label>
              <label className="ih-field">
                <span>{t('common.amount')}</span>
                <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={!amountOk} aria-describedby={stakeHintId} />
              </label>
              <button type="button" className="ih-primary" disabled={busy || !amountOk} onClick={() => act(() => startMines({ amount, mines, idempotencyKey: playKey() }))}>
                {t('mines.start')}
              </button>
            </div>
            <StakeHint id={stakeHintId} invalid={!amountOk} />
          </>
        )}
        <PlayError error={error} />
        {game && !open ? (
          <p className="ih-muted ih-small">
            {t('mines.verifyHint', { nonce: game.nonce })} <Link to={verifyHref(game, 'mines', game.mines)}>{t('fair.verifyRound')}</Link>
          </p>
        ) : null}
        {game?.balance ? <p className="ih-muted ih-small">{t('common.balance', { amount: money(game.balance) })}</p> : null}
      </section>
      <SeedsPanel />
    </div>
  );
};
