import type { ApiError } from '../../../lib/api';

export type MappedErrors = {
  /** Field name → message, for fields the form shows. */
  fields: Record<string, string>;
  /** What could not be pinned on a shown field; null when every problem has a home. */
  form: string | null;
};

/** Error codes that concern one field even when the server names none. */
const CODE_FIELD: Record<string, string> = {
  USERNAME_TAKEN: 'username',
  CAPTCHA_INVALID: 'captcha',
  CAPTCHA_REQUIRED: 'captcha',
  INVITATION_CODE_INVALID: 'affiliateCode',
  CONFIRM_PASSWORD_MISMATCH: 'confirmPassword',
  TERMS_REQUIRED: 'termsAccepted',
  AGE_CONFIRM_REQUIRED: 'ageConfirmed',
  OLD_PASSWORD_WRONG: 'oldPassword',
  PASSWORD_SAME_AS_OLD: 'newPassword',
};

/**
 * Puts a server error back onto the form's fields (design §3.8: the error names the field and the
 * rule). Field entries with an empty message borrow the envelope's message. `rename` maps server
 * field names to the form's (mobile registration shows username problems on the mobile number).
 */
export const mapServerErrors = (error: Pick<ApiError, 'code' | 'message' | 'fields'>, shown: readonly string[], rename: Record<string, string> = {}): MappedErrors => {
  const fields: Record<string, string> = {};
  const leftovers: string[] = [];
  const place = (field: string, message: string) => {
    const name = rename[field] ?? field;
    if (shown.includes(name)) {
      fields[name] ??= message;
    } else if (!leftovers.includes(message)) leftovers.push(message);
  };

  error.fields.forEach((f) => place(f.field, f.message || error.message));
  if (!error.fields.length) {
    const field = CODE_FIELD[error.code];
    if (field) place(field, error.message);
    else leftovers.push(error.message);
  }
  return { fields, form: leftovers.length ? leftovers.join(' ') : null };
};
