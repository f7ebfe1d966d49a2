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
