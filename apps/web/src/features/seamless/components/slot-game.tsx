import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotSpinValue } from '@apsara/contracts';
import { playKey, spinSlot, useAfterPlay, useSlotInfo } from '../api/inhouse';
import { PlayError } from './play-error';
import { useGameMoney } from './use-game-money';
import { isPositive, winningCells } from '../logic';

const SYMBOL_LABEL: Record<string, string> = { TEN: '10', J: 'J', Q: 'Q', K: 'K', A: 'A', LOTUS: '✿', ELEPHANT: 'ELE', NAGA: 'NAGA', APSARA: 'APS', WILD: 'WILD', SCATTER: '☀' };
const IDLE: string[][] = [
  ['A', 'K', 'Q'],
  ['LOTUS', 'WILD', 'J'],
  ['NAGA', 'APSARA', 'TEN'],
  ['K', 'ELEPHANT', 'SCATTER'],
  ['Q', 'A', 'LOTUS'],
];

export const SlotGame = () => {
  const { t } = useTranslation('games');
  const money = useGameMoney();
  const info = useSlotInfo();
  const afterPlay = useAfterPlay();
  const [bet, setBet] = useState('1.00');
  const [result, setResult] = useState<SlotSpinValue | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<'base' | number>('base');

  const spin = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await spinSlot({ bet, idempotencyKey: playKey() });
      setResult(r);
      setShown('base');
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
      afterPlay();
    }
  };

  const lines = info.data?.lines ?? [];
  const view = result ? (shown === 'base' ? result.base : result.freeSpins[shown]) : null;
  const win = view ? winningCells(view, lines) : new Set<string>();
  const window = view?.window ?? IDLE;
  const choices = info.data?.betChoices ?? ['1.00'];

  return (
    <section className="ih-game ih-slot" aria-labelledby="ih-slot-title">
      <header className="ih-game__head">
        <h1 id="ih-slot-title">{t('slot.title')}</h1>
        {info.data ? <span className="ih-chip">{t('slot.rtp', { rtp: info.data.rtp })}</span> : null}
      </header>
      <div className="ih-reels" role="grid" aria-label={t('slot.reels')} aria-busy={busy}>
        {[0, 1, 2].map((row) => (
          <div role="row" className="ih-reels__row" key={row}>
            {window.map((col, reel) => {
              const s = col[row];
              const hit = win.has(`${reel}:${row}`);
              return (
                <div role="gridcell" key={reel} className={`ih-sym ih-sym--${s.toLowerCase()}${hit ? ' is-win' : ''}${busy ? ' is-spinning' : ''}`} aria-label={t(`slot.symbols.${s}`)}>
                  <span aria-hidden="true">{SYMBOL_LABEL[s]}</span>
                </div>
              );
            })}
          </div>
        ))}
      </div>

      <div className="ih-result" aria-live="polite">
        {result ? (
          isPositive(result.totalWin) ? (
            <p className="ih-win">{t('slot.won', { amount: money(result.totalWin) })}</p>
          ) : (
            <p className="ih-muted">{t('slot.noWin')}</p>
          )
        ) : (
          <p className="ih-muted">{t('slot.hint')}</p>
        )}
        {view && view.lineWins.length > 0 ? (
          <ul className="ih-lines">
            {view.lineWins.map((w) => (
              <li key={w.line}>{t('slot.lineWin', { line: w.line, count: w.count, symbol: t(`slot.symbols.${w.symbol}`), amount: money(w.win) })}</li>
            ))}
            {view.scatterCount >= 3 ? <li>{t('slot.scatterWin', { count: view.scatterCount, amount: money(view.scatterWin) })}</li> : null}
          </ul>
        ) : null}
        {result && result.freeSpins.length > 0 ? (
          <div className="ih-free">
            <p className="ih-win">{t('slot.freeSpins', { count: result.freeSpins.length, amount: money(result.freeSpinsWin) })}</p>
            <div className="ih-free__list" role="group" aria-label={t('slot.freeSpinList')}>
              <button type="button" aria-pressed={shown === 'base'} onClick={() => setShown('base')}>{t('slot.baseSpin')}</button>
              {result.freeSpins.map((f, i) => (
                <button type="button" key={i} aria-pressed={shown === i} onClick={() => setShown(i)}>
                  {t('slot.freeSpinN', { n: i + 1, amount: money(f.win) })}
                </button>
              ))}
            </div>
          </div>
        ) : null}
      </div>

      <div className="ih-controls">
        <label className="ih-field">
          <span>{t('common.bet')}</span>
          <select value={bet} onChange={(e) => setBet(e.target.value)} disabled={busy}>
            {choices.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </select>
        </label>
        <button type="button" className="ih-primary" onClick={spin} disabled={busy}>
          {busy ? t('slot.spinning') : t('slot.spin')}
        </button>
      </div>
      <PlayError error={error} />
      {result ? <p className="ih-muted ih-small">{t('common.balance', { amount: money(result.balance) })}</p> : null}
      {info.data ? (
        <details className="ih-paytable">
          <summary>{t('slot.paytable')}</summary>
          <table>
            <thead>
              <tr><th>{t('slot.symbol')}</th><th>×3</th><th>×4</th><th>×5</th></tr>
            </thead>
            <tbody>
              {info.data.paytable.map((p) => (
                <tr key={p.symbol}><td>{t(`slot.symbols.${p.symbol}`)}</td>{p.pays.map((x, i) => <td key={i}>{x}</td>)}</tr>
              ))}
            </tbody>
          </table>
          <p className="ih-muted ih-small">{t('slot.rules', { lines: info.data.lines.length, mult: info.data.freeSpinMultiplier })}</p>
        </details>
      ) : null}
    </section>
  );
};

