import { formatAmount } from '../../../../lib/format';
import { signedAmount, toneOf } from '../../logic/figures';

/** An amount with two places and thousands separators. */
export const Money = ({ amount, symbol, className }: { amount: string; symbol: string; className?: string }) => (
  <span className={`num${className ? ` ${className}` : ''}`}>{formatAmount(amount, { symbol })}</span>
);

/** A players' win/loss: signed, green when they won, red when they lost. */
export const WinLoss = ({ amount, symbol, className }: { amount: string; symbol: string; className?: string }) => (
  <span className={`num ag-amount ag-amount--${toneOf(amount)}${className ? ` ${className}` : ''}`}>{signedAmount(amount, symbol)}</span>
);
