import { Icon } from '../../../../components/ui/icons/icons';

/** The server's answer to a failed submit, above the submit button. */
export const FormError = ({ message }: { message: string | null | undefined }) =>
  message ? (
    <div className="mc-form-error" role="alert">
      <Icon name="alert" size={18} />
      <span>{message}</span>
    </div>
  ) : null;

/** A quiet success line after an action, announced politely. */
export const FormSuccess = ({ message }: { message: string | null | undefined }) =>
  message ? (
    <div className="mc-form-success" role="status">
      <Icon name="check" size={18} />
      <span>{message}</span>
    </div>
  ) : null;

/**
 * The end of a member-center form: its error, its success line and the submit button, which shows a
 * spinner and is disabled while `busy`. `block` makes the button full width (the money forms).
 */
export const FormActions = ({ error, success, busy, label, block = false }: { error: string | null | undefined; success?: string | null; busy: boolean; label: string; block?: boolean }) => (
  <>
    <FormError message={error} />
    <FormSuccess message={success} />
    <button type="submit" className={`btn btn--gold${block ? ' btn--block' : ''} mc-submit`} disabled={busy}>
      {busy && <span className="mc-spinner" aria-hidden="true" />}
      {label}
    </button>
  </>
);
