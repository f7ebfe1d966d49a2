import { BankAccountNumber, DEFAULT_REGISTER_RULES, DepositReference, MemberTransferBody, PaymentPassword, RealName } from '@apsara/contracts';
import type { FieldProblem } from '../../../lib/field-rules';

/*
 * Field rules of the member-center forms. Each uses the contract's own schema, so the browser and
 * the server refuse the same input; the result is an error key of the member namespace (or null).
 */

const required = (v: string) => (v.trim() ? null : ({ key: 'errors.required' } as const));

const REAL_NAME = DEFAULT_REGISTER_RULES.payeeName;
/** Letters and single spaces, of the register catalogue's length; a name of the wrong length is told so. */
export const validateRealName = (v: string): FieldProblem | null => {
  const missing = required(v);
  if (missing) return missing;
  const length = v.trim().length;
  if (length < REAL_NAME.minLength || length > REAL_NAME.maxLength) return { key: 'errors.real_name_length', values: { min: String(REAL_NAME.minLength), max: String(REAL_NAME.maxLength) } };
  return RealName.safeParse(v).success ? null : { key: 'errors.real_name' };
};

/** 4–6 digits (the register catalogue's payment-password rule). */
export const validatePaymentPassword = (v: string): FieldProblem | null =>
  v ? (PaymentPassword.safeParse(v).success ? null : { key: 'errors.payment_password_rule' }) : { key: 'errors.required' };

export const validateConfirmation = (v: string, original: string): FieldProblem | null => (v ? (v === original ? null : { key: 'errors.confirm_mismatch' }) : { key: 'errors.required' });

export const validateAccountNumber = (v: string): FieldProblem | null =>
  required(v) ?? (BankAccountNumber.safeParse(v).success ? null : { key: 'errors.account_number' });

/** The card's holder must be the member's real name (compared as the server does: trimmed, exact). */
export const validateAccountName = (v: string, realName: string | null): FieldProblem | null => {
  const missing = required(v);
  if (missing) return missing;
  if (realName !== null && v.trim() !== realName.trim()) return { key: 'errors.account_name_mismatch' };
  return null;
};

export const validateReference = (v: string): FieldProblem | null => required(v) ?? (DepositReference.safeParse(v).success ? null : { key: 'errors.reference' });

export const validateUsername = (v: string): FieldProblem | null =>
  required(v) ?? (MemberTransferBody.shape.toUsername.safeParse(v).success ? null : { key: 'errors.username' });

export const validateBank = (v: string, banks: readonly string[]): FieldProblem | null => {
  if (!v.trim()) return { key: 'errors.bank_required' };
  if (banks.length > 0 && !banks.includes(v)) return { key: 'errors.bank_required' };
  return v.trim().length >= 2 ? null : { key: 'errors.bank_required' };
};
