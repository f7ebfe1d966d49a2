import { useEffect, useRef } from 'react';
import { Icon } from '../icons/icons';
import './member.css';

/** The server's answer to a failed submit, above the submit button. */
export const FormError = ({ message }: { message: string | null | undefined }) =>
  message ? (
    <div className="mc-form-error" role="alert">
      <Icon name="alert" size={18} />
      <span>{message}</span>
    </div>
  ) : null;

/**
 * A quiet success line after an action, announced politely. `takeFocus`: it also takes the keyboard
 * focus when it appears, for actions that remove the control that had it (a form that closes, a
 * card that is gone), so the next Tab goes on from here instead of from the top of the page.
 */
export const FormSuccess = ({ message, takeFocus = false }: { message: string | null | undefined; takeFocus?: boolean }) => {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus && message) ref.current?.focus();
  }, [takeFocus, message]);
  return message ? (
    <div ref={ref} className="mc-form-success" role="status" tabIndex={takeFocus ? -1 : undefined}>
      <Icon name="check" size={18} />
      <span>{message}</span>
    </div>
  ) : null;
};

/**
 * The end of a member-area form: its error, its success line and the submit button, which shows a
 * spinner and is disabled while `busy`. `block` makes the button full width (the money forms).
 * Disabling the button drops the keyboard focus to the page; it is given back when the work ends.
 */
export const FormActions = ({ error, success, busy, label, block = false }: { error: string | null | undefined; success?: string | null; busy: boolean; label: string; block?: boolean }) => {
  const button = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && (document.activeElement === document.body || document.activeElement === null)) button.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  return (
    <>
      <FormError message={error} />
      <FormSuccess message={success} />
      <button ref={button} type="submit" className={`btn btn--gold${block ? ' btn--block' : ''} mc-submit`} disabled={busy}>
        {busy && <span className="mc-spinner" aria-hidden="true" />}
        {label}
      </button>
    </>
  );
};
