import { useId, useState } from 'react';
import { toMinor } from '@apsara/contracts';
import { amountProblem, normalizeAmount } from '../logic/slip';
import { useLotteryTexts } from './texts';

/** The chips offered, in whole units; those outside the site's limits are left out. */
export const CHIPS = ['1', '5', '10', '50', '100'] as const;

type Props = {
  /** The amount a board press puts on a new bet ("10.00"), or null while the custom amount is unusable. */
  amount: string | null;
  onChange: (amount: string | null) => void;
  min: string;
  max: string;
  symbol: string;
};

const inRange = (chip: string, min: string, max: string) => toMinor(chip) >= toMinor(min) && toMinor(chip) <= toMinor(max);

/**
 * The amount for the next bets: chips (a radio group, so arrow keys move between them) and a custom
 * amount checked as it is typed, as the money forms check amounts, within the site's limits per bet.
 */
export const ChipSelector = ({ amount, onChange, min, max, symbol }: Props) => {
  const { t, money, amountError } = useLotteryTexts(symbol);
  const name = useId();
  const errorId = useId();
  const [custom, setCustom] = useState('');
  const [customOn, setCustomOn] = useState(false);
  const chips = CHIPS.filter((c) => inRange(c, min, max));
  const problem = customOn ? amountProblem(custom, min, max) : null;

  const typeCustom = (value: string) => {
    setCustom(value);
    setCustomOn(true);
    onChange(amountProblem(value, min, max) === null ? normalizeAmount(value) : null);
  };

  return (
    <fieldset className="lt-chips">
      <legend className="lt-chips__legend">{t('chips.legend')}</legend>
      <div className="lt-chips__row">
        {chips.map((c) => {
          const value = normalizeAmount(c);
          const checked = !customOn && amount === value;
          return (
            <label key={c} className={`lt-chip-btn lt-chip-btn--${c}${checked ? ' is-on' : ''}`}>
              <input
                type="radio"
                name={name}
                className="visually-hidden"
                checked={checked}
                onChange={() => {
                  setCustomOn(false);
                  onChange(value);
                }}
                aria-label={t('chips.chip', { amount: money(value) })}
              />
              <span aria-hidden="true" className="num">
                {c}
              </span>
            </label>
          );
        })}
        <label className={`lt-chips__custom${customOn ? ' is-on' : ''}${problem ? ' is-invalid' : ''}`}>
          <span className="visually-hidden">{t('chips.custom')}</span>
          <span className="lt-chips__symbol" aria-hidden="true">
            {symbol}
          </span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('chips.custom_placeholder')}
            value={custom}
            onChange={(e) => typeCustom(e.target.value)}
            onFocus={() => custom && typeCustom(custom)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            className="num"
          />
        </label>
      </div>
      {problem ? (
        <p id={errorId} className="lt-field-error" role="alert">
          {amountError(problem)}
        </p>
      ) : null}
    </fieldset>
  );
};
