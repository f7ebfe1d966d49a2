import { useTranslation } from 'react-i18next';
import { PAST_PICKS, dayIn, matchingQuickPick, quickPickRange, rangeProblem, type DayRange, type QuickPick } from '../../../../lib/date-range';

type Props = {
  value: DayRange;
  onChange: (range: DayRange) => void;
  timeZone: string;
  disabled?: boolean;
  idBase: string;
  /** The longest range the call accepts, in days; a longer one is flagged here before it is sent. */
  maxDays?: number;
  /** The quick picks offered: records look back (the default); pages about what is coming pass FUTURE_PICKS. */
  picks?: readonly QuickPick[];
};

/**
 * A day range with quick picks of spec §9 (today and yesterday, last or next 7 and 30 days), counted in
 * the merchant's time zone, and two date boxes for any other range. Looking back, the boxes stop at
 * today; with future picks they do not.
 */
export const DateRangePicker = ({ value, onChange, timeZone, disabled, idBase, maxDays, picks = PAST_PICKS }: Props) => {
  const { t } = useTranslation('member');
  const active = matchingQuickPick(value, timeZone, new Date(), picks);
  const today = dayIn(timeZone, new Date());
  const max = picks.some((p) => p.startsWith('next')) ? undefined : today;
  const problem = rangeProblem(value, maxDays);
  const errorId = `${idBase}-range-error`;
  return (
    <div className="mc-range">
      <div className="mc-filter" role="group" aria-label={t('history.quick_picks')}>
        {picks.map((p) => (
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
            max={max}
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
            max={max}
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
