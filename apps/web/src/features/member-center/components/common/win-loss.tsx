import { formatAmount } from '../../../../lib/format';
import { signOf, toneClass, winLossTone } from '../../logic/bet-record';

/** A win/loss figure: signed, green for a win, red for a loss. */
export const WinLoss = ({ amount, symbol, className }: { amount: string; symbol: string; className?: string }) => (
  <span className={`num mc-amount ${toneClass(winLossTone(amount))}${className ? ` ${className}` : ''}`}>
    {signOf(amount)}
    {formatAmount(amount, { symbol })}
  </span>
);
