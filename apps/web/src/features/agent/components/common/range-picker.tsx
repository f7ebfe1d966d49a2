import { useTranslation } from 'react-i18next';
import { PAST_PICKS, dayIn, matchingQuickPick, quickPickRange, rangeProblem, type DayRange } from '../../../../lib/date-range';

type Props = {
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** The site's time zone: "today" is today there. */
  timeZone: string;
  idBase: string;
  /** The longest range the call accepts, in days; a longer one is flagged before it is sent. */
  maxDays?: number;
  disabled?: boolean;
};

/**
 * Today, yesterday, the last 7 and 30 days (spec §9 quick picks of pages about what has happened),
 * counted in the site's zone, and two date boxes for any other range; the boxes stop at today.
 */
export const AgRangePicker = ({ value, onChange, timeZone, idBase, maxDays, disabled }: Props) => {
  const { t } = useTranslation('auth');
  const now = new Date();
  const active = matchingQuickPick(value, timeZone, now, PAST_PICKS);
  const today = dayIn(timeZone, now);
  const problem = rangeProblem(value, maxDays);
  const errorId = `${idBase}-range-error`;
  const dateProps = {
    type: 'date' as const,
    className: 'ag-date',
    max: today,
    disabled,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? errorId : undefined,
  };
  return (
    <div className="ag-range">
      <div className="ag-seg ag-range__picks" role="group" aria-label={t('agent.range.label')}>
        {PAST_PICKS.map((p) => (
          <button key={p} type="button" className="ag-seg__btn" aria-pressed={active === p} disabled={disabled} onClick={() => onChange(quickPickRange(p, timeZone))}>
            {t(`agent.range.${p}`)}
          </button>
        ))}
      </div>
      <div className="ag-range__dates">
        <label className="ag-range__date">
          <span className="ag-field__label">{t('agent.range.from')}</span>
          <input {...dateProps} value={value.from} onChange={(e) => onChange({ ...value, from: e.target.value })} />
        </label>
        <span className="ag-range__dash" aria-hidden="true">
          –
        </span>
        <label className="ag-range__date">
          <span className="ag-field__label">{t('agent.range.to')}</span>
          <input {...dateProps} value={value.to} onChange={(e) => onChange({ ...value, to: e.target.value })} />
        </label>
      </div>
      {problem && (
        <p id={errorId} className="ag-field__error" role="alert">
          {t(`agent.range.${problem}`, { days: maxDays })}
        </p>
      )}
    </div>
  );
};
