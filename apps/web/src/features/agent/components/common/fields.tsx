import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Icon } from '../../../../components/ui/icons/icons';

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode };

/** A labelled select in the agent center's style. */
export const AgSelect = ({ label, id, className, children, ...select }: SelectProps) => {
  const auto = useId();
  const selectId = id ?? `ag${auto}`;
  return (
    <div className={`ag-field${className ? ` ${className}` : ''}`}>
      <label className="ag-field__label" htmlFor={selectId}>
        {label}
      </label>
      <div className="ag-field__box ag-field__box--select">
        <select id={selectId} className="ag-field__input ag-field__select" {...select}>
          {children}
        </select>
        <span className="ag-field__chevron" aria-hidden="true">
          <Icon name="chevronDown" size={16} />
        </span>
      </div>
    </div>
  );
};

type Choice<V extends string> = { value: V; label: string };

/** A row of exclusive choices (toggle buttons, the pressed one is chosen), named as a group. */
export const AgChoices = <V extends string>({ label, value, choices, onChange, disabled }: { label: string; value: V; choices: readonly Choice<V>[]; onChange: (value: V) => void; disabled?: boolean }) => (
  <div className="ag-choices">
    <span className="ag-field__label" aria-hidden="true">
      {label}
    </span>
    <div className="ag-seg" role="group" aria-label={label}>
      {choices.map((c) => (
        <button key={c.value} type="button" className="ag-seg__btn" aria-pressed={value === c.value} disabled={disabled} onClick={() => onChange(c.value)}>
          {c.label}
        </button>
      ))}
    </div>
  </div>
);
