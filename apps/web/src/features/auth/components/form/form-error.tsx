/** The server's answer to a failed submit, shown above the submit button. */
export const FormError = ({ message }: { message: string | null | undefined }) =>
  message ? (
    <div className="au-form-error" role="alert">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M12 7.5v5.5M12 16.2v.3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{message}</span>
    </div>
  ) : null;
