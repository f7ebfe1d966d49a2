import { type InputHTMLAttributes, type ReactNode, forwardRef, useId } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; error?: string };

export const Checkbox = forwardRef<HTMLInputElement, Props>(({ label, error, id, ...input }, ref) => {
  const autoId = useId();
  const inputId = id ?? `c${autoId}`;
  const errorId = `${inputId}-error`;
  return (
    <div className="au-check">
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="au-check__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      <label htmlFor={inputId} className="au-check__label">
        <span className="au-check__box" aria-hidden="true">
          <svg viewBox="0 0 16 16" width="12" height="12">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <span>{label}</span>
      </label>
      {error && (
        <p id={errorId} className="field__error au-check__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
Checkbox.displayName = 'Checkbox';
