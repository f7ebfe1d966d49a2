import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, forwardRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../icons/icons';
import './member.css';

type Described = { label: string; error?: string; hint?: ReactNode; icon?: IconName };

/**
 * ids that tie the label, hint and error to the control (aria-describedby, aria-invalid). The hint
 * gives way to an error (as in every form of the portal), so only what is on screen describes it.
 */
const useFieldIds = (id: string | undefined, error: string | undefined, hint: ReactNode) => {
  const auto = useId();
  const inputId = id ?? `mc${auto}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { inputId, errorId, hintId, describedBy };
};

type FrameProps = Omit<Described, 'label'> & {
  label: string;
  inputId: string;
  errorId: string;
  hintId: string;
  className?: string;
  /** Extra class of the box (the select's chevron room). */
  boxClass?: string;
  /** The control with what sits beside it inside the box. */
  children: ReactNode;
};

/** What every field shares: label above, the box (with its icon), and under it the hint, or the error in its place. */
const FieldFrame = ({ label, error, hint, icon, inputId, errorId, hintId, className, boxClass, children }: FrameProps) => (
  <div className={`mc-field${error ? ' mc-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
    <label className="mc-field__label" htmlFor={inputId}>
      {label}
    </label>
    <div className={boxClass ? `mc-field__box ${boxClass}` : 'mc-field__box'}>
      {icon && (
        <span className="mc-field__icon" aria-hidden="true">
          <Icon name={icon} size={18} />
        </span>
      )}
      {children}
    </div>
    {hint && !error && (
      <p id={hintId} className="mc-field__hint">
        {hint}
      </p>
    )}
    {error && (
      <p id={errorId} className="mc-field__error" role="alert">
        <Icon name="alert" size={14} />
        {error}
      </p>
    )}
  </div>
);

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> &
  Described & {
    /** Inside the box, before the input (a currency symbol). */
    prefix?: ReactNode;
    /** Inside the box, after the input (a button). */
    adornment?: ReactNode;
  };

/** Label above, input in a box, hint and error under it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(({ label, error, hint, icon, prefix, adornment, id, className, ...input }, ref) => {
  const { describedBy, ...ids } = useFieldIds(id, error, hint);
  return (
    <FieldFrame label={label} error={error} hint={hint} icon={icon} className={className} {...ids}>
      {prefix && (
        <span className="mc-field__prefix" aria-hidden="true">
          {prefix}
        </span>
      )}
      <input ref={ref} id={ids.inputId} className="mc-field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {adornment}
    </FieldFrame>
  );
});
TextField.displayName = 'TextField';

/** A password box with show/hide. The toggle's name avoids "password" so the field's label stays unique. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'adornment'>>((props, ref) => {
  const { t } = useTranslation('member');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      icon="lock"
      {...props}
      type={visible ? 'text' : 'password'}
      adornment={
        <button type="button" className="mc-field__toggle" aria-label={visible ? t('common.hide') : t('common.show')} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          <EyeIcon open={!visible} />
        </button>
      }
    />
  );
});
PasswordField.displayName = 'PasswordField';

const EyeIcon = ({ open }: { open: boolean }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
    {!open && <path d="M4 4l16 16" />}
  </svg>
);

/** A payment password: 4–6 digits, numeric keypad on phones. */
export const PaymentPasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'adornment'>>((props, ref) => (
  <PasswordField ref={ref} inputMode="numeric" autoComplete="off" maxLength={6} icon="key" {...props} />
));
PaymentPasswordField.displayName = 'PaymentPasswordField';

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & Described;

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(({ label, error, hint, icon, id, className, children, ...select }, ref) => {
  const { describedBy, ...ids } = useFieldIds(id, error, hint);
  return (
    <FieldFrame label={label} error={error} hint={hint} icon={icon} className={className} boxClass="mc-field__box--select" {...ids}>
      <select ref={ref} id={ids.inputId} className="mc-field__input mc-field__select" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      <span className="mc-field__chevron" aria-hidden="true">
        <Icon name="chevronDown" size={16} />
      </span>
    </FieldFrame>
  );
});
SelectField.displayName = 'SelectField';

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & Described;

/** A box of several lines (a delivery address), grown by the member if they need more room. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(({ label, error, hint, icon, id, className, rows = 3, ...area }, ref) => {
  const { describedBy, ...ids } = useFieldIds(id, error, hint);
  return (
    <FieldFrame label={label} error={error} hint={hint} icon={icon} className={className} boxClass="mc-field__box--area" {...ids}>
      <textarea ref={ref} id={ids.inputId} rows={rows} className="mc-field__input mc-field__textarea" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...area} />
    </FieldFrame>
  );
});
TextAreaField.displayName = 'TextAreaField';

/** An amount box: currency symbol before, decimal keypad on phones, an optional "All" shortcut. */
export const AmountField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'prefix'> & { symbol: string; onAll?: () => void; allLabel?: string }>(
  ({ symbol, onAll, allLabel, ...props }, ref) => {
    const { t } = useTranslation('member');
    return (
      <TextField
        ref={ref}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        {...props}
        className={`mc-field--amount${props.className ? ` ${props.className}` : ''}`}
        prefix={symbol}
        adornment={
          onAll ? (
            <button type="button" className="mc-field__all" onClick={onAll}>
              {allLabel ?? t('common.all_amount')}
            </button>
          ) : undefined
        }
      />
    );
  },
);
AmountField.displayName = 'AmountField';
