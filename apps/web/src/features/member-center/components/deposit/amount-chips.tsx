import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../../lib/format';
import { quickAmounts, shortAmount } from '../../logic/money';

/** Round amounts within the channel's limits; picking one fills the amount box. */
export const AmountChips = ({ min, max, symbol, value, onPick, disabled }: { min: string; max: string; symbol: string; value: string; onPick: (v: string) => void; disabled?: boolean }) => {
  const { t } = useTranslation('member');
  const amounts = quickAmounts(min, max);
  if (!amounts.length) return null;
  return (
    <div className="mc-chips" role="group" aria-label={t('deposit.quick_amounts')}>
      {amounts.map((a) => {
        const label = shortAmount(a);
        const pressed = value.trim() === label || value.trim() === a;
        return (
          <button key={a} type="button" className="mc-chip num" aria-pressed={pressed} disabled={disabled} onClick={() => onPick(label)}>
            {formatAmount(a, { symbol }).replace(/\.00$/, '')}
          </button>
        );
      })}
    </div>
  );
};
