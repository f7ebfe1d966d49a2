import { type InputHTMLAttributes, type ReactNode, forwardRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './form.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  label: string;
  error?: string;
  hint?: string;
  /** Marks the field with * (spec §5: fields marked * are required). */
  requiredMark?: boolean;
  /** Content inside the input's box, after the input (a button, a captcha image…). */
  adornment?: ReactNode;
  /** Content before the input inside the box (e.g. a dialing-code select). */
  leading?: ReactNode;
  icon?: ReactNode;
};

/** Label above, input in a box, error under it; wired with aria-invalid and aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(
  ({ label, error, hint, requiredMark, adornment, leading, icon, id, className, ...input }, ref) => {
    const autoId = useId();
    const inputId = id ?? `f${autoId}`;
    const errorId = `${inputId}-error`;
    const hintId = `${inputId}-hint`;
    // The hint gives way to an error (below), so only what is on screen describes the input.
    const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
        <span className="field__head">
          <label className="field__label" htmlFor={inputId}>
            {label}
          </label>
          {/* Outside the label so the field's accessible name stays exactly its label. */}
          {requiredMark && (
            <span className="field__star" aria-hidden="true">
              *
            </span>
          )}
        </span>
        <div className="field__box">
          {icon && (
            <span className="field__icon" aria-hidden="true">
              {icon}
            </span>
          )}
          {leading}
          <input
            ref={ref}
            id={inputId}
            className="field__input"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            aria-required={requiredMark || undefined}
            {...input}
          />
          {adornment}
        </div>
        {hint && !error && (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  },
);
TextField.displayName = 'TextField';

/** A password field with a show/hide toggle. The toggle's name avoids the word "password" so the
 * field's own label stays unique for people and tests selecting by label. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'adornment'>>((props, ref) => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      {...props}
      type={visible ? 'text' : 'password'}
      icon={props.icon ?? <LockIcon />}
      adornment={
        <button type="button" className="field__toggle" aria-label={visible ? t('form.hide') : t('form.show')} onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
});
PasswordField.displayName = 'PasswordField';

export const LockIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
    <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
    <path d="M8 10.5V7.5a4 4 0 018 0v3" />
  </svg>
);
export const UserIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5c1.5-4 4.6-6 8-6s6.5 2 8 6" />
  </svg>
);
export const PhoneIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
    <path d="M10.5 18.5h3" />
  </svg>
);
export const ShieldIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
    <path d="M12 2.8l7.5 3v5.6c0 4.6-3.1 8.5-7.5 9.8-4.4-1.3-7.5-5.2-7.5-9.8V5.8z" />
    <path d="M8.8 12l2.2 2.2 4.2-4.4" strokeLinecap="round" />
  </svg>
);
export const MailIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
    <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
    <path d="M3.5 7l8.5 6 8.5-6" strokeLinecap="round" />
  </svg>
);
export const TicketIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
    <path d="M3.5 8.5V6.5a1 1 0 011-1h15a1 1 0 011 1v2a2.5 2.5 0 000 5v2a1 1 0 01-1 1h-15a1 1 0 01-1-1v-2a2.5 2.5 0 000-5z" />
    <path d="M14.5 6v12" strokeDasharray="2 2" />
  </svg>
);
const EyeIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
const EyeOffIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
    <path d="M4 4l16 16" />
    <path d="M9.9 5.8A9.7 9.7 0 0112 5.5c6 0 9.5 6.5 9.5 6.5a16.6 16.6 0 01-3 3.7M6.3 7.4A16 16 0 002.5 12s3.5 6.5 9.5 6.5a9 9 0 004.2-1" />
    <path d="M9.9 9.9a3 3 0 004.2 4.2" />
  </svg>
);
