import { useTranslation } from 'react-i18next';
import './member.css';

type Props<S extends string> = {
  statuses: readonly S[];
  value: S | undefined;
  onChange: (status: S | undefined) => void;
  /** Where the default words are: `status.<kind>.<status>` of the member namespace. */
  kind?: 'deposit' | 'withdrawal';
  label: string;
  /** A toggle's words when they differ from the status badge's (default `status.<kind>.<status>`); another namespace's as `ns:key`. */
  labelKeyOf?: (status: S) => string;
};

/** "All" plus one toggle per status; exactly one is pressed. */
export const StatusFilter = <S extends string>({ statuses, value, onChange, kind, label, labelKeyOf }: Props<S>) => {
  const { t } = useTranslation('member');
  return (
    <div className="mc-filter" role="group" aria-label={label}>
      <button type="button" className="mc-filter__btn" aria-pressed={value === undefined} onClick={() => onChange(undefined)}>
        {t('common.all')}
      </button>
      {statuses.map((s) => (
        <button key={s} type="button" className="mc-filter__btn" aria-pressed={value === s} onClick={() => onChange(s)}>
          {t(labelKeyOf?.(s) ?? `status.${kind}.${s}`)}
        </button>
      ))}
    </div>
  );
};
