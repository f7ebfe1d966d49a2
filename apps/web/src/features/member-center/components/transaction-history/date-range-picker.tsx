import { useTranslation } from 'react-i18next';
import { QUICK_PICKS, dayIn, matchingQuickPick, quickPickRange, rangeProblem, type DayRange } from '../../logic/date-range';

type Props = {
  value: DayRange;
  onChange: (range: DayRange) => void;
  timeZone: string;
  disabled?: boolean;
  idBase: string;
  /** The longest range the call accepts, in days; a longer one is flagged here before it is sent. */
  maxDays?: number;
};

/**
 * A day range with the quick picks of spec §9 (today, yesterday, last 7 and 30 days), counted in
 * the merchant's time zone, and two date boxes for any other range.
 */
export const DateRangePicker = ({ value, onChange, timeZone, disabled, idBase, maxDays }: Props) => {
  const { t } = useTranslation('member');
  const active = matchingQuickPick(value, timeZone);
  const today = dayIn(timeZone, new Date());
  const problem = rangeProblem(value, maxDays);
  const errorId = `${idBase}-range-error`;
  return (
    <div className="mc-range">
      <div className="mc-filter" role="group" aria-label={t('history.quick_picks')}>
        {QUICK_PICKS.map((p) => (
          <button key={p} type="button" className="mc-filter__btn" aria-pressed={active === p} disabled={disabled} onClick={() => onChange(quickPickRange(p, timeZone))}>
            {t(`history.pick_${p}`)}
          </button>
        ))}
      </div>
      <div className="mc-range__dates">
        <label className="mc-range__date">
          <span className="mc-field__label">{t('history.from')}</span>
          <input
            type="date"
            className="mc-date"
            value={value.from}
            max={today}
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onChange={(e) => onChange({ ...value, from: e.target.value })}
          />
        </label>
        <span className="mc-range__dash" aria-hidden="true">
          –
        </span>
        <label className="mc-range__date">
          <span className="mc-field__label">{t('history.to')}</span>
          <input
            type="date"
            className="mc-date"
            value={value.to}
            max={today}
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onChange={(e) => onChange({ ...value, to: e.target.value })}
          />
        </label>
      </div>
      {problem && (
        <p id={errorId} className="mc-field__error" role="alert">
          {t(`history.range_${problem}`, { days: maxDays })}
        </p>
      )}
    </div>
  );
};
